#include "jhalt/nonterm/engine.h"

#include <chrono>
#include <deque>
#include <map>

#include <fmt/format.h>

#include "jhalt/concrete/run.h"
#include "jhalt/nonterm/loops.h"
#include "jhalt/nonterm/witness_search.h"
#include "jhalt/state/merge.h"

namespace jhalt::nonterm {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Does the replay agree with a non-termination claim?
bool replayConfirmsLoop(const replay::ReplayResult& r) { return r.outcome == replay::ReplayResult::Outcome::StillRunning; }

bool replayConfirmsException(const replay::ReplayResult& r, const verdict::ExceptionFinding& f,
                             const program::MethodInfo& thrower) {
  if (r.outcome != replay::ReplayResult::Outcome::Exception || r.exception_class != f.exception) return false;
  std::string cls(thrower.owner().name());
  std::replace(cls.begin(), cls.end(), '/', '.');
  // Exceptions raised inside library models are reported by the JVM in the
  // JDK's code; then the calling frame is compared.
  if (thrower.owner().origin() == classpath::Origin::Model) return true;
  return r.frame_class == cls && r.frame_method == thrower.name() && (f.where.line < 0 || r.line == f.where.line);
}

std::string moduloText(const concrete::RunResult& r) {
  if (r.cycle_ignored.empty()) return " exactly";
  std::string slots;
  for (size_t k : r.cycle_ignored) slots += (slots.empty() ? "" : ", ") + std::to_string(k);
  return fmt::format(" up to the local variable(s) {} that the loop only increments (they cannot influence it)", slots);
}

}  // namespace

