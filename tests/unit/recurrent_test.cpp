// The recurrent-set analysis (issue 14, paper 003): the template domains,
// the search of §3 on paper 003's Example 1 and the Zune loop (compiled
// from tests/java/programs/Recurrent.java), the independent Lemma 1 check,
// and no set for a terminating loop.
#include <gtest/gtest.h>

#include "jhalt/clp/translate.h"
#include "jhalt/recurrent/check.h"
#include "jhalt/recurrent/domain.h"
#include "jhalt/recurrent/heap.h"
#include "jhalt/recurrent/loop.h"
#include "jhalt/recurrent/search.h"
#include "jhalt/recurrent/transfer.h"
#include "jhalt/smt/solver.h"
#include "test_classpath.h"

namespace jhalt::recurrent {
namespace {

TEST(TemplateDomain, OrderJoinWidenAndBestAbstraction) {
  smt::Context ctx;
  auto d = makeTemplateDomain(ctx, 2, Shape::Intervals);
  std::vector<smt::Term> x = intVars(ctx, "x", 2);
  Element a = d->abstract(x[0] >= 1 && x[0] <= 5 && x[1] == 0, x);
  Element b = d->abstract(x[0] >= 0 && x[1] >= 0, x);
  EXPECT_TRUE(d->leq(a, b));
  EXPECT_FALSE(d->leq(b, a));
  EXPECT_TRUE(d->leq(d->bottom(), a));
  EXPECT_EQ(d->join(a, b), b);
  EXPECT_EQ(d->text(a, {"i", "j"}), "i >= 1 && i <= 5 && j == 0");
  // The post of x0' = x0 + x1 from a: exactly [1, 5] again, not more.
  std::vector<smt::Term> y = intVars(ctx, "y", 2);
  Element post = d->abstract(d->formula(a, x) && y[0] == x[0] + x[1] && y[1] == x[1], y);
  EXPECT_EQ(post, a);
  // Widening drops the bound that grew.
  Element grown = d->abstract(x[0] >= 1 && x[0] <= 6 && x[1] == 0, x);
  EXPECT_EQ(d->text(d->widen(a, grown), {"i", "j"}), "i >= 1 && j == 0");
  EXPECT_TRUE(d->abstract(x[0] >= 1 && x[0] <= 0, x).bottom);
}

TEST(TemplateDomain, OctagonsKeepRelations) {
  smt::Context ctx;
  auto d = makeTemplateDomain(ctx, 2, Shape::Octagons);
  std::vector<smt::Term> x = intVars(ctx, "x", 2);
  Element e = d->abstract(x[0] >= 0 && x[1] >= x[0], x);
  EXPECT_EQ(d->text(e, {"a", "b"}), "a >= 0 && b >= 0 && a - b <= 0 && a + b >= 0");
}

class RecurrentLoops : public ::testing::Test {
 protected:
  RecurrentLoops() : cp_(test::testClassPath()), program_(cp_) {}

  // The loop of `method` of Recurrent, translated for termination proofs.
  Loop loopOf(const std::string& method, const std::string& desc, bool jvm) {
    const program::MethodInfo* m = program_.get("Recurrent").declaredMethod(method, desc);
    EXPECT_NE(m, nullptr);
    clp::TranslateOptions to;
    to.for_termination = true;
    to.int_overflow = jvm;
    clp_ = clp::translate(program_, *m, false, to);
    std::vector<std::string> notes;
    std::vector<Loop> loops = loopsOf(clp_, jvm, notes);
    EXPECT_EQ(loops.size(), 1u);
    return loops.empty() ? Loop{} : loops.front();
  }

  // The first recurrent set the search finds from every state.
  std::optional<std::string> search(const Loop& loop, bool jvm, SetCheck* check = nullptr) {
    smt::Context ctx;
    auto solver = smt::makeSolver(ctx, {});
    LoopFormulas f = formulasOf(ctx, loop, jvm);
    auto d = makeTemplateDomain(ctx, loop.arity(), Shape::Intervals);
    ClauseTransfer t(*d, f, *solver);
    StateGraph g(*d, t, SearchOptions{120});
    if (!g.findFirst({d->top()})) return std::nullopt;
    if (check) *check = checkRecurrentSet(*solver, loop, f, formulaOf(*d, g.recurrent(), f.x, ctx), "test");
    return textOf(*d, g.recurrent(), loop.vars);
  }

