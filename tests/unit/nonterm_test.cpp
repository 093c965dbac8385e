// The non-termination engine's parts: the SMT layer, concrete runs and
// their cycle detection, witnesses and their replay on the JVM, loop proofs
// (paper 000, Thms. 7 and 8) and the verdict's JSON contract.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "jhalt/concrete/run.h"
#include "jhalt/concrete/witness.h"
#include "jhalt/nonterm/engine.h"
#include "jhalt/nonterm/loops.h"
#include "jhalt/nonterm/witness_search.h"
#include "jhalt/replay/replay.h"
#include "jhalt/seg/builder.h"
#include "jhalt/smt/solver.h"
#include "jhalt/state/merge.h"
#include "test_classpath.h"
#include "test_support.h"

namespace jhalt::nonterm {
namespace {

concrete::Value intValue(int64_t n) {
  concrete::Value v;
  v.kind = concrete::Value::Kind::Int;
  v.number = n;
  return v;
}

TEST(Smt, ChecksAndGivesModels) {
  smt::Solver s;
  z3::expr x = s.intVar("x"), y = s.intVar("y");
  s.add(x + y == 10 && x > 7);
  s.push();
  s.add(y > 5);
  EXPECT_EQ(s.check(), smt::Result::Unsat);
  s.pop();
  ASSERT_EQ(s.check(), smt::Result::Sat);
  auto vx = s.value(x), vy = s.value(y);
  ASSERT_TRUE(vx && vy);
  EXPECT_EQ(*vx + *vy, 10);
  EXPECT_GT(*vx, 7);
}

TEST(Smt, DumpsQueriesAsSmtLib) {
  std::string dir = ::testing::TempDir() + "/jhalt_smt_dump";
  std::filesystem::remove_all(dir);
  smt::SmtOptions o;
  o.dump_dir = dir;
  smt::Solver s(o);
  s.add(s.intVar("a") > 3);
  s.check("probe");
  ASSERT_TRUE(std::filesystem::exists(dir + "/query-0001-probe.smt2"));
  std::ifstream in(dir + "/query-0001-probe.smt2");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("(declare-fun a () Int)"), std::string::npos);
  EXPECT_NE(text.find("(check-sat)"), std::string::npos);
}

class EngineTest : public ::testing::Test {
 protected:
  EngineTest() : cp_(options()), program_(cp_), types_(program_) {}
  static classpath::ClassPathOptions options() { return test::testClassPath(); }
  const program::MethodInfo& method(const std::string& cls, const std::string& name, const std::string& desc) {
    const program::MethodInfo* m = program_.get(cls).declaredMethod(name, desc);
    EXPECT_NE(m, nullptr);
    return *m;
  }
  concrete::Witness mainArgs(std::vector<std::string> args) {
    concrete::Witness w;
    w.main_args = true;
    w.args = std::move(args);
    return w;
  }
  concrete::RunResult runConcrete(const program::MethodInfo& m, const concrete::Witness& w) {
    seg::EvalOptions eo;
    eo.jvm_int_semantics = true;
    seg::Evaluator ev(program_, types_, alloc_, eo);
    auto s = concrete::entryState(ev, m, w);
    EXPECT_TRUE(s.has_value());
    return concrete::run(ev, std::move(*s), concrete::RunOptions{});
  }
  replay::ReplayOptions replayOptions() {
    replay::ReplayOptions r;
    r.java_home = test::kJdk;
    r.classpath = {test::kClasses};
    r.timeout_seconds = 1.0;
    return r;
  }

