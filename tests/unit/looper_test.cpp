// The looper engine's parts (issue 15, paper 004): the closure check with
// invariants (Props. 3.3, 3.7, §4) on hand-made iterations, the readable
// formulas, the choice of stuck loops from stack samples and the rule for
// other threads.
#include <gtest/gtest.h>

#include "jhalt/looper/closure.h"
#include "jhalt/looper/show.h"
#include "jhalt/looper/stuck.h"
#include "jhalt/smt/solver.h"
#include "test_classpath.h"

namespace jhalt::looper {
namespace {

// The memory at the loop head: int locations x (slot 0) and y (slot 1),
// and a reference location p (slot 2).
class FakeMemory final : public HeadMemory {
 public:
  explicit FakeMemory(smt::Context& ctx) {
    add(ctx, 0, "x", 32, false);
    add(ctx, 1, "y", 32, false);
    add(ctx, 2, "p", 64, true);
  }
  const std::map<Location, LocationVar>& vars() const override { return vars_; }
  std::optional<int64_t> originalInt(const Location& l) const override {
    auto it = ints.find(l.index);
    return it == ints.end() ? std::nullopt : std::optional<int64_t>(it->second);
  }
  std::optional<Ref> originalRef(const Location& l) const override {
    auto it = refs.find(l.index);
    return it == refs.end() ? std::nullopt : std::optional<Ref>(it->second);
  }
  std::string objectName(int64_t id) const override { return "Node#" + std::to_string(id); }
  smt::Term var(uint32_t slot) const { return vars_.at(loc(slot)).var; }
  static Location loc(uint32_t slot) { return Location{Location::Kind::Local, state::kNone, slot, 0}; }

  std::map<uint32_t, int64_t> ints;
  std::map<uint32_t, Ref> refs;

