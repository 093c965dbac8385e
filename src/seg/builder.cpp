// Graph construction (thesis 002, Alg. 2 and §1.7).
#include "jhalt/seg/builder.h"

#include <chrono>
#include <vector>

#include <fmt/format.h>

#include "jhalt/program/program.h"
#include "jhalt/state/merge.h"
#include "jhalt/state/print.h"
#include "jhalt/util/error.h"

namespace jhalt::seg {
namespace {

// Repetitions are only looked for at loop heads: every cycle of the
// program's control flow (exception edges included) passes one, and calls
// are not recursive here, so every infinite path repeats a loop-head state.
bool atLoopHead(const state::State& s) {
  if (s.frames.empty() || s.exception != state::kNone || s.split >= 0) return false;
  const state::Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  int32_t idx = code.bytecode.indexAt(f.pc);
  return idx >= 0 && code.loop_head[static_cast<size_t>(idx)];
}

bool hasIncomingRefinement(const Graph& g, NodeId n) {
  for (EdgeId e : g.node(n).in)
    if (g.edge(e).kind == EdgeKind::Refine) return true;
  return false;
}

bool hasOutgoingInstance(const Graph& g, NodeId n) {
  for (EdgeId e : g.node(n).out)
    if (g.edge(e).kind == EdgeKind::Instance) return true;
  return false;
}

// The nearest ancestor of `n` that `n` repeats (thesis Alg. 2,
// "repetitions"): same shape, at a loop head, no split result, no outgoing
// instance edge and no incoming refinement edge.
NodeId findRepetition(const Graph& g, NodeId n) {
  const state::State& s = g.state(n);
  for (NodeId a = g.node(n).parent; a != kNoNode; a = g.node(a).parent) {
    if (!g.node(a).alive) continue;
    const state::State& t = g.state(a);
    if (!atLoopHead(t) || hasOutgoingInstance(g, a) || hasIncomingRefinement(g, a)) continue;
    if (state::sameShape(s, t)) return a;
  }
  return kNoNode;
}

// An instance edge from `from` to the more general state `to` (Def. 1.51),
// with the correspondence of their references.
void addInstanceEdge(Graph& g, NodeId from, NodeId to, std::vector<std::pair<state::Ref, state::Ref>> map) {
  Edge e;
  e.from = from;
  e.to = to;
  e.kind = EdgeKind::Instance;
  e.instance = std::move(map);
  g.addEdge(std::move(e));
}

// ForceAbstraction (thesis §1.7): the merge of the new state `n` and its
// earlier repetition `a` replaces `a` (the subtree below `a` is cut); returns
// the merged node, to be evaluated next.
NodeId forceAbstraction(Graph& g, NodeId n, NodeId a, Evaluator& ev, const BuildOptions& options,
                        size_t merge_count) {
  state::TypeSystem& types = ev.types();
  const state::State& s = g.state(n);
  const bool debug = static_cast<bool>(options.trace);
  auto trace = [&](const std::string& text) { options.trace(text); };
  if (debug)
    trace(fmt::format("merge #{} at pc {}: heap {}/{}, joins {}/{}, nodes {}", merge_count, s.top().pc,
                      s.heap.size(), g.state(a).heap.size(), s.preds.joins.size(),
                      g.state(a).preds.joins.size(), g.nodeSlots()));
  uint32_t merges = g.node(a).merges + 1;
  state::MergeOptions mo;
  mo.widen = merges > options.hull_merges;
  mo.within_type_range = ev.options().jvm_int_semantics;
  state::State merged = state::merge(s, g.state(a), types, ev.alloc(), mo);
  std::vector<std::pair<state::Ref, state::Ref>> map_a;
  bool ok = state::isInstance(g.state(a), merged, types, &map_a);
  JHALT_ASSERT(ok, "merge result does not represent the earlier state");
  if (debug && merges == 8)
    trace(fmt::format("8th merge in a lineage:\nnew:\n{}\nold:\n{}\nmerged:\n{}", state::toString(s, types),
                      state::toString(g.state(a), types), state::toString(merged, types)));
  if (debug && !state::isInstance(s, merged, types))
    throw InternalError(fmt::format("merge result does not represent the new state:\nnew:\n{}\nold:\n{}\nmerged:\n{}",
                                    state::toString(s, types), state::toString(g.state(a), types),
                                    state::toString(merged, types)));
  g.cutBelow(a);
  NodeId m = g.addNode(std::move(merged), a);
  g.node(m).merges = merges;
  addInstanceEdge(g, a, m, std::move(map_a));
  return m;
}

}  // namespace

BuildResult buildGraph(Graph& g, state::State start, Evaluator& ev, const BuildOptions& options) {
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  BuildResult result;
  JHALT_ASSERT(g.nodeSlots() == 0, "graph not empty");
  start.collectGarbage();
  g.addNode(std::move(start), kNoNode);
  std::vector<NodeId> work{g.root()};
  state::TypeSystem& types = ev.types();
  const bool debug = static_cast<bool>(options.trace);
  auto finish = [&](BuildResult::Status st, std::string reason, NodeId at) {
    result.status = st;
    result.reason = std::move(reason);
    result.failed_at = at;
    result.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    result.library_calls = ev.libraryCalls();
    return result;
  };
  while (!work.empty()) {
    NodeId n = work.back();
    work.pop_back();
    if (!g.node(n).alive || !g.node(n).out.empty()) continue;
    const state::State& s = g.state(n);
    if (s.finished()) continue;
    if (g.liveNodes() > options.max_nodes)
      return finish(BuildResult::Status::ResourceLimit,
                    fmt::format("graph exceeds {} states (raise --max-states)", options.max_nodes), n);
    if (result.evaluations >= options.max_evaluations)
      return finish(BuildResult::Status::ResourceLimit,
                    fmt::format("graph construction exceeds {} evaluation steps (raise --effort)", options.max_evaluations),
                    n);
    if ((++result.evaluations & 63) == 0) {
      if (options.checkpoint) options.checkpoint();
      if (std::chrono::duration<double>(Clock::now() - t0).count() > options.max_seconds)
        return finish(BuildResult::Status::ResourceLimit,
                      fmt::format("graph construction exceeds {:.1f} s (raise --timeout)", options.max_seconds), n);
    }

    if (atLoopHead(s)) {
      if (NodeId a = findRepetition(g, n); a != kNoNode) {
        std::vector<std::pair<state::Ref, state::Ref>> map;
        if (state::isInstance(s, g.state(a), types, &map)) {
          addInstanceEdge(g, n, a, std::move(map));
          continue;
        }
        // ForceAbstraction: the merge replaces the earlier state.
        ++result.merges;
        work.push_back(forceAbstraction(g, n, a, ev, options, result.merges));
        continue;
      }
    }

    if (s.heap.size() > options.max_state_size)
      return finish(BuildResult::Status::ResourceLimit,
                    fmt::format("a state holds more than {} values", options.max_state_size), n);
    StepResult step = ev.step(s);
    if (step.unsupported) return finish(BuildResult::Status::Unsupported, step.reason, n);
    if (debug) {
      for (const Successor& succ : step.successors)
        if (std::string e = succ.state.validate(); !e.empty())
          throw InternalError(fmt::format("invalid successor ({}) of state at pc {}:\n{}\nsuccessor:\n{}", e,
                                          s.top().pc, state::toString(s, types), state::toString(succ.state, types)));
    }
    for (Successor& succ : step.successors) {
      NodeId m = g.addNode(std::move(succ.state), n);
      Edge e;
      e.from = n;
      e.to = m;
      e.kind = succ.kind == Successor::Kind::Eval ? EdgeKind::Eval : EdgeKind::Refine;
      e.label = std::move(succ.label);
      e.refined = std::move(succ.refined);
      g.addEdge(std::move(e));
      work.push_back(m);
    }
  }
  return finish(BuildResult::Status::Complete, "", kNoNode);
}

}  // namespace jhalt::seg
