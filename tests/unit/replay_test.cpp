// Replay of witnesses on the real JVM through the precompiled harness:
// main programs and methods, nested classes, receivers, constructors,
// objects with fields, and the outcomes the certifier reads.
#include <gtest/gtest.h>

#include "jhalt/replay/replay.h"
#include "test_classpath.h"
#include "test_engine.h"

namespace jhalt::replay {
namespace {

using input::Value;
using input::Witness;
using O = ReplayResult::Outcome;

class ReplayTest : public ::testing::Test {
 protected:
  ReplayTest() : cp_(test::testClassPath()), program_(cp_) {}
  const program::MethodInfo& method(const std::string& cls, const std::string& name, const std::string& desc) {
    const program::MethodInfo* m = program_.get(cls).declaredMethod(name, desc);
    EXPECT_NE(m, nullptr);
    return *m;
  }
  static Witness params(std::vector<Value> v) {
    Witness w;
    w.params = std::move(v);
    return w;
  }
  classpath::ClassPath cp_;
  program::Program program_;
};

TEST_F(ReplayTest, MainProgramsRunOrEnd) {
  const auto& main = method("Loop", "main", "([Ljava/lang/String;)V");
  Witness w;
  w.main_args = true;
  w.args = {""};
  ReplayResult r = replay(test::replayOptions(1.0), main, w);
  EXPECT_EQ(r.outcome, O::StillRunning) << r.describe();
  w.args = {"a"};
  r = replay(test::replayOptions(5.0), main, w);
  EXPECT_EQ(r.outcome, O::Returned) << r.describe();
  // System.exit ends the JVM without a result.
  w.args = {};
  r = replay(test::replayOptions(5.0), method("Faults", "main", "([Ljava/lang/String;)V"), w);
  EXPECT_EQ(r.outcome, O::Exited) << r.describe();
}

TEST_F(ReplayTest, ExceptionsComeWithTheirFrames) {
  ReplayResult r = replay(test::replayOptions(5.0), method("Faults", "at", "([II)I"),
                          params({Value::array("[I", {Value::integer(1), Value::integer(2)}), Value::integer(5)}));
  ASSERT_EQ(r.outcome, O::Exception) << r.describe();
  EXPECT_EQ(r.exception_class, "java/lang/ArrayIndexOutOfBoundsException");
  ASSERT_FALSE(r.frames.empty());
  EXPECT_EQ(r.frames[0].cls, "Faults");
  EXPECT_EQ(r.frames[0].method, "at");
  EXPECT_EQ(r.frames[0].line, 14);
  EXPECT_EQ(r.frames[0].module, "");
  EXPECT_EQ(r.frames.size(), 1u);  // the harness and reflection are cut off
}

// Nested classes, objects allocated without constructors, fields set by
// reflection, receivers and constructors (issue 10, item 3).
TEST_F(ReplayTest, ObjectsReceiversAndConstructors) {
  const auto& average = method("Shapes", "average", "(LShapes$Cell;)I");
  Value cell = Value::object("Shapes$Cell");
  ReplayResult r = replay(test::replayOptions(5.0), average, params({cell}));
  ASSERT_EQ(r.outcome, O::Exception) << r.describe();
  EXPECT_EQ(r.exception_class, "java/lang/ArithmeticException");
  cell.fields.push_back({"Shapes$Cell", "count", "I", Value::integer(2)});
  EXPECT_EQ(replay(test::replayOptions(5.0), average, params({cell})).outcome, O::Returned);
  Witness w = params({Value::integer(4)});
  w.receiver = Value::object("Shapes");
  r = replay(test::replayOptions(5.0), method("Shapes", "ratio", "(I)I"), w);
  EXPECT_EQ(r.exception_class, "java/lang/ArithmeticException") << r.describe();
  w = params({Value::integer(0)});
  w.receiver = Value::object("Shapes");
  r = replay(test::replayOptions(5.0), method("Shapes", "<init>", "(I)V"), w);
  ASSERT_EQ(r.outcome, O::Exception) << r.describe();
  EXPECT_EQ(r.frames.at(0).method, "<init>");
  EXPECT_EQ(r.frames.at(0).line, 26);
}

// A cycle reaches the JVM as one object (def/ref in the spec).
TEST_F(ReplayTest, LabelledObjectsAreSharedOnTheJvm) {
  const auto& tail_head = method("Shapes", "tailHead", "(LShapes$Cell;)I");
  Value cell = Value::object("Shapes$Cell");
  cell.id = 3;
  cell.fields.push_back({"Shapes$Cell", "tail", "LShapes$Cell;", Value::reference(3)});
  ReplayResult r = replay(test::replayOptions(5.0), tail_head, params({cell}));
  EXPECT_EQ(r.outcome, O::Returned) << r.describe();
  EXPECT_NE(specText(tail_head, params({cell})).find("def 3 obj Shapes$Cell 1 Shapes$Cell tail ref 3"),
            std::string::npos);
  r = replay(test::replayOptions(5.0), tail_head, params({Value::reference(9)}));
  EXPECT_EQ(r.outcome, O::Failed) << r.describe();
}

TEST_F(ReplayTest, SpecTextDescribesEveryValueKind) {
  Witness w = params({Value::integer(-3), Value::floating(1.0), Value::string("a b"),
                      Value::array("[Ljava/lang/String;", {Value::null()})});
  std::string spec = specText(method("Faults", "divide", "(II)I"), w);
  EXPECT_NE(spec.find("class Faults\nmethod divide\ndescriptor (II)I\n"), std::string::npos) << spec;
  EXPECT_NE(spec.find("args 4 I -3 D 3ff0000000000000 str 612062 arr [Ljava/lang/String; 1 null"), std::string::npos)
      << spec;
}

TEST_F(ReplayTest, AHarnessThatCannotRunItSaysWhy) {
  replay::ReplayOptions o = test::replayOptions(5.0);
  o.classpath = {"/nonexistent"};
  ReplayResult r = replay(o, method("Faults", "divide", "(II)I"), params({Value::integer(1), Value::integer(0)}));
  EXPECT_EQ(r.outcome, O::Failed);
  EXPECT_NE(r.detail.find("ClassNotFoundException"), std::string::npos) << r.detail;
}

// One JVM serves many claims (issue 12), each in fresh classes: the static
// counter of `second` starts at 0 for every claim, so the call that throws
// in a JVM of its own throws in the session too, claim after claim.
TEST_F(ReplayTest, TheSessionJvmServesClaimsInFreshClasses) {
  JvmSession session(test::replayOptions(10.0));
  const auto& second = method("ReplayServer", "second", "(I)I");
  for (int round = 0; round < 3; ++round) {
    ReplayResult r = session.replay(test::replayOptions(10.0), second, params({Value::integer(1)}));
    EXPECT_EQ(r.outcome, O::Returned) << r.describe();
  }
  ReplayResult r = session.replay(test::replayOptions(10.0), method("Faults", "at", "([II)I"),
                                  params({Value::array("[I", {Value::integer(1)}), Value::integer(5)}));
  ASSERT_EQ(r.outcome, O::Exception) << r.describe();
  EXPECT_EQ(r.exception_class, "java/lang/ArrayIndexOutOfBoundsException");
  ASSERT_EQ(r.frames.size(), 1u);
  EXPECT_EQ(r.frames[0].line, 14);
  JvmSession::Stats s = session.stats();
  EXPECT_EQ(s.starts, 1);
  EXPECT_EQ(s.served, 4);
  EXPECT_EQ(s.fallbacks, 0);
}

// The agent counts the loop head's visits inside the session's JVM: a
// count, never a time. A run that leaves the loop returns.
TEST_F(ReplayTest, TheSessionCountsLoopVisitsWithTheAgent) {
  JvmSession session(test::replayOptions(10.0));
  const auto& spin = method("ReplayServer", "spin", "(I)I");
  LoopHead head{"ReplayServer", "spin", "(I)I", 0};
  ReplayResult r = session.watchLoop(test::replayOptions(10.0), spin, params({Value::integer(1)}), head, 5000);
  ASSERT_EQ(r.outcome, O::Looping) << r.describe();
  EXPECT_GE(r.visits, 5000u);
  r = session.watchLoop(test::replayOptions(10.0), spin, params({Value::integer(-6)}), head, 5000);
  EXPECT_EQ(r.outcome, O::Returned) << r.describe();
  // The same JVM took both (the stopped thread does not end it).
  EXPECT_EQ(session.stats().starts, 1);
  EXPECT_EQ(session.stats().fallbacks, 0);
  // No breakpoint at an offset that is not an instruction's.
  head.pc = 100;
  r = session.watchLoop(test::replayOptions(10.0), spin, params({Value::integer(1)}), head, 10);
  EXPECT_EQ(r.outcome, O::Failed) << r.describe();
}

// A run past its time limit and a program that ends the JVM each cost the
// session its JVM; the next claim gets a new one.
TEST_F(ReplayTest, TheSessionRestartsAfterATimeoutOrAnExit) {
  JvmSession session(test::replayOptions(10.0));
  const auto& stubborn = method("ReplayServer", "stubborn", "(I)V");
  LoopHead head{"ReplayServer", "stubborn", "(I)V", 0};
  ReplayResult r = session.watchLoop(test::replayOptions(1.0), stubborn, params({Value::integer(0)}), head, 100);
  EXPECT_EQ(r.outcome, O::StillRunning) << r.describe();
  r = session.replay(test::replayOptions(10.0), method("ReplayServer", "quit", "(I)V"), params({Value::integer(3)}));
  EXPECT_EQ(r.outcome, O::Exited) << r.describe();
  r = session.replay(test::replayOptions(10.0), method("Faults", "divide", "(II)I"),
                     params({Value::integer(1), Value::integer(0)}));
  EXPECT_EQ(r.exception_class, "java/lang/ArithmeticException") << r.describe();
  EXPECT_EQ(session.stats().starts, 3);
}

// -Xss becomes the run thread's stack; other JVM options, and classes of
// JDK modules, get a JVM of their own.
TEST_F(ReplayTest, TheSessionHonoursTheStackAndFallsBackForOtherOptions) {
  JvmSession session(test::replayOptions(10.0), false);
  const auto& depth = method("ReplayServer", "depth", "(I)I");
  ReplayResult r = session.replay(test::replayOptions(10.0), depth, params({Value::integer(200000)}));
  EXPECT_EQ(r.exception_class, "java/lang/StackOverflowError") << r.describe();
  ReplayOptions big = test::replayOptions(30.0);
  big.jvm_args = {"-Xss256m"};
  r = session.replay(big, depth, params({Value::integer(200000)}));
  EXPECT_EQ(r.outcome, O::Returned) << r.describe();
  EXPECT_EQ(session.stats().fallbacks, 0);
  ReplayOptions other = test::replayOptions(10.0);
  other.jvm_args = {"-ea"};
  r = session.replay(other, depth, params({Value::integer(3)}));
  EXPECT_EQ(r.outcome, O::Returned) << r.describe();
  EXPECT_EQ(session.stats().fallbacks, 1);
  EXPECT_EQ(session.stats().starts, 1);
}

}  // namespace
}  // namespace jhalt::replay
