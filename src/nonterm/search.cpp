#include "search.h"

#include <map>
#include <set>

#include <fmt/format.h>

#include "jhalt/concrete/entry.h"
#include "jhalt/concrete/run.h"
#include "jhalt/state/merge.h"

namespace jhalt::nonterm {
namespace {

using engine::Claim;
using engine::NonTermKind;
using engine::SemanticsSet;

std::string moduloText(const concrete::RunResult& r) {
  if (r.cycle_ignored.empty()) return " exactly";
  std::string slots;
  for (size_t k : r.cycle_ignored) slots += (slots.empty() ? "" : ", ") + std::to_string(k);
  return fmt::format(" up to the local variable(s) {} that the loop only increments (they cannot influence it)", slots);
}

// A run without values that left their type's range is the same under
// both integer semantics.
SemanticsSet runSemantics(const engine::Entry& e, const concrete::RunResult& r) {
  return r.wraps == 0 ? SemanticsSet::both() : SemanticsSet::only(e.semantics);
}

class Search {
 public:
  // Runs deeper than this are left (the certifier follows a recursion claim
  // as deep as it needs; a search run only looks for exceptions and loops).
  static constexpr size_t kMaxDepth = 64;

  Search(const engine::Entry& entry, const engine::Goal& goal, const SearchInputs& in, const SearchLimits& limits,
         engine::Certifier& certifier, engine::Result& result)
      : entry_(entry), goal_(goal), in_(in), limits_(limits), certifier_(certifier), result_(result),
        conc_(entry.program, in.types, in.alloc, concreteOptions(entry)) {}

  SearchReport run(const std::vector<input::Witness>& candidates) {
    for (const input::Witness& w : candidates) {
      if (engine::Budget::Clock::now() > limits_.deadline) {
        report_.out_of_budget = true;
        report_.budget_note = "time budget used up during the witness search";
        break;
      }
      if (steps_used_ >= limits_.total_steps) {
        report_.out_of_budget = true;
        report_.budget_note = "step budget of the witness search used up";
        break;
      }
      if (goal_.stop_at_first && result_.nonTerminating() > 0) break;
      tryWitness(w);
    }
    return report_;
  }

 private:
  static seg::EvalOptions concreteOptions(const engine::Entry& e) {
    seg::EvalOptions o;
    o.jvm_int_semantics = e.semantics == engine::Semantics::Jvm;
    o.concrete = true;
    return o;
  }

  bool haveProofs() const { return !in_.proofs.empty() || !in_.strengthenable.empty(); }

  // Checks a state of the run against the proofs; returns the proof whose
  // region it enters (paper 000, Thm. 7 steps 2-4 and Thm. 8's reachability).
  const LoopProof* check(const state::State& c, std::map<seg::NodeId, size_t>& visits, size_t& checks) {
    if (!haveProofs() || c.finished() || c.exception != state::kNone || checks > 200) return nullptr;
    for (const LoopProof& p : in_.proofs) {
      if (!state::sameShape(c, in_.graph.state(p.head))) continue;
      ++checks;
      if (in_.prover->accepts(p, c)) return &p;
    }
    // No proof covers c: on the 1st, 3rd and 10th visit of a head, let c
    // suggest an invariant (values after a few iterations are typical).
    for (seg::NodeId head : in_.strengthenable) {
      if (!state::sameShape(c, in_.graph.state(head))) continue;
      size_t k = ++visits[head];
      if ((k != 1 && k != 3 && k != 10) || strengthen_attempts_ >= limits_.strengthen) continue;
      if (failed_at_[head] >= kFailuresPerHead) continue;
      ++strengthen_attempts_;
      ++checks;
      if (auto p = in_.prover->proveFrom(head, c); p && in_.prover->accepts(*p, c)) {
        in_.proofs.push_back(std::move(*p));
        return &in_.proofs.back();
      }
      ++failed_at_[head];
    }
    return nullptr;
  }

  void tryWitness(const input::Witness& w) {
    auto s = concrete::entryState(conc_, entry_.method, w);
    if (!s) return;
    ++report_.tried;
    const LoopProof* hit = nullptr;
    state::State at;
    concrete::RunOptions ro;
    ro.max_steps = limits_.run_steps;
    ro.deadline = limits_.deadline;
    ro.max_depth = kMaxDepth;
    size_t checks = 0;
    std::map<seg::NodeId, size_t> visits;
    concrete::RunResult run = concrete::run(conc_, std::move(*s), ro, [&](const state::State& c, size_t) {
      ++steps_used_;
      hit = check(c, visits, checks);
      if (hit) at = c;
      return hit != nullptr;
    });
    using O = concrete::RunResult::Outcome;
    if (run.outcome == O::Stopped && hit) {
      proofHit(w, *hit, at, run);
    } else if (run.outcome == O::Cycle) {
      Claim c;
      c.finding.kind = engine::FindingKind::NonTermination;
      c.finding.nonterm = NonTermKind::Looping;
      c.finding.where = engine::locate(*run.cycle_method, run.cycle_pc);
      c.finding.proof = fmt::format(
          "the concrete run repeats a state{}: the state at {} offset {} after step {} recurs {} steps later; "
          "the program is deterministic, so it runs forever",
          moduloText(run), run.cycle_method->qualifiedName(), run.cycle_pc, run.cycle_start, run.cycle_period);
      c.proven_for = runSemantics(entry_, run);
      submitLoop(w, std::move(c));
    } else if (run.outcome == O::Exception && goal_.exceptions && run.raise_state) {
      exceptionFound(w, run);
    }
  }

