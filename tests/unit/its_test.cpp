// Integer transition systems, ranking-function synthesis and the exact
// re-check of its proofs (issue 13), on hand-built systems.
#include <gtest/gtest.h>

#include <tuple>

#include "jhalt/clp/translate.h"
#include "jhalt/its/chain.h"
#include "jhalt/its/check.h"
#include "jhalt/its/engine.h"
#include "jhalt/its/from_clp.h"
#include "jhalt/its/from_seg.h"
#include "jhalt/seg/builder.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/its/proof.h"
#include "jhalt/its/rank.h"
#include "test_classpath.h"
#include "test_engine.h"

namespace jhalt::its {
namespace {

using clp::LinExpr;
LinExpr v(Var k) { return LinExpr::var(k); }
LinExpr n(int64_t k) { return LinExpr::num(k); }

// start -> l(vars...) with no guard; returns l.
LocId addLoop(Its& its, std::vector<std::string> vars) {
  LocId l = its.add(Location{Location::Kind::Program, "l", std::move(vars), nullptr, 0, {}});
  Transition init;
  init.kind = Transition::Kind::Init;
  init.from = its.start;
  init.to = l;
  its.add(std::move(init));
  return l;
}

TransId addStep(Its& its, LocId from, LocId to, std::vector<LinCon> guard, uint32_t temporaries = 0) {
  Transition t;
  t.from = from;
  t.to = to;
  t.guard = std::move(guard);
  t.num_vars = static_cast<uint32_t>(its.locs[from].arity() + its.locs[to].arity() + temporaries);
  return its.add(std::move(t));
}

struct Proved {
  RankResult rank;
  CheckResult check;
};

Proved proveAndCheck(const Its& its, bool jvm = false) {
  test::Smt smt;
  RankOptions o;
  o.jvm = jvm;
  Proved p{prove(its, *smt, o), {}};
  if (p.rank.proof) p.check = check(its, *p.rank.proof);
  return p;
}

// while (x >= 1) x = x - 1;
Its countDown() {
  Its its = Its::withStartAndTop();
  LocId l = addLoop(its, {"x"});
  addStep(its, l, l, {clp::ge(v(0), n(1)), clp::eq(v(1), v(0) - n(1))});
  return its;
}

TEST(Its, ACountDownHasARankingFunctionTheCheckerAccepts) {
  Its its = countDown();
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  ASSERT_EQ(p.rank.proof->rounds.size(), 1u);
  const LinearFn& f = p.rank.proof->rounds[0].f.at(2);
  EXPECT_GT(f.coef[0], 0);  // f grows with x
  EXPECT_TRUE(p.check.ok) << p.check.error;
  EXPECT_EQ(p.check.certificates, 2u);  // decrease and bound
  EXPECT_NE(toText(its).find("t2 [step] l -> l : x >= 1, x' = x - 1"), std::string::npos) << toText(its);
}

TEST(Its, LoopsThatRunForeverOrHavocHaveNoProof) {
  Its up = Its::withStartAndTop();
  LocId l = addLoop(up, {"x"});
  addStep(up, l, l, {clp::ge(v(0), n(1)), clp::eq(v(1), v(0) + n(1))});
  Proved p = proveAndCheck(up);
  EXPECT_FALSE(p.rank.proof);
  EXPECT_NE(p.rank.why_not.find("no linear or multiphase (up to 3 phases) ranking function"), std::string::npos)
      << p.rank.why_not;
  Its havoc = Its::withStartAndTop();
  l = addLoop(havoc, {"x"});
  addStep(havoc, l, l, {clp::ge(v(0), n(1))});  // x' unconstrained
  EXPECT_FALSE(proveAndCheck(havoc).rank.proof);
}

// A gap reaches top, whose loop is never ranked: no proof.
TEST(Its, AReachableGapMeansNoProof) {
  Its its = countDown();
  Transition gap;
  gap.kind = Transition::Kind::Gap;
  gap.from = 2;
  gap.to = its.top;
  gap.origin = "an unsupported instruction";
  its.add(std::move(gap));
  EXPECT_FALSE(proveAndCheck(its).rank.proof);
}

// if (x > 0) x--; else if (y > 0) y--;  (two phases: x, then y)
TEST(Its, TwoPhasesNeedALexicographicProof) {
  Its its = Its::withStartAndTop();
  LocId l = addLoop(its, {"x", "y"});
  addStep(its, l, l, {clp::gt(v(0), n(0)), clp::eq(v(2), v(0) - n(1)), clp::eq(v(3), v(1))});
  addStep(its, l, l, {clp::le(v(0), n(0)), clp::gt(v(1), n(0)), clp::eq(v(2), v(0)), clp::eq(v(3), v(1) - n(1))});
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_TRUE(p.check.ok) << p.check.error;
  EXPECT_GE(p.rank.proof->rounds.size(), 1u);
}

// while (x >= 0) { x = x + y; y = y - 1; }: no linear (or lexicographic:
// one transition) ranking function, a multiphase one <y + 1, x>.
Its twoPhaseCounter() {
  Its its = Its::withStartAndTop();
  LocId l = addLoop(its, {"x", "y"});
  addStep(its, l, l, {clp::ge(v(0), n(0)), clp::eq(v(2), v(0) + v(1)), clp::eq(v(3), v(1) - n(1))});
  return its;
}

TEST(Its, ACounterThatChangesPhaseHasAMultiphaseRankingFunction) {
  Its its = twoPhaseCounter();
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  ASSERT_EQ(p.rank.proof->rounds.size(), 1u);
  const Round& r = p.rank.proof->rounds[0];
  EXPECT_EQ(r.phases.size(), 1u);
  EXPECT_TRUE(p.check.ok) << p.check.error;
  EXPECT_EQ(p.check.certificates, 3u);  // phase 1, phase 2, bound
  // One phase fewer is not enough.
  test::Smt smt;
  RankOptions one;
  one.max_phases = 1;
  EXPECT_FALSE(prove(its, *smt, one).proof);
  // The exact check rejects a tampered multiphase proof.
  Proof bad = *p.rank.proof;
  int64_t& a = bad.rounds[0].phases[0].at(2).coef[1];  // g1 must grow with y to decrease
  ASSERT_GT(a, 0);
  a = -a;
  EXPECT_FALSE(check(its, bad).ok);
  Proof weak = *p.rank.proof;
  weak.rounds[0].phase_decrease.clear();
  EXPECT_FALSE(check(its, weak).ok);
}

// while (c >= 0) { t = any value below x; x = t; c = c + t; } with the
// loop body at a second location (as a call between cut points makes it):
// the multiphase round has a strict and a weak transition.
TEST(Its, AMultiphaseRoundAcrossTwoLocations) {
  Its its = Its::withStartAndTop();
  LocId a = addLoop(its, {"x", "c"});
  LocId b = its.add(Location{Location::Kind::Program, "body", {"x", "c"}, nullptr, 0, {}});
  addStep(its, a, b, {clp::ge(v(1), n(0)), clp::eq(v(2), v(0)), clp::eq(v(3), v(1))});
  addStep(its, b, a, {clp::le(v(4), v(0) - n(1)), clp::eq(v(2), v(4)), clp::eq(v(3), v(1) + v(4))}, 1);
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_TRUE(p.check.ok) << p.check.error;
  bool multiphase = false;
  for (const Round& r : p.rank.proof->rounds) multiphase = multiphase || !r.phases.empty();
  EXPECT_TRUE(multiphase);
}

// Three phases: while (x >= 0) { x = x + y; y = y + z; z = z - 1; }
TEST(Its, ThreePhases) {
  Its its = Its::withStartAndTop();
  LocId l = addLoop(its, {"x", "y", "z"});
  addStep(its, l, l,
          {clp::ge(v(0), n(0)), clp::eq(v(3), v(0) + v(1)), clp::eq(v(4), v(1) + v(2)), clp::eq(v(5), v(2) - n(1))});
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_EQ(p.rank.proof->rounds[0].phases.size(), 2u);
  EXPECT_TRUE(p.check.ok) << p.check.error;
}

// for (i = 0; i < n; i++) for (j = 0; j < i; j++) ;  (nested: two locations)
TEST(Its, NestedLoopsAreRankedPartByPart) {
  Its its = Its::withStartAndTop();
  LocId outer = addLoop(its, {"i", "n"});
  LocId inner = its.add(Location{Location::Kind::Program, "inner", {"i", "j", "n"}, nullptr, 0, {}});
  // outer -> inner: i < n, j' = 0
  addStep(its, outer, inner, {clp::lt(v(0), v(1)), clp::eq(v(2), v(0)), clp::eq(v(3), n(0)), clp::eq(v(4), v(1))});
  // inner -> inner: j < i, j' = j + 1
  addStep(its, inner, inner,
          {clp::lt(v(1), v(0)), clp::eq(v(3), v(0)), clp::eq(v(4), v(1) + n(1)), clp::eq(v(5), v(2))});
  // inner -> outer: j >= i, i' = i + 1
  addStep(its, inner, outer, {clp::ge(v(1), v(0)), clp::eq(v(3), v(0) + n(1)), clp::eq(v(4), v(2))});
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_TRUE(p.check.ok) << p.check.error;
  EXPECT_GE(p.rank.proof->rounds.size(), 2u);
}

TEST(Its, InfeasibleTransitionsAreDeadWithACertificate) {
  Its its = Its::withStartAndTop();
  LocId l = addLoop(its, {"x"});
  addStep(its, l, l, {clp::ge(v(0), n(1)), clp::le(v(0), n(0)), clp::eq(v(1), v(0) + n(1))});
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_EQ(p.rank.proof->dead.size(), 1u);
  EXPECT_TRUE(p.rank.proof->rounds.empty());
  EXPECT_TRUE(p.check.ok) << p.check.error;
}

// Dead transitions whose infeasibility takes more than two of their rows
// (x >= y, y >= z + 1, z >= x; and 2x = 1 over the rationals: no
// certificate, but no run either) and an invariant that is a sum (y' = x + z
// from x, z >= 0) take the solver's rational certificates, made integers.
TEST(Its, CertificatesFromTheSolverAreMadeIntegersTheCheckerAccepts) {
  Its its = Its::withStartAndTop();
  LocId l = addLoop(its, {"x", "y", "z"});
  addStep(its, l, l, {clp::ge(v(0), v(1)), clp::ge(v(1), v(2) + n(1)), clp::ge(v(2), v(0)),
                      clp::eq(v(3), v(0) - n(1)), clp::eq(v(4), v(1)), clp::eq(v(5), v(2))});
  addStep(its, l, l, {clp::ge(v(0), n(0)), clp::eq(v(3), v(0) + n(1)), clp::eq(v(4), v(1)), clp::eq(v(5), v(2))});
  Proved p = proveAndCheck(its);
  EXPECT_FALSE(p.rank.proof) << "x grows without bound on the second step";

  Its sum = Its::withStartAndTop();
  LocId pre = addLoop(sum, {"x", "z", "y"});
  LocId loop = sum.add(Location{Location::Kind::Program, "loop", {"x", "z", "y"}, nullptr, 0, {}});
  // pre -> loop: x >= 0, z >= 0, y' = x + z, x' = x, z' = z.
  addStep(sum, pre, loop, {clp::ge(v(0), n(0)), clp::ge(v(1), n(0)), clp::eq(v(3), v(0)), clp::eq(v(4), v(1)),
                           clp::eq(v(5), v(0) + v(1))});
  // while (y >= 1 || <dead>) y = y - 1 - x: ranked by y only with y >= 0
  // at the loop head and x >= 0 (invariants); a second step is dead by
  // three rows (x >= z + 1, z >= y, y >= x).
  addStep(sum, loop, loop, {clp::ge(v(2), n(1)), clp::eq(v(3), v(0)), clp::eq(v(4), v(1)),
                            clp::eq(v(5), v(2) - v(0) - n(1))});
  addStep(sum, loop, loop, {clp::ge(v(0), v(1) + n(1)), clp::ge(v(1), v(2)), clp::ge(v(2), v(0)),
                            clp::eq(v(3), v(0)), clp::eq(v(4), v(1)), clp::eq(v(5), v(2) + n(1))});
  Proved q = proveAndCheck(sum);
  ASSERT_TRUE(q.rank.proof) << q.rank.why_not;
  EXPECT_TRUE(q.check.ok) << q.check.error;
  EXPECT_FALSE(q.rank.proof->dead.empty());
  for (const auto& [t, f] : q.rank.proof->dead) EXPECT_EQ(f.scale, 0);
}

// A lemma of the system (proof.h): the checker verifies each of its paths
// before anything else, and rejects a wrong certificate, a path without one
// and a path to top.
TEST(Its, TheCheckerVerifiesTheSystemsLemmas) {
  Its its = countDown();
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.check.ok) << p.check.error;
  Lemma good;
  good.text = "|result| <= |x|";
  good.paths = Its::withStartAndTop();
  LocId entry = good.paths.add(Location{Location::Kind::Program, "entry", {"x"}, nullptr, 0, {}});
  LocId ret = good.paths.add(Location{Location::Kind::Program, "return", {"r"}, nullptr, 0, {}});
  // the path says r <= x; with the negation x + 1 <= r appended, infeasible
  TransId t = addStep(good.paths, entry, ret, {clp::le(v(1), v(0)), clp::le(v(0) + n(1), v(1))});
  good.infeasible[t] = Farkas{{1, 1}, 0};
  its.lemmas = {std::make_shared<Lemma>(good)};
  CheckResult ok = check(its, *p.rank.proof);
  EXPECT_TRUE(ok.ok) << ok.error;
  EXPECT_EQ(ok.certificates, p.check.certificates + 1);
  Lemma wrong = good;
  wrong.infeasible[t] = Farkas{{1, 0}, 0};
  its.lemmas = {std::make_shared<Lemma>(wrong)};
  EXPECT_FALSE(check(its, *p.rank.proof).ok);
  Lemma missing = good;
  addStep(missing.paths, entry, ret, {clp::le(v(0) + n(1), v(1))});
  its.lemmas = {std::make_shared<Lemma>(missing)};
  EXPECT_FALSE(check(its, *p.rank.proof).ok) << "a path without a certificate";
  Lemma gap = good;
  TransId g = addStep(gap.paths, entry, gap.paths.top, {clp::le(v(0), n(-1)), clp::ge(v(0), n(0))});
  gap.infeasible[g] = Farkas{{1, 1}, 0};
  its.lemmas = {std::make_shared<Lemma>(gap)};
  CheckResult top = check(its, *p.rank.proof);
  EXPECT_FALSE(top.ok);
  EXPECT_NE(top.error.find("top"), std::string::npos) << top.error;
}

// gcd by subtraction (TPDB Aprove_09/GCD): at A(a, b) an iteration goes to
// B unless a == b; B subtracts b from a while a > b, then swaps. No linear
// function ranks A -> B -> A when a < b: once the subtraction is ranked,
// "a > b into B" can be followed by nothing left (B's exit needs a <= b),
// and after that neither can the exit (A's way back into B needs a < b).
Its gcdBySubtraction() {
  Its its = Its::withStartAndTop();
  LocId a = addLoop(its, {"a", "b"});
  LocId b = its.add(Location{Location::Kind::Program, "m", {"a", "b"}, nullptr, 0, {}});
  auto same = std::vector<LinCon>{clp::eq(v(2), v(0)), clp::eq(v(3), v(1))};
  auto with = [](std::vector<LinCon> g, const std::vector<LinCon>& more) {
    g.insert(g.end(), more.begin(), more.end());
    return g;
  };
  addStep(its, a, b, with({clp::ge(v(0), n(1)), clp::ge(v(1), n(1)), clp::lt(v(0), v(1))}, same));
  addStep(its, a, b, with({clp::ge(v(0), n(1)), clp::ge(v(1), n(1)), clp::gt(v(0), v(1))}, same));
  addStep(its, a, a, {clp::ge(v(1), n(1)), clp::eq(v(0), v(1)), clp::eq(v(2), v(0)), clp::eq(v(3), n(0))});
  addStep(its, b, b, {clp::ge(v(1), n(1)), clp::gt(v(0), v(1)), clp::eq(v(2), v(0) - v(1)), clp::eq(v(3), v(1))});
  addStep(its, b, a, {clp::ge(v(1), n(1)), clp::ge(v(0), n(1)), clp::le(v(0), v(1)), clp::eq(v(2), v(1)), clp::eq(v(3), v(0))});
  return its;
}

TEST(Its, StepsNothingCanFollowAreCutAndTheCheckerVerifiesTheCuts) {
  Its its = gcdBySubtraction();
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_FALSE(p.rank.proof->cuts.empty());
  EXPECT_TRUE(p.check.ok) << p.check.error;
  EXPECT_NE(proofText(its, *p.rank.proof).find("no step left in its loop can follow"), std::string::npos);
  {
    Proof bad = *p.rank.proof;  // without the cuts a cycle is left
    bad.cuts.clear();
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    Proof bad = *p.rank.proof;  // a certificate left out
    bad.cuts.back().next.clear();
    bad.cuts.back().paths.clear();
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    Proof bad = *p.rank.proof;  // a certificate that proves nothing
    for (int64_t& m : bad.cuts.front().next.begin()->second.mult) m = 0;
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    Proof bad = *p.rank.proof;  // made before the round it needs
    for (Cut& c : bad.cuts) c.before_round = 0;
    bad.rounds.clear();
    EXPECT_FALSE(check(its, bad).ok);
  }
  // A step that its loop can follow is never cut.
  Its count = countDown();
  Proof bogus;
  bogus.cuts.push_back(Cut{2, 0, {}, {}});
  EXPECT_FALSE(check(count, bogus).ok);
}

// The checker trusts nothing of the solver: every tampered proof fails.
TEST(Its, TheCheckerRejectsTamperedProofs) {
  Its its = countDown();
  test::Smt smt;
  RankResult r = prove(its, *smt);
  ASSERT_TRUE(r.proof);
  ASSERT_TRUE(check(its, *r.proof).ok);
  {
    Proof bad = *r.proof;
    bad.rounds.clear();
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    Proof bad = *r.proof;
    Farkas& f = bad.rounds[0].decrease.begin()->second;
    for (int64_t& m : f.mult) m += 1;
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    Proof bad = *r.proof;
    bad.rounds[0].f.at(2).coef[0] = -bad.rounds[0].f.at(2).coef[0];
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    Proof bad = *r.proof;
    bad.rounds[0].bounded.clear();
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    Proof bad = *r.proof;  // a live transition claimed dead
    bad.dead[2] = Farkas{{0, 0}, 0};
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    Proof bad = *r.proof;  // a transition that does not exist
    bad.dead[7] = Farkas{{}, 0};
    EXPECT_FALSE(check(its, bad).ok);
  }
  {
    // 1 <= x <= 5 is feasible; -1*(x <= 5) - 1*(-x <= -1) sums to 0 <= -4,
    // which would "prove" it infeasible if negative multipliers passed.
    Its window = Its::withStartAndTop();
    LocId l = addLoop(window, {"x"});
    TransId t = addStep(window, l, l, {clp::le(v(0), n(5)), clp::ge(v(0), n(1)), clp::eq(v(1), v(0) - n(1))});
    Proof bad;
    bad.dead[t] = Farkas{{-1, -1, 0}, 0};
    CheckResult c = check(window, bad);
    EXPECT_FALSE(c.ok);
    EXPECT_NE(c.error.find("negative multiplier"), std::string::npos) << c.error;
  }
}

// if (y > 0) while (x >= z) z = z + y; (PastaA9): no linear ranking
// function without the invariant y >= 1 at the loop.
Its needsInvariant() {
  Its its = Its::withStartAndTop();
  LocId pre = addLoop(its, {"x", "y", "z"});
  LocId l = its.add(Location{Location::Kind::Program, "loop", {"x", "y", "z"}, nullptr, 0, {}});
  addStep(its, pre, l, {clp::ge(v(1), n(1)), clp::eq(v(3), v(0)), clp::eq(v(4), v(1)), clp::eq(v(5), v(2))});
  addStep(its, l, l, {clp::ge(v(0), v(2)), clp::eq(v(3), v(0)), clp::eq(v(4), v(1)), clp::eq(v(5), v(2) + v(1))});
  return its;
}

TEST(Its, HoudiniInvariantsMakeAGuardStrongEnough) {
  Its its = needsInvariant();
  test::Smt smt;
  RankOptions no;
  no.invariants = false;
  EXPECT_FALSE(prove(its, *smt, no).proof);
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_TRUE(p.check.ok) << p.check.error;
  const auto& inv = p.rank.proof->facts.inv;
  ASSERT_GT(inv.size(), 3u);
  bool y_positive = false;
  for (const LinCon& c : inv[3]) y_positive = y_positive || c == clp::ge(v(1), n(1));
  EXPECT_TRUE(y_positive) << "the loop's invariant has y >= 1";
  EXPECT_FALSE(p.rank.proof->inv_certs.empty());
  // The checker re-checks the invariants: without their certificates, or
  // with an atom the entry does not establish, it rejects the proof.
  Proof bad = *p.rank.proof;
  bad.inv_certs.clear();
  EXPECT_FALSE(check(its, bad).ok);
  bad = *p.rank.proof;
  bad.facts.inv[3].push_back(clp::ge(v(0), n(5)));  // x >= 5: the entry does not say so
  bad.inv_certs.push_back(InvCert{3, static_cast<uint32_t>(bad.facts.inv[3].size() - 1), Farkas{{}, 1}});
  EXPECT_FALSE(check(its, bad).ok);
  bad = *p.rank.proof;
  bad.facts.inv[0].push_back(clp::ge(v(0), n(0)));  // start has no variables, no invariant
  EXPECT_FALSE(check(its, bad).ok);
}

// Under JVM semantics each variable is an int and an int operation that
// leaves the range is a transition to top: it must be infeasible.
TEST(Its, JvmProofsExcludeOverflow) {
  auto loop = [](int64_t step, bool strict_bound) {
    // for (i = 0; i < n (or <= n); i += step), with the overflow of i + step.
    Its its = Its::withStartAndTop();
    LocId l = addLoop(its, {"i", "n"});
    LinCon bound = strict_bound ? clp::lt(v(0), v(1)) : clp::le(v(0), v(1));
    addStep(its, l, l, {bound, clp::eq(v(2), v(0) + n(step)), clp::eq(v(3), v(1))});
    Transition o;
    o.kind = Transition::Kind::Overflow;
    o.from = l;
    o.to = its.top;
    o.guard = {bound, clp::ge(v(0) + n(step), n(int64_t{1} << 31))};
    o.origin = "i + step may overflow";
    its.add(std::move(o));
    return its;
  };
  for (bool jvm : {false, true}) {
    Proved by_one = proveAndCheck(loop(1, true), jvm);  // i < n: i + 1 fits
    EXPECT_TRUE(by_one.rank.proof && by_one.check.ok) << jvm << by_one.rank.why_not << by_one.check.error;
  }
  EXPECT_TRUE(proveAndCheck(loop(1, false), false).rank.proof);  // i <= n ends over the integers ...
  Proved wraps = proveAndCheck(loop(1, false), true);            // ... but not for n = MAX_VALUE
  EXPECT_FALSE(wraps.rank.proof);
  EXPECT_NE(wraps.rank.why_not.find("overflow"), std::string::npos) << wraps.rank.why_not;
  EXPECT_FALSE(proveAndCheck(loop(2, true), true).rank.proof);  // i += 2 may pass MAX_VALUE - 1
  // A JVM proof is re-checked with the ranges: without them the overflow
  // transition is not dead.
  Proved jp = proveAndCheck(loop(1, true), true);
  ASSERT_TRUE(jp.rank.proof);
  EXPECT_EQ(jp.rank.proof->dead.count(3), 1u);  // t3, the overflow
  Proof math = *jp.rank.proof;
  math.facts.jvm = false;
  EXPECT_FALSE(check(loop(1, true), math).ok);
}

// From bytecode: a recursion becomes call and continue edges; what the
// translation does not follow becomes a gap to top, never a missing edge.
class FromClpTest : public ::testing::Test {
 protected:
  FromClpTest() : cp_(test::testClassPath()), program_(cp_) {}
  Its its(const std::string& name, const std::string& desc) {
    clp::TranslateOptions o;
    o.for_termination = true;
    const program::MethodInfo* m = program_.get("TermShapes").declaredMethod(name, desc);
    EXPECT_NE(m, nullptr);
    return fromClp(clp::translate(program_, *m, false, o), false);
  }
  static size_t count(const Its& its, Transition::Kind k) {
    size_t n = 0;
    for (const Transition& t : its.trans) n += t.kind == k;
    return n;
  }
  classpath::ClassPath cp_;
  program::Program program_;
};

TEST_F(FromClpTest, ARecursionHasCallAndContinueEdgesAndAProof) {
  Its fact = its("fact", "(I)I");
  EXPECT_EQ(count(fact, Transition::Kind::Call), 1u) << toText(fact);
  EXPECT_EQ(count(fact, Transition::Kind::Continue), 1u);
  EXPECT_EQ(count(fact, Transition::Kind::Gap), 0u) << toText(fact);
  Proved p = proveAndCheck(fact);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not << "\n" << toText(fact);
  EXPECT_TRUE(p.check.ok) << p.check.error;
}

TEST_F(FromClpTest, WhatIsNotTranslatedIsAGap) {
  for (auto [name, desc, why] : {std::tuple{"safeCaught", "(I)I", "exception handlers"},
                                 std::tuple{"wideDown", "(J)J", "long"},
                                 std::tuple{"sizes", "(Ljava/util/ArrayList;I)I", "not unique"}}) {
    Its g = its(name, desc);
    bool found = false;
    for (const Transition& t : g.trans)
      found = found || (t.kind == Transition::Kind::Gap && t.origin.find(why) != std::string::npos);
    EXPECT_TRUE(found) << name << "\n" << toText(g);
    RankResult r = proveAndCheck(g).rank;
    EXPECT_FALSE(r.proof) << name;
    EXPECT_NE(r.why_not.find("does not follow"), std::string::npos) << r.why_not;
  }
}

// A class initializer the code may trigger is a start of its own: one that
// never ends rules out a proof.
TEST_F(FromClpTest, ClassInitializersAreStarts) {
  Its stuck = its("initializes", "(I)I");
  EXPECT_EQ(count(stuck, Transition::Kind::Init), 2u) << toText(stuck);  // the entry and Stuck.<clinit>
  EXPECT_FALSE(proveAndCheck(stuck).rank.proof);
  Its table = its("withTable", "(I)I");
  EXPECT_TRUE(proveAndCheck(table).rank.proof);
}

}  // namespace
}  // namespace jhalt::its

