// The live JVM module (issue 15): the agent's wire format, the checks of a
// target process, HotSpot's dynamic attach spoken by jhalt, and the agent's
// answers on real JVMs (one started with the agent, one attached to).
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include "jhalt/live/attach.h"
#include "jhalt/live/connection.h"
#include "jhalt/live/wire.h"
#include "jhalt/util/process.h"
#include "test_support.h"

namespace jhalt::live {
namespace {

TEST(Wire, RoundTripsScalarsAndStrings) {
  wire::Writer w;
  w.u8(7);
  w.u16(0xBEEF);
  w.u32(0xDEADBEEF);
  w.u64(0x0123456789ABCDEFull);
  w.i32(-5);
  w.i64(-1234567890123LL);
  w.str("héllo");
  std::string frame = w.frame();
  ASSERT_EQ(frame.size(), 4 + w.size());
  EXPECT_EQ(wire::frameLength(reinterpret_cast<const uint8_t*>(frame.data())), w.size());
  std::string payload = frame.substr(4);
  wire::Reader r(payload);
  EXPECT_EQ(r.u8(), 7);
  EXPECT_EQ(r.u16(), 0xBEEF);
  EXPECT_EQ(r.u32(), 0xDEADBEEFu);
  EXPECT_EQ(r.u64(), 0x0123456789ABCDEFull);
  EXPECT_EQ(r.i32(), -5);
  EXPECT_EQ(r.i64(), -1234567890123LL);
  EXPECT_EQ(r.str(), "héllo");
  EXPECT_TRUE(r.ok());
  EXPECT_TRUE(r.atEnd());
}

TEST(Wire, TruncatedOrHostilePayloadsNeverReadOutOfBounds) {
  wire::Writer w;
  w.u32(1000);  // a string length past the end
  w.u8('x');
  wire::Reader r(w.bytes());
  EXPECT_EQ(r.str(), "");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.u64(), 0u);  // stays failed, reads nothing
  wire::Reader empty("", 0);
  EXPECT_EQ(empty.u32(), 0u);
  EXPECT_FALSE(empty.ok());
}

TEST(Wire, ClassSignaturesBecomeInternalNames) {
  EXPECT_EQ(internalName("Ljava/lang/String;"), "java/lang/String");
  EXPECT_EQ(internalName("[I"), "[I");
  EXPECT_EQ(internalName("[Ljava/lang/Object;"), "[Ljava/lang/Object;");
  EXPECT_EQ(wire::socketName(42), ".jhalt_live_42");
}

TEST(Attach, BadTargetsAreOneLineErrors) {
  try {
    inspectTarget(999999999);
    FAIL() << "no error for a missing process";
  } catch (const TargetError& e) {
    EXPECT_NE(std::string(e.what()).find("no such process"), std::string::npos) << e.what();
  }
  try {
    inspectTarget(getpid());  // this test is not a JVM
    FAIL() << "no error for a process that is not a JVM";
  } catch (const TargetError& e) {
    EXPECT_NE(std::string(e.what()).find("not a HotSpot JVM"), std::string::npos) << e.what();
  }
  EXPECT_THROW(Connection::open("/nonexistent/socket", 0.05), TargetError);
}

// A JVM running live.Zune (stuck in Zune.yearOf) or another program of tests/java/live,
// killed at the end.
class Jvm {
 public:
  explicit Jvm(bool with_agent, const std::string& main_class = "live.Zune") {
    std::vector<std::string> argv{test::kJdk + "/bin/java"};
    if (with_agent) argv.push_back("-agentpath:" + std::string(JHALT_TEST_LIVE_AGENT));
    argv.insert(argv.end(), {"-cp", test::kClasses, main_class});
    util::Spawned s = util::spawnInteractive(argv, {});
    pid_ = s.pid;
  }
  ~Jvm() {
    if (pid_ > 0) {
      ::kill(pid_, SIGKILL);
      util::waitExit(pid_);
    }
  }
  int pid() const { return pid_; }
  bool alive() const { return pid_ > 0 && util::pollExit(pid_) < 0; }

