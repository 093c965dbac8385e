// Infeasibility over the integers (its/gomory.h) and the cuts of proofs
// whose loops run a bounded number of times only because their variables
// are integers (proof.h, Cut::paths): `while (x % 3 != 0) x++`.
#include <gtest/gtest.h>

#include "gomory.h"
#include "jhalt/its/check.h"
#include "jhalt/its/engine.h"
#include "jhalt/its/proof.h"
#include "jhalt/its/rank.h"
#include "test_engine.h"

namespace jhalt::its {
namespace {

using clp::LinExpr;
LinExpr v(Var k) { return LinExpr::var(k); }
LinExpr n(int64_t k) { return LinExpr::num(k); }

// Round3 as the CLP translation gives it: l(x) with the quotient q of
// x % 3 a temporary (variable 2); for x >= 0 the remainder x - 3q is 1 or
// 2, for x < 0 it is -2 or -1; each iteration adds `step` to x.
Its remainderLoop(int64_t step) {
  Its its = Its::withStartAndTop();
  LocId l = its.add(Location{Location::Kind::Program, "l", {"x"}, nullptr, 0, {}});
  Transition init;
  init.kind = Transition::Kind::Init;
  init.from = its.start;
  init.to = l;
  its.add(std::move(init));
  auto step_with = [&](std::vector<LinCon> guard) {
    Transition t;
    t.from = l;
    t.to = l;
    guard.push_back(clp::eq(v(1), v(0) + n(step)));
    t.guard = std::move(guard);
    t.num_vars = 3;
    its.add(std::move(t));
  };
  const LinExpr three_q = v(2).scaled(3);
  step_with({clp::ge(v(0), n(0)), clp::le(three_q, v(0) - n(1)), clp::le(v(0), three_q + n(2))});
  step_with({clp::le(v(0), n(-1)), clp::le(three_q, v(0) + n(2)), clp::le(v(0), three_q - n(1))});
  return its;
}

TEST(IntegerCuts, RowsInfeasibleOnlyOverTheIntegersGetCuts) {
  test::Smt smt;
  // 3q <= -1 and 3q >= -2: q in [-2/3, -1/3], no integer.
  std::vector<Row> none{{{{0, 3}}, -1, false}, {{{0, -3}}, 2, false}};
  auto cert = detail::integerInfeasible(none, 1, *smt, "none");
  ASSERT_TRUE(cert);
  EXPECT_FALSE(cert->cuts.empty());
  // With x = 3q - 1 and x between -2 and -2 (an equation to substitute).
  std::vector<Row> via_x{{{{1, 1}, {0, -3}}, -1, true}, {{{1, 1}}, -2, false}, {{{1, -1}}, 2, false}};
  EXPECT_TRUE(detail::integerInfeasible(via_x, 2, *smt, "via_x"));
  // 0 <= 3q <= 2 has q = 0; 1 <= 3q <= 2 over the rationals only needs no cut.
  std::vector<Row> some{{{{0, 3}}, 2, false}, {{{0, -3}}, 0, false}};
  EXPECT_FALSE(detail::integerInfeasible(some, 1, *smt, "some"));
  std::vector<Row> rational{{{{0, 1}}, 0, false}, {{{0, -1}}, -1, false}};
  auto plain = detail::integerInfeasible(rational, 1, *smt, "rational");
  ASSERT_TRUE(plain);
  EXPECT_TRUE(plain->cuts.empty());
  // A cut row is what its multipliers and divisor make, rounded down.
  std::string why;
  auto row = detail::cutRow(none, GomoryCut{{1, 0}, 3}, why);
  ASSERT_TRUE(row) << why;
  EXPECT_EQ(row->b, -1);  // floor(-1/3)
  EXPECT_FALSE(detail::cutRow(none, GomoryCut{{1, 0}, 2}, why));   // 2 does not divide 3
  EXPECT_FALSE(detail::cutRow(none, GomoryCut{{-1, 0}, 3}, why));  // an inequality turned round
}

TEST(IntegerCuts, ALoopThatEndsByItsRemainderIsProvenAndChecked) {
  Its its = remainderLoop(1);
  test::Smt smt;
  RankResult r = prove(its, *smt, RankOptions{});
  ASSERT_TRUE(r.proof) << r.why_not;
  size_t paths = 0, cuts = 0;
  for (const Cut& c : r.proof->cuts)
    for (const auto& [path, cert] : c.paths) {
      ++paths;
      cuts += cert.cuts.size();
    }
  EXPECT_GT(paths, 0u);
  EXPECT_GT(cuts, 0u);
  CheckResult ok = check(its, *r.proof);
  EXPECT_TRUE(ok.ok) << ok.error;
  EXPECT_NE(proofText(its, *r.proof).find("Chvátal-Gomory"), std::string::npos);

  auto tampered = [&](auto change) {
    Proof bad = *r.proof;
    for (Cut& c : bad.cuts)
      if (!c.paths.empty()) {
        change(c);
        break;
      }
    return check(its, bad).ok;
  };
  EXPECT_FALSE(tampered([](Cut& c) { c.paths.erase(c.paths.begin()); }));
  EXPECT_FALSE(tampered([](Cut& c) {
    for (auto& [path, cert] : c.paths)
      for (GomoryCut& g : cert.cuts) g.divisor = 1;  // no rounding: the rationals have a point
  }));
  EXPECT_FALSE(tampered([](Cut& c) {
    for (auto& [path, cert] : c.paths) cert.cuts.clear();
  }));
}

// x += 3 keeps the remainder: the loop runs for ever, no cut may remove it.
TEST(IntegerCuts, ALoopThatKeepsItsRemainderHasNoProof) {
  Its its = remainderLoop(3);
  test::Smt smt;
  RankResult r = prove(its, *smt, RankOptions{});
  EXPECT_FALSE(r.proof);
}

}  // namespace
}  // namespace jhalt::its
