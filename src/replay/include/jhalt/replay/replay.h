// Witness replay on the real JVM: runs the method with the witness input in
// a separate JVM (util/process: time and memory limits, own process group)
// through jhalt's precompiled harness (harness/src/jhalt/harness/Replay.java),
// which builds the arguments by reflection (objects without constructors,
// as jhalt's evaluator does) and reports the outcome in a result file: the
// method returned, threw (with the stack frames), or was still running at
// the time limit. What an outcome confirms is decided by the certifier.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jhalt/input/input.h"
#include "jhalt/program/program.h"

namespace jhalt::replay {

struct ReplayOptions {
  std::string java_home;               // its bin/java is used
  std::string harness_jar;             // share/jhalt/jhalt-harness.jar
  double timeout_seconds = 2.0;
  int heap_mb = 256;                   // -Xmx of the replayed JVM
  std::vector<std::string> classpath;  // where the program's classes are (.jmod entries are skipped)
  std::vector<std::string> jvm_args;   // further JVM options (e.g. -Xss256m for recursion)
  std::string agent_library;           // lib/jhalt/libjhalt-agent.so (JvmSession's loop watch)
};

struct Frame {
  std::string cls;     // binary name, pkg.Outer$Inner
  std::string method;
  int line = -1;
  std::string module;  // "" for classes on the class path
};

struct ReplayResult {
  // Exited: the JVM ended without a result (System.exit, a crash);
  // Failed: the harness could not run the witness (see `detail`).
  // Looping: (watchLoop) the JVM visited the loop head `visits` times and
  // was still inside the loop: an observation by count, not by time.
  enum class Outcome { StillRunning, Looping, Returned, Exception, Exited, Failed };
  Outcome outcome = Outcome::Failed;
  double seconds = 0;
  std::string exception_class;  // internal name, e.g. java/lang/ArithmeticException
  std::vector<Frame> frames;    // top first, the harness cut off
  std::string detail;           // Failed: why
  uint64_t visits = 0;          // Looping

  std::string describe() const;
};

// Replays `witness` for the entry method `entry`.
ReplayResult replay(const ReplayOptions& options, const program::MethodInfo& entry, const input::Witness& witness);

// A loop head: the bytecode offset of a method, as the JVM names it.
struct LoopHead {
  std::string cls;  // binary name, pkg.Outer$Inner
  std::string method;
  std::string descriptor;
  uint32_t pc = 0;
};

// Replays `witness` under the JDK's debugger interface (harness Watch.java)
// and counts the visits of `head`: Looping after `visits` of them, else the
// run's outcome. options.timeout_seconds stays a safety net (StillRunning).
ReplayResult watchLoop(const ReplayOptions& options, const program::MethodInfo& entry, const input::Witness& witness,
                       const LoopHead& head, uint64_t visits);

// One JVM for all the replays of an analysis (issue 12: "one JVM per run
// started early and reused for every claim"). The constructor starts it
// (harness Server.java with jhalt's JVMTI agent) and returns at once, so the
// JVM boots while the engines work. Each replay loads the program's classes
// afresh in the JVM (no static state leaks between claims) on a thread of
// its own; a watched loop is counted by the agent's breakpoint, inside the
// JVM. A request past its time limit, or a JVM that ends, kills it; the next
// request starts another. What the session cannot serve (an entry in a JDK
// module, JVM options other than -Xss, no agent, a JVM that does not start)
// goes to replay()/watchLoop() above, one JVM per claim, with the same
// outcomes.
class JvmSession {
 public:
  // start_now = false: the JVM starts at the first request.
  explicit JvmSession(ReplayOptions options, bool start_now = true);
  ~JvmSession();
  JvmSession(const JvmSession&) = delete;
  JvmSession& operator=(const JvmSession&) = delete;

  // As replay()/watchLoop(); `options` are the session's with a per-claim
  // time limit and JVM arguments.
  ReplayResult replay(const ReplayOptions& options, const program::MethodInfo& entry, const input::Witness& witness);
  ReplayResult watchLoop(const ReplayOptions& options, const program::MethodInfo& entry,
                         const input::Witness& witness, const LoopHead& head, uint64_t visits);

  struct Stats {
    int starts = 0;     // JVMs started
    int served = 0;     // requests the session's JVM answered
    int fallbacks = 0;  // requests sent to a JVM of their own
  };
  Stats stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The harness's spec text for a witness (see Replay.java).
std::string specText(const program::MethodInfo& entry, const input::Witness& witness);

}  // namespace jhalt::replay