 private:
  int pid_ = -1;
};

uint64_t mainThread(Connection& c) {
  for (const ThreadInfo& t : c.threads())
    if (t.name == "main") return t.handle;
  return 0;
}

TEST(Agent, LoadedAtStartReadsFramesLocalsAndStopsAtALoopHead) {
  Jvm jvm(true);
  ASSERT_GT(jvm.pid(), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  auto c = Connection::open("/tmp/" + wire::socketName(jvm.pid()), 10);
  EXPECT_FALSE(c->hello().attached);
  EXPECT_TRUE(c->hello().has(wire::kCapLocals));
  EXPECT_TRUE(c->hello().has(wire::kCapBreakpoints));
  EXPECT_EQ(c->hello().command, "live.Zune");
  uint64_t main = mainThread(*c);
  ASSERT_NE(main, 0u);
  std::vector<FrameInfo> stack = c->stack(main);
  ASSERT_GE(stack.size(), 2u);
  EXPECT_EQ(stack[0].cls, "live/Zune");
  EXPECT_EQ(stack[0].name, "yearOf");
  // The loop head of yearOf is offset 4 (`while (days > 365)`).
  ASSERT_TRUE(c->breakAt(main, stack[0].method, 4, static_cast<uint32_t>(stack.size()), 5000));
  std::vector<Value> locals = c->locals(main, 0, {{0, 'I'}, {1, 'I'}});
  ASSERT_EQ(locals.size(), 2u);
  EXPECT_EQ(locals[0].i, 366);   // days
  EXPECT_EQ(locals[1].i, 2008);  // year
  StaticValue none = c->staticField("live/Zune", "missing", "I");
  EXPECT_TRUE(none.class_found);
  EXPECT_FALSE(none.field_found);
  EXPECT_THROW(c->object(12345), TargetError);  // an unknown handle is refused, not a crash
  c->detach();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(jvm.alive());
  // The agent is dormant again and takes the next connection.
  auto again = Connection::open("/tmp/" + wire::socketName(jvm.pid()), 5);
  EXPECT_EQ(again->stack(mainThread(*again))[0].name, "yearOf");
  again->detach();
}

TEST(Agent, ResumesTheJvmWhenJhaltGoesAway) {
  Jvm jvm(true);
  ASSERT_GT(jvm.pid(), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  const std::string socket = "/tmp/" + wire::socketName(jvm.pid());
  {
    auto c = Connection::open(socket, 10);
    c->suspendAll({});
    uint64_t main = mainThread(*c);
    bool suspended = false;
    for (const ThreadInfo& t : c->threads())
      if (t.handle == main) suspended = (t.state & kThreadSuspended) != 0;
    EXPECT_TRUE(suspended);
  }  // the connection closes without a detach request, as when jhalt is killed
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  auto c = Connection::open(socket, 10);
  for (const ThreadInfo& t : c->threads()) {
    if (t.name == "main") {
      EXPECT_EQ(t.state & kThreadSuspended, 0u) << "main is still suspended";
    }
  }
  c->detach();
  // A JVM that is gone: calls fail with ConnectionLost, not a crash.
  auto last = Connection::open(socket, 10);
  ::kill(jvm.pid(), SIGKILL);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_THROW(last->threads(), ConnectionLost);
}

// A program that ends while jhalt observes it: every request either answers or
// fails with ConnectionLost, also in the JVM's dead phase (JVMTI_ERROR_WRONG_PHASE
// once was "the agent refused" and a bad-input exit; a CI failure of the live tests).
TEST(Agent, AProgramThatEndsDuringTheObservationIsConnectionLost) {
  Jvm jvm(true, "live.FlagLater");  // ends by itself after about 5 s
  ASSERT_GT(jvm.pid(), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  auto c = Connection::open("/tmp/" + wire::socketName(jvm.pid()), 10);
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  bool lost = false;
  while (!lost && std::chrono::steady_clock::now() < until) {
    try {
      for (const ThreadInfo& t : c->threads()) (void)c->stack(t.handle);
    } catch (const ConnectionLost&) {
      lost = true;
    } catch (const TargetError& e) {
      std::string why = e.what();
      // A thread that ended between the two requests is refused; anything else is not expected.
      if (why.find("THREAD_NOT_ALIVE") == std::string::npos && why.find("INVALID_THREAD") == std::string::npos)
        FAIL() << why;
    }
  }
  EXPECT_TRUE(lost) << "the program did not end";
}

TEST(Agent, AnAttachThatTimesOutIsAnError) {
  Jvm jvm(false);
  ASSERT_GT(jvm.pid(), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  Target t = inspectTarget(jvm.pid());
  ::kill(jvm.pid(), SIGSTOP);  // a JVM that does not answer
  try {
    loadAgent(t, JHALT_TEST_LIVE_AGENT, "", 1.0);
    ADD_FAILURE() << "no error for a JVM that does not answer";
  } catch (const TargetError& e) {
    EXPECT_NE(std::string(e.what()).find("in time"), std::string::npos) << e.what();
  }
  ::kill(jvm.pid(), SIGCONT);
}

TEST(Agent, DynamicAttachWithoutJcmd) {
  Jvm jvm(false);
  ASSERT_GT(jvm.pid(), 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(800));
  Target t = inspectTarget(jvm.pid());
  bool loaded = false;
  auto c = connectToJvm(t, JHALT_TEST_LIVE_AGENT, 10, &loaded);
  EXPECT_TRUE(loaded);
  EXPECT_TRUE(c->hello().attached);
  // What HotSpot grants a running JVM: no local variables, no breakpoints.
  EXPECT_FALSE(c->hello().has(wire::kCapLocals));
  EXPECT_FALSE(c->hello().has(wire::kCapBreakpoints));
  EXPECT_TRUE(c->hello().has(wire::kCapSuspend));
  uint64_t main = mainThread(*c);
  ASSERT_NE(main, 0u);
  EXPECT_THROW(c->locals(main, 0, {{0, 'I'}}), TargetError);
  c->detach();
  // A second attach finds the agent already there.
  auto again = connectToJvm(t, JHALT_TEST_LIVE_AGENT, 10, &loaded);
  EXPECT_FALSE(loaded);
  again->detach();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_TRUE(jvm.alive());
}

}  // namespace
}  // namespace jhalt::live
