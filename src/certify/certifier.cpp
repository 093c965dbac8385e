#include "jhalt/certify/certifier.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "jhalt/certify/classify.h"
#include "jhalt/concrete/entry.h"
#include "jhalt/concrete/run.h"
#include "finalizers.h"
#include "populate.h"

namespace jhalt::certify {
namespace {

using engine::Finding;
using engine::FindingKind;
using engine::NonTermKind;
using engine::Semantics;
using Status = engine::Certifier::Status;
using Outcome = engine::Certifier::Outcome;

Outcome unconfirmed(std::string reason) { return Outcome{Status::Unconfirmed, {}, std::move(reason)}; }

std::string semanticsText(Semantics s) { return s == Semantics::Jvm ? "JVM (32/64-bit)" : "mathematical"; }

// The method a location names, if the program has it.
const program::MethodInfo* methodOf(program::Program& p, const engine::Location& l) {
  const program::ClassInfo* c = p.find(l.cls);
  return c ? c->declaredMethod(l.method, l.descriptor) : nullptr;
}

// One concrete run of a witness under the entry's integer semantics.
struct Run {
  state::TypeSystem types;
  state::RefAllocator alloc;
  seg::Evaluator ev;
  Run(const engine::Entry& e)
      : types(e.program), ev(e.program, types, alloc, options(e)) {}
  static seg::EvalOptions options(const engine::Entry& e) {
    seg::EvalOptions o;
    o.jvm_int_semantics = e.semantics == Semantics::Jvm;
    o.recursion = true;
    o.concrete = true;
    return o;
  }
};

// jhalt's run of `w` (at most `steps` steps, cut at `deadline`); nullopt
// with `why` when the input cannot be built.
std::optional<concrete::RunResult> runWitness(const engine::Entry& e, const input::Witness& w, size_t steps,
                                              std::chrono::steady_clock::time_point deadline, std::string& why,
                                              const std::function<bool(const state::State&, size_t)>& observe = nullptr) {
  Run run(e);
  auto start = concrete::entryState(run.ev, e.method, w, &why);
  if (!start) return std::nullopt;
  concrete::RunOptions ro;
  ro.deadline = deadline;
  ro.max_steps = steps;
  return concrete::run(run.ev, std::move(*start), ro, observe);
}

std::string runEnd(const concrete::RunResult& r) {
  using O = concrete::RunResult::Outcome;
  switch (r.outcome) {
    case O::Returned: return fmt::format("returns after {} steps", r.steps);
    case O::Exception:
      return fmt::format("throws {} after {} steps", input::javaClassName(r.exception_class, true), r.steps);
    case O::NotConcrete: return "cannot be run by jhalt's evaluator (" + r.reason + ")";
    case O::StepLimit: return fmt::format("is still running after {} steps", r.steps);
    case O::Cycle: return fmt::format("repeats a state after {} steps", r.cycle_start + r.cycle_period);
    case O::Stopped: return "was stopped";
  }
  return "?";
}

engine::Location reportedLocation(const state::State& s) {
  const state::Frame& f = concrete::reportedFrame(s);
  return engine::locate(*f.method, f.pc);
}

// Does the JVM's stack trace show the exception at `where`? The frames above
// it may only be library code (named modules: the JDK's own methods, which
// jhalt's models stand for).
bool sameFrame(const std::vector<replay::Frame>& frames, const engine::Location& where) {
  std::string cls = input::javaClassName(where.cls, true);
  for (const replay::Frame& f : frames) {
    if (f.cls == cls && f.method == where.method) return where.line < 0 || f.line < 0 || f.line == where.line;
    if (f.module.empty() && f.cls != cls) return false;
  }
  return false;
}

}  // namespace

DefaultCertifier::DefaultCertifier(Options options) : options_(std::move(options)) {}
DefaultCertifier::~DefaultCertifier() = default;

engine::Certifier::Outcome DefaultCertifier::certify(const engine::Entry& entry, engine::Claim claim) {
  std::string key = claim.finding.key();
  if (confirmed_.count(key)) return Outcome{Status::Duplicate, {}, "found before"};
  claim.finding.semantics = entry.semantics;
  Outcome out = entry.live                                          ? liveLoop(entry, claim)
                : claim.finding.kind == FindingKind::NonTermination ? nonTermination(entry, claim)
                                                                    : exception(entry, claim);
  if (out.status == Status::Confirmed) confirmed_.insert(out.finding.key());
  return out;
}

// A loop of a running JVM (issue 15): jhalt's evaluator runs from the
// memory the thread is in (read from the JVM as the run needs it), counted
// in steps; it must stay in the loop and keep visiting its head.
engine::Certifier::Outcome DefaultCertifier::liveLoop(const engine::Entry& entry, engine::Claim& claim) {
  const engine::LiveLoop& l = *entry.live;
  Finding& f = claim.finding;
  if (f.kind != FindingKind::NonTermination || !claim.proven_for.has(Semantics::Jvm))
    return unconfirmed("a claim about a running JVM must be a loop proven for JVM integers");
  if (!l.evaluator || !l.start) return unconfirmed("the thread's memory is not available");
  concrete::RunOptions o;
  o.max_steps = options_.loop_steps;
  o.detect_cycles = false;
  o.deadline = options_.deadline;
  size_t visits = 0;
  bool left = false;
  concrete::RunResult r = concrete::run(*l.evaluator, *l.start, o, [&](const state::State& s, size_t step) {
    if (s.finished()) return left = true;
    if (s.frames.size() != 1 || s.exception != state::kNone) return false;
    uint32_t pc = s.top().pc;
    if (!l.body.empty() && !std::binary_search(l.body.begin(), l.body.end(), pc)) return left = true;
    if (pc == l.head && step > 0) ++visits;
    return visits >= options_.live_loop_visits;
  });
  using O = concrete::RunResult::Outcome;
  if (r.timed_out) return unconfirmed("jhalt's run was cut short by the time limit (a timer confirms nothing)");
  if (left || r.outcome == O::Returned || r.outcome == O::Exception)
    return unconfirmed(fmt::format("jhalt's run from the thread's memory leaves the loop after {} steps", r.steps));
  if (r.outcome != O::StepLimit && r.outcome != O::Stopped)
    return unconfirmed(fmt::format("jhalt's run from the thread's memory stops after {} steps: {}", r.steps, r.reason));
  if (visits < options_.loop_visits)
    return unconfirmed(fmt::format("jhalt's run from the thread's memory visits the loop head only {} times", visits));
  f.confirmation = fmt::format(
      "jhalt's evaluator (JVM (32/64-bit) integers), run from the memory the thread is in, stays in the loop for "
      "{} steps and comes back to its head {} times",
      r.steps, visits);
  return Outcome{Status::Confirmed, f, ""};
}

engine::Certifier::Outcome DefaultCertifier::nonTermination(const engine::Entry& entry, engine::Claim& claim) {
  Finding& f = claim.finding;
  auto known = finalizer_.find(&entry.method);
  if (known == finalizer_.end())
    known = finalizer_.emplace(&entry.method, finalizerClassCreated(entry.program, entry.method)).first;
  if (const std::string& cls = known->second; !cls.empty())
    return unconfirmed(fmt::format("{} has a finalizer, which the JVM runs on another thread: a run of one thread "
                                   "proves no endless loop",
                                   cls));
  const bool recursion = f.nonterm == NonTermKind::Recursion;
  const program::MethodInfo* at = methodOf(entry.program, f.where);
  if (!at) return unconfirmed("the claimed location is not a method of the program");
  size_t visits = 0;
  const size_t depth_goal = options_.recursion_depth;
  std::string why;
  auto run = runWitness(entry, f.witness, recursion ? options_.recursion_steps : options_.loop_steps,
                        options_.deadline, why, [&](const state::State& s, size_t) {
                          if (s.finished() || s.top().method != at || s.top().pc != f.where.pc) return false;
                          ++visits;
                          return recursion && s.frames.size() >= depth_goal;  // deep enough
                        });
  if (!run) return unconfirmed("jhalt cannot build the witness input: " + why);
  const concrete::RunResult& r = *run;
  using O = concrete::RunResult::Outcome;
  const std::string sem = semanticsText(entry.semantics);
  if (r.timed_out) return unconfirmed("jhalt's run was cut short by the time limit (a timer confirms nothing)");
  if (r.outcome == O::Cycle && !recursion) {
    if (r.cycle_method != at || r.cycle_pc != f.where.pc)
      return unconfirmed(fmt::format("jhalt's run repeats a state at another place ({} offset {})",
                                     engine::locate(*r.cycle_method, r.cycle_pc).javaName(), r.cycle_pc));
    f.confirmation = fmt::format(
        "jhalt's evaluator ({} integers) repeats the state at the loop head exactly{} after {} steps (period {}): "
        "the program is deterministic, so the run is infinite",
        sem, r.cycle_ignored.empty() ? "" : " (up to locals the loop only increments)", r.cycle_start,
        r.cycle_period);
  } else if (!claim.proven_for.has(entry.semantics)) {
    return unconfirmed(fmt::format("the proof holds for {} integers only, and jhalt's run under {} integers {}",
                                   entry.semantics == Semantics::Jvm ? "mathematical" : "JVM", sem, runEnd(r)));
  } else if (recursion) {
    // As for loops: values past 64 bits end jhalt's exact run; a run that
    // got that far deep still confirms the witness (the proof covers the
    // rest).
    const bool overflowed = r.outcome == O::NotConcrete && r.overflowed && visits >= options_.loop_visits;
    if (r.outcome != O::Stopped && !overflowed)
      return unconfirmed(fmt::format("jhalt's run under {} integers {} (call depth {}, {} recursive calls)", sem,
                                     runEnd(r), r.max_depth, visits));
    f.confirmation = fmt::format(
        "jhalt's evaluator ({} integers) followed the witness to a call depth of {} frames ({} calls at the "
        "recursive call) in {} steps without returning{}",
        sem, r.max_depth, visits, r.steps, overflowed ? ", until its values left 64 bits" : "");
  } else {
    // Values past 64 bits end jhalt's exact run; what it saw up to there
    // still confirms the witness (the proof covers the rest).
    bool ran = r.outcome == O::StepLimit || (r.outcome == O::NotConcrete && r.overflowed);
    if (!ran || visits < options_.loop_visits)
      return unconfirmed(fmt::format("jhalt's run under {} integers {} ({} visits of the loop head)", sem, runEnd(r),
                                     visits));
    f.confirmation = fmt::format(
        "jhalt's evaluator ({} integers) ran the witness {} steps without terminating, visiting the loop head {} "
        "times{}",
        sem, r.steps, visits, r.overflowed ? ", until its values left 64 bits" : "");
  }
  if (entry.semantics == Semantics::Jvm && options_.replay && !recursion) {
    // A cross-check on the JVM by observation (see certifier.h): the visits
    // of the loop head are counted (by jhalt's JVMTI agent in the run's JVM,
    // or through the debugger interface in a JVM of its own).
    replay::ReplayOptions ro = options_.replay_options;
    ro.timeout_seconds = std::max(ro.timeout_seconds, options_.watch_seconds);
    replay::LoopHead head{input::javaClassName(f.where.cls, true), f.where.method, f.where.descriptor, f.where.pc};
    replay::ReplayResult rr = options_.jvm
                                  ? options_.jvm->watchLoop(ro, entry.method, f.witness, head, options_.jvm_loop_visits)
                                  : replay::watchLoop(ro, entry.method, f.witness, head, options_.jvm_loop_visits);
    using RO = replay::ReplayResult::Outcome;
    if (rr.outcome == RO::Returned || rr.outcome == RO::Exception || rr.outcome == RO::Exited)
      return unconfirmed("the JVM contradicts the claim: " + rr.describe());
    f.replay = rr.outcome == RO::Looping     ? "observed on the JVM: " + rr.describe()
               : rr.outcome == RO::StillRunning ? fmt::format("the JVM did not reach {} visits of the loop head within "
                                                              "{:.1f} s (consistent; a timer proves nothing)",
                                                              options_.jvm_loop_visits, rr.seconds)
                                                : "not replayed: " + rr.describe();
  }
  return Outcome{Status::Confirmed, f, ""};
}

engine::Certifier::Outcome DefaultCertifier::exception(const engine::Entry& entry, engine::Claim& claim) {
  Finding& f = claim.finding;
  const bool stack_overflow = f.exception == "java/lang/StackOverflowError";
  const std::string sem = semanticsText(entry.semantics);
  const size_t depth_goal = options_.recursion_depth;
  std::string why;
  auto run = runWitness(entry, f.witness, stack_overflow ? options_.recursion_steps : options_.exception_steps,
                        options_.deadline, why, [&](const state::State& s, size_t) {
                          return stack_overflow && s.frames.size() >= depth_goal;
                        });
  if (!run) return unconfirmed("jhalt cannot build the witness input: " + why);
  const concrete::RunResult& r = *run;
  using O = concrete::RunResult::Outcome;
  if (r.timed_out) return unconfirmed("jhalt's run was cut short by the time limit (a timer confirms nothing)");
  if (stack_overflow) {
    // An infinite recursion (proven by an engine) ends in StackOverflowError
    // on a real JVM: jhalt's run must recurse deeply, the JVM must overflow.
    if (r.outcome != O::Stopped)
      return unconfirmed(fmt::format("jhalt's run under {} integers {} (call depth {})", sem, runEnd(r), r.max_depth));
    f.confirmation = fmt::format("jhalt's evaluator ({} integers) followed the witness to a call depth of {} frames "
                                 "in {} steps without returning",
                                 sem, r.max_depth, r.steps);
    return replayException(entry, f, true);
  }
  if (r.outcome != O::Exception || r.exception_class != f.exception || !r.raise_state)
    return unconfirmed(fmt::format("jhalt's run under {} integers {}", sem, runEnd(r)));
  engine::Location got = reportedLocation(*r.raise_state);
  if (got.internalName() != f.where.internalName() || got.pc != f.where.pc)
    return unconfirmed(fmt::format("jhalt's run throws it at another place ({}, offset {})", got.javaName(), got.pc));
  f.cause = classify(*r.raise_state, f.exception, entry.program);
  if (f.cause == engine::Cause::Runtime && f.exception == "java/lang/NullPointerException" &&
      nullFromInput(entry, f))
    f.cause = engine::Cause::NullArgument;
  bool wanted = f.cause == engine::Cause::Runtime        ? options_.report_runtime
                : f.cause == engine::Cause::NullArgument ? options_.report_null_arguments
                : f.cause == engine::Cause::ObjectState  ? options_.report_object_state
                                                          : options_.report_explicit_throws;
  if (!wanted) {
    confirmed_.insert(f.key());  // not tried again
    return Outcome{Status::Filtered, f, "not reported"};
  }
  f.confirmation = fmt::format("jhalt's evaluator ({} integers) throws it there after {} steps", sem, r.steps);
  return replayException(entry, f, false);
}

// The counterfactual test of populate.h: with the witness's nulls replaced,
// does jhalt's run still throw the exception at the same place?
bool DefaultCertifier::nullFromInput(const engine::Entry& entry, const Finding& f) {
  input::Witness filled = f.witness;
  if (!withoutNulls(entry.program, entry.method, filled)) return false;
  std::string why;
  auto run = runWitness(entry, filled, options_.exception_steps, options_.deadline, why);
  if (!run) return false;
  const concrete::RunResult& r = *run;
  using O = concrete::RunResult::Outcome;
  if (r.outcome == O::NotConcrete || r.outcome == O::StepLimit) return false;  // cannot tell
  if (r.outcome != O::Exception || !r.raise_state || r.exception_class != f.exception) return true;
  engine::Location got = reportedLocation(*r.raise_state);
  return got.internalName() != f.where.internalName() || got.pc != f.where.pc;
}

engine::Certifier::Outcome DefaultCertifier::replayException(const engine::Entry& entry, Finding& f,
                                                             bool stack_overflow) {
  if (!options_.replay) {
    f.replay = "not replayed (--no-validate)";
    return Outcome{Status::Confirmed, f, ""};
  }
  replay::ReplayOptions ro = options_.replay_options;
  if (stack_overflow) {
    ro.jvm_args.push_back("-Xss256m");
    ro.timeout_seconds = std::max(ro.timeout_seconds, options_.stack_overflow_seconds);
  }
  replay::ReplayResult rr =
      options_.jvm ? options_.jvm->replay(ro, entry.method, f.witness) : replay::replay(ro, entry.method, f.witness);
  bool same = rr.outcome == replay::ReplayResult::Outcome::Exception && rr.exception_class == f.exception &&
              (stack_overflow ? !rr.frames.empty() : sameFrame(rr.frames, f.where));
  f.replay = (same ? "confirmed: " : "") + rr.describe() + (stack_overflow ? " (stack -Xss256m)" : "");
  if (same || entry.semantics == Semantics::Math) {
    // Under mathematical integers the JVM is not the oracle: its answer is
    // shown, jhalt's run confirmed the claim.
    return Outcome{Status::Confirmed, f, ""};
  }
  if (rr.outcome == replay::ReplayResult::Outcome::Failed)
    return unconfirmed("the witness could not be replayed on the JVM: " + rr.detail);
  return unconfirmed("the JVM did not confirm it: " + rr.describe());
}

}  // namespace jhalt::certify