 private:
  void add(smt::Context& ctx, uint32_t slot, const std::string& name, unsigned width, bool reference) {
    LocationVar v;
    v.var = ctx.bvVar("L" + std::to_string(slot) + "_" + name, width);
    v.reference = reference;
    v.name = name;
    vars_.emplace(loc(slot), v);
  }
  std::map<Location, LocationVar> vars_;
};

struct ClosureTest : ::testing::Test {
  smt::Context ctx;
  std::unique_ptr<smt::Solver> solver = smt::makeSolver(ctx, {});
  FakeMemory mem{ctx};
  smt::Term x = mem.var(0), y = mem.var(1), p = mem.var(2);
  smt::Term n(int64_t v, unsigned w = 32) { return ctx.bvNum(v, w); }
  Update to(smt::Term t) { return Update{false, std::move(t), state::kNone}; }
};

TEST_F(ClosureTest, AFixedPointIsClosed) {
  // while (days > 365) { ...nothing changes... } with days == 366.
  Iteration it;
  it.phi = {x > n(365), x <= n(366)};
  mem.ints = {{0, 366}};
  ClosureResult r = proveClosed({it}, mem, *solver);
  ASSERT_TRUE(r.proof) << r.why_not;
  EXPECT_EQ(r.proof->paths, 1u);
}

TEST_F(ClosureTest, ACounterThatWrapsIsNotClosed) {
  // while (y > 0) y++;  ends on the JVM (y wraps around).
  Iteration it;
  it.phi = {y > n(0)};
  it.writes[FakeMemory::loc(1)] = to(y + n(1));
  mem.ints = {{1, 5}};
  ClosureResult r = proveClosed({it}, mem, *solver);
  EXPECT_FALSE(r.proof);
  EXPECT_NE(r.why_not.find("path 1"), std::string::npos);
}

TEST_F(ClosureTest, TwoPathsThatAlternateAreClosed) {
  // Paper 004, Fig. 1 without the counter: x == 8 -> 6 -> 8.
  Iteration a, b;
  a.phi = {x != n(3), x == n(8)};
  a.writes[FakeMemory::loc(0)] = to(n(6));
  b.phi = {x != n(3), x == n(6)};
  b.writes[FakeMemory::loc(0)] = to(n(8));
  mem.ints = {{0, 8}};
  EXPECT_FALSE(proveClosed({a}, mem, *solver).proof);  // one path alone does not come back
  ClosureResult r = proveClosed({a, b}, mem, *solver);
  ASSERT_TRUE(r.proof) << r.why_not;
  EXPECT_NE(r.proof->text.find("x == 8"), std::string::npos) << r.proof->text;
}

TEST_F(ClosureTest, InvariantsFromObservedValuesCloseTheCircularList) {
  // p walks a ring of one node whose next field the paths never write
  // (paper 004, §2.1): p == #5 && #5.next == #5 needs the invariant on y,
  // here standing for the unwritten next field's value.
  Iteration it;
  it.phi = {p == n(5, 64)};
  it.writes[FakeMemory::loc(2)] = to(n(5, 64));
  mem.refs = {{2, 5}};
  ClosureResult r = proveClosed({it}, mem, *solver);
  ASSERT_TRUE(r.proof) << r.why_not;
  EXPECT_NE(r.proof->text.find("p == Node#5"), std::string::npos) << r.proof->text;
}

TEST_F(ClosureTest, ANewObjectIsNotTheObjectThePathNeeds) {
  // p := new Node() each time, and the path needs p to be #5: ⊥ never is.
  Iteration it;
  it.phi = {p == n(5, 64)};
  it.writes[FakeMemory::loc(2)] = Update{true, {}, state::kNone};
  mem.refs = {{2, 5}};
  EXPECT_FALSE(proveClosed({it}, mem, *solver).proof);
}

TEST_F(ClosureTest, InvariantsMustHoldInTheMemoryAtTheHead) {
  // Review finding: two overlapping paths whose guarded equalities
  // contradict each other made Γ false, and every implication trivially
  // true. A counter that wraps around is never closed.
  Iteration a, b;
  a.phi = {x >= n(0)};
  a.writes[FakeMemory::loc(0)] = to(x + n(1));
  a.start_values = {{FakeMemory::loc(0), 5}};
  b.phi = {x >= n(-1)};
  b.writes[FakeMemory::loc(0)] = to(x + n(1));
  b.start_values = {{FakeMemory::loc(0), 6}};
  mem.ints = {{0, 5}};
  ClosureResult r = proveClosed({a, b}, mem, *solver);
  EXPECT_FALSE(r.proof) << (r.proof ? r.proof->text : "");
}

TEST_F(ClosureTest, PathsThatDependOnSharedMemoryProveNothing) {
  Iteration it;
  it.phi = {x == n(0)};
  it.shared_dependent = true;
  it.shared_reason = "another thread";
  ClosureResult r = proveClosed({it}, mem, *solver);
  EXPECT_FALSE(r.proof);
  EXPECT_NE(r.why_not.find("another thread"), std::string::npos);
}

TEST(Show, SmtLibAsJava) {
  ShowNames names;
  names.references = {"L3_p"};
  names.object = [](int64_t id) -> std::optional<std::string> { return "Node#" + std::to_string(id); };
  EXPECT_EQ(showJava("(bvadd L1_index #x00000001)", names), "index + 1");
  EXPECT_EQ(showJava("(= L3_p #x0000000000000007)", names), "p == Node#7");
  EXPECT_EQ(showJava("(not (= L0_x #x00000003))", names), "x != 3");
  EXPECT_EQ(showJava("(bvsge L0_x #xffffffff)", names), "x >= -1");
  EXPECT_EQ(showJava("(= (bvsrem L0_year #x00000004) #x00000000)", names), "(year % 4) == 0");
  EXPECT_EQ(showJava("(= |L4_Node#1.next| #x0000000000000000)", names), "Node#1.next == 0");
}

struct StuckTest : ::testing::Test {
  classpath::ClassPath cp{test::testClassPath()};
  program::Program program{cp};
};

live::FrameInfo frame(uint64_t id, const std::string& cls, const std::string& name, const std::string& desc, int64_t pc) {
  live::FrameInfo f;
  f.method = id;
  f.location = pc;
  f.cls = cls;
  f.name = name;
  f.descriptor = desc;
  return f;
}

TEST_F(StuckTest, TheLoopAThreadStaysInAcrossCalls) {
  // live.CyclicList.find's loop: head at offset 4, back edge at 26.
  live::FrameInfo main = frame(1, "live/CyclicList", "main", "([Ljava/lang/String;)V", 49);
  std::vector<std::vector<live::FrameInfo>> samples;
  for (int64_t pc : {8, 21, 4, 22}) samples.push_back({frame(2, "live/CyclicList", "find", "(Llive/CyclicList$Node;I)I", pc), main});
  std::vector<LoopCandidate> loops = stuckLoops(samples, 9, "main", program);
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(loops[0].head, 4u);
  EXPECT_EQ(loops[0].frames, 2u);
  EXPECT_EQ(loops[0].depth, 0u);
  EXPECT_TRUE(std::binary_search(loops[0].body.begin(), loops[0].body.end(), 21u));
  EXPECT_FALSE(std::binary_search(loops[0].body.begin(), loops[0].body.end(), 16u));  // return index
  // A sample outside the loop (offset 30: `return -1`) rules it out.
  samples.push_back({frame(2, "live/CyclicList", "find", "(Llive/CyclicList$Node;I)I", 30), main});
  EXPECT_TRUE(stuckLoops(samples, 9, "main", program).empty());
}

live::ThreadInfo thread(uint64_t h, const std::string& name, const std::string& group, uint32_t state) {
  live::ThreadInfo t;
  t.handle = h;
  t.name = name;
  t.group = group;
  t.state = state;
  return t;
}

TEST(OtherThreads, OnlyThreadsThatCannotRunLeaveTheHeapAlone) {
  const uint32_t runnable = live::kThreadAlive | live::kThreadRunnable;
  const uint32_t joining = live::kThreadAlive | live::kThreadWaiting | live::kThreadWaitingIndefinitely |
                           live::kThreadInObjectWait;
  ThreadSample stuck{thread(1, "worker", "main", runnable), {}};
  ThreadSample finalizer{thread(2, "Finalizer", "system", joining), {}};
  ThreadSample main{thread(3, "main", "main", joining),
                    {frame(5, "java/lang/Object", "wait", "(J)V", -1), frame(6, "java/lang/Thread", "join", "(J)V", 20),
                     frame(7, "java/lang/Thread", "join", "()V", 2)}};
  EXPECT_FALSE(otherThreads(stuck, {stuck, finalizer, main}, {3}, false, false).may_write);
  // Not waiting for the stuck thread: main may run again.
  EXPECT_TRUE(otherThreads(stuck, {stuck, finalizer, main}, {}, false, false).may_write);
  // Finalizers of the application run on the finalizer thread.
  EXPECT_TRUE(otherThreads(stuck, {stuck, finalizer, main}, {3}, true, false).may_write);
  ThreadSample sleeper{thread(4, "setter", "main", live::kThreadAlive | live::kThreadSleeping), {}};
  OtherThreads o = otherThreads(stuck, {stuck, sleeper}, {}, false, false);
  EXPECT_TRUE(o.may_write);
  EXPECT_NE(o.why.find("setter"), std::string::npos);
  // A thread that takes a service thread's name is known by its frames.
  ThreadSample fake{thread(5, "Signal Dispatcher", "system", runnable),
                    {frame(8, "App$1", "run", "()V", 3), frame(9, "java/lang/Thread", "run", "()V", 11)}};
  EXPECT_TRUE(otherThreads(stuck, {stuck, fake}, {}, false, false).may_write);
  EXPECT_TRUE(isServiceThread(thread(6, "Signal Dispatcher", "system", runnable), {}));
  // Listeners of the management API run on the JVM's notification thread.
  ThreadSample notifier{thread(7, "Notification Thread", "system", runnable), {}};
  EXPECT_FALSE(otherThreads(stuck, {stuck, notifier}, {}, false, false).may_write);
  EXPECT_TRUE(otherThreads(stuck, {stuck, notifier}, {}, false, true).may_write);
}

}  // namespace
}  // namespace jhalt::looper
