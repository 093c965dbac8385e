// Unit tests of the irrelevant-code analysis (issue 17; thesis 002, Ch. 4)
// on the compiled test programs of tests/java/irrelevant.
#include <algorithm>
#include <set>

#include <gtest/gtest.h>

#include "../../src/irrelevant/control.h"
#include "../../src/irrelevant/demand.h"
#include "jhalt/irrelevant/irrelevant.h"
#include "jhalt/seg/builder.h"
#include "jhalt/seg/evaluator.h"
#include "test_classpath.h"
#include "test_support.h"

namespace jhalt::irrelevant {
namespace {

class Irrelevant : public ::testing::Test {
 protected:
  Irrelevant() : cp_(test::testClassPath()), program_(cp_), types_(program_), ev_(program_, types_, alloc_) {}

  // Lines reported irrelevant in `method` of the graph of `entry`.
  std::set<int32_t> lines(const std::string& cls, const std::string& entry, const std::string& method,
                          Outcomes outcomes, bool main = false) {
    const program::MethodInfo* m = nullptr;
    for (const auto& x : program_.get(cls).methods)
      if (x->name() == entry) m = x.get();
    EXPECT_NE(m, nullptr);
    seg::Graph g;
    seg::BuildResult r = seg::buildGraph(g, main ? ev_.mainEntry(*m) : ev_.methodEntry(*m), ev_, seg::BuildOptions{});
    EXPECT_EQ(r.status, seg::BuildResult::Status::Complete) << r.reason;
    Options o;
    o.outcomes = outcomes;
    Result res = analyze(g, types_, o);
    std::set<int32_t> out;
    for (const MethodResult& mr : res.methods)
      if (mr.method->name() == method)
        for (const LineGroup& lg : irrelevantLines(mr)) out.insert(lg.lines.begin(), lg.lines.end());
    return out;
  }

  static Outcomes only(bool ret, bool exceptions, bool output) {
    Outcomes o;
    o.return_value = ret;
    o.exceptions = exceptions;
    o.output = output;
    return o;
  }

