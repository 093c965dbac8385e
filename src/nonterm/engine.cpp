#include "jhalt/nonterm/engine.h"

#include <algorithm>
#include <deque>

#include <fmt/format.h>

#include "jhalt/concrete/candidates.h"
#include "jhalt/concrete/run.h"
#include "jhalt/witness/graph_witness.h"
#include "jhalt/nonterm/loops.h"
#include "search.h"

namespace jhalt::nonterm {
namespace {

// Why nothing was found, for the result's notes.
void explain(engine::Result& r, bool complete, size_t proofs, const SearchReport& search) {
  if (search.out_of_budget) r.notes.push_back(search.budget_note);
  if (r.nonTerminating() > 0) return;
  size_t failed = 0;
  for (const auto& u : r.unconfirmed) failed += u.claim.kind == engine::FindingKind::NonTermination;
  if (proofs == 0 && complete)
    r.notes.push_back("no loop of the graph could be proven non-terminating");
  else if (proofs > 0 && failed > 0)
    r.notes.push_back(fmt::format("{} loop proof(s), but their witnesses could not be confirmed (see unconfirmed)", proofs));
  else if (proofs > 0)
    r.notes.push_back(
        fmt::format("{} loop proof(s), but no witness input reaching them among {} tried", proofs, search.tried));
}

// Targets of witness generation that no confirmed finding covers yet: the
// nodes where a runtime exception is raised, and the proven loop heads with
// their regions.
std::vector<input::Witness> graphWitnesses(const engine::Entry& entry, const engine::Goal& goal,
                                           const engine::Budget& budget, const seg::Graph& graph,
                                           state::TypeSystem& types, smt::Solver& solver,
                                           const std::deque<LoopProof>& proofs, engine::Certifier& certifier,
                                           const std::function<void(const std::string&)>& trace) {
  witness::GraphWitnessOptions wo;
  wo.max_checks = budget.scaled(wo.max_checks);
  wo.trace = trace;
  witness::GraphWitnessGenerator gen(graph, types, solver, entry.semantics == engine::Semantics::Jvm,
                                     entry.main_convention, wo);
  std::vector<witness::GraphTarget> targets;
  for (const LoopProof& p : proofs) {
    const state::Frame& f = graph.state(p.head).top();
    engine::Finding loop;
    loop.kind = engine::FindingKind::NonTermination;
    loop.where = engine::locate(*f.method, f.pc);
    if (!certifier.confirmed(loop.key())) targets.push_back({p.head, p.region});
  }
  if (goal.exceptions) {
    for (seg::NodeId n : witness::exceptionTargets(graph, budget.scaled(16))) {
      const state::State& s = graph.state(n);
      engine::Finding ex;
      ex.kind = engine::FindingKind::Exception;
      for (seg::EdgeId e : graph.inEdges(n))
        if (!graph.edge(e).label.raised.empty()) ex.exception = graph.edge(e).label.raised;
      const state::Frame& f = concrete::reportedFrame(s);
      ex.where = engine::locate(*f.method, f.pc);
      if (!certifier.confirmed(ex.key())) targets.push_back({n, {}});
    }
  }
  std::vector<input::Witness> out;
  for (const witness::GraphTarget& t : targets) {
    if (budget.expired()) break;
    if (auto w = gen.reach(t); w && std::find(out.begin(), out.end(), *w) == out.end()) out.push_back(std::move(*w));
  }
  return out;
}

}  // namespace

engine::Result SegEngine::analyze(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                                  engine::Certifier& certifier) {
  engine::Result result;
  result.engine = "seg";
  const bool jvm = entry.semantics == engine::Semantics::Jvm;
  state::TypeSystem types(entry.program);
  state::RefAllocator alloc;

  // 1. The symbolic execution graph (paper 000, §2) under the entry's
  // integer semantics, and the loop proofs (§4; bit-vectors for the JVM).
  seg::BuildOptions bo = options_.build;
  bo.eval.jvm_int_semantics = jvm;
  bo.max_nodes = budget.scaled(bo.max_nodes);
  bo.max_evaluations = budget.scaled(bo.max_evaluations);
  bo.max_seconds = std::min(bo.max_seconds, budget.secondsLeft() / 2);  // a safety net
  bo.checkpoint = [&budget] { budget.checkMemory(); };
  seg::Evaluator sym(entry.program, types, alloc, bo.eval);
  seg::Graph graph;
  state::State start = entry.main_convention ? sym.mainEntry(entry.method) : sym.methodEntry(entry.method);
  seg::BuildResult built = seg::buildGraph(graph, std::move(start), sym, bo);
  const bool complete = built.status == seg::BuildResult::Status::Complete;
  smt::Context ctx;
  smt::SolverOptions so = options_.smt;
  std::unique_ptr<smt::Solver> solver = smt::makeSolver(ctx, so, options_.stats);
  std::deque<LoopProof> proofs;  // a deque: proofs found later must not move earlier ones
  std::optional<LoopProver> prover;
  std::vector<seg::NodeId> strengthenable;  // heads where a witness run may suggest an invariant
  if (complete) {
    prover.emplace(graph, types, *solver, jvm);
    if (options_.trace) prover->setTrace(options_.trace);
    for (LoopProof& p : prover->prove()) proofs.push_back(std::move(p));
    for (seg::NodeId head : graph.loopHeads())
      if (prover->canStrengthen(head)) strengthenable.push_back(head);
  } else {
    result.notes.push_back(fmt::format("symbolic execution graph incomplete: {}", built.reason));
  }
  const size_t proved = proofs.size();

  // 2. Witness search: concrete runs of candidate inputs; every discovery
  // goes to the certifier. Without loop proofs only exact repetitions and
  // exceptions can be found, and those show up for small inputs.
  SearchLimits limits;
  size_t candidates = proofs.empty() && strengthenable.empty() ? std::min<size_t>(options_.max_candidates, 80)
                                                               : options_.max_candidates;
  limits.candidates = budget.scaled(candidates);
  limits.run_steps = budget.scaled(options_.max_concrete_steps);
  limits.total_steps = budget.scaled(options_.total_concrete_steps);
  limits.strengthen = options_.max_strengthen;
  limits.deadline = budget.deadline();
  SearchInputs in{graph, types, alloc, prover ? &*prover : nullptr, proofs, strengthenable};
  std::vector<input::Witness> inputs =
      concrete::candidateWitnesses(entry.program, entry.method, entry.main_convention, limits.candidates);
  if (inputs.empty() && !entry.main_convention)
    result.notes.push_back("no witness input can be built for this method (its class cannot be instantiated)");
  SearchReport search = searchWitnesses(entry, goal, in, limits, inputs, certifier, result);

  // 3. Witnesses from the graph (paper 000, §3) for what the enumeration
  // did not reach: raised exceptions and proven loops.
  if (complete && !(goal.stop_at_first && result.nonTerminating() > 0) && !search.out_of_budget) {
    std::vector<input::Witness> targeted = graphWitnesses(entry, goal, budget, graph, types, *solver, proofs, certifier, options_.trace);
    if (!targeted.empty()) {
      SearchReport more = searchWitnesses(entry, goal, in, limits, targeted, certifier, result);
      search.tried += more.tried;
      if (more.out_of_budget) search = more;
    }
  }
  explain(result, complete, proved, search);
  result.answer = result.nonTerminating() > 0 ? engine::Answer::No : engine::Answer::Maybe;
  return result;
}

}  // namespace jhalt::nonterm
