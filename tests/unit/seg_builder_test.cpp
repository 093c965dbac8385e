// How the graph builder treats loops (src/seg/builder.cpp) and arrays read
// at an unknown index (src/seg/eval_heap.cpp): which repetitions of a loop
// head are merged, and when shown array elements become unshown. The
// programs are in tests/java/programs; their verdicts are checked by their
// EXPECT lines.
#include <gtest/gtest.h>

#include "jhalt/seg/builder.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/program/field_values.h"
#include "jhalt/program/targets.h"
#include "jhalt/state/reach.h"
#include "test_classpath.h"

namespace jhalt::seg {
namespace {

class Builder : public ::testing::Test {
 protected:
  Builder() : cp_(test::testClassPath()), program_(cp_), types_(program_), ev_(program_, types_, alloc_) {}

  const program::MethodInfo& method(std::string_view cls, std::string_view name) {
    for (const auto& m : program_.get(cls).methods)
      if (m->name() == name) return *m;
    throw std::runtime_error("no method " + std::string(name));
  }

  bool hasIncoming(const Graph& g, NodeId n, EdgeKind kind) {
    for (EdgeId e : g.edges())
      if (g.edge(e).to == n && g.edge(e).kind == kind) return true;
    return false;
  }

  bool hasOutgoing(const Graph& g, NodeId n, EdgeKind kind) {
    for (EdgeId e : g.node(n).out)
      if (g.edge(e).kind == kind) return true;
    return false;
  }