  classpath::ClassPath cp_;
  program::Program program_;
  state::TypeSystem types_;
  state::RefAllocator alloc_;
  seg::Evaluator ev_;
};

TEST(Demands, KeysAreSortedAndMerged) {
  detail::Demands a, b;
  a.add(detail::local(0, 3));
  a.add(detail::stack(0, 1));
  b.add(detail::object(7));
  b.add(detail::local(0, 3));
  EXPECT_TRUE(a.merge(b));
  EXPECT_FALSE(a.merge(b));
  EXPECT_EQ(a.keys().size(), 3u);
  EXPECT_TRUE(std::is_sorted(a.keys().begin(), a.keys().end()));
  EXPECT_EQ(a.objects(), std::vector<state::Ref>{7});
  a.erase(detail::local(0, 3));
  EXPECT_FALSE(a.has(detail::local(0, 3)));
}

TEST(Control, BranchInsideALoopControlsItsBody) {
  // 0: if -> 1 or 3; 1: body; 2: back to 0; 3: exit. The body depends on 0;
  // the exit (3) post-dominates 0 and depends on nothing.
  detail::MethodFlow f;
  f.size = 4;
  f.succ = {{1, 3}, {2}, {0}, {4}, {}};
  f.reached.assign(4, true);
  detail::controlDependence(f);
  EXPECT_EQ(f.controllers[1], std::vector<uint32_t>{0});
  EXPECT_EQ(f.controllers[2], std::vector<uint32_t>{0});
  EXPECT_TRUE(f.controllers[3].empty());
}

TEST(Control, ALoopWithoutExitGetsOneForTheAnalysis) {
  detail::MethodFlow f;
  f.size = 3;
  f.succ = {{1, 2}, {1}, {3}, {}};  // 1 loops forever
  f.reached.assign(3, true);
  detail::controlDependence(f);
  EXPECT_EQ(f.controllers[1], (std::vector<uint32_t>{0, 1}));  // the endless loop decides itself
  EXPECT_EQ(f.controllers[2], std::vector<uint32_t>{0});
}

TEST_F(Irrelevant, UnusedComputationOfExample43) {
  EXPECT_EQ(lines("IrrAdd", "add", "add", only(true, false, false)), (std::set<int32_t>{6}));
}

TEST_F(Irrelevant, ADivisionThatMayThrowStaysRelevant) {
  // `int q = a / b;` (line 7) may throw: relevant even for the return value only.
  EXPECT_EQ(lines("IrrThrows", "ratio", "ratio", only(true, false, false)), (std::set<int32_t>{8}));
}

TEST_F(Irrelevant, WritesIntoObjectsNotReachableFromTheResult) {
  EXPECT_EQ(lines("IrrHeap", "build", "build", only(true, false, false)), (std::set<int32_t>{15, 17, 22, 23}));
}

TEST_F(Irrelevant, EverythingIsRelevantForTheOutcomeItComputes) {
  // With every write of Cell.value relevant, the writes into `other` count.
  Outcomes o = only(true, false, false);
  o.fields.push_back("IrrHeap$Cell.value");
  std::set<int32_t> got = lines("IrrHeap", "build", "build", o);
  EXPECT_FALSE(got.count(17));
  EXPECT_TRUE(got.count(23));
}

TEST_F(Irrelevant, NoOutcomeMakesEverythingIrrelevant) {
  std::set<int32_t> got = lines("IrrAdd", "add", "add", only(false, false, false));
  EXPECT_EQ(got, (std::set<int32_t>{5, 6, 7}));
}

TEST_F(Irrelevant, TheBranchInsideALoopDecidesRelevantCode) {
  std::set<int32_t> got = lines("IrrLoops", "main", "count", only(false, true, true), true);
  EXPECT_EQ(got, (std::set<int32_t>{13, 14, 15}));
}

TEST_F(Irrelevant, ThisBeforeAConstructorCallIsNeutralAnywhere) {
  // Regression (differential test on Costa_Julia_09/LinkedList): an inner
  // class stores the outer instance first, so `aload_0` before the super
  // call is at offset 5, not 0; replacing it cannot verify.
  const program::MethodInfo* main = nullptr;
  for (const auto& x : program_.get("IrrInner").methods)
    if (x->name() == "main") main = x.get();
  ASSERT_NE(main, nullptr);
  seg::Graph g;
  ASSERT_EQ(seg::buildGraph(g, ev_.mainEntry(*main), ev_, seg::BuildOptions{}).status,
            seg::BuildResult::Status::Complete);
  Options o;
  o.outcomes = only(false, false, true);
  Result res = analyze(g, types_, o);
  bool checked = false;
  for (const MethodResult& mr : res.methods) {
    if (mr.method->owner().name() != "IrrInner$Counter" || mr.method->name() != "<init>") continue;
    for (const InstructionResult& x : mr.instructions) {
      if (x.offset == 5) {
        EXPECT_EQ(x.status, Status::Neutral);
        checked = true;
      }
      if (x.offset == 2) {
        EXPECT_EQ(x.status, Status::Irrelevant);  // putfield this$0
      }
    }
  }
  EXPECT_TRUE(checked);
}

TEST_F(Irrelevant, ACallIsRelevantWhenItsCalleeReachesRelevantCodeAfterAnotherCall) {
  // Regression (differential test on Java_Util/juLinkedListCreatePeek): in
  // fill(), a constructor call (one frame deeper, returning) comes before
  // the relevant read(); the call of fill() in main must stay relevant.
  const program::MethodInfo* main = nullptr;
  for (const auto& x : program_.get("IrrCalls").methods)
    if (x->name() == "main") main = x.get();
  ASSERT_NE(main, nullptr);
  seg::Graph g;
  ASSERT_EQ(seg::buildGraph(g, ev_.mainEntry(*main), ev_, seg::BuildOptions{}).status,
            seg::BuildResult::Status::Complete);
  Options o;
  o.outcomes = only(false, true, true);
  Result res = analyze(g, types_, o);
  size_t calls = 0;
  for (const MethodResult& mr : res.methods) {
    if (mr.method->name() != "main") continue;
    for (const InstructionResult& x : mr.instructions) {
      if (main->code().bytecode.at(x.index).info().family != bytecode::Family::Invoke) continue;
      ++calls;
      EXPECT_NE(x.status, Status::Irrelevant) << "offset " << x.offset;  // <init> is neutral
    }
  }
  EXPECT_EQ(calls, 5u);  // <init>, check, len, read, fill
}

}  // namespace
}  // namespace jhalt::irrelevant