verdict::Verdict analyze(program::Program& program, const program::MethodInfo& entry, bool main_convention,
                         const Options& options) {
  auto t0 = Clock::now();
  verdict::Verdict v;
  v.engine = "seg";
  state::TypeSystem types(program);
  state::RefAllocator alloc;

  // 1. The symbolic execution graph and the loop proofs (paper 000, §2, §4).
  seg::Evaluator sym(program, types, alloc, options.build.eval);
  seg::Graph graph;
  state::State start = main_convention ? sym.mainEntry(entry) : sym.methodEntry(entry);
  seg::BuildOptions bo = options.build;
  bo.max_seconds = std::min(bo.max_seconds, options.time_budget / 2);
  seg::BuildResult built = seg::buildGraph(graph, std::move(start), sym, bo);
  smt::Solver solver(options.smt);
  std::deque<LoopProof> proofs;  // a deque: proofs found later must not move earlier ones
  std::optional<LoopProver> prover;
  std::vector<seg::NodeId> strengthenable;  // heads where a witness run may suggest an invariant
  if (built.status == seg::BuildResult::Status::Complete) {
    prover.emplace(graph, types, solver);
    for (LoopProof& p : prover->prove()) proofs.push_back(std::move(p));
    for (seg::NodeId head : graph.loopHeads())
      if (prover->canStrengthen(head)) strengthenable.push_back(head);
  } else {
    v.undecided.push_back(fmt::format("symbolic execution graph incomplete: {}", built.reason));
  }

  // 2. Witness search: concrete runs of candidate inputs (JVM integers).
  seg::EvalOptions co = options.build.eval;
  co.jvm_int_semantics = true;
  seg::Evaluator conc(program, types, alloc, co);
  std::set<std::string> seen_exceptions, seen_loops;
  std::map<std::string, int> refuted;
  size_t strengthen_attempts = 0;
  constexpr size_t kMaxStrengthen = 40;
  size_t tried = 0, steps_used = 0;
  // Without loop proofs only exact repetitions (and exceptions) can be found:
  // those show up for small inputs, so fewer candidates are tried.
  size_t candidates = proofs.empty() && strengthenable.empty() ? std::min<size_t>(options.max_candidates, 80) : options.max_candidates;
  for (const concrete::Witness& w : enumerateWitnesses(entry, main_convention, candidates)) {
    if (since(t0) > options.time_budget) {
      v.undecided.push_back("time budget used up during the witness search");
      break;
    }
    if (options.stop_at_first && !v.nonterminating.empty()) break;
    auto s = concrete::entryState(conc, entry, w);
    if (!s) continue;
    ++tried;
    const LoopProof* hit = nullptr;
    state::State at;
    concrete::RunOptions ro;
    ro.max_steps = options.max_concrete_steps;
    ro.deadline = t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options.time_budget));
    if (steps_used >= options.total_concrete_steps) {
      v.undecided.push_back("step budget of the witness search used up");
      break;
    }
    size_t checks = 0;
    std::map<seg::NodeId, size_t> visits;
    concrete::RunResult run = concrete::run(conc, std::move(*s), ro, [&](const state::State& c, size_t) {
      ++steps_used;
      if ((proofs.empty() && strengthenable.empty()) || c.finished() || c.exception != state::kNone || checks > 200)
        return false;
      for (const LoopProof& p : proofs) {
        const state::State& h = graph.state(p.head);
        if (!state::sameShape(c, h)) continue;
        ++checks;
        if (prover->accepts(p, c)) {
          hit = &p;
          at = c;
          return true;
        }
      }
      // No proof covers c: on the 1st, 3rd and 10th visit of a head, let c
      // suggest an invariant (values after a few iterations are typical).
      for (seg::NodeId head : strengthenable) {
        if (!state::sameShape(c, graph.state(head))) continue;
        size_t k = ++visits[head];
        if ((k != 1 && k != 3 && k != 10) || strengthen_attempts >= kMaxStrengthen) continue;
        ++strengthen_attempts;
        ++checks;
        if (auto p = prover->proveFrom(head, c); p && prover->accepts(*p, c)) {
          proofs.push_back(std::move(*p));
          hit = &proofs.back();
          at = c;
          return true;
        }
      }
      return false;
    });

    verdict::NonTermination nt;
    bool claim = false;
    if (run.outcome == concrete::RunResult::Outcome::Stopped && hit) {
      const state::Frame& f = at.top();
      nt.loop = verdict::locate(*f.method, f.pc);
      nt.kind = hit->kind == LoopProof::Kind::Looping ? "looping" : "non-looping";
      nt.semantics = hit->kind == LoopProof::Kind::Looping ? "jvm" : "math";
      nt.proof = hit->proof + fmt::format("\nthe witness reaches the loop head in an instance of it inside the region");
      if (hit->kind == LoopProof::Kind::NonLooping) {
        // If the run also repeats a state exactly (JVM integers), the loop
        // is looping and the proof holds on the JVM as well.
        concrete::RunOptions more;
        more.max_steps = 5000;
        more.deadline = ro.deadline;
        concrete::RunResult rest = concrete::run(conc, at, more);
        if (rest.outcome == concrete::RunResult::Outcome::Cycle) {
          nt.kind = "looping";
          nt.semantics = "jvm";
          nt.proof += fmt::format("\nmoreover the run repeats its state{} after {} more steps (period {})",
                                  moduloText(rest), rest.cycle_start, rest.cycle_period);
        }
      }
      claim = true;
    } else if (run.outcome == concrete::RunResult::Outcome::Cycle) {
      nt.loop = verdict::locate(*run.cycle_method, run.cycle_pc);
      nt.kind = "looping";
      nt.semantics = "jvm";
      nt.proof = fmt::format(
          "the concrete run repeats a state{}: the state at {} offset {} after step {} recurs {} steps later; "
          "the program is deterministic, so it runs forever",
          moduloText(run), run.cycle_method->qualifiedName(), run.cycle_pc, run.cycle_start, run.cycle_period);
      claim = true;
    } else if (run.outcome == concrete::RunResult::Outcome::Exception && options.exceptions && run.exception_method) {
      verdict::ExceptionFinding ef;
      ef.exception = run.exception_class;
      ef.where = verdict::locate(*run.exception_method, run.exception_pc);
      ef.witness = w;
      std::string key = ef.exception + "@" + ef.where.method + ":" + std::to_string(ef.where.pc);
      if (!seen_exceptions.insert(key).second) continue;
      if (options.replay) {
        replay::ReplayResult r = replay::replay(options.replay_options, entry, w);
        ef.replay = r.describe();
        if (!replayConfirmsException(r, ef, *run.exception_method)) {
          v.internal_errors.push_back(fmt::format("exception {} at {} not confirmed by the JVM: {}", ef.exception,
                                                  ef.where.method, ef.replay));
          continue;
        }
      } else {
        ef.replay = "not replayed";
      }
      v.exceptions.push_back(std::move(ef));
      continue;
    }
    if (!claim) continue;
    nt.witness = w;
    std::string key = nt.loop.method + ":" + std::to_string(nt.loop.pc);
    if (seen_loops.count(key)) continue;
    // A loop whose claims the JVM refuted twice (typically: values that grow
    // until they wrap around) is not tried again; each replay costs seconds.
    if (refuted[key] >= 2) continue;
    if (options.replay) {
      replay::ReplayResult r = replay::replay(options.replay_options, entry, w);
      nt.replay = r.describe();
      if (!replayConfirmsLoop(r)) {
        v.internal_errors.push_back(
            fmt::format("non-termination at {} not confirmed by the JVM: {}", nt.loop.method, nt.replay));
        ++refuted[key];
        continue;
      }
      if (nt.semantics == "math") nt.semantics = "jvm (confirmed by replay)";
    } else {
      nt.replay = "not replayed";
    }
    seen_loops.insert(key);
    v.nonterminating.push_back(std::move(nt));
  }
  if (v.nonterminating.empty()) {
    if (proofs.empty() && built.status == seg::BuildResult::Status::Complete)
      v.undecided.push_back("no loop of the graph could be proven non-terminating");
    else if (!proofs.empty() && !refuted.empty())
      v.undecided.push_back(fmt::format(
          "{} loop proof(s) with mathematical integers; the JVM refuted their witnesses (values wrap around?)",
          proofs.size()));
    else if (!proofs.empty())
      v.undecided.push_back(fmt::format("{} loop proof(s), but no witness input reaching them among {} tried",
                                        proofs.size(), tried));
  }
  v.answer = v.nonterminating.empty() ? verdict::Answer::Maybe : verdict::Answer::No;
  v.seconds = since(t0);
  return v;
}

}  // namespace jhalt::nonterm