  classpath::ClassPath cp_;
  program::Program program_;
  clp::ClpProgram clp_;
};

TEST_F(RecurrentLoops, Example1OfPaper003) {
  Loop loop = loopOf("fig1", "(I)V", false);
  SetCheck check;
  std::optional<std::string> set = search(loop, false, &check);
  ASSERT_TRUE(set.has_value());
  EXPECT_TRUE(check.ok) << check.failure;
  // A part of the maximal set (1 <= x <= 60 or x >= 100), closed under post.
  EXPECT_NE(set->find("x"), std::string::npos);
  EXPECT_NE(check.smtlib.find("(define-fun R"), std::string::npos);
}

TEST_F(RecurrentLoops, TheZuneLoop) {
  Loop loop = loopOf("zune", "(I)I", false);
  SetCheck check;
  std::optional<std::string> set = search(loop, false, &check);
  ASSERT_TRUE(set.has_value());
  EXPECT_TRUE(check.ok) << check.failure;
  EXPECT_NE(set->find("days == 366"), std::string::npos) << *set;
}

TEST_F(RecurrentLoops, TheCheckRejectsASetThatIsNotClosed) {
  Loop loop = loopOf("fig1", "(I)V", false);
  smt::Context ctx;
  auto solver = smt::makeSolver(ctx, {});
  LoopFormulas f = formulasOf(ctx, loop, false);
  SetCheck wrong = checkRecurrentSet(*solver, loop, f, f.x[0] >= 1, "x >= 1");  // x = 99 leads to 0
  EXPECT_FALSE(wrong.ok);
  SetCheck exits = checkRecurrentSet(*solver, loop, f, f.x[0] >= 0, "x >= 0");  // x = 0 exits
  EXPECT_FALSE(exits.ok);
  SetCheck good = checkRecurrentSet(*solver, loop, f, f.x[0] >= 1 && f.x[0] <= 60, "1 <= x <= 60");
  EXPECT_TRUE(good.ok) << good.failure;
}

TEST_F(RecurrentLoops, NoSetForATerminatingLoop) {
  Loop loop = loopOf("down", "(II)V", false);
  EXPECT_FALSE(search(loop, false).has_value());
}

TEST_F(RecurrentLoops, OverflowIsAnExitOnTheJvm) {
  // x > 0, y >= 0 is recurrent over the integers, not on the JVM.
  Loop math = loopOf("grow", "(II)V", false);
  smt::Context ctx;
  auto solver = smt::makeSolver(ctx, {});
  LoopFormulas f = formulasOf(ctx, math, false);
  EXPECT_TRUE(checkRecurrentSet(*solver, math, f, f.x[0] >= 1 && f.x[1] >= 0, "math").ok);
  Loop jvm = loopOf("grow", "(II)V", true);
  LoopFormulas g = formulasOf(ctx, jvm, true);
  EXPECT_FALSE(checkRecurrentSet(*solver, jvm, g, g.x[0] >= 1 && g.x[1] >= 0, "jvm").ok);
}


// Sets over the heap (heap.h): a closed graph from an abstracted loop-head
// state of a concrete run (tests/java/programs/RecurrentHeap.java).
class HeapSetsTest : public ::testing::Test {
 protected:
  HeapSetsTest() : cp_(test::testClassPath()), program_(cp_) {}

  std::vector<HeapSet> setsOf(const std::string& name, const std::string& desc, engine::Semantics sem) {
    const program::MethodInfo* m = program_.get("RecurrentHeap").declaredMethod(name, desc);
    EXPECT_NE(m, nullptr);
    engine::Entry entry{program_, *m, false, sem};
    engine::Budget budget(60, 1, int64_t{1} << 30);
    HeadFilter none = [](const program::MethodInfo&, uint32_t) { return false; };
    return heapRecurrentSets(entry, budget, HeapOptions{}, none, nullptr).sets;
  }

  classpath::ClassPath cp_;
  program::Program program_;
};

TEST_F(HeapSetsTest, ACycleIsNeverLeft) {
  for (engine::Semantics sem : {engine::Semantics::Jvm, engine::Semantics::Math}) {
    std::vector<HeapSet> sets = setsOf("walk", "(LRecurrentHeap$Node;)I", sem);
    ASSERT_EQ(sets.size(), 1u);
    EXPECT_EQ(sets[0].text, "p == #1 && #1 is a RecurrentHeap.Node {next = #1}");
    EXPECT_EQ(sets[0].witness.describe(), "(o1001=Node{next=o1001})");
    EXPECT_GT(sets[0].states, 0u);
  }
}

TEST_F(HeapSetsTest, TheSetKeepsWhatTheExitTests) {
  std::vector<HeapSet> find = setsOf("find", "(LRecurrentHeap$Node;)LRecurrentHeap$Node;", engine::Semantics::Jvm);
  ASSERT_EQ(find.size(), 1u);
  EXPECT_EQ(find[0].text, "y == #1 && #1 is a RecurrentHeap.Node {next = #1, found = false}");
  // value != 0 is needed: the set keeps the side of zero the run had.
  std::vector<HeapSet> zero = setsOf("untilZero", "(LRecurrentHeap$Node;)V", engine::Semantics::Jvm);
  ASSERT_EQ(zero.size(), 1u);
  EXPECT_EQ(zero[0].text, "p == #1 && #1 is a RecurrentHeap.Node {next = #1, value >= 1}");
}

TEST_F(HeapSetsTest, NoSetForLoopsThatEndOnACycle) {
  for (engine::Semantics sem : {engine::Semantics::Jvm, engine::Semantics::Math}) {
    EXPECT_TRUE(setsOf("bounded", "(LRecurrentHeap$Node;I)V", sem).empty());
    EXPECT_TRUE(setsOf("cut", "(LRecurrentHeap$Node;)V", sem).empty());
  }
}

}  // namespace
}  // namespace jhalt::recurrent
