// Concrete runs (jhalt's evaluator on concrete states) under both integer
// semantics, exact repetitions, witness entry states and candidates.
#include <gtest/gtest.h>

#include <algorithm>

#include "jhalt/concrete/candidates.h"
#include "jhalt/concrete/entry.h"
#include "jhalt/concrete/run.h"
#include "test_classpath.h"
#include "test_support.h"

namespace jhalt::concrete {
namespace {

using input::Value;
using input::Witness;
using O = RunResult::Outcome;

class ConcreteTest : public ::testing::Test {
 protected:
  ConcreteTest() : cp_(test::testClassPath()), program_(cp_), types_(program_) {}
  const program::MethodInfo& method(const std::string& cls, const std::string& name, const std::string& desc) {
    const program::MethodInfo* m = program_.get(cls).declaredMethod(name, desc);
    EXPECT_NE(m, nullptr) << cls << "." << name << desc;
    return *m;
  }
  static Witness mainArgs(std::vector<std::string> args) {
    Witness w;
    w.main_args = true;
    w.args = std::move(args);
    return w;
  }
  static Witness params(std::vector<Value> v) {
    Witness w;
    w.params = std::move(v);
    return w;
  }
  RunResult run(const program::MethodInfo& m, const Witness& w, bool jvm = true, size_t steps = 20000,
                bool recursion = false) {
    seg::EvalOptions eo;
    eo.jvm_int_semantics = jvm;
    eo.concrete = true;
    eo.recursion = recursion;
    seg::Evaluator ev(program_, types_, alloc_, eo);
    std::string why;
    auto s = entryState(ev, m, w, &why);
    EXPECT_TRUE(s.has_value()) << why;
    RunOptions ro;
    ro.max_steps = steps;
    return concrete::run(ev, std::move(*s), ro);
  }

