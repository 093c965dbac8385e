// Recursion in symbolic execution graphs (issue 16, thesis 002 Ch. 3):
// call stack abstraction, context concretization, what a callee may write.
// The soundness of the graphs against the JVM is checked in
// seg_soundness_test.cpp (Sound.java has recursive methods).
#include <algorithm>

#include <gtest/gtest.h>

#include "jhalt/seg/builder.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/seg/recursion.h"
#include "test_classpath.h"

namespace jhalt::seg {
namespace {

class Recursion : public ::testing::Test {
 protected:
  Recursion() : cp_(test::testClassPath()), program_(cp_), types_(program_), ev_(program_, types_, alloc_) {}

  const program::MethodInfo& method(std::string_view name) { return method("Sound", name); }
  const program::MethodInfo& method(std::string_view cls, std::string_view name) {
    for (const auto& m : program_.get(cls).methods)
      if (m->name() == name) return *m;
    throw std::runtime_error("no method " + std::string(name));
  }

  size_t edges(const Graph& g, EdgeKind kind) {
    size_t n = 0;
    for (EdgeId e : g.edges()) n += g.edge(e).kind == kind;
    return n;
  }

  classpath::ClassPath cp_;
  program::Program program_;
  state::TypeSystem types_;
  state::RefAllocator alloc_;
  Evaluator ev_;
};

TEST_F(Recursion, FactorialGraphAbstractsTheRecursiveCall) {
  Graph g;
  BuildResult r = buildGraph(g, ev_.methodEntry(method("fact")), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  EXPECT_GE(r.call_states, 1u);
  EXPECT_GE(r.return_states, 1u);
  EXPECT_TRUE(g.hasRecursion());
  EXPECT_GE(edges(g, EdgeKind::Call), 1u);
  EXPECT_GE(edges(g, EdgeKind::Return), 1u);
  // No state has two frames of fact: the stack stays bounded.
  for (NodeId n : g.nodes()) EXPECT_LE(g.state(n).frames.size(), 2u);
  // Every call edge leads to a one-frame state marked open; every return
  // edge names the call state it returns to.
  for (EdgeId e : g.edges()) {
    const Edge& edge = g.edge(e);
    if (edge.kind == EdgeKind::Call) {
      EXPECT_EQ(g.state(edge.to).frames.size(), 1u);
      EXPECT_TRUE(g.state(edge.to).open_context);
      EXPECT_EQ(g.state(edge.from).frames.size(), 2u);
    }
    if (edge.kind == EdgeKind::Return) {
      ASSERT_NE(edge.context, kNoNode);
      EXPECT_EQ(g.state(edge.to).frames.size() + 1, g.state(edge.context).frames.size());
      // The returned int is copied into the caller.
      ASSERT_EQ(edge.label.computations.size(), 1u);
      EXPECT_EQ(edge.label.computations[0].op, ArithOp::Copy);
    }
  }
}

TEST_F(Recursion, WithoutRecursionTheCallIsUnsupported) {
  EvalOptions eo;
  eo.recursion = false;
  Evaluator ev(program_, types_, alloc_, eo);
  Graph g;
  BuildResult r = buildGraph(g, ev.methodEntry(method("fact")), ev, BuildOptions{});
  EXPECT_EQ(r.status, BuildResult::Status::Unsupported);
  EXPECT_NE(r.reason.find("recursion"), std::string::npos);
}

TEST_F(Recursion, MutualRecursionIsFinite) {
  Graph g;
  BuildResult r = buildGraph(g, ev_.methodEntry(method("even")), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  EXPECT_TRUE(g.hasRecursion());
  EXPECT_LT(g.liveNodes(), 2000u);
}

TEST_F(Recursion, CalleeEffectsSeeWritesThroughCalls) {
  CalleeEffects fx(program_);
  EXPECT_FALSE(fx.of(method("fact")).heap);
  EXPECT_FALSE(fx.of(method("fact")).statics);
  EXPECT_FALSE(fx.of(method("lengthRec")).heap);
  EXPECT_TRUE(fx.of(method("bumpRec")).heap);        // n.v += 3
  EXPECT_TRUE(fx.of(method("countRec")).statics);    // Counter.count += 2
  EXPECT_TRUE(fx.of(method("countDown")).statics);   // through countRec
  EXPECT_TRUE(fx.recursive(method("fact")));
  EXPECT_TRUE(fx.recursive(method("even")));         // through odd
  EXPECT_FALSE(fx.recursive(method("countDown")));   // calls a recursive method only
  EXPECT_FALSE(fx.recursive(method("minMax")));
}

// Def. 3.23 with the coarse input arguments: after a call to a method that
// writes fields, the caller's objects the callee can reach lose their
// fields; after a pure one they keep them.
TEST_F(Recursion, ConcretizationForgetsWhatTheCalleeMayChange) {
  Graph g;
  BuildResult r = buildGraph(g, ev_.methodEntry(method("bumpKnown")), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  size_t checked = 0;
  for (EdgeId e : g.edges()) {
    const Edge& edge = g.edge(e);
    if (edge.kind != EdgeKind::Return) continue;
    const state::State& call = g.state(edge.context);
    const state::State& after = g.state(edge.to);
    if (after.frames.size() != 1 || after.top().method->name() != "bumpKnown") continue;
    const program::MethodInfo& callee = *call.top().method;
    state::Ref n = call.top().locals[0];  // the list passed to the callee
    ASSERT_NE(n, state::kNull);
    const state::HeapValue* v = after.find(n);
    if (!v) continue;  // the caller no longer uses it (dead locals are dropped)
    if (callee.name() == "bumpRec") {
      EXPECT_FALSE(call.at(n).fields.empty());
      EXPECT_TRUE(v->fields.empty()) << "the written node keeps its fields";
      // bumpRec stores no reference: the list stays acyclic and a tree.
      EXPECT_EQ(after.cyclic(n), nullptr);
      EXPECT_FALSE(after.joins(n, n));
    } else {
      EXPECT_EQ(callee.name(), "lengthRec");
      EXPECT_EQ(v->fields, call.at(n).fields) << "a pure callee made the caller forget";
    }
    checked += callee.name() == "bumpRec" ? 1 : 0;
  }
  EXPECT_GE(checked, 1u);
}

// Reference stores that keep trees trees: null or an object just
// constructed; storing anything else (a constructor's argument, a field read
// elsewhere) or publishing `this` in a static field is a shape write.
TEST_F(Recursion, OnlyStoresOfNewObjectsKeepTheShape) {
  CalleeEffects effects(program_);
  auto of = [&](std::string_view cls, std::string_view name) {
    for (const auto& m : program_.get(cls).methods)
      if (m->name() == name) return effects.of(*m);
    throw std::runtime_error("no method " + std::string(name));
  };
  CalleeEffects::Writes bump = of("Sound", "bumpRec");
  EXPECT_TRUE(bump.heap);
  EXPECT_FALSE(bump.shape) << "an int field";
  CalleeEffects::Writes insert = of("TermTreeInsert", "insert");
  EXPECT_TRUE(insert.heap);
  EXPECT_FALSE(insert.shape) << "left = new TermTreeInsert(v)";
  EXPECT_TRUE(of("TermTreeCycle", "grow").shape) << "its constructor stores its argument";
  EXPECT_TRUE(of("TermTreePublish", "publish").shape) << "its constructor publishes this";
  EXPECT_FALSE(of("Sound", "lengthRec").heap);
}

// What a recursive callee writes, by the objects it writes into (issue 13):
// writes only into objects the call made leave the caller's objects alone;
// a constructor called as the recursive method writes the caller's object,
// also through the constructors it chains to.
TEST_F(Recursion, WritesIntoNewObjectsAreNotOldWrites) {
  CalleeEffects effects(program_);
  EXPECT_TRUE(effects.of(method("TermFreshWritesRec", "copy")).heap);
  EXPECT_FALSE(effects.of(method("TermFreshWritesRec", "copy")).old) << "c = new ...; c.tail = ...";
  EXPECT_FALSE(effects.of(method("TermFreshWritesRec", "merge")).old) << "constructors only";
  EXPECT_TRUE(effects.of(method("TermFreshWritesBad", "link")).old) << "x may be the parameter";
  EXPECT_TRUE(effects.of(method("TermFreshCtorCycle", "<init>")).old) << "the constructor called writes its this";
  EXPECT_TRUE(effects.of(method("TermFreshCtorChain$C", "<init>")).old) << "through super()";
  EXPECT_TRUE(effects.of(method("TermFreshFieldInit$C", "<init>")).old) << "through a field initializer";
  EXPECT_TRUE(effects.of(method("TermFreshCtorChain$A", "<init>")).old) << "next = this";
}

// Fields set on every path to a normal return (mustWrites), and sharing by
// reachable types (mayShare).
TEST_F(Recursion, FieldsSetOnEveryPathAndSharingByTypes) {
  CalleeEffects effects(program_);
  const auto& fill = effects.mustWrites(method("TermMustWriteRec", "fill"));
  ASSERT_EQ(fill.size(), 1u);
  EXPECT_EQ(fill[0].local, 0u);
  EXPECT_TRUE(effects.mustWrites(method("TermMustWriteSomePaths", "fill")).empty()) << "only when n > 0";
  auto sub = [&](std::string_view name) { return types_.subtypesOf(types_.intern(name)); };
  EXPECT_FALSE(effects.mayShare(types_, sub("[Ljava/lang/String;"), sub("TermMustWriteRec")));
  EXPECT_TRUE(effects.mayShare(types_, sub("TermMustWriteRec"), sub("TermMustWriteRec")));
  EXPECT_TRUE(effects.mayShare(types_, sub("TermShareThroughSubclass"), sub("TermShareThroughSubclass$Node")))
      << "through Base's subclass Sub";
  EXPECT_TRUE(effects.mayShare(types_, sub("java/lang/Object"), sub("TermMustWriteRec")));
}

// The classes a value may have at run time, in the closed world of the
// application's classes (sizes are exact for objects that show every
// reference field of each of them: its::fromSeg).
TEST_F(Recursion, RuntimeClassesOfApplicationTypesAreClosed) {
  auto sub = [&](std::string_view name) { return types_.subtypesOf(types_.intern(name)); };
  auto id = [&](std::string_view name) { return types_.intern(name); };
  auto base = types_.runtimeClasses(sub("TermShareThroughSubclass$Base"));
  ASSERT_TRUE(base.has_value());
  std::vector<state::TypeId> expected{id("TermShareThroughSubclass$Base"), id("TermShareThroughSubclass$Sub")};
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(*base, expected) << "Base and its subclass Sub";
  auto exact = types_.runtimeClasses(types_.exactly(id("TermShareThroughSubclass$Base")));
  ASSERT_TRUE(exact.has_value());
  EXPECT_EQ(*exact, std::vector<state::TypeId>{id("TermShareThroughSubclass$Base")});
  EXPECT_FALSE(types_.runtimeClasses(sub("java/lang/Object")).has_value()) << "library classes are open";
  EXPECT_FALSE(types_.runtimeClasses(sub("java/lang/Runnable")).has_value()) << "interfaces are open";
  auto string = types_.runtimeClasses(sub("java/lang/String"));
  ASSERT_TRUE(string.has_value()) << "a final library class";
  EXPECT_EQ(*string, std::vector<state::TypeId>{id("java/lang/String")});
}

// The termination prover reads sizes across a call summary only when the
// callee writes no object (its::fromSeg, Edge::heap_kept).
TEST_F(Recursion, ReturnEdgesSayWhetherTheCalleeKeptTheHeap) {
  for (auto [name, kept] : {std::pair{"lengthRec", true}, std::pair{"fact", true}, std::pair{"fillDown", false}}) {
    Graph g;
    BuildResult r = buildGraph(g, ev_.methodEntry(method(name)), ev_, BuildOptions{});
    ASSERT_EQ(r.status, BuildResult::Status::Complete) << name << ": " << r.reason;
    size_t returns = 0;
    for (EdgeId e : g.edges())
      if (g.edge(e).kind == EdgeKind::Return) {
        ++returns;
        EXPECT_EQ(g.edge(e).heap_kept, kept) << name;
      }
    EXPECT_GE(returns, 1u) << name;
  }
}

// After a call of a recursive method, a static field it cannot write (by
// name, through every callee) keeps its value; one it writes is unknown.
TEST_F(Recursion, StaticsTheCalleeCannotWriteKeepTheirValue) {
  CalleeEffects effects(program_);
  CalleeEffects::Writes w = effects.of(method("TermStaticsRec", "depth"));
  EXPECT_TRUE(w.statics);
  EXPECT_TRUE(w.mayWriteStatic("calls", "I"));
  EXPECT_FALSE(w.mayWriteStatic("args", "[Ljava/lang/String;"));
  Graph g;
  BuildResult r = buildGraph(g, ev_.methodEntry(method("TermStaticsRec", "main")), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  const state::FieldId args = types_.field("TermStaticsRec", "args", "[Ljava/lang/String;", true);
  const state::FieldId calls = types_.field("TermStaticsRec", "calls", "I", true);
  auto get = [](const state::State& s, state::FieldId f) {
    for (const auto& [h, v] : s.statics)
      if (h == f) return v;
    return state::kNone;
  };
  size_t returns = 0;
  for (EdgeId e : g.edges()) {
    const Edge& edge = g.edge(e);
    if (edge.kind != EdgeKind::Return) continue;
    const state::State& call = g.state(edge.context);
    const state::State& after = g.state(edge.to);
    ASSERT_NE(get(call, args), state::kNone);
    EXPECT_EQ(get(after, args), get(call, args)) << "depth() cannot write args";
    EXPECT_NE(get(after, calls), get(call, calls)) << "depth() writes calls";
    ++returns;
  }
  EXPECT_GE(returns, 1u);
}

// BuildOptions::abstract_outer_calls: by default the call of a recursive
// method from main goes through a call stack abstraction; kept in context,
// main's frame stays below the first level of the recursion and only the
// inner calls are abstracted (their call states have grow below grow).
TEST_F(Recursion, OutermostCallsCanStayInTheirCallersContext) {
  const program::MethodInfo& main = method("TermOuterCallInContext", "main");
  auto callsFromMain = [&](const Graph& g) {
    size_t n = 0;
    for (EdgeId e : g.edges()) {
      const Edge& edge = g.edge(e);
      if (edge.kind == EdgeKind::Call && g.state(edge.from).frames.back().method == &main &&
          g.state(edge.from).frames.size() == 2)
        ++n;
    }
    return n;
  };
  auto mainBelowGrow = [&](const Graph& g) {
    size_t n = 0;
    for (NodeId v : g.nodes()) {
      const state::State& s = g.state(v);
      n += s.frames.size() == 2 && s.frames.back().method == &main && s.top().method->name() == "grow";
    }
    return n;
  };
  Graph abstracted;
  BuildResult r = buildGraph(abstracted, ev_.methodEntry(main), ev_, BuildOptions{});
  ASSERT_EQ(r.status, BuildResult::Status::Complete) << r.reason;
  EXPECT_GE(callsFromMain(abstracted), 1u);

  BuildOptions in_context;
  in_context.abstract_outer_calls = false;
  Graph kept;
  BuildResult k = buildGraph(kept, ev_.methodEntry(main), ev_, in_context);
  ASSERT_EQ(k.status, BuildResult::Status::Complete) << k.reason;
  EXPECT_EQ(callsFromMain(kept), 0u);
  EXPECT_GE(mainBelowGrow(kept), 1u);
  EXPECT_GE(k.call_states, 1u) << "the inner calls are still abstracted";
  EXPECT_TRUE(kept.hasRecursion());
}

}  // namespace
}  // namespace jhalt::seg
