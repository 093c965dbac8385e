// The CLP engine's parts (paper 001): linear constraints, the translation of
// each instruction family into clauses (checked by the values the clauses
// admit, which are the JVM's for these small inputs), binary unfolding on
// hand-written programs, the criteria (Props. 3-5 and recurrent sets of
// several clauses), the engine on Java programs and the replay guard
// against deep but finite recursion.
#include <algorithm>

#include <gtest/gtest.h>

#include "jhalt/clp/criteria.h"
#include "jhalt/clp/engine.h"
#include "test_engine.h"
#include "jhalt/clp/translate.h"
#include "jhalt/clp/unfold.h"
#include "jhalt/replay/replay.h"
#include "test_classpath.h"
#include "test_support.h"

namespace jhalt::clp {
namespace {

LinExpr X(Var v) { return LinExpr::var(v); }
LinExpr N(int64_t c) { return LinExpr::num(c); }
std::string name(Var v) { return "x" + std::to_string(v); }

TEST(Linear, ArithmeticKeepsTermsSortedAndDropsZeros) {
  LinExpr e = X(2) + X(0).scaled(3) - X(2) + N(5);
  ASSERT_EQ(e.terms.size(), 1u);
  EXPECT_EQ(e.coef(0), 3);
  EXPECT_EQ(e.coef(2), 0);
  EXPECT_EQ(e.constant, 5);
  LinExpr s = (X(0) + X(1)).substitute(1, X(0) - N(1));  // x0 + (x0 - 1)
  EXPECT_EQ(s.coef(0), 2);
  EXPECT_EQ(s.constant, -1);
  EXPECT_THROW(X(0).scaled(INT64_MAX).scaled(2), Overflow);
}

TEST(Linear, PrintsReadably) {
  EXPECT_EQ(toString(eq(X(1), X(0) - N(1)), name), "x1 = x0 - 1");
  EXPECT_EQ(toString(ge(X(0), N(0)), name), "x0 >= 0");
  EXPECT_EQ(toString(le(X(0), N(10)), name), "x0 <= 10");
  EXPECT_EQ(toString(lt(X(0), X(1)), name), "x0 <= x1 - 1");
  EXPECT_EQ(le(N(1), N(2)).truth(), 1);
  EXPECT_EQ(eq(N(1), N(2)).truth(), 0);
  EXPECT_EQ(eq(X(0), N(2)).truth(), -1);
}

TEST(Normalize, EliminatesDefinedVariablesAndGivesArgumentsTheirOwnVariables) {
  // p(x0) <- x2 = x0 - 1, x1 = x2 - 1, q(x1, x0): x2 goes, x0 repeated in the
  // body gets a copy.
  Clause c;
  c.head = Atom{0, {0}};
  c.body = {Atom{1, {1, 0}}};
  c.constraint = {eq(X(2), X(0) - N(1)), eq(X(1), X(2) - N(1))};
  c.num_vars = 3;
  ASSERT_TRUE(normalize(c));
  EXPECT_EQ(c.head.args, std::vector<Var>({0}));
  EXPECT_EQ(c.body[0].args, std::vector<Var>({1, 2}));
  EXPECT_EQ(c.num_vars, 3u);
  std::vector<std::string> shown;
  for (const LinCon& k : c.constraint) shown.push_back(toString(k, name));
  EXPECT_EQ(shown, std::vector<std::string>({"x1 = x0 - 2", "x2 = x0"}));
  // A contradiction is detected.
  Clause bad;
  bad.head = Atom{0, {0}};
  bad.constraint = {eq(X(1), N(1)), eq(X(1), N(2))};
  bad.num_vars = 2;
  EXPECT_FALSE(normalize(bad));
}

class TranslationTest : public ::testing::Test {
 protected:
  TranslationTest() : cp_(options()), program_(cp_) {}
  static classpath::ClassPathOptions options() { return test::testClassPath(); }
  const program::MethodInfo& method(const std::string& cls, const std::string& m, const std::string& desc) {
    const program::MethodInfo* found = program_.get(cls).declaredMethod(m, desc);
    EXPECT_NE(found, nullptr);
    return *found;
  }
  ClpProgram shapes(const std::string& m, const std::string& desc) {
    return translate(program_, method("ClpShapes", m, desc), false);
  }
  // The result the CLP program gives for `args`, if exactly one exact fact
  // of the entry admits them and it fixes the result.
  std::optional<int64_t> resultOf(const ClpProgram& p, const std::vector<int64_t>& args) {
    test::Smt smt_;
  smt::Solver& s = *smt_;
    UnfoldResult u = unfold(p, s);
    std::optional<int64_t> out;
    int admitting = 0;
    const auto& names = p.preds[p.entry].args;
    auto at = std::find(names.begin(), names.end(), "ret");
    if (at == names.end()) return std::nullopt;
    smt::Term ret = s.ctx().intVar("v" + std::to_string(at - names.begin()));
    for (const BinaryClause& f : u.clauses) {
      if (f.head != p.entry || f.body) continue;
      s.push();
      s.add(toSmt(s.ctx(), f.constraint, "v"));
      s.add(toSmt(s.ctx(), p.entry_constraint, "v"));
      for (size_t i = 0; i < args.size(); ++i) s.add(s.ctx().intVar("v" + std::to_string(i)) == s.ctx().num(args[i]));
      if (s.check() == smt::Result::Sat) {
        ++admitting;
        int64_t r = *s.value(ret);
        s.add(ret != s.ctx().num(r));
        if (s.check() == smt::Result::Unsat) out = r;
      }
      s.pop();
    }
    return admitting == 1 ? out : std::nullopt;
  }
  static bool allExact(const ClpProgram& p) {
    return std::all_of(p.clauses.begin(), p.clauses.end(), [](const Clause& c) { return c.exact; });
  }
  static std::string reasons(const ClpProgram& p) {
    std::string out;
    for (const Clause& c : p.clauses)
      if (!c.exact) out += c.inexact_reason + ";";
    return out;
  }

