// The graph engine: loop proofs (paper 000, Thms. 7 and 8) over
// mathematical integers and with bit-vectors on graphs built under JVM
// semantics, invariants from witness states, and the engine end to end.
#include <gtest/gtest.h>

#include "jhalt/concrete/entry.h"
#include "jhalt/concrete/run.h"
#include "jhalt/nonterm/engine.h"
#include "jhalt/nonterm/loops.h"
#include "jhalt/seg/builder.h"
#include "jhalt/state/merge.h"
#include "test_classpath.h"
#include "test_engine.h"

namespace jhalt::nonterm {
namespace {

using input::Value;

class ProverTest : public ::testing::Test {
 protected:
  ProverTest() : cp_(test::testClassPath()), program_(cp_), types_(program_) {}
  const program::MethodInfo& method(const std::string& cls, const std::string& name, const std::string& desc) {
    const program::MethodInfo* m = program_.get(cls).declaredMethod(name, desc);
    EXPECT_NE(m, nullptr);
    return *m;
  }
  // The graph of `m` under the given semantics and the proofs found on it.
  struct Proved {
    seg::Graph graph;
    test::Smt smt;
    std::unique_ptr<LoopProver> prover;
    std::vector<LoopProof> proofs;
  };
  std::unique_ptr<Proved> prove(const program::MethodInfo& m, bool jvm) {
    auto p = std::make_unique<Proved>();
    seg::BuildOptions bo;
    bo.eval.jvm_int_semantics = jvm;
    seg::Evaluator ev(program_, types_, alloc_, bo.eval);
    EXPECT_EQ(seg::buildGraph(p->graph, ev.methodEntry(m), ev, bo).status, seg::BuildResult::Status::Complete);
    p->prover = std::make_unique<LoopProver>(p->graph, types_, *p->smt, jvm);
    p->proofs = p->prover->prove();
    return p;
  }
  static bool hasKind(const Proved& p, LoopProof::Kind k) {
    for (const auto& x : p.proofs)
      if (x.kind == k) return true;
    return false;
  }
  // Does a concrete run of `w` reach the region of one of the proofs?
  bool reaches(Proved& p, const program::MethodInfo& m, std::vector<Value> params, bool jvm) {
    seg::EvalOptions eo;
    eo.jvm_int_semantics = jvm;
    eo.concrete = true;
    seg::Evaluator conc(program_, types_, alloc_, eo);
    input::Witness w;
    w.params = std::move(params);
    bool accepted = false;
    concrete::run(conc, *concrete::entryState(conc, m, w), concrete::RunOptions{}, [&](const state::State& c, size_t) {
      for (const auto& x : p.proofs)
        if (state::sameShape(c, p.graph.state(x.head)) && p.prover->accepts(x, c)) accepted = true;
      return accepted;
    });
    return accepted;
  }