  classpath::ClassPath cp_;
  program::Program program_;
  state::TypeSystem types_;
  state::RefAllocator alloc_;
  Evaluator ev_;
};

// A cyclic list reversed: the loop head's first visit (x on the cycle) is
// not merged with the second (x's path ends at null, the head's link is
// cut), so the merged loop head that the later visits are instances of
// still knows x ⇝n null.
TEST_F(Builder, SecondVisitOfALoopThatCutsACycleIsNotMergedWithTheFirst) {
  Graph g;
  BuildResult r = buildGraph(g, ev_.methodEntry(method("TermCyclicReverse", "main")), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  const state::FieldId n = types_.field("TermCyclicReverse$Node", "n", "LTermCyclicReverse$Node;", false);
  size_t merged_heads = 0, with_path = 0;
  for (NodeId v : g.nodes()) {
    const state::State& s = g.state(v);
    if (!g.node(v).alive || s.frames.empty() || s.top().method->name() != "main" || g.node(v).merges == 0) continue;
    // The reversal's loop head (javac puts x in local 3, after the loop
    // that builds the list, which ends at pc 34).
    if (!hasIncoming(g, v, EdgeKind::Instance) || s.top().pc < 34) continue;
    const state::Ref x = s.top().locals.size() > 3 ? s.top().locals[3] : state::kNone;
    if (x == state::kNone || x == state::kNull || !s.find(x) || !s.at(x).isObject()) continue;
    ++merged_heads;
    if (state::reachedAlong(s, x, n).count(state::kNull)) ++with_path;
  }
  EXPECT_GE(merged_heads, 1u);
  EXPECT_EQ(with_path, merged_heads) << "a merged loop head of the reversal forgot that x's path ends at null";
}

// A run that is still concrete (every value exact, every object shown, no
// heap predicate) is not merged at its loop heads: reversing a cycle of
// three nodes the method built itself runs to its end.
TEST_F(Builder, ConcreteRunsAreNotMerged) {
  Graph g;
  BuildResult r = buildGraph(g, ev_.methodEntry(method("TermCyclicReverse", "reverseThree")), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  EXPECT_EQ(r.merges, 0u);
  size_t returns = 0;
  for (NodeId v : g.nodes()) {
    const state::State& s = g.state(v);
    if (!g.node(v).alive || !s.finished() || s.exception != state::kNone) continue;
    ++returns;
    // The result is exactly 4: three nodes and the head once more.
    ASSERT_TRUE(s.isInteger(s.result));
    EXPECT_EQ(s.intervalOf(s.result), state::Interval::point(4));
  }
  EXPECT_EQ(returns, 1u);
}

// A table of 16 buckets written at an index that may be any of them: the
// array's elements become unshown (one successor) instead of one case per
// index, and the graph stays small.
TEST_F(Builder, ArraysReadAtManyIndexesHideTheirElements) {
  Graph g;
  BuildResult r = buildGraph(g, ev_.methodEntry(method("TermBucketChains", "main")), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  EXPECT_LT(g.liveNodes(), 600u);
  for (NodeId v : g.nodes()) {
    if (!g.node(v).alive) continue;
    size_t refinements = 0;
    for (EdgeId e : g.edges()) refinements += g.edge(e).from == v && g.edge(e).kind == EdgeKind::Refine;
    EXPECT_LE(refinements, 8u) << "one case per index of a 16-element table";
  }
}

}  // namespace
}  // namespace jhalt::seg

namespace jhalt::seg {
namespace {

// The library calls a graph of `cls`.main makes that may write fields
// behind the program's back, with stored field values in use as in
// its/engine.cpp (which then builds the graph again with declared types).
size_t libraryCallbacks(const std::string& cls) {
  classpath::ClassPath cp(test::testClassPath({test::kJars + "/" + cls + ".jar"}));
  program::Program program(cp);
  state::TypeSystem types(program);
  types.useFieldValues(std::make_shared<program::FieldValues>(
      program::storedFieldValues(program, program::applicationClasses(program))));
  state::RefAllocator alloc;
  Evaluator ev(program, types, alloc);
  const program::MethodInfo* main = program.get(cls).declaredMethod("main", "([Ljava/lang/String;)V");
  if (!main) throw std::runtime_error("no main in " + cls);
  Graph g;
  buildGraph(g, ev.mainEntry(*main), ev, BuildOptions{});
  return ev.libraryCallbacks();
}

// BuildOptions::peel_loop_entries: toSpine's loop is entered only when
// t.left is an object. By default a later entry (from main's loop) is an
// instance of the loop's general state at once, which forgets that; peeled,
// no entry state that knows t.left is taken in before its first iteration.
TEST_F(Builder, PeeledLoopEntriesAreEvaluatedOneIterationOn) {
  const program::MethodInfo& main = method("TermRotateOnEntry", "main");
  const state::FieldId left = types_.field("TermRotateOnEntry", "left", "LTermRotateOnEntry;", false);
  auto object = [](const state::State& s, state::Ref r) {
    return r != state::kNone && r != state::kNull && s.find(r) && s.at(r).isObject();
  };
  // No earlier state of the same invocation at v's position.
  auto entersLoop = [](const Graph& g, NodeId v) {
    const state::State& s = g.state(v);
    for (NodeId a = g.node(v).parent; a != kNoNode; a = g.node(a).parent) {
      if (!g.node(a).alive) continue;
      const state::State& t = g.state(a);
      if (t.frames.size() < s.frames.size()) return true;
      if (t.frames.size() == s.frames.size() && t.top().method == s.top().method && t.top().pc == s.top().pc)
        return false;
    }
    return true;
  };
  // toSpine's loop entries with a known left child that an instance edge leaves.
  auto entriesTakenIn = [&](const Graph& g) {
    size_t n = 0;
    for (NodeId v : g.nodes()) {
      const state::State& s = g.state(v);
      if (!g.node(v).alive || s.finished() || s.top().method->name() != "toSpine") continue;
      if (!hasOutgoing(g, v, EdgeKind::Instance) || s.top().locals.empty() || !entersLoop(g, v)) continue;
      const state::Ref t = s.top().locals[0];
      n += object(s, t) && object(s, s.at(t).field(left));
    }
    return n;
  };
  Graph plain;
  BuildResult r = buildGraph(plain, ev_.methodEntry(main), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  EXPECT_GE(entriesTakenIn(plain), 1u);
  EXPECT_GE(r.loop_entries_repeated, 1u);

  BuildOptions peel;
  peel.peel_loop_entries = true;
  Graph peeled;
  BuildResult p = buildGraph(peeled, ev_.methodEntry(main), ev_, peel);
  ASSERT_EQ(p.status, BuildResult::Status::Complete) << p.reason;
  EXPECT_EQ(entriesTakenIn(peeled), 0u);
  EXPECT_EQ(p.loop_entries_repeated, 0u) << "a peeled entry is neither taken in nor repeated";
  EXPECT_GT(peeled.nodeSlots(), plain.nodeSlots());
}

// Stored field values (program/field_values.h) hold only while library code
// neither gets application objects nor hands back ones it built itself: the
// evaluator counts both. Field.set gets one; Beans.instantiate(null, name)
// gets none but may deserialize one whose fields no putfield wrote.
TEST(StoredValues, LibraryCallsThatMayWriteApplicationFieldsAreCounted) {
  EXPECT_EQ(libraryCallbacks("TermStoredSubclass"), 0u);
  EXPECT_GT(libraryCallbacks("TermStoredSubclassViaReflection"), 0u);
  EXPECT_GT(libraryCallbacks("TermStoredSubclassViaDeserialization"), 0u);
}

}  // namespace
}  // namespace jhalt::seg
