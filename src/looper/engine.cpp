// The "looper" engine (see engine.h).
#include "jhalt/looper/engine.h"

#include <algorithm>
#include <chrono>
#include <set>

#include <fmt/format.h>

#include "jhalt/looper/closure.h"
#include "jhalt/looper/concolic.h"

namespace jhalt::looper {

namespace {

// Paths with more conditions are not checked for closure: the solver's
// time grows with them (seconds per check past a few hundred, while the
// JVM is stopped), and such paths are long runs through other loops whose
// trip counts vary, each a path of its own. The proofs of the live tests
// and of the held-out corpus need at most 17.
constexpr size_t kMaxConditions = 128;

// `name = value` for the locations the paths read, as the thread has them.
std::vector<std::string> valuesAtHead(Concolic& c, const state::State& start) {
  std::vector<std::string> out;
  for (const auto& [loc, v] : c.vars()) {
    if (out.size() >= 24) {
      out.push_back("...");
      break;
    }
    if (v.reference) {
      if (auto r = c.originalRef(loc)) out.push_back(v.name + " = " + c.world().describe(*r, start));
    } else if (auto i = c.originalInt(loc)) {
      out.push_back(fmt::format("{} = {}", v.name, *i));
    }
  }
  return out;
}

}  // namespace

engine::Result LooperEngine::analyze(const engine::Entry& entry, const engine::Goal&, const engine::Budget& budget,
                                     engine::Certifier& certifier) {
  engine::Result res;
  res.engine = "looper";
  if (!entry.live) {
    res.notes.push_back("the looper engine analyses loops of running JVMs only");
    return res;
  }
  const engine::LiveLoop& l = *entry.live;
  smt::Context ctx;
  std::unique_ptr<smt::Solver> solver = smt::makeSolver(ctx, options_.solver, options_.stats);
  ConcolicOptions co;
  co.shared_heap = l.shared_heap;
  co.frames_below = l.stack.size() > l.depth ? l.stack.size() - l.depth - 1 : 0;
  co.deadline = budget.deadline();
  const size_t every_iteration = budget.scaled(options_.max_iterations);
  const size_t closure_iterations = std::max(every_iteration, budget.scaled(options_.max_closure_iterations));
  co.max_iterations = std::max(closure_iterations, budget.scaled(options_.max_repetition));
  co.max_steps_per_iteration = budget.scaled(options_.max_steps_per_iteration);
  co.max_total_steps = budget.scaled(options_.max_total_steps);
  std::optional<ClosureProof> proof;
  std::string kind_text = "closure";
  std::string why_not, stopped;
  std::vector<std::string> values;
  size_t paths = 0;
  {
    Concolic c(world_, *l.evaluator, ctx, entry.method, l.head, co);
    auto t0 = std::chrono::steady_clock::now();
    auto since = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    bool grows = false;
    // Each distinct path once: an iteration that repeats one (same Φ and M)
    // adds nothing to the closure.
    std::vector<Iteration> unique;
    std::set<std::string> signatures;
    Observed observed;
    size_t checked_values = 0;  // observed values when the closure was last checked
    bool unchecked = false;     // distinct paths were added since the closure was last checked
    ConcolicResult r = c.run(*l.start, [&](const std::vector<Iteration>& its) {
      const Iteration& last = its.back();
      if (last.shared_dependent) {
        // No closure can hold while a path depends on memory another thread
        // may write: stop now and let the thread run on.
        why_not = last.shared_reason;
        paths = its.size();
        return true;
      }
      if (last.grows) {
        grows = true;
        return true;
      }
      observed.add(last);
      std::string sig;
      for (const smt::Term& p : last.phi) sig += std::to_string(p.id()) + ";";
      sig += "|";
      for (const auto& [loc, u] : last.writes) sig += u.bottom ? "b;" : std::to_string(u.value.id()) + ";";
      size_t seen_values = 0;
      for (const auto& e : observed.ints) seen_values += e.second.size();
      for (const auto& e : observed.refs) seen_values += e.second.size();
      bool fresh = signatures.insert(sig).second;
      if (!fresh) {
        // A path seen before: the distinct paths may be complete now (check
        // once), and its new values may still complete the invariants (an
        // orbit: now and then).
        bool completed = unchecked;
        if (!completed && (seen_values == checked_values || its.size() % 8 != 0 || its.size() > 128 || unique.empty()))
          return false;
      } else {
        unique.push_back(last);
      }
      checked_values = seen_values;
      if (options_.trace)
        options_.trace(fmt::format("looper: iteration {} ({} steps, {} conditions, {} writes), {} distinct, at {:.3f} s",
                                   its.size(), last.steps, last.phi.size(), last.writes.size(), unique.size(), since()));
      // Then only now and then, and past the closure's limit only looking for a repetition.
      size_t k = unique.size();
      if (fresh && (k > closure_iterations || (k > every_iteration && k % 16 != 0))) {
        unchecked = k <= closure_iterations;
        return false;
      }
      unchecked = false;
      if (last.phi.size() > kMaxConditions) {
        why_not = fmt::format("a path has {} conditions (more than the closure check takes)", last.phi.size());
        return false;
      }
      ClosureResult cr = proveClosed(unique, c, *solver, budget.deadline(), &observed);
      if (options_.trace)
        options_.trace(fmt::format("looper: closure {} at {:.3f} s{}{}", cr.proof ? "proven" : cr.why_not, since(),
                                   cr.detail.empty() ? "" : "\n", cr.detail));
      paths = its.size();
      if (cr.proof) {
        proof = std::move(cr.proof);
        return true;
      }
      why_not = cr.why_not;
      return false;
    });
    stopped = grows ? "the loop keeps every object it makes (each new one refers to the one it replaces): on the "
                      "JVM it ends when the memory is exhausted (OutOfMemoryError)"
                    : r.stopped;
    if (!proof && r.repeated && !grows) {
      // An exact repetition of the memory at the head (deterministic code,
      // nothing else writes what the loop reads).
      ClosureProof rep;
      rep.paths = r.iterations.size();
      rep.text = fmt::format(
          "the memory at the loop head repeats exactly: after iteration {} it is what it was {} (the locals, and "
          "every object and static field the iterations read or wrote); jhalt's evaluator is deterministic and no "
          "other thread writes that memory, so the thread repeats iterations {}..{} forever\n",
          r.repeat_to, r.repeat_from == 0 ? std::string("when the thread was stopped") : fmt::format("after iteration {}", r.repeat_from),
          r.repeat_from + 1, r.repeat_to);
      proof = std::move(rep);
      kind_text = "repetition";
    }
    if (proof) {
      // The proof is about the bytecode jhalt read: it must be what the JVM runs.
      std::string mismatch = world_.verifyCode(c.executed());
      if (!mismatch.empty()) {
        proof.reset();
        stopped = mismatch;
      }
    }
    if (proof) values = valuesAtHead(c, c.lastStart());
    if (r.exited) res.notes.push_back("jhalt's run from the thread's memory leaves the loop: " + r.stopped);
  }
  if (!proof) {
    std::string note = fmt::format("no proof after {} observed iteration{}", paths, paths == 1 ? "" : "s");
    if (!stopped.empty()) note += "; " + stopped;
    if (!why_not.empty()) note += "; last check: " + why_not;
    res.notes.push_back(note);
    return res;
  }
  if (options_.trace) options_.trace("looper: proof by " + kind_text);
  world_.clearFailure();
  l.evaluator->setExternalMemory(&world_);
  auto c0 = std::chrono::steady_clock::now();
  engine::Claim claim;
  engine::Finding& f = claim.finding;
  f.kind = engine::FindingKind::NonTermination;
  f.nonterm = engine::NonTermKind::Live;
  f.where = engine::locate(entry.method, l.head);
  f.semantics = engine::Semantics::Jvm;
  f.proof = proof->text;
  f.engine = "looper";
  f.thread = l.thread;
  f.stack = l.stack;
  f.values = std::move(values);
  f.recurrent_smtlib = proof->smtlib;
  claim.proven_for = engine::SemanticsSet::only(engine::Semantics::Jvm);
  engine::Finding claimed = f;
  engine::Certifier::Outcome out = certifier.certify(entry, std::move(claim));
  l.evaluator->setExternalMemory(nullptr);
  if (options_.trace)
    options_.trace(fmt::format("looper: certifier {:.3f} s: {}",
                               std::chrono::duration<double>(std::chrono::steady_clock::now() - c0).count(),
                               out.status == engine::Certifier::Status::Confirmed ? "confirmed" : out.reason));
  if (out.status == engine::Certifier::Status::Confirmed) {
    res.findings.push_back(std::move(out.finding));
    res.answer = engine::Answer::No;
  } else if (out.status == engine::Certifier::Status::Unconfirmed) {
    res.unconfirmed.push_back(engine::Unconfirmed{std::move(claimed), out.reason});
  }
  return res;
}

}  // namespace jhalt::looper