  classpath::ClassPath cp_;
  program::Program program_;
  state::TypeSystem types_;
  state::RefAllocator alloc_;
};

TEST_F(EngineTest, ConcreteRunsFollowTheJvm) {
  const auto& main = method("CountDown", "main", "([Ljava/lang/String;)V");
  concrete::RunResult r = runConcrete(main, mainArgs({"a", "b", "c"}));
  EXPECT_EQ(r.outcome, concrete::RunResult::Outcome::Returned);
  EXPECT_GT(r.steps, 10u);
  const auto& divide = method("Faults", "divide", "(II)I");
  concrete::Witness w;
  w.params = {intValue(7), intValue(0)};
  r = runConcrete(divide, w);
  ASSERT_EQ(r.outcome, concrete::RunResult::Outcome::Exception);
  EXPECT_EQ(r.exception_class, "java/lang/ArithmeticException");
  EXPECT_EQ(r.exception_method, &divide);
}

TEST_F(EngineTest, RepeatedConcreteStateIsACycle) {
  const auto& main = method("Loop", "main", "([Ljava/lang/String;)V");
  concrete::RunResult r = runConcrete(main, mainArgs({""}));
  ASSERT_EQ(r.outcome, concrete::RunResult::Outcome::Cycle);
  EXPECT_EQ(r.cycle_pc, 5u);
  EXPECT_GT(r.cycle_period, 0u);
  r = runConcrete(main, mainArgs({"a"}));
  EXPECT_EQ(r.outcome, concrete::RunResult::Outcome::Returned);
}

TEST_F(EngineTest, CanonicalFormIgnoresReferenceNames) {
  seg::Evaluator ev(program_, types_, alloc_);
  const auto& main = method("Loop", "main", "([Ljava/lang/String;)V");
  auto a = concrete::entryState(ev, main, mainArgs({"ab", ""}));
  auto b = concrete::entryState(ev, main, mainArgs({"ab", ""}));
  auto c = concrete::entryState(ev, main, mainArgs({"ab", "x"}));
  ASSERT_TRUE(a && b && c);
  EXPECT_NE(a->heap.front().first, b->heap.front().first);  // fresh references
  EXPECT_EQ(concrete::canonicalForm(*a, types_), concrete::canonicalForm(*b, types_));
  EXPECT_NE(concrete::canonicalForm(*a, types_), concrete::canonicalForm(*c, types_));
}

TEST_F(EngineTest, WitnessCandidatesStartSmall) {
  auto ws = enumerateWitnesses(method("Loop", "main", "([Ljava/lang/String;)V"), true, 10);
  ASSERT_EQ(ws.size(), 10u);
  EXPECT_TRUE(ws[0].args.empty());
  EXPECT_EQ(ws[1].args, std::vector<std::string>{""});
  auto ms = enumerateWitnesses(method("Faults", "divide", "(II)I"), false, 5);
  ASSERT_EQ(ms.size(), 5u);
  EXPECT_EQ(ms[0].params.size(), 2u);
  EXPECT_EQ(ms[0].describe(), "(0, 0)");
}

TEST_F(EngineTest, ReplayConfirmsAndRefutes) {
  const auto& main = method("Loop", "main", "([Ljava/lang/String;)V");
  replay::ReplayResult r = replay::replay(replayOptions(), main, mainArgs({""}));
  EXPECT_EQ(r.outcome, replay::ReplayResult::Outcome::StillRunning) << r.describe();
  r = replay::replay(replayOptions(), main, mainArgs({"a"}));
  EXPECT_EQ(r.outcome, replay::ReplayResult::Outcome::Returned) << r.describe();
  const auto& at = method("Faults", "at", "([II)I");
  concrete::Witness w;
  concrete::Value arr;
  arr.kind = concrete::Value::Kind::IntArray;
  arr.ints = {1, 2};
  w.params = {arr, intValue(5)};
  r = replay::replay(replayOptions(), at, w);
  ASSERT_EQ(r.outcome, replay::ReplayResult::Outcome::Exception) << r.describe();
  EXPECT_EQ(r.exception_class, "java/lang/ArrayIndexOutOfBoundsException");
  EXPECT_EQ(r.frame_class, "Faults");
  EXPECT_EQ(r.frame_method, "at");
  EXPECT_EQ(r.line, 14);
}

struct Proofs {
  seg::Graph graph;
  std::vector<LoopProof> proofs;
};

TEST_F(EngineTest, NonLoopingProofForDrift) {
  const auto& drift = method("Drift", "drift", "(II)V");
  seg::Evaluator ev(program_, types_, alloc_);
  seg::Graph g;
  ASSERT_EQ(seg::buildGraph(g, ev.methodEntry(drift), ev, {}).status, seg::BuildResult::Status::Complete);
  smt::Solver solver;
  LoopProver prover(g, types_, solver);
  auto proofs = prover.prove();
  bool non_looping = false;
  for (const auto& p : proofs) non_looping |= p.kind == LoopProof::Kind::NonLooping;
  EXPECT_TRUE(non_looping);
  // The region: any x != y. A concrete state with x = 1, y = 2 is inside it.
  seg::EvalOptions eo;
  eo.jvm_int_semantics = true;
  seg::Evaluator conc(program_, types_, alloc_, eo);
  concrete::Witness w;
  w.params = {intValue(1), intValue(2)};
  bool accepted = false;
  concrete::run(conc, *concrete::entryState(conc, drift, w), concrete::RunOptions{},
                [&](const state::State& c, size_t) {
                  for (const auto& p : proofs)
                    if (state::sameShape(c, g.state(p.head)) && prover.accepts(p, c)) accepted = true;
                  return accepted;
                });
  EXPECT_TRUE(accepted);
}

TEST_F(EngineTest, NoProofForTerminatingLoop) {
  const auto& sum = method("Sound", "sumTo", "(I)I");
  seg::Evaluator ev(program_, types_, alloc_);
  seg::Graph g;
  ASSERT_EQ(seg::buildGraph(g, ev.methodEntry(sum), ev, {}).status, seg::BuildResult::Status::Complete);
  smt::Solver solver;
  LoopProver prover(g, types_, solver);
  EXPECT_TRUE(prover.prove().empty());
}

TEST_F(EngineTest, RepetitionUpToIncrementOnlyCounter) {
  const auto& main = method("CycleCount", "main", "([Ljava/lang/String;)V");
  concrete::RunResult r = runConcrete(main, mainArgs({"a"}));
  ASSERT_EQ(r.outcome, concrete::RunResult::Outcome::Cycle);
  EXPECT_EQ(r.cycle_method, &method("CycleCount", "length", "(LCycleCount;)I"));
  EXPECT_EQ(r.cycle_ignored, std::vector<size_t>{1});  // n, the counter
  // Without the cycle the same loop ends, and nothing is claimed.
  EXPECT_EQ(runConcrete(main, mainArgs({})).outcome, concrete::RunResult::Outcome::Returned);
  // A counter the loop reads is not masked: Converge's i moves towards j.
  concrete::Witness w;
  w.params = {intValue(0), intValue(50)};
  EXPECT_EQ(runConcrete(method("Converge", "converge", "(II)I"), w).outcome,
            concrete::RunResult::Outcome::Returned);
}

// Thm. 8 with an invariant suggested by a concrete state at the loop head:
// for `while (i != j) { i--; j++; }` the plain ρ is satisfiable; from the
// state i = 0, j = 1 the invariant i < j is found, and a proof covers it.
// For Converge (terminating, same loop shape) no state yields a proof.
TEST_F(EngineTest, InvariantFromAConcreteStateAtTheHead) {
  auto tryAll = [&](const program::MethodInfo& m, int64_t i, int64_t j) {
    seg::Evaluator ev(program_, types_, alloc_);
    seg::Graph g;
    EXPECT_EQ(seg::buildGraph(g, ev.methodEntry(m), ev, {}).status, seg::BuildResult::Status::Complete);
    smt::Solver solver;
    LoopProver prover(g, types_, solver);
    EXPECT_TRUE(prover.prove().empty());
    seg::EvalOptions eo;
    eo.jvm_int_semantics = true;
    seg::Evaluator conc(program_, types_, alloc_, eo);
    concrete::Witness w;
    w.params = {intValue(i), intValue(j)};
    bool proven = false;
    concrete::RunOptions ro;
    ro.max_steps = 200;
    concrete::run(conc, *concrete::entryState(conc, m, w), ro, [&](const state::State& c, size_t) {
      for (seg::NodeId head : g.loopHeads())
        if (prover.canStrengthen(head) && state::sameShape(c, g.state(head)))
          if (auto p = prover.proveFrom(head, c); p && prover.accepts(*p, c)) proven = true;
      return proven;
    });
    return proven;
  };
  EXPECT_TRUE(tryAll(method("Middle", "middle", "(II)I"), 0, 1));
  EXPECT_TRUE(tryAll(method("Middle", "middle", "(II)I"), 7, 2));
  EXPECT_FALSE(tryAll(method("Middle", "middle", "(II)I"), 6, 2));  // terminates: 6,2 -> 5,3 -> 4,4
  EXPECT_FALSE(tryAll(method("Converge", "converge", "(II)I"), 0, 9));
  EXPECT_FALSE(tryAll(method("Converge", "converge", "(II)I"), 9, 0));
}

TEST_F(EngineTest, AnalyzeReportsTheJsonContract) {
  Options o;
  o.replay_options = replayOptions();
  verdict::Verdict v = analyze(program_, method("Loop", "main", "([Ljava/lang/String;)V"), true, o);
  ASSERT_EQ(v.answer, verdict::Answer::No);
  nlohmann::json j = verdict::toJson(v);
  EXPECT_EQ(j["verdict"], "NO");
  ASSERT_FALSE(j["nonterminating"].empty());
  const auto& n = j["nonterminating"][0];
  EXPECT_EQ(n["method"], "Loop.main([Ljava/lang/String;)V");
  EXPECT_EQ(n["line"], 7);
  EXPECT_EQ(n["kind"], "looping");
  EXPECT_EQ(n["witness"]["args"], nlohmann::json::array({""}));
  EXPECT_TRUE(j["exceptions"].is_array());
}

}  // namespace
}  // namespace jhalt::nonterm