  classpath::ClassPath cp_;
  program::Program program_;
  state::TypeSystem types_;
  state::RefAllocator alloc_;
};

TEST_F(ProverTest, NonLoopingProofForDriftInBothSemantics) {
  const auto& drift = method("Drift", "drift", "(II)V");
  for (bool jvm : {false, true}) {
    auto p = prove(drift, jvm);
    EXPECT_TRUE(hasKind(*p, LoopProof::Kind::NonLooping)) << jvm;
    for (const auto& x : p->proofs) EXPECT_EQ(x.bit_vectors, jvm);
    // The region: any x != y. A concrete state with x = 1, y = 2 is inside it.
    EXPECT_TRUE(reaches(*p, drift, {Value::integer(1), Value::integer(2)}, jvm));
  }
}

TEST_F(ProverTest, NoProofForTerminatingLoops) {
  for (bool jvm : {false, true}) {
    EXPECT_TRUE(prove(method("Sound", "sumTo", "(I)I"), jvm)->proofs.empty());
    EXPECT_TRUE(prove(method("JvmArithmetic", "countDown", "(I)I"), jvm)->proofs.empty());
  }
}

// Issue 10: the JVM's arithmetic decides. No int exceeds MAX_VALUE (a proof
// only with bit-vectors); i *= 2 wraps to a negative value (a proof only
// over the integers).
TEST_F(ProverTest, BitVectorProofsFollowTheJvm) {
  EXPECT_TRUE(prove(method("JvmArithmetic", "upToMax", "()V"), true)->proofs.size() > 0);
  EXPECT_TRUE(prove(method("JvmArithmetic", "upToMax", "()V"), false)->proofs.empty());
  EXPECT_TRUE(prove(method("JvmArithmetic", "upToLongMax", "()V"), true)->proofs.size() > 0);
  EXPECT_TRUE(prove(method("JvmArithmetic", "grow", "()V"), true)->proofs.empty());
  EXPECT_FALSE(prove(method("JvmArithmetic", "grow", "()V"), false)->proofs.empty());
  EXPECT_TRUE(prove(method("WrapAround", "sumTo", "(I)I"), true)->proofs.empty());
}

// Thm. 8 with an invariant suggested by a concrete state at the loop head:
// for `while (i != j) { i--; j++; }` the plain ρ is satisfiable; from the
// state i = 0, j = 1 the invariant i < j is found, and a proof covers it.
// For Converge (terminating, same loop shape) no state yields a proof.
TEST_F(ProverTest, InvariantFromAConcreteStateAtTheHead) {
  auto tryAll = [&](const program::MethodInfo& m, int64_t i, int64_t j) {
    auto p = prove(m, false);
    EXPECT_TRUE(p->proofs.empty());
    seg::EvalOptions eo;
    eo.concrete = true;
    seg::Evaluator conc(program_, types_, alloc_, eo);
    input::Witness w;
    w.params = {Value::integer(i), Value::integer(j)};
    bool proven = false;
    concrete::RunOptions ro;
    ro.max_steps = 200;
    concrete::run(conc, *concrete::entryState(conc, m, w), ro, [&](const state::State& c, size_t) {
      for (seg::NodeId head : p->graph.loopHeads())
        if (p->prover->canStrengthen(head) && state::sameShape(c, p->graph.state(head)))
          if (auto x = p->prover->proveFrom(head, c); x && p->prover->accepts(*x, c)) proven = true;
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

class SegEngineTest : public ProverTest {
 protected:
  engine::Result analyze(const program::MethodInfo& m, bool main, engine::Semantics sem) {
    engine::Entry e{program_, m, main, sem};
    certify::DefaultCertifier certifier(test::certifyOptions());
    return SegEngine().analyze(e, engine::Goal{}, engine::Budget(30, 1, int64_t{1} << 30), certifier);
  }
};

TEST_F(SegEngineTest, LoopsAndExceptionsWithWitnesses) {
  engine::Result r = analyze(method("Loop", "main", "([Ljava/lang/String;)V"), true, engine::Semantics::Jvm);
  ASSERT_EQ(r.answer, engine::Answer::No);
  const engine::Finding& f = r.findings.front();
  EXPECT_EQ(f.nonterm, engine::NonTermKind::Looping);
  EXPECT_EQ(f.where.line, 7);
  EXPECT_EQ(f.witness.args, std::vector<std::string>{""});
  EXPECT_EQ(f.semantics, engine::Semantics::Jvm);
  EXPECT_NE(f.confirmation.find("repeats the state"), std::string::npos) << f.confirmation;
  r = analyze(method("Faults", "divide", "(II)I"), false, engine::Semantics::Jvm);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].exception, "java/lang/ArithmeticException");
  EXPECT_EQ(r.findings[0].cause, engine::Cause::Runtime);
}

// WrapAround.main: forever for mathematical integers, not on the JVM.
TEST_F(SegEngineTest, AMathematicalProofIsNoJvmFinding) {
  const auto& main = method("WrapAround", "main", "([Ljava/lang/String;)V");
  engine::Result math = analyze(main, true, engine::Semantics::Math);
  ASSERT_EQ(math.answer, engine::Answer::No);
  EXPECT_EQ(math.findings.front().semantics, engine::Semantics::Math);
  EXPECT_TRUE(math.findings.front().replay.empty());  // no JVM asked
  engine::Result jvm = analyze(main, true, engine::Semantics::Jvm);
  EXPECT_EQ(jvm.answer, engine::Answer::Maybe);
  EXPECT_EQ(jvm.nonTerminating(), 0u);
}

}  // namespace
}  // namespace jhalt::nonterm