  void proofHit(const input::Witness& w, const LoopProof& hit, const state::State& at, const concrete::RunResult& run) {
    Claim c;
    c.finding.kind = engine::FindingKind::NonTermination;
    const state::Frame& f = at.top();
    c.finding.where = engine::locate(*f.method, f.pc);
    c.finding.nonterm = hit.kind == LoopProof::Kind::Looping ? NonTermKind::Looping : NonTermKind::NonLooping;
    c.proven_for = SemanticsSet::only(hit.bit_vectors ? engine::Semantics::Jvm : engine::Semantics::Math);
    c.finding.proof = hit.proof + "\nthe witness reaches the loop head in an instance of it inside the region";
    // If the run also repeats a state exactly, the loop is looping and the
    // repetition is a proof in the run's semantics as well.
    concrete::RunOptions more;
    more.max_steps = 5000;
    more.deadline = limits_.deadline;
    concrete::RunResult rest = concrete::run(conc_, at, more);
    if (rest.outcome == concrete::RunResult::Outcome::Cycle) {
      c.finding.nonterm = NonTermKind::Looping;
      concrete::RunResult whole = run;
      whole.wraps += rest.wraps;
      c.proven_for = c.proven_for | runSemantics(entry_, whole);
      c.finding.proof += fmt::format("\nmoreover the run repeats its state{} after {} more steps (period {})",
                                     moduloText(rest), rest.cycle_start, rest.cycle_period);
    }
    submitLoop(w, std::move(c));
  }

  void submitLoop(const input::Witness& w, Claim c) {
    c.finding.witness = w;
    c.finding.engine = "seg";
    std::string key = c.finding.key();
    // A loop whose claims failed twice (typically: values that wrap around
    // under the other semantics) is not tried again.
    if (refuted_[key] >= 2 || certifier_.confirmed(key)) return;
    engine::Certifier::Outcome out = certifier_.certify(entry_, c);
    if (out.status == engine::Certifier::Status::Confirmed) {
      result_.findings.push_back(std::move(out.finding));
    } else if (out.status == engine::Certifier::Status::Unconfirmed) {
      ++refuted_[key];
      result_.unconfirmed.push_back({std::move(c.finding), std::move(out.reason)});
    }
  }

  void exceptionFound(const input::Witness& w, const concrete::RunResult& run) {
    Claim c;
    c.finding.kind = engine::FindingKind::Exception;
    c.finding.exception = run.exception_class;
    const state::Frame& f = concrete::reportedFrame(*run.raise_state);
    c.finding.where = engine::locate(*f.method, f.pc);
    c.finding.witness = w;
    c.finding.engine = "seg";
    c.proven_for = runSemantics(entry_, run);
    c.finding.proof = "a concrete run of the witness throws it";
    if (!seen_exceptions_.insert(c.finding.key()).second) return;
    engine::Certifier::Outcome out = certifier_.certify(entry_, c);
    if (out.status == engine::Certifier::Status::Confirmed)
      result_.findings.push_back(std::move(out.finding));
    else if (out.status == engine::Certifier::Status::Unconfirmed)
      result_.unconfirmed.push_back({std::move(c.finding), std::move(out.reason)});
    else if (out.status == engine::Certifier::Status::Filtered)
      ++result_.filtered;
  }

  const engine::Entry& entry_;
  const engine::Goal& goal_;
  const SearchInputs& in_;
  const SearchLimits& limits_;
  engine::Certifier& certifier_;
  engine::Result& result_;
  seg::Evaluator conc_;
  SearchReport report_;
  size_t steps_used_ = 0, strengthen_attempts_ = 0;
  std::map<std::string, int> refuted_;
  // Invariants tried at a head without success: after this many, the head's
  // states are not asked again (each try is a Houdini fixpoint of SMT checks).
  static constexpr size_t kFailuresPerHead = 12;
  std::map<seg::NodeId, size_t> failed_at_;
  std::set<std::string> seen_exceptions_;
};

}  // namespace

SearchReport searchWitnesses(const engine::Entry& entry, const engine::Goal& goal, const SearchInputs& in,
                             const SearchLimits& limits, const std::vector<input::Witness>& candidates,
                             engine::Certifier& certifier, engine::Result& result) {
  return Search(entry, goal, in, limits, certifier, result).run(candidates);
}

}  // namespace jhalt::nonterm