namespace jhalt::its {
namespace {

// Past the engine's deadline the graph's translation and the chaining give
// up with a reason, never a system (Distances took 16 s past its limit).
// The complete symbolic execution graph of a method of TermShapes.
struct ShapesGraph {
  ShapesGraph(program::Program& program, const char* name, const char* desc) : types(program), ev(program, types, alloc) {
    const program::MethodInfo* m = program.get("TermShapes").declaredMethod(name, desc);
    complete = m && seg::buildGraph(g, ev.methodEntry(*m), ev, seg::BuildOptions{}).status ==
                        seg::BuildResult::Status::Complete;
  }
  state::TypeSystem types;
  state::RefAllocator alloc;
  seg::Evaluator ev;
  seg::Graph g;
  bool complete = false;
};

TEST_F(FromClpTest, TranslationAndChainingStopAtTheDeadline) {
  ShapesGraph sg(program_, "fact", "(I)I");
  ASSERT_TRUE(sg.complete);
  seg::Graph& g = sg.g;
  state::TypeSystem& types = sg.types;
  SegItsOptions o;
  EXPECT_TRUE(fromSeg(g, types, o).why_not.empty());
  o.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  EXPECT_NE(fromSeg(g, types, o).why_not.find("out of time"), std::string::npos);
  Its loop = Its::withStartAndTop();  // l -> m -> l, m chained away
  LocId l = addLoop(loop, {"x"});
  LocId mid = loop.add(Location{Location::Kind::Program, "m", {"y"}, nullptr, 0, {}});
  addStep(loop, l, mid, {clp::ge(v(0), n(1)), clp::eq(v(1), v(0) - n(1))});
  addStep(loop, mid, l, {clp::eq(v(1), v(0))});
  std::vector<bool> keep(loop.locs.size(), false);
  keep[l] = true;
  EXPECT_TRUE(chain(loop, keep, 100).why_not.empty());
  EXPECT_NE(chain(loop, keep, 100, o.deadline).why_not.find("out of time"), std::string::npos);
}

// A product of two variables gets linear bounds from their intervals
// (mathematical integers only): y = y * y with y >= 2 grows.
TEST_F(FromClpTest, ProductsGetBoundsFromTheFactorsIntervals) {
  ShapesGraph sg(program_, "squares", "(I)I");
  ASSERT_TRUE(sg.complete);
  seg::Graph& g = sg.g;
  state::TypeSystem& types = sg.types;
  SegIts math = fromSeg(g, types, SegItsOptions{});
  ASSERT_TRUE(math.why_not.empty()) << math.why_not;
  Proved p = proveAndCheck(math.its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not << "\n" << toText(math.its);
  EXPECT_TRUE(p.check.ok) << p.check.error;
  // Under JVM semantics the product is unconstrained (it may wrap).
  SegItsOptions jvm;
  jvm.jvm = true;
  SegIts wrapped = fromSeg(g, types, jvm);
  ASSERT_TRUE(wrapped.why_not.empty()) << wrapped.why_not;
  EXPECT_FALSE(proveAndCheck(wrapped.its, true).rank.proof) << toText(wrapped.its);
}

// Chaining (chain.h): l -> m -> l with m removed gives one self-loop on l
// whose guard is the composition; the middle location's variable and the
// temporaries fixed by equations are substituted away.
TEST(ItsChain, ComposesThroughRemovedLocations) {
  Its its = Its::withStartAndTop();
  LocId l = addLoop(its, {"x"});
  LocId m = its.add(Location{Location::Kind::Program, "m", {"y"}, nullptr, 0, {}});
  addStep(its, l, m, {clp::ge(v(0), n(1)), clp::eq(v(1), v(0) - n(1))});  // y' = x - 1
  addStep(its, m, l, {clp::eq(v(1), v(0))});                              // x' = y
  addStep(its, m, its.top, {clp::ge(v(0), n(100))});                    // a gap from m
  std::vector<bool> keep(its.locs.size(), false);
  keep[l] = true;
  Chained c = chain(its, keep, 100);
  ASSERT_TRUE(c.why_not.empty()) << c.why_not;
  EXPECT_EQ(c.its.locs.size(), 3u);  // start, top, l
  EXPECT_EQ(c.location_of[m], -1);
  const LocId cl = static_cast<LocId>(c.location_of[l]);
  size_t loops = 0, gaps = 0;
  for (const Transition& t : c.its.trans) {
    if (t.from == cl && t.to == cl) {
      ++loops;
      EXPECT_EQ(t.num_vars, 2u) << "the middle variable is substituted away";
      // x >= 1 and x' = x - 1 remain (in some form).
      EXPECT_EQ(t.guard.size(), 2u);
    }
    if (t.from == cl && t.to == c.its.top) ++gaps;
  }
  EXPECT_EQ(loops, 1u);
  EXPECT_EQ(gaps, 1u) << "the gap through the removed location stays reachable";
  Proved p = proveAndCheck(c.its);
  EXPECT_FALSE(p.rank.proof) << "the gap to top must keep the proof from succeeding";
}

TEST(ItsChain, DropsInfeasibleCompositionsAndRejectsUnkeptCycles) {
  Its its = Its::withStartAndTop();
  LocId l = addLoop(its, {"x"});
  LocId m = its.add(Location{Location::Kind::Program, "m", {"y"}, nullptr, 0, {}});
  addStep(its, l, m, {clp::eq(v(1), n(0))});        // y' = 0
  addStep(its, m, l, {clp::eq(v(0), n(1))});        // needs y = 1: constant false after substitution
  std::vector<bool> keep(its.locs.size(), false);
  keep[l] = true;
  Chained c = chain(its, keep, 100);
  ASSERT_TRUE(c.why_not.empty());
  for (const Transition& t : c.its.trans) EXPECT_FALSE(t.from == t.to && t.from != c.its.top);
  // m -> m: a cycle through no kept location is refused, never dropped.
  addStep(its, m, m, {});
  Chained bad = chain(its, keep, 100);
  EXPECT_FALSE(bad.why_not.empty());
}

// start -> a -> b -> l, l's loop while i != n (i <= n - 1 or i >= n + 1),
// i' = i + 1. Through a and b (as through the instance edges of unrolled
// iterations) i = 0 and n >= 0 arrive at l; b keeps i <= n (a difference
// of two variables), l's candidates have it as a guard's weak form.
Its notEqualLoopBehindAChain() {
  Its its = Its::withStartAndTop();
  LocId a = addLoop(its, {"i", "n"});
  LocId b = its.add(Location{Location::Kind::Program, "b", {"i", "n"}, nullptr, 0, {}});
  LocId l = its.add(Location{Location::Kind::Program, "l", {"i", "n"}, nullptr, 0, {}});
  addStep(its, a, b, {clp::eq(v(0), n(0)), clp::ge(v(1), n(0)), clp::eq(v(2), v(0)), clp::eq(v(3), v(1))});
  addStep(its, b, l, {clp::eq(v(2), v(0)), clp::eq(v(3), v(1))});
  addStep(its, l, l, {clp::le(v(0), v(1) - n(1)), clp::eq(v(2), v(0) + n(1)), clp::eq(v(3), v(1))});
  addStep(its, l, l, {clp::ge(v(0), v(1) + n(1)), clp::eq(v(2), v(0) + n(1)), clp::eq(v(3), v(1))});
  return its;
}

// The loop's `i >= n + 1` branch is infeasible only under the invariant
// i <= n, the weak form of the other branch's guard i <= n - 1; Houdini
// proposes it and keeps it (the entry has i = 0 <= n, each step keeps it).
TEST(Its, AStrictGuardsWeakFormIsAnInvariantCandidate) {
  Its its = notEqualLoopBehindAChain();
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_TRUE(p.check.ok) << p.check.error;
  bool weak = false;
  for (const LinCon& c : p.rank.proof->facts.inv.at(4)) weak = weak || c == clp::le(v(0), v(1));
  EXPECT_TRUE(weak) << "the loop's invariant has i <= n";
}

// As notEqualLoopBehindAChain with nine variables per location (too many
// for the pairs x - y >= 0): b holds i <= n only as the candidate l's weak
// guard gives it along b -> l, which copies every variable.
TEST(Its, RelationalCandidatesArePassedBackAlongCopies) {
  Its its = Its::withStartAndTop();
  std::vector<std::string> vars = {"i", "n", "u1", "u2", "u3", "u4", "u5", "u6", "u7"};
  const Var k = static_cast<Var>(vars.size());
  LocId a = addLoop(its, vars);
  LocId b = its.add(Location{Location::Kind::Program, "b", vars, nullptr, 0, {}});
  LocId l = its.add(Location{Location::Kind::Program, "l", vars, nullptr, 0, {}});
  auto copyAll = [&](std::vector<LinCon> g, Var from) {
    for (Var x = from; x < k; ++x) g.push_back(clp::eq(v(k + x), v(x)));
    return g;
  };
  addStep(its, a, b, copyAll({clp::eq(v(k), n(0)), clp::ge(v(1), n(0))}, 1));  // i' = 0, n >= 0
  addStep(its, b, l, copyAll({}, 0));
  addStep(its, l, l, copyAll({clp::le(v(0), v(1) - n(1)), clp::eq(v(k), v(0) + n(1))}, 1));
  addStep(its, l, l, copyAll({clp::ge(v(0), v(1) + n(1)), clp::eq(v(k), v(0) + n(1))}, 1));
  Proved p = proveAndCheck(its);
  ASSERT_TRUE(p.rank.proof) << p.rank.why_not;
  EXPECT_TRUE(p.check.ok) << p.check.error;
  bool at_b = false;
  for (const LinCon& c : p.rank.proof->facts.inv.at(b)) at_b = at_b || c == clp::le(v(0), v(1));
  EXPECT_TRUE(at_b) << "b's invariant has i <= n";
}

TEST(ItsChain, SimplifyKeepsConstraintsOnPreAndPostVariables) {
  Transition t;
  t.num_vars = 4;  // own: 0, 1; temporaries 2, 3
  t.guard = {clp::eq(v(2), v(0) + n(3)), clp::eq(v(3), v(2).scaled(2)), clp::le(v(1), v(3)), clp::eq(v(1), v(1))};
  ASSERT_TRUE(simplify(t, 2));
  EXPECT_EQ(t.num_vars, 2u);
  ASSERT_EQ(t.guard.size(), 1u);
  // x1 <= 2*(x0 + 3)
  EXPECT_EQ(t.guard[0], clp::le(v(1), v(0).scaled(2) + n(6)));
  Transition f;
  f.num_vars = 2;
  f.guard = {clp::eq(v(1), n(1)), clp::eq(v(1), n(2))};
  EXPECT_TRUE(simplify(f, 2)) << "own variables are not solved for";
  f.num_vars = 3;
  f.guard = {clp::eq(v(2), n(1)), clp::eq(v(2), n(2))};
  EXPECT_FALSE(simplify(f, 2)) << "1 = 2 after substitution";
}

}  // namespace
}  // namespace jhalt::its

namespace jhalt::its {
namespace {

// Facts of the results of recursive methods (return_lemmas.h), as the term
// engine's graph system states them: copy and minus return at most their
// first argument, and grow (one bigger) gets only >=.
TEST_F(FromClpTest, ResultsOfRecursiveMethodsGetLemmas) {
  auto lemmasOf = [&](const std::string& cls) {
    std::string text;
    TermOptions o;
    o.trace = [&text](const std::string& s) {
      for (size_t at = s.find("lemma: "); at != std::string::npos; at = s.find("lemma: ", at + 1))
        text += s.substr(at, s.find('\n', at) - at) + "\n";
    };
    // The program's own jar: the class path of all test programs has a
    // finalizer, which rules out graph proofs.
    classpath::ClassPath cp(test::testClassPath({test::kJars + "/" + cls + ".jar"}));
    program::Program program(cp);
    const program::MethodInfo* m = program.get(cls).declaredMethod("main", "([Ljava/lang/String;)V");
    EXPECT_NE(m, nullptr);
    engine::Entry e{program, *m, true, engine::Semantics::Math};
    certify::DefaultCertifier certifier(test::certifyOptions());
    engine::Result r = TerminationEngine(o).analyze(e, engine::Goal{}, engine::Budget(20, 1, int64_t{1} << 30), certifier);
    return std::pair{r.answer, text};
  };
  auto [rec, rec_text] = lemmasOf("TermResultSizeRec");
  EXPECT_EQ(rec, engine::Answer::Yes);
  EXPECT_NE(rec_text.find("TermResultSizeRec.Nat.copy() has a size <= that of this"), std::string::npos) << rec_text;
  EXPECT_NE(rec_text.find("minus(TermResultSizeRec.Nat, TermResultSizeRec.Nat) has a size <= that of the argument in local 0"),
            std::string::npos) << rec_text;
  auto [bad, bad_text] = lemmasOf("TermResultSizeBad");
  EXPECT_NE(bad, engine::Answer::Yes);
  EXPECT_EQ(bad_text.find("grow(TermResultSizeBad.Nat) has a size <="), std::string::npos) << bad_text;
  EXPECT_NE(bad_text.find("grow(TermResultSizeBad.Nat) has a size >="), std::string::npos) << bad_text;
}

}  // namespace
}  // namespace jhalt::its
