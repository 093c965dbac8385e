// The engine interface (issue 11): every prover analyses an Entry within a
// Budget, hands each claim to the shared Certifier and returns a Result.
// The portfolio (src/portfolio) runs the registered engines; the command
// line only chooses engines and a report.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/engine/result.h"
#include "jhalt/program/program.h"

namespace jhalt::seg {
class Evaluator;
}
namespace jhalt::state {
class State;
}

namespace jhalt::engine {

// A loop of a running JVM (issue 15): a thread stopped at the head of a
// loop of Entry::method, its frame as a state whose memory `evaluator`
// reads from the JVM on demand (seg::ExternalMemory).
struct LiveLoop {
  std::string thread;
  std::vector<Location> stack;  // the thread's frames, top first
  size_t depth = 0;             // the loop's frame in `stack`
  uint32_t head = 0;            // the loop head (offset in Entry::method)
  std::vector<uint32_t> body;   // offsets of the loop's instructions, sorted
  const state::State* start = nullptr;
  seg::Evaluator* evaluator = nullptr;
  // Another live thread may write the heap: no value read from it may be
  // taken as the memory's own (the reason, for reports).
  bool shared_heap = false;
  std::string shared_why;
};

// The analysed unit: a method of a program, how its inputs are chosen and
// the integer semantics every claim must hold for.
struct Entry {
  program::Program& program;
  const program::MethodInfo& method;
  // main(String[]) under the TPDB convention: args is any non-null array of
  // non-null strings. Otherwise: arbitrary arguments (references possibly
  // null; the receiver of an instance method is an object of its class).
  bool main_convention = false;
  Semantics semantics = Semantics::Jvm;
  // Set for a loop of a running JVM (then there is no input to choose).
  const LiveLoop* live = nullptr;
};

// What the user asks for.
struct Goal {
  bool stop_at_first = false;  // termcomp: the first confirmed non-termination ends the run
  bool exceptions = true;      // report runtime exceptions
};

// A deterministic budget: engines bound their work by counts (graph states,
// concrete steps, SMT resource units) scaled by `effort`, so the same input
// gets the same answer under any load; the deadline is a safety net that
// may only turn an answer into MAYBE; memory is what the analysing thread
// may hold (util/memory.h) before the method becomes MAYBE.
class Budget {
 public:
  using Clock = std::chrono::steady_clock;
  Budget(double seconds, double effort, int64_t memory_bytes);

  // A part of what is left: `fraction` of the remaining time, the same
  // effort and memory.
  Budget share(double fraction) const;
  Budget withEffort(double effort) const;

  double effort() const { return effort_; }
  // Scales a deterministic limit by the effort (at least 1).
  uint64_t scaled(uint64_t limit) const;
  Clock::time_point deadline() const { return deadline_; }
  double secondsLeft() const;
  bool expired() const { return Clock::now() >= deadline_; }
  int64_t memoryBytes() const { return memory_bytes_; }
  // Throws ResourceLimit if this thread holds more than the memory budget
  // above what it held when the budget was made.
  void checkMemory() const;
  bool memoryExceeded() const;

 private:
  Clock::time_point deadline_;
  double effort_;
  int64_t memory_bytes_;
  int64_t memory_base_;
};

// A claim an engine makes: a finding without confirmation, and the
// semantics its proof holds for.
struct Claim {
  Finding finding;
  SemanticsSet proven_for;
};

// Confirms claims (issue 11: one shared certifier for claim -> witness ->
// confirmation -> deduplication). Implemented in src/certify.
class Certifier {
 public:
  // Filtered: confirmed by jhalt's run, but of a kind the user did not ask
  // to report (e.g. a null argument in library mode); not replayed, counted.
  enum class Status { Confirmed, Duplicate, Unconfirmed, Filtered };
  struct Outcome {
    Status status = Status::Unconfirmed;
    Finding finding;     // Confirmed: the finding with its confirmation
    std::string reason;  // Unconfirmed: why
  };
  virtual ~Certifier() = default;
  virtual Outcome certify(const Entry& entry, Claim claim) = 0;
  // Whether a finding with this key was already confirmed (by any engine).
  virtual bool confirmed(const std::string& key) const = 0;
};

struct Capabilities {
  bool loops = false;        // non-terminating loops
  bool recursion = false;    // infinite recursion
  bool exceptions = false;   // runtime exceptions
  bool termination = false;  // YES
};

class Engine {
 public:
  virtual ~Engine() = default;
  virtual std::string_view name() const = 0;
  virtual Capabilities capabilities() const = 0;
  // Analyses `entry`; every finding in the result was confirmed by
  // `certifier`. May throw Unsupported/ResourceLimit (the portfolio turns
  // them into notes) but never lets an answer depend on the deadline other
  // than by giving up.
  virtual Result analyze(const Entry& entry, const Goal& goal, const Budget& budget, Certifier& certifier) = 0;
};

}  // namespace jhalt::engine
