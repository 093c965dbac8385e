// The SMT layer: terms over integers and bit-vectors (with the JVM's
// arithmetic), the solver interface, its decorators (query log, statistics)
// and the determinism of resource-bounded checks.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "jhalt/smt/solver.h"

namespace jhalt::smt {
namespace {

struct Fixture : ::testing::Test {
  Context ctx;
  std::unique_ptr<Solver> s = makeSolver(ctx, SolverOptions{});

  // Is `f` valid (its negation unsatisfiable)?
  bool valid(const Term& f) {
    s->push();
    s->add(!f);
    Result r = s->check("valid");
    s->pop();
    return r == Result::Unsat;
  }
};

TEST_F(Fixture, ChecksAndGivesModels) {
  Term x = ctx.intVar("x"), y = ctx.intVar("y");
  s->add(x + y == 10 && x > 7);
  s->push();
  s->add(y > 5);
  EXPECT_EQ(s->check(), Result::Unsat);
  s->pop();
  ASSERT_EQ(s->check(), Result::Sat);
  auto vx = s->value(x), vy = s->value(y);
  ASSERT_TRUE(vx && vy);
  EXPECT_EQ(*vx + *vy, 10);
  EXPECT_GT(*vx, 7);
}

TEST_F(Fixture, RealsHaveRationalValues) {
  Term x = ctx.realVar("x"), k = ctx.intVar("k");
  s->add(x * ctx.num(3) == ctx.num(1) && k == ctx.num(4));
  ASSERT_EQ(s->check(), Result::Sat);
  auto third = s->rationalValue(x);
  ASSERT_TRUE(third);
  EXPECT_EQ(third->num, 1);
  EXPECT_EQ(third->den, 3);
  auto four = s->rationalValue(k);
  ASSERT_TRUE(four);
  EXPECT_EQ(four->num, 4);
  EXPECT_EQ(four->den, 1);
  EXPECT_FALSE(s->value(x)) << "no integer value for 1/3";
}

TEST_F(Fixture, IntegersAreMathematical) {
  Term x = ctx.intVar("x");
  EXPECT_TRUE(valid(implies(x > 0, x + 1 > 0)));
  EXPECT_TRUE(valid(implies(x >= 2147483647, x + 1 > 2147483647)));
}

TEST_F(Fixture, BitVectorsWrapLikeTheJvm) {
  Term i = ctx.bvVar("i", 32);
  // i + 1 > i fails exactly at Integer.MAX_VALUE (comparisons are signed).
  EXPECT_FALSE(valid(implies(i > 0, i + 1 > 0)));
  EXPECT_TRUE(valid(implies(i == 2147483647, i + 1 == ctx.bvNum(INT32_MIN, 32))));
  // No int is above Integer.MAX_VALUE.
  EXPECT_TRUE(valid(i <= 2147483647));
  // -Integer.MIN_VALUE == Integer.MIN_VALUE; MIN / -1 == MIN (JLS §15.17.2).
  Term min = ctx.bvNum(INT32_MIN, 32);
  EXPECT_TRUE(valid(-min == min));
  EXPECT_TRUE(valid(javaDiv(min, ctx.bvNum(-1, 32)) == min));
  // Division truncates and the remainder has the sign of the dividend.
  EXPECT_TRUE(valid(javaDiv(ctx.bvNum(-7, 32), ctx.bvNum(2, 32)) == -3));
  EXPECT_TRUE(valid(javaRem(ctx.bvNum(-7, 32), ctx.bvNum(2, 32)) == -1));
  // A byte cast (i2b) of 200 is -56.
  EXPECT_TRUE(valid(signExtend(extract(ctx.bvNum(200, 32), 7, 0), 24) == -56));
  // Longs.
  Term l = ctx.bvVar("l", 64);
  EXPECT_TRUE(valid(l <= INT64_MAX));
  EXPECT_TRUE(valid(signExtend(ctx.bvNum(-5, 32), 32) == ctx.bvNum(-5, 64)));
}

TEST_F(Fixture, ModelValuesOfBitVectorsAreSigned) {
  Term i = ctx.bvVar("i", 32), w = ctx.bvVar("w", 128);
  s->add(i == -5 && w == signExtend(ctx.bvNum(-9, 64), 64));
  ASSERT_EQ(s->check(), Result::Sat);
  EXPECT_EQ(s->value(i), -5);
  EXPECT_EQ(s->value(w), -9);
}

TEST_F(Fixture, QuantifiedChecksEliminateQuantifiers) {
  Term x = ctx.intVar("x"), y = ctx.intVar("y");
  // exists x. forall y. x <= y  (false over the integers)
  EXPECT_EQ(s->checkQuantified(forall({y}, x <= y), "q"), Result::Unsat);
  // exists x. forall y. y >= 0 -> x <= y
  EXPECT_EQ(s->checkQuantified(forall({y}, implies(y >= 0, x <= y)), "q"), Result::Sat);
}

TEST_F(Fixture, SubstitutionRenamesVariables) {
  Term x = ctx.intVar("x"), y = ctx.intVar("y");
  Term f = (x > 3).substitute({x}, {y + 1});
  EXPECT_TRUE(valid(f == (y > 2)));
}

TEST(SolverStack, DumpsQueriesAsSmtLib) {
  std::string dir = ::testing::TempDir() + "/jhalt_smt_dump";
  std::filesystem::remove_all(dir);
  Context ctx;
  SolverOptions o;
  o.dump_dir = dir;
  auto s = makeSolver(ctx, o);
  s->add(ctx.intVar("a") > 3);
  s->check("probe");
  ASSERT_TRUE(std::filesystem::exists(dir + "/query-0001-probe.smt2"));
  std::ifstream in(dir + "/query-0001-probe.smt2");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("(declare-fun a () Int)"), std::string::npos);
  EXPECT_NE(text.find("(check-sat)"), std::string::npos);
}

TEST(SolverStack, CountsQueriesByPurpose) {
  Context ctx;
  QueryStats stats;
  auto s = makeSolver(ctx, SolverOptions{}, &stats);
  Term a = ctx.intVar("a");
  s->add(a > 3);
  s->check("one");
  s->check("one");
  s->add(a < 2);
  s->check("two");
  EXPECT_EQ(stats.total(), 3u);
  EXPECT_EQ(stats.by_purpose.at("one").sat, 2u);
  EXPECT_EQ(stats.by_purpose.at("two").unsat, 1u);
}

// A resource bound, not a timer, limits a check: the same query gets the
// same answer every time, and a tiny bound gives Unknown (never a wrong
// answer).
TEST(SolverStack, ResourceBoundsAreDeterministic) {
  auto run = [](unsigned rlimit) {
    Context ctx;
    SolverOptions o;
    o.rlimit = rlimit;
    auto s = makeSolver(ctx, o);
    Term x = ctx.intVar("x"), y = ctx.intVar("y"), z = ctx.intVar("z");
    s->add(x * x * x + y * y * y == z * z * z && x > 0 && y > 0 && z > 0);
    return s->check("fermat");
  };
  Result first = run(20000);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(run(20000), first);
  EXPECT_NE(first, Result::Sat);
  EXPECT_EQ(run(1), Result::Unknown);
}

}  // namespace
}  // namespace jhalt::smt