  classpath::ClassPath cp_;
  program::Program program_;
};

TEST_F(TranslationTest, LinearArithmeticIsExact) {
  ClpProgram p = shapes("linear", "(II)I");
  EXPECT_TRUE(allExact(p));
  EXPECT_EQ(p.preds[p.entry].args, std::vector<std::string>({"a", "b", "ret"}));
  EXPECT_EQ(resultOf(p, {2, 1}), 12);
  EXPECT_EQ(resultOf(p, {-5, 3}), -11);
  // Parameter ranges are entry facts (int here).
  EXPECT_EQ(p.param_of_arg, std::vector<size_t>({0, 1}));
  EXPECT_EQ(p.entry_constraint.size(), 4u);
}

TEST_F(TranslationTest, DivisionByAConstantTruncatesLikeTheJvm) {
  ClpProgram q = shapes("quarter", "(I)I");
  EXPECT_TRUE(allExact(q));
  for (int64_t a : {9, -9, -1, 3, 0, 8, -8}) EXPECT_EQ(resultOf(q, {a}), a / 4) << a;
  ClpProgram r = shapes("remainder", "(I)I");
  for (int64_t a : {7, -7, 3, -3, 0}) EXPECT_EQ(resultOf(r, {a}), a % 3) << a;
}

TEST_F(TranslationTest, ShiftsByAConstantAreExact) {
  ClpProgram p = shapes("shifts", "(I)I");
  EXPECT_TRUE(allExact(p));
  for (int64_t a : {5, -5, 0, 1, -1}) EXPECT_EQ(resultOf(p, {a}), (a << 2) + (a >> 1)) << a;
}

TEST_F(TranslationTest, NonLinearResultsAreUnknownAndReturningOneIsNotExact) {
  ClpProgram p = shapes("product", "(II)I");
  EXPECT_FALSE(allExact(p));
  EXPECT_NE(reasons(p).find("returns an unknown value"), std::string::npos);
  EXPECT_EQ(resultOf(p, {3, 4}), std::nullopt);
  ClpProgram n = shapes("narrow", "(I)I");
  EXPECT_FALSE(allExact(n));
}

TEST_F(TranslationTest, SwitchesCoverKeysAndTheGapsBetweenThem) {
  ClpProgram p = shapes("pick", "(I)I");
  EXPECT_TRUE(allExact(p));
  EXPECT_EQ(resultOf(p, {1}), 10);
  EXPECT_EQ(resultOf(p, {5}), 50);
  for (int64_t k : {-4, 0, 3, 6, 100}) EXPECT_EQ(resultOf(p, {k}), 0) << k;
}

TEST_F(TranslationTest, DisequalityIsSplitIntoTwoClauses) {
  ClpProgram p = shapes("differ", "(II)I");
  EXPECT_TRUE(allExact(p));
  EXPECT_EQ(p.clauses.size(), 3u);  // a < b, a > b, a = b
  EXPECT_EQ(resultOf(p, {1, 2}), 1);
  EXPECT_EQ(resultOf(p, {2, 1}), 1);
  EXPECT_EQ(resultOf(p, {3, 3}), 0);
}

TEST_F(TranslationTest, CallsBecomeACalleeAtomAndAContinuation) {
  ClpProgram p = shapes("twice", "(I)I");
  EXPECT_TRUE(allExact(p));
  size_t calls = 0;
  for (const Clause& c : p.clauses)
    if (c.call) {
      ++calls;
      ASSERT_EQ(c.body.size(), 2u);
      EXPECT_EQ(p.preds[c.body[0].pred].name, "ClpShapes.inc(I)I@entry");
      EXPECT_EQ(p.preds[c.body[1].pred].kind, Predicate::Kind::Continuation);
    }
  EXPECT_EQ(calls, 2u);
  EXPECT_EQ(resultOf(p, {5}), 7);
}

TEST_F(TranslationTest, StaticFieldsThatDecideNothingKeepClausesExact) {
  // counter++ on a field that is not tracked here (some static initializer
  // among the test classes calls the library): an unknown value, written
  // back, deciding nothing.
  ClpProgram p = shapes("bump", "(I)I");
  EXPECT_TRUE(allExact(p)) << reasons(p);
  EXPECT_EQ(resultOf(p, {4}), 5);
}

TEST(StaticFields, AreThreadedThroughThePredicates) {
  // StaticRec alone (its jar): no static initializer, so `level` is tracked
  // and starts at 0.
  classpath::ClassPath cp(test::testClassPath({test::kJars + "/StaticRec.jar"}));
  program::Program program(cp);
  const program::MethodInfo* main = program.get("StaticRec").declaredMethod("main", "([Ljava/lang/String;)V");
  ASSERT_NE(main, nullptr);
  ClpProgram p = translate(program, *main, true);
  EXPECT_EQ(p.preds[p.entry].args,
            std::vector<std::string>({"len(args)", "StaticRec.level", "out(StaticRec.level)"}));
  bool pinned = false;
  for (const LinCon& c : p.entry_constraint) pinned |= toString(c, name) == "x1 = 0";
  EXPECT_TRUE(pinned);
  // descend's clauses carry level in and out, and are exact.
  for (const Clause& c : p.clauses)
    if (p.preds[c.head.pred].name.starts_with("StaticRec.descend")) {
      EXPECT_TRUE(c.exact) << c.inexact_reason;
      EXPECT_EQ(p.preds[c.head.pred].arity(), 2u);
    }
}

TEST_F(TranslationTest, FieldsAreUnknownButOnlyDecisionsOnThemAreNotExact) {
  ClpProgram f = shapes("readField", "(LClpShapes$Cell;)I");  // may throw NullPointerException
  EXPECT_FALSE(allExact(f));
  EXPECT_NE(reasons(f).find("getfield on a reference of unknown nullness"), std::string::npos);
}

TEST_F(TranslationTest, MainConventionMakesArgumentLengthsInputs) {
  ClpProgram p = translate(program_, method("ClpShapes", "main", "([Ljava/lang/String;)V"), true);
  EXPECT_TRUE(allExact(p)) << reasons(p);
  EXPECT_EQ(p.preds[p.entry].args, std::vector<std::string>({"len(args)", "len(args[0])"}));  // no statics used
  EXPECT_EQ(p.args_length, 0);
  EXPECT_EQ(p.arg_string_lengths, std::vector<int>({1}));
  // The path from the entry to the loop head needs args[0] to exist.
  bool found = false;
  for (const Clause& c : p.clauses) {
    if (c.head.pred != p.entry || c.body.size() != 1) continue;
    found = true;
    std::string text;
    for (const LinCon& k : c.constraint) text += toString(k, name) + ";";
    EXPECT_NE(text.find("x0 >= 1"), std::string::npos) << text;
  }
  EXPECT_TRUE(found);
}

// Regressions found in review (tests/java/programs/ClpRegressions.java).
class RegressionTest : public TranslationTest {
 protected:
  ClpProgram regression(const std::string& m, const std::string& desc, bool main = false) {
    return translate(program_, method("ClpRegressions", m, desc), main);
  }
  // The clauses from predicate `from` to `to`.
  static std::vector<const Clause*> clausesBetween(const ClpProgram& p, PredId from, PredId to) {
    std::vector<const Clause*> out;
    for (const Clause& c : p.clauses)
      if (c.head.pred == from && !c.body.empty() && c.body.back().pred == to) out.push_back(&c);
    return out;
  }
};

TEST_F(RegressionTest, ArgsElementsKeepTheirIndexAcrossCutPoints) {
  ClpProgram p = regression("argsIndex", "([Ljava/lang/String;)V", true);
  const auto& names = p.preds[p.entry].args;
  ASSERT_EQ(names, std::vector<std::string>({"len(args)", "len(args[0])", "len(args[1])"}));
  // The loop clause: it may be taken with len(args[1]) = 2, len(args[0]) = 0
  // only if it wrongly reads args[0] for s (2 < 0 + 1 is false).
  PredId loop = 0;
  for (PredId q = 0; q < p.preds.size(); ++q)
    if (p.preds[q].kind == Predicate::Kind::LoopHead) loop = q;
  auto loops = clausesBetween(p, loop, loop);
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_TRUE(loops[0]->exact);
  test::Smt smt_;
  smt::Solver& s = *smt_;
  s.add(toSmt(s.ctx(), loops[0]->constraint, "v"));
  s.add(s.ctx().intVar("v0") == 2 && s.ctx().intVar("v1") == 0 && s.ctx().intVar("v2") == 2);
  EXPECT_EQ(s.check(), smt::Result::Unsat);
}

TEST_F(RegressionTest, InterfaceInitializationMakesTheClauseNotExact) {
  for (const char* m : {"interfaceField", "defaultInterface"}) {
    ClpProgram p = regression(m, std::string(m) == "interfaceField" ? "()I" : "()V");
    for (const Clause& c : p.clauses)
      if (c.head.pred == p.entry) {
        EXPECT_FALSE(c.exact) << m;
      }
  }
}

TEST_F(RegressionTest, FieldsWrittenByAStaticInitializerAreNotTracked) {
  ClpProgram p = regression("readCounter", "()V");
  for (const Predicate& q : p.preds)
    for (const std::string& a : q.args) EXPECT_EQ(a.find("Counter.x"), std::string::npos) << q.name;
  for (const Clause& c : p.clauses)
    if (!c.body.empty() && c.body.back().pred == c.head.pred) {
      EXPECT_FALSE(c.exact);
    }
}

TEST_F(TranslationTest, PrologOutputQuotesPredicatesAndUsesFiniteDomainConstraints) {
  ClpProgram p = shapes("twice", "(I)I");
  std::string text = toProlog(p);
  EXPECT_NE(text.find("'ClpShapes.inc(I)I@entry'("), std::string::npos) << text;
  EXPECT_NE(text.find(":-"), std::string::npos);
  EXPECT_NE(text.find("#="), std::string::npos);
}

// Hand-written programs for the unfolding.
Predicate pred(const std::string& n, size_t arity) {
  Predicate p;
  p.name = n;
  for (size_t i = 0; i < arity; ++i) p.args.push_back("a" + std::to_string(i));
  return p;
}

Clause clause(PredId head, uint32_t arity, std::vector<LinCon> cons, std::vector<Atom> body, uint32_t vars,
              bool call = false) {
  Clause c;
  c.head.pred = head;
  for (Var v = 0; v < arity; ++v) c.head.args.push_back(v);
  c.constraint = std::move(cons);
  c.body = std::move(body);
  c.num_vars = vars;
  c.call = call;
  EXPECT_TRUE(normalize(c));
  return c;
}

TEST(Unfold, CountDownGivesFactsAndLongerBinaryClauses) {
  // p(x) <- x >= 1, y = x - 1, p(y).   p(x) <- x <= 0.
  ClpProgram p;
  p.preds = {pred("p", 1)};
  p.clauses.push_back(clause(0, 1, {ge(X(0), N(1)), eq(X(1), X(0) - N(1))}, {Atom{0, {1}}}, 2));
  p.clauses.push_back(clause(0, 1, {le(X(0), N(0))}, {}, 1));
  test::Smt smt_;
  smt::Solver& s = *smt_;
  UnfoldOptions o;
  o.iterations = 3;
  UnfoldResult r = unfold(p, s, o);
  EXPECT_EQ(r.iterations, 3u);
  EXPECT_FALSE(r.fixpoint);
  std::vector<std::string> facts, binaries;
  for (const BinaryClause& c : r.clauses) (c.body ? binaries : facts).push_back(describe(p, c));
  // Bounds on the same terms are merged (a0 >= 1, a0 <= 1 is a0 = 1).
  EXPECT_EQ(facts, std::vector<std::string>({"p(a0) <- a0 <= 0", "p(a0) <- a0 = 1", "p(a0) <- a0 = 2"}));
  EXPECT_EQ(binaries, std::vector<std::string>({"p(a0) <- a0 >= 1, a0' = a0 - 1, p(a0')",
                                                "p(a0) <- a0 >= 2, a0' = a0 - 2, p(a0')",
                                                "p(a0) <- a0 >= 3, a0' = a0 - 3, p(a0')"}));
}

TEST(Unfold, CallsAreKeptAsBodiesOrSolvedByFacts) {
  // main(a) <- b = a, [call] f(b, r), k(a, r).   k(a, r) <- r = 0, l(a).
  // f(x, r) <- x <= 0, r = 0.                    f(x, r) <- x >= 1, y = x - 1, [call] f(y, r2), g(r2, r).
  // g(r2, r) <- r = r2.                          l(a) <- a2 = a, l(a2).
  ClpProgram p;
  p.preds = {pred("main", 1), pred("f", 2), pred("k", 2), pred("g", 2), pred("l", 1)};
  p.clauses.push_back(clause(0, 1, {eq(X(1), X(0)), eq(X(3), X(0))}, {Atom{1, {1, 2}}, Atom{2, {3, 2}}}, 4, true));
  p.clauses.push_back(clause(2, 2, {eq(X(1), N(0)), eq(X(2), X(0))}, {Atom{4, {2}}}, 3));
  p.clauses.push_back(clause(1, 2, {le(X(0), N(0)), eq(X(1), N(0))}, {}, 2));
  p.clauses.push_back(clause(1, 2, {ge(X(0), N(1)), eq(X(2), X(0) - N(1))}, {Atom{1, {2, 3}}, Atom{3, {3, 1}}}, 4,
                             true));
  p.clauses.push_back(clause(3, 2, {eq(X(1), X(0))}, {}, 2));
  p.clauses.push_back(clause(4, 1, {eq(X(1), X(0))}, {Atom{4, {1}}}, 2));
  p.entry = 0;
  test::Smt smt_;
  smt::Solver& s = *smt_;
  UnfoldResult r = unfold(p, s);
  bool into_f = false, through_fact = false;
  for (const BinaryClause& c : r.clauses) {
    if (c.head == 0 && c.body == PredId{1} && c.calls == 1) into_f = true;
    if (c.head == 0 && c.body == PredId{4} && c.calls == 0) through_fact = true;
    if (c.head == 1 && c.body == PredId{1}) {
      EXPECT_GE(c.calls, 1u);  // f's recursion pushes frames
    }
  }
  EXPECT_TRUE(into_f);
  EXPECT_TRUE(through_fact);  // f returned (a fact), then the loop l
}

BinaryClause loop(uint32_t arity, std::vector<LinCon> cons, uint32_t vars) {
  BinaryClause c;
  c.head = 0;
  c.body = 0;
  c.head_arity = c.body_arity = arity;
  c.num_vars = vars;
  c.constraint = std::move(cons);
  return c;
}

TEST(Criteria, UniversalExistentialAndNone) {
  test::Smt smt_;
  smt::Solver& s = *smt_;
  // p(x) <- x >= 0, y = x + 1, p(y): every successor is again in x >= 0.
  EXPECT_EQ(recurrent(s, loop(1, {ge(X(0), N(0)), eq(X(1), X(0) + N(1))}, 2)), Criterion::Universal);
  // p(x) <- x >= 0, y = x + z, p(y): some successors leave, but z = 0 stays.
  EXPECT_EQ(recurrent(s, loop(1, {ge(X(0), N(0)), eq(X(1), X(0) + X(2))}, 3)), Criterion::Existential);
  // p(x) <- x >= 1, y = x - 1, p(y): a count-down ends.
  EXPECT_EQ(recurrent(s, loop(1, {ge(X(0), N(1)), eq(X(1), X(0) - N(1))}, 2)), Criterion::None);
  // Not a recursive clause.
  BinaryClause other = loop(1, {}, 2);
  other.body = 1;
  EXPECT_EQ(recurrent(s, other), Criterion::None);
}

TEST(Criteria, RecurrentSetOfSeveralClauses) {
  test::Smt smt_;
  smt::Solver& s = *smt_;
  // p(x) <- 0 <= x <= 9, y = x + 1.   p(x) <- x = 10, y = 0.
  BinaryClause up = loop(1, {ge(X(0), N(0)), le(X(0), N(9)), eq(X(1), X(0) + N(1))}, 2);
  BinaryClause wrap = loop(1, {eq(X(0), N(10)), eq(X(1), N(0))}, 2);
  EXPECT_EQ(recurrent(s, up), Criterion::None);
  EXPECT_EQ(recurrent(s, wrap), Criterion::None);
  std::optional<smt::Term> set = recurrentSet(s, {&up, &wrap});
  ASSERT_TRUE(set.has_value());
  auto member = [&](int64_t x) {
    s.push();
    s.add(*set && setVar(s, 0) == s.ctx().num(x));
    bool in = s.check() == smt::Result::Sat;
    s.pop();
    return in;
  };
  EXPECT_TRUE(member(0));
  EXPECT_TRUE(member(10));
  EXPECT_FALSE(member(11));
  EXPECT_FALSE(member(-1));
  // Without the wrap-around no set is closed.
  EXPECT_FALSE(recurrentSet(s, {&up}).has_value());
}

TEST(Criteria, ReachabilityThroughAStemWithBounds) {
  test::Smt smt_;
  smt::Solver& s = *smt_;
  BinaryClause up = loop(1, {ge(X(0), N(0)), le(X(0), N(9)), eq(X(1), X(0) + N(1))}, 2);
  BinaryClause wrap = loop(1, {eq(X(0), N(10)), eq(X(1), N(0))}, 2);
  smt::Term set = *recurrentSet(s, {&up, &wrap});
  // entry(a) <- y = a - 3, p(y): a in 3..13 reaches the set.
  BinaryClause stem;
  stem.head = 1;
  stem.body = 0;
  stem.head_arity = stem.body_arity = 1;
  stem.num_vars = 2;
  stem.constraint = {eq(X(1), X(0) - N(3))};
  auto x = reachableSet(s, 1, {}, {ge(X(0), N(12))}, &stem, set, 1);
  ASSERT_TRUE(x.has_value());
  EXPECT_GE((*x)[0], 12);
  EXPECT_LE((*x)[0], 13);
  EXPECT_FALSE(reachableSet(s, 1, {}, {ge(X(0), N(14))}, &stem, set, 1).has_value());
  // Prop. 5 for one clause: p(x) <- x >= 0, y = x + 1 from the entry a = y.
  BinaryClause grow = loop(1, {ge(X(0), N(0)), eq(X(1), X(0) + N(1))}, 2);
  auto y = reachable(s, 1, {}, {le(X(0), N(5))}, &stem, grow);
  ASSERT_TRUE(y.has_value());
  EXPECT_GE((*y)[0], 3);
}

class ClpEngineTest : public TranslationTest {
 protected:
  engine::Result mainOf(const std::string& cls, engine::Semantics sem = engine::Semantics::Math) {
    engine::Entry e{program_, method(cls, "main", "([Ljava/lang/String;)V"), true, sem};
    certify::DefaultCertifier certifier(test::certifyOptions());
    return ClpEngine().analyze(e, engine::Goal{}, engine::Budget(20, 1, int64_t{1} << 30), certifier);
  }
};

TEST_F(ClpEngineTest, ProvesInfiniteRecursionAndConfirmsItByARun) {
  engine::Result r = mainOf("SumRec");
  ASSERT_EQ(r.answer, engine::Answer::No);
  const engine::Finding& n = r.findings.front();
  EXPECT_EQ(n.nonterm, engine::NonTermKind::Recursion);
  EXPECT_EQ(n.where.internalName(), "SumRec.sum(I)I");
  EXPECT_EQ(n.semantics, engine::Semantics::Math);
  EXPECT_TRUE(n.witness.main_args);
  EXPECT_TRUE(n.witness.args.empty()) << n.witness.describe();  // sum(-1)
  EXPECT_NE(n.confirmation.find("call depth"), std::string::npos) << n.confirmation;
  EXPECT_TRUE(n.replay.empty());  // mathematical integers: the JVM is not asked
  EXPECT_NE(n.proof.find("Prop. 3"), std::string::npos) << n.proof;
  EXPECT_TRUE(r.unconfirmed.empty());
}

// Under JVM semantics an infinite recursion is a StackOverflowError, seen
// on the JVM with a large stack.
TEST_F(ClpEngineTest, InfiniteRecursionOnTheJvmIsAStackOverflow) {
  engine::Result r = mainOf("SumRec", engine::Semantics::Jvm);
  EXPECT_EQ(r.answer, engine::Answer::Maybe);
  ASSERT_EQ(r.findings.size(), 1u);
  const engine::Finding& f = r.findings.front();
  EXPECT_EQ(f.kind, engine::FindingKind::Exception);
  EXPECT_EQ(f.exception, "java/lang/StackOverflowError");
  EXPECT_NE(f.replay.find("confirmed"), std::string::npos) << f.replay;
}

TEST_F(ClpEngineTest, MutualAndInstanceRecursion) {
  EXPECT_EQ(mainOf("MutualRec").answer, engine::Answer::No);
  engine::Result r = mainOf("InstanceRec");
  ASSERT_EQ(r.answer, engine::Answer::No);
  ASSERT_EQ(r.findings.front().witness.args.size(), 1u);
  EXPECT_GT(r.findings.front().witness.args[0].size(), 10u);  // climbs past 10
}

TEST_F(ClpEngineTest, TerminatingRecursionGetsNoClaim) {
  engine::Result r = mainOf("TerminatingRec");
  EXPECT_EQ(r.answer, engine::Answer::Maybe);
  EXPECT_TRUE(r.unconfirmed.empty()) << r.unconfirmed.front().reason;
}

TEST_F(ClpEngineTest, DeepFiniteRecursionOverflowsOnlyTheDefaultStack) {
  // The replay guard of issue 5: depth(200000) overflows the JVM's default
  // stack; with -Xss256m it returns, so an overflow with the default stack
  // proves nothing.
  const auto& depth = method("TerminatingRec", "depth", "(I)I");
  input::Witness w;
  w.params = {input::Value::integer(200000)};
  replay::ReplayOptions ro = test::replayOptions(10);
  replay::ReplayResult small = replay::replay(ro, depth, w);
  EXPECT_EQ(small.outcome, replay::ReplayResult::Outcome::Exception) << small.describe();
  EXPECT_EQ(small.exception_class, "java/lang/StackOverflowError");
  ro.jvm_args = {"-Xss256m"};
  EXPECT_EQ(replay::replay(ro, depth, w).outcome, replay::ReplayResult::Outcome::Returned);
}

}  // namespace
}  // namespace jhalt::clp