  classpath::ClassPath cp_;
  program::Program program_;
  state::TypeSystem types_;
  state::RefAllocator alloc_;
};

TEST_F(ConcreteTest, RunsFollowTheJvm) {
  RunResult r = run(method("CountDown", "main", "([Ljava/lang/String;)V"), mainArgs({"a", "b", "c"}));
  EXPECT_EQ(r.outcome, O::Returned);
  EXPECT_GT(r.steps, 10u);
  const auto& divide = method("Faults", "divide", "(II)I");
  r = run(divide, params({Value::integer(7), Value::integer(0)}));
  ASSERT_EQ(r.outcome, O::Exception);
  EXPECT_EQ(r.exception_class, "java/lang/ArithmeticException");
  EXPECT_EQ(r.exception_method, &divide);
  ASSERT_TRUE(r.raise_state.has_value());
  EXPECT_EQ(&reportedFrame(*r.raise_state), &r.raise_state->frames.front());
}

// Witness values with labels (issue 12): a field that refers back to its
// own object is the same object, not a copy; a reference to a label that
// was never defined is refused.
TEST_F(ConcreteTest, LabelledObjectsMakeCycles) {
  const auto& tail_head = method("Shapes", "tailHead", "(LShapes$Cell;)I");
  EXPECT_EQ(run(tail_head, params({Value::object("Shapes$Cell")})).exception_class,
            "java/lang/NullPointerException");
  Value cell = Value::object("Shapes$Cell");
  cell.id = 1;
  cell.fields.push_back({"Shapes$Cell", "tail", "LShapes$Cell;", Value::reference(1)});
  EXPECT_EQ(run(tail_head, params({cell})).outcome, O::Returned);
  seg::EvalOptions eo;
  eo.concrete = true;
  seg::Evaluator ev(program_, types_, alloc_, eo);
  std::string why;
  EXPECT_FALSE(entryState(ev, tail_head, params({Value::reference(7)}), &why).has_value());
  EXPECT_NE(why.find("o7"), std::string::npos) << why;
}

TEST_F(ConcreteTest, RepeatedStateIsACycle) {
  const auto& main = method("Loop", "main", "([Ljava/lang/String;)V");
  RunResult r = run(main, mainArgs({""}));
  ASSERT_EQ(r.outcome, O::Cycle);
  EXPECT_EQ(r.cycle_pc, 5u);
  EXPECT_GT(r.cycle_period, 0u);
  EXPECT_EQ(run(main, mainArgs({"a"})).outcome, O::Returned);
}

TEST_F(ConcreteTest, CanonicalFormIgnoresReferenceNames) {
  seg::Evaluator ev(program_, types_, alloc_);
  const auto& main = method("Loop", "main", "([Ljava/lang/String;)V");
  auto a = entryState(ev, main, mainArgs({"ab", ""}));
  auto b = entryState(ev, main, mainArgs({"ab", ""}));
  auto c = entryState(ev, main, mainArgs({"ab", "x"}));
  ASSERT_TRUE(a && b && c);
  EXPECT_NE(a->heap.front().first, b->heap.front().first);  // fresh references
  EXPECT_EQ(canonicalForm(*a, types_), canonicalForm(*b, types_));
  EXPECT_NE(canonicalForm(*a, types_), canonicalForm(*c, types_));
}

TEST_F(ConcreteTest, RepetitionUpToIncrementOnlyCounter) {
  const auto& main = method("CycleCount", "main", "([Ljava/lang/String;)V");
  RunResult r = run(main, mainArgs({"a"}));
  ASSERT_EQ(r.outcome, O::Cycle);
  EXPECT_EQ(r.cycle_method, &method("CycleCount", "length", "(LCycleCount;)I"));
  EXPECT_EQ(r.cycle_ignored, std::vector<size_t>{1});  // n, the counter
  EXPECT_EQ(run(main, mainArgs({})).outcome, O::Returned);
  // A counter the loop reads is not masked: Converge's i moves towards j.
  EXPECT_EQ(run(method("Converge", "converge", "(II)I"), params({Value::integer(0), Value::integer(50)})).outcome,
            O::Returned);
}

// The two integer semantics (issue 10): -Integer.MIN_VALUE is MIN_VALUE on
// the JVM (the loop repeats its state), not for mathematical integers.
TEST_F(ConcreteTest, JvmAndMathematicalIntegersDiffer) {
  const auto& abs = method("JvmArithmetic", "absLoop", "(I)I");
  Witness w = params({Value::integer(INT32_MIN)});
  RunResult jvm = run(abs, w, true);
  EXPECT_EQ(jvm.outcome, O::Cycle);
  EXPECT_GT(jvm.wraps, 0u);
  RunResult math = run(abs, w, false);
  EXPECT_EQ(math.outcome, O::Returned);
  EXPECT_GT(math.wraps, 0u);  // 2^31 is not an int: the runs differ
  // i *= 2: ends on the JVM, grows past 64 bits in mathematics (the exact
  // run stops there instead of saturating).
  const auto& grow = method("JvmArithmetic", "grow", "()V");
  EXPECT_EQ(run(grow, params({}), true).outcome, O::Returned);
  RunResult g = run(grow, params({}), false);
  EXPECT_EQ(g.outcome, O::NotConcrete);
  EXPECT_TRUE(g.overflowed);
  // No value leaves its range: the same run under both semantics.
  RunResult c = run(method("JvmArithmetic", "countDown", "(I)I"), params({Value::integer(5)}), true);
  EXPECT_EQ(c.outcome, O::Returned);
  EXPECT_EQ(c.wraps, 0u);
}

TEST_F(ConcreteTest, RecursionIsFollowedWhenAsked) {
  const auto& sum = method("SumRec", "sum", "(I)I");
  Witness w = params({Value::integer(-1)});
  EXPECT_EQ(run(sum, w, false, 2000, false).outcome, O::NotConcrete);  // graphs do not recurse
  RunResult r = run(sum, w, false, 2000, true);
  EXPECT_EQ(r.outcome, O::StepLimit);
  EXPECT_GT(r.max_depth, 100u);
  EXPECT_EQ(run(sum, params({Value::integer(5)}), false, 2000, true).outcome, O::Returned);
}

// Objects are allocated without a constructor: declared fields hold their
// default values except those the witness sets.
TEST_F(ConcreteTest, EntryStatesBuildObjectsAndReceivers) {
  const auto& average = method("Shapes", "average", "(LShapes$Cell;)I");
  Value cell = Value::object("Shapes$Cell");
  RunResult r = run(average, params({cell}));
  ASSERT_EQ(r.outcome, O::Exception);  // count is 0
  EXPECT_EQ(r.exception_class, "java/lang/ArithmeticException");
  cell.fields.push_back({"Shapes$Cell", "count", "I", Value::integer(2)});
  cell.fields.push_back({"Shapes$Cell", "head", "I", Value::integer(7)});
  EXPECT_EQ(run(average, params({cell})).outcome, O::Returned);
  // An instance method runs on its receiver.
  const auto& ratio = method("Shapes", "ratio", "(I)I");
  Witness w = params({Value::integer(3)});
  w.receiver = Value::object("Shapes");
  r = run(ratio, w);
  EXPECT_EQ(r.exception_class, "java/lang/ArithmeticException");
  // No object of an interface, and a receiver is required.
  seg::Evaluator ev(program_, types_, alloc_);
  std::string why;
  EXPECT_FALSE(entryState(ev, method("Shapes", "area", "(LShapes$Shape;)D"), params({Value::object("Shapes$Shape")}), &why));
  EXPECT_NE(why.find("cannot be instantiated"), std::string::npos) << why;
  EXPECT_FALSE(entryState(ev, ratio, params({Value::integer(1)}), &why));
}

TEST_F(ConcreteTest, FloatsLongsAndSmallIntegers) {
  EXPECT_EQ(run(method("Numbers", "lt", "(DD)Z"), params({Value::floating(1.5), Value::floating(-0.5)})).outcome,
            O::Returned);
  EXPECT_EQ(run(method("Numbers", "ltf", "(FF)Z"), params({Value::floating(1, 'F'), Value::floating(2, 'F')})).outcome,
            O::Returned);
  EXPECT_EQ(run(method("Numbers", "cmpChars", "(CBS)I"),
                params({Value::integer(65, 'C'), Value::integer(-3, 'B'), Value::integer(7, 'S')}))
                .outcome,
            O::Returned);
  RunResult r = run(method("Numbers", "mix", "(JI)J"), params({Value::integer(5, 'J'), Value::integer(0)}));
  EXPECT_EQ(r.exception_class, "java/lang/ArithmeticException");
}

TEST_F(ConcreteTest, CandidatesStartSmallAndCoverEveryParameterKind) {
  auto ws = candidateWitnesses(program_, method("Loop", "main", "([Ljava/lang/String;)V"), true, 10);
  ASSERT_EQ(ws.size(), 10u);
  EXPECT_TRUE(ws[0].args.empty());
  EXPECT_EQ(ws[1].args, std::vector<std::string>{""});
  auto ms = candidateWitnesses(program_, method("Faults", "divide", "(II)I"), false, 5);
  ASSERT_EQ(ms.size(), 5u);
  EXPECT_EQ(ms[0].describe(), "(0, 0)");
  // Objects of the parameter's class, receivers of instance methods.
  auto cells = candidateWitnesses(program_, method("Shapes", "average", "(LShapes$Cell;)I"), false, 10);
  ASSERT_EQ(cells.size(), 7u);
  EXPECT_EQ(cells[0].params[0].kind, Value::Kind::Null);
  EXPECT_EQ(cells[1].params[0].kind, Value::Kind::Object);
  EXPECT_EQ(cells[1].params[0].type, "Shapes$Cell");
  // A cell with a successor, and a cell that is its own successor (a cycle).
  EXPECT_EQ(cells[2].describe(), "(Cell{tail=a Cell with default fields})");
  const Value& cycle = cells[3].params[0];
  ASSERT_EQ(cycle.fields.size(), 1u);
  EXPECT_NE(cycle.id, 0);
  EXPECT_EQ(cycle.fields[0].value.kind, Value::Kind::Ref);
  EXPECT_EQ(cycle.fields[0].value.id, cycle.id);
  // The same cycle with its integer fields 1 (a walk that stops at a zero).
  const Value& marked = cells[4].params[0];
  ASSERT_GT(marked.fields.size(), 1u);
  EXPECT_EQ(marked.fields[0].value.id, marked.id);
  for (size_t k = 1; k < marked.fields.size(); ++k) EXPECT_EQ(marked.fields[k].value.number, 1);
  // Rings of two and three cells.
  EXPECT_EQ(cells[5].describe(), "(o1001=Cell{tail=Cell{tail=o1001}})");
  EXPECT_EQ(cells[6].describe(), "(o1001=Cell{tail=Cell{tail=Cell{tail=o1001}}})");
  auto ratio = candidateWitnesses(program_, method("Shapes", "ratio", "(I)I"), false, 3);
  ASSERT_FALSE(ratio.empty());
  ASSERT_TRUE(ratio[0].receiver.has_value());
  EXPECT_EQ(ratio[0].receiver->type, "Shapes");
  EXPECT_EQ(ratio[0].describe(), "(0) on a Shapes with default fields");
  auto shapes = candidateWitnesses(program_, method("Shapes", "area", "(LShapes$Shape;)D"), false, 10);
  ASSERT_EQ(shapes.size(), 1u);  // an interface: only null
  // One object for two parameters of the same type.
  auto detach = candidateWitnesses(program_, method("Witnesses", "detach", "(LWitnesses$Cell;LWitnesses$Cell;)I"), false,
                                   40);
  auto aliased = std::find_if(detach.begin(), detach.end(), [](const Witness& w) {
    return w.params[1].kind == Value::Kind::Ref && w.params[0].id == w.params[1].id;
  });
  EXPECT_NE(aliased, detach.end());
  // Elements equal to a constant the code compares with ('\t').
  auto tabs = candidateWitnesses(program_, method("Witnesses", "skipTabs", "([C)I"), false, 40);
  EXPECT_TRUE(std::any_of(tabs.begin(), tabs.end(), [](const Witness& w) {
    return w.params[0].kind == Value::Kind::Array && w.params[0].elements.size() == 1 &&
           w.params[0].elements[0].number == '\t';
  }));
  // The ends of the int range come last.
  auto abs = candidateWitnesses(program_, method("JvmArithmetic", "absLoop", "(I)I"), false, 100);
  EXPECT_EQ(abs.back().params[0].number, INT32_MAX);
  EXPECT_EQ(abs[abs.size() - 2].params[0].number, INT32_MIN);
}

}  // namespace
}  // namespace jhalt::concrete
