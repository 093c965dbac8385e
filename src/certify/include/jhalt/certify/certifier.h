// The shared certifier (issue 11; the confirmation rules of issue 10):
// every claim of every engine passes here before it becomes a finding.
//
//  * Semantics. A claim counts for the entry's integer semantics only: a
//    proof over mathematical integers is not a proof for the JVM, unless
//    jhalt's own run under JVM integers repeats a state exactly (that run is
//    then the proof).
//  * Confirmation by jhalt's evaluator, counted in steps (never by a
//    timer): the witness is run with the entry's integer semantics. A
//    non-termination claim is confirmed when the run repeats a state
//    exactly, or when it is still running after the step budget having
//    visited the claimed loop head again and again (or recursed to the
//    required depth) - the engine's proof says it never stops. An exception
//    claim is confirmed when the run throws it at the claimed place.
//  * The JVM. Under JVM semantics every exception is replayed and must be
//    thrown at the same place (the observation is the confirmation); a
//    non-termination claim is cross-checked by watching the JVM's run and
//    counting the visits of the loop head (replay::JvmSession::watchLoop,
//    jhalt's JVMTI agent): a JVM that leaves the loop withdraws the
//    claim (a bug in jhalt), one still inside it after the visits agrees; a
//    timer is only a safety net and confirms nothing. Under mathematical
//    semantics the JVM is not the oracle and is not asked.
//  * Deduplication across engines by Finding::key.
// A claim that fails any step is Unconfirmed with the reason; it is never a
// finding.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "jhalt/engine/engine.h"
#include "jhalt/replay/replay.h"

namespace jhalt::certify {

struct Options {
  size_t loop_steps = 100000;       // jhalt's run for a non-terminating loop
  size_t loop_visits = 3;           // visits of the loop head it must make
  // A loop of a running JVM: jhalt's run from the thread's memory stops
  // confirmed after this many visits of the head (or loop_steps steps)
  // without leaving the loop.
  size_t live_loop_visits = 64;
  size_t recursion_depth = 256;     // frames a recursion witness must reach
  size_t recursion_steps = 200000;
  size_t exception_steps = 200000;  // jhalt's run for an exception
  bool replay = true;               // use the JVM (see above)
  replay::ReplayOptions replay_options;
  // The run's JVM, started early and reused for every claim (issue 12);
  // without it each replay starts a JVM of its own.
  std::shared_ptr<replay::JvmSession> jvm;
  // A StackOverflowError (infinite recursion under JVM semantics) is
  // replayed with a large stack (-Xss256m, so a deep but finite recursion
  // returns) and needs more time than other replays.
  double stack_overflow_seconds = 30;
  // A JVM-semantics non-termination is cross-checked by watching the JVM's
  // run (replay::watchLoop): it must visit the loop head this often without
  // leaving the loop. The time is only a safety net (then: not observed).
  uint64_t jvm_loop_visits = 1000;
  double watch_seconds = 10;
  // A safety net for jhalt's runs (they are bounded by steps): past it a
  // run stops and the claim is unconfirmed, never confirmed.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // Exception causes to report; others are Filtered (not replayed).
  bool report_runtime = true, report_null_arguments = true, report_explicit_throws = true,
       report_object_state = true;
};

class DefaultCertifier final : public engine::Certifier {
 public:
  explicit DefaultCertifier(Options options);
  ~DefaultCertifier() override;
  Outcome certify(const engine::Entry& entry, engine::Claim claim) override;
  bool confirmed(const std::string& key) const override { return confirmed_.count(key) != 0; }

 private:
  Outcome nonTermination(const engine::Entry& entry, engine::Claim& claim);
  Outcome liveLoop(const engine::Entry& entry, engine::Claim& claim);
  Outcome exception(const engine::Entry& entry, engine::Claim& claim);
  Outcome replayException(const engine::Entry& entry, engine::Finding& f, bool stack_overflow);
  bool nullFromInput(const engine::Entry& entry, const engine::Finding& f);

  Options options_;
  std::set<std::string> confirmed_;
  // Per entry: a class with a finalizer it may create ("" for none).
  std::map<const program::MethodInfo*, std::string> finalizer_;
};

}  // namespace jhalt::certify
