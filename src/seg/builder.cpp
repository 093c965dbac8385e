// Graph construction (thesis 002, Alg. 2 and §1.7).
#include "jhalt/seg/builder.h"

#include <algorithm>
#include <chrono>
#include <deque>
#include <map>
#include <set>
#include <vector>

#include <fmt/format.h>

#include "jhalt/program/program.h"
#include "jhalt/seg/recursion.h"
#include "jhalt/state/merge.h"
#include "jhalt/state/reach.h"
#include "jhalt/util/memory.h"
#include "jhalt/state/print.h"
#include "jhalt/util/error.h"

namespace jhalt::seg {
namespace {

// Repetitions are looked for at loop heads and, for recursion, at the
// entries and return states of call stack abstractions (below): every cycle
// of the program's control flow (exception edges included) passes a loop
// head, and every recursive call goes through a call stack abstraction, so
// every infinite path repeats one of these states.
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

// Whether the loop head `n` enters its loop: no earlier state of the same
// invocation of its top frame's method stands at its position (the path
// back to the call that pushed the frame holds none).
bool entersLoop(const Graph& g, NodeId n) {
  const state::State& s = g.state(n);
  const size_t depth = s.frames.size();
  for (NodeId a = g.node(n).parent; a != kNoNode; a = g.node(a).parent) {
    if (!g.node(a).alive) continue;  // a removed node has no state
    const state::State& t = g.state(a);
    if (t.frames.size() < depth) return true;
    if (t.frames.size() == depth && t.top().method == s.top().method && t.top().pc == s.top().pc) return false;
  }
  return true;
}

// Loop heads that enter their loop and take part in an instance edge: taken
// in by a more general loop head (merged with their next visit, or an
// instance of an earlier one), or the state later visits are instances of.
size_t loopEntriesRepeated(const Graph& g) {
  auto instanceEdge = [&](const std::vector<EdgeId>& edges) {
    return std::any_of(edges.begin(), edges.end(), [&](EdgeId e) { return g.edge(e).kind == EdgeKind::Instance; });
  };
  size_t k = 0;
  for (NodeId v : g.nodes())
    if (g.node(v).alive && (instanceEdge(g.node(v).out) || instanceEdge(g.node(v).in)) && atLoopHead(g.state(v)) &&
        entersLoop(g, v))
      ++k;
  return k;
}

// The nearest ancestor of `n` that `n` repeats (thesis Alg. 2,
// "repetitions"): same shape, at a loop head, no split result, no outgoing
// instance edge and no incoming refinement edge. With `skip_entries`, loop
// heads that entered their loop are not repeated (BuildOptions::peel_loop_entries).
NodeId findRepetition(const Graph& g, NodeId n, bool skip_entries) {
  const state::State& s = g.state(n);
  for (NodeId a = g.node(n).parent; a != kNoNode; a = g.node(a).parent) {
    if (!g.node(a).alive) continue;
    const state::State& t = g.state(a);
    if (!atLoopHead(t) || hasOutgoingInstance(g, a) || hasIncomingRefinement(g, a)) continue;
    if (skip_entries && entersLoop(g, a)) continue;
    if (state::sameShape(s, t)) return a;
  }
  return kNoNode;
}

// Whether every integer of the top frame (locals and operand stack) is
// exact: a loop head of a run that is still concrete.
bool topFrameExact(const state::State& s) {
  auto exact = [&](state::Ref r) { return r == state::kNone || !s.isInteger(r) || s.intervalOf(r).isPoint(); };
  const state::Frame& f = s.top();
  return std::all_of(f.locals.begin(), f.locals.end(), exact) && std::all_of(f.stack.begin(), f.stack.end(), exact);
}

// A local of the top frame whose path along some field surely ends at null
// in `n` but not in its earlier repetition `a`.
bool endsAtNullOnlyLater(const state::State& n, const state::State& a) {
  const std::set<state::FieldId> fields = state::reachFields(n, a);
  const auto& ln = n.top().locals;
  const auto& la = a.top().locals;
  for (size_t i = 0; i < ln.size() && i < la.size(); ++i) {
    if (ln[i] == state::kNone || ln[i] == state::kNull || !n.find(ln[i]) || !n.at(ln[i]).isObject()) continue;
    for (state::FieldId f : fields)
      if (state::reachedAlong(n, ln[i], f).count(state::kNull) && !state::reachedAlong(a, la[i], f).count(state::kNull))
        return true;
  }
  return false;
}

// A state that stands for one concrete state: every value exact, every
// object shown completely, no heap predicate.
bool fullyConcrete(const state::State& s, state::TypeSystem& types) {
  if (!s.preds.joins.empty() || !s.preds.maybe_equal.empty() || !s.preds.cyclic.empty() ||
      !s.preds.maybe_existing.empty())
    return false;
  for (const auto& [r, v] : s.heap) {
    switch (v->kind) {
      case state::HeapValue::Kind::Integer:
        if (!v->interval.isPoint()) return false;
        break;
      case state::HeapValue::Kind::Float:
        if (!v->literal) return false;
        break;
      case state::HeapValue::Kind::Array:
        if (!v->has_elements) return false;
        break;
      case state::HeapValue::Kind::Instance: {
        if (v->type.bounds.size() != 1 || !v->type.bounds.front().exact) return false;
        auto fields = types.instanceFields(v->type.bounds.front().type);
        if (!fields || v->fields.size() != fields->size()) return false;
        break;
      }
    }
  }
  return true;
}

// Loop iterations a concrete run makes before its states are merged.
constexpr size_t kConcreteUnroll = 8;

// Earlier states of n's path at its position, of its shape.
size_t visitsOnPath(const Graph& g, NodeId n) {
  const state::State& s = g.state(n);
  size_t k = 0;
  for (NodeId a = g.node(n).parent; a != kNoNode; a = g.node(a).parent) {
    if (!g.node(a).alive) continue;  // a removed node has no state
    const state::State& t = g.state(a);
    if (atLoopHead(t) && t.top().method == s.top().method && t.top().pc == s.top().pc && state::sameShape(s, t))
      ++k;
  }
  return k;
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
  // Also checked outside debug runs: a merge that does not represent the
  // new state would make the graph miss its runs (a review found one whose
  // paths to null the instance check could not derive).
  if (!state::isInstance(s, merged, types))
    throw InternalError(debug ? fmt::format("merge result does not represent the new state:\nnew:\n{}\nold:\n{}\nmerged:\n{}",
                                            state::toString(s, types), state::toString(g.state(a), types),
                                            state::toString(merged, types))
                              : std::string("merge result does not represent the new state"));
  g.cutBelow(a);
  NodeId m = g.addNode(std::move(merged), a);
  g.node(m).merges = merges;
  addInstanceEdge(g, a, m, std::move(map_a));
  return m;
}

// The states of recursive programs that are compared across the whole
// graph, not only along a path (thesis 002, Alg. 16): call stack
// abstractions at their method's entry, return states, and the call states
// that return states are concretized with.
class Recursion {
 public:
  Recursion(Graph& g, Evaluator& ev, const BuildOptions& options, std::vector<NodeId>& work, BuildResult& result)
      : g_(g), ev_(ev), options_(options), work_(work), result_(result), effects_(ev.program()) {}

  // A call stack abstraction at its method's entry.
  static bool atEntry(const state::State& s) {
    return s.open_context && s.frames.size() == 1 && s.top().pc == 0 && s.exception == state::kNone && s.split < 0;
  }

  // Alg. 16, lines 10-14 (for entries as well): an instance edge to an
  // earlier state of the same shape, or ForceAbstraction with one once there
  // are `variants` of that shape. False if there is none: `n` is then kept
  // as a state of its own.
  bool repeated(std::vector<NodeId>& table, NodeId n, size_t variants = 1) {
    const state::State& s = g_.state(n);
    NodeId* first = nullptr;
    size_t same = 0;
    for (NodeId& t : table) {
      if (t == n || !g_.node(t).alive || !state::sameShape(s, g_.state(t))) continue;
      std::vector<std::pair<state::Ref, state::Ref>> map;
      if (state::isInstance(s, g_.state(t), ev_.types(), &map)) {
        addInstanceEdge(g_, n, t, std::move(map));
        return true;
      }
      if (!first) first = &t;
      ++same;
    }
    if (first && same >= variants) {
      NodeId& t = *first;
      ++result_.merges;
      NodeId m = forceAbstraction(g_, n, t, ev_, options_, result_.merges);
      t = m;
      if (g_.node(n).alive) {
        std::vector<std::pair<state::Ref, state::Ref>> map;
        bool ok = state::isInstance(g_.state(n), g_.state(m), ev_.types(), &map);
        JHALT_ASSERT(ok, "merge result does not represent the new state");
        addInstanceEdge(g_, n, m, std::move(map));
      }
      work_.push_back(m);
      return true;
    }
    if (std::find(table.begin(), table.end(), n) == table.end()) table.push_back(n);
    return false;
  }

  // Is `after` (an evaluation successor of `before`) the invoking state of a
  // call whose call stack is abstracted: a method already on the stack, or
  // (unless the options keep outermost calls in context) one that may call
  // itself?
  bool abstracts(const state::State& before, const state::State& after) {
    const program::MethodInfo* m = invoked(before, after);
    if (!m) return false;
    if (onStackBelow(after)) return true;
    return options_.abstract_outer_calls && effects_.recursive(*m);
  }

  // Continuations wait until the rest of the work is done: the callee's
  // entries and return states are then as general as they get, and fewer
  // continuations are cut by later merges.
  bool deferred(std::vector<NodeId>& work) {
    if (deferred_.empty()) return false;
    work.push_back(deferred_.front());
    deferred_.pop_front();
    return true;
  }

  bool entry(NodeId n) { return repeated(entries_[g_.state(n).top().method], n, options_.entry_variants); }

  // The continuations of one call state (one per return state) are merged
  // like repetitions: the caller goes on from one state per call site and
  // context, not from one per way the callee can return.
  bool continuation(NodeId n) {
    if (!context_of_.count(n)) return false;
    const state::Frame& f = g_.state(n).top();
    return repeated(continuations_[{f.method, f.pc}], n);
  }

  // `n` is a return state (its bottom frame, of an open context, returns or
  // throws to `end`): merged with earlier ones, else concretized with the
  // call states of its method whose callee frame it may be a state of.
  void returned(NodeId n, state::State end) {
    const program::MethodInfo* m = g_.state(n).top().method;
    if (repeated(returns_[m], n)) return;
    ends_[n] = std::move(end);
    ++result_.return_states;
    std::vector<char> frame = frameAncestors(n);
    for (NodeId c : calls_[m])
      if (g_.node(c).alive) pair(n, c, frame);
  }

  // `c` (just added) is the invoking state of a recursive call: its call
  // stack abstraction is evaluated next; the return states so far are
  // checked against it once the abstraction has its place in the graph.
  void called(NodeId c) {
    const program::MethodInfo* m = g_.state(c).top().method;
    calls_[m].push_back(c);
    ++result_.call_states;
    NodeId a = g_.addNode(callStackAbstraction(g_.state(c)), c);
    Edge e;
    e.from = c;
    e.to = a;
    e.kind = EdgeKind::Call;
    g_.addEdge(std::move(e));
    callee_[c] = a;
    work_.push_back(a);
    for (NodeId r : returns_[m])
      if (g_.node(r).alive && ends_.count(r)) pending_.insert({r, c});
  }

  // When the rest of the work is done: the pairs whose return state has
  // become a state of the call's callee frame (through instance edges and
  // merges since) are concretized; true if there is work again.
  bool resolvePending(std::vector<NodeId>& work) {
    std::map<NodeId, std::vector<char>> frames;
    for (auto it = pending_.begin(); it != pending_.end();) {
      auto [r, c] = *it;
      if (!g_.node(r).alive || !g_.node(c).alive) {
        it = pending_.erase(it);
        continue;
      }
      auto f = frames.find(r);
      if (f == frames.end()) f = frames.emplace(r, frameAncestors(r)).first;
      if (f->second[callee_.at(c)]) {
        concretize(c, r);
        it = pending_.erase(it);
      } else {
        ++it;
      }
    }
    return deferred(work);
  }

 private:
  // The states of the frame `r` is in, back to its entries (and the call
  // stack abstractions that are instances of them): predecessors over
  // evaluation, refinement and instance edges, and from a continuation to
  // its call state (not into the callee that returned).
  std::vector<char> frameAncestors(NodeId r) const {
    std::vector<char> seen(g_.nodeSlots(), 0);
    std::vector<NodeId> work{r};
    while (!work.empty()) {
      NodeId x = work.back();
      work.pop_back();
      if (seen[x] || !g_.node(x).alive) continue;
      seen[x] = 1;
      for (EdgeId e : g_.node(x).in) {
        const Edge& edge = g_.edge(e);
        if (!edge.alive || edge.kind == EdgeKind::Call) continue;
        work.push_back(edge.kind == EdgeKind::Return ? edge.context : edge.from);
      }
    }
    return seen;
  }

  // Thesis 002, Def. 3.23 is defined for a return state and a call state
  // whose input arguments correspond; here: the return state is a state of
  // the frame the call state's abstraction started (else the pair waits).
  void pair(NodeId r, NodeId c, const std::vector<char>& frame) {
    if (frame[callee_.at(c)])
      concretize(c, r);
    else
      pending_.insert({r, c});
  }

  void concretize(NodeId c, NodeId r) {
    if (!mayFollow(g_.state(c), ends_.at(r))) return;
    Concretization cc = seg::concretize(g_.state(c), ends_.at(r), ev_, effects_);
    // Its parent (for the repetition search at loop heads) is the call
    // state: the caller's frames go on from there, whatever the callee did.
    NodeId k = g_.addNode(std::move(cc.state), c);
    Edge e;
    e.from = r;
    e.to = k;
    e.kind = EdgeKind::Return;
    e.label = std::move(cc.label);
    e.context = c;
    e.heap_kept = cc.heap_kept;
    g_.addEdge(std::move(e));
    context_of_[k] = c;
    deferred_.push_back(k);
  }

  Graph& g_;
  Evaluator& ev_;
  const BuildOptions& options_;
  std::vector<NodeId>& work_;
  BuildResult& result_;
  CalleeEffects effects_;
  std::map<const program::MethodInfo*, std::vector<NodeId>> entries_, returns_, calls_;
  std::map<NodeId, state::State> ends_;
  std::deque<NodeId> deferred_;
  std::map<NodeId, NodeId> callee_;                // call state -> its call stack abstraction
  std::set<std::pair<NodeId, NodeId>> pending_;   // (return state, call state) not concretized yet
  std::map<NodeId, NodeId> context_of_;                  // continuation -> its call state
  // Continuations by the place the caller goes on at: all of them are merged
  // (states of one shape), whatever call state and return state they come
  // from - the paths that meet after a call are joined there, as at a loop
  // head.
  std::map<std::pair<const program::MethodInfo*, uint32_t>, std::vector<NodeId>> continuations_;
};

}  // namespace

BuildResult buildGraph(Graph& g, state::State start, Evaluator& ev, const BuildOptions& options) {
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  const int64_t bytes0 = util::threadAllocatedBytes();
  BuildResult result;
  JHALT_ASSERT(g.nodeSlots() == 0, "graph not empty");
  start.collectGarbage();
  g.addNode(std::move(start), kNoNode);
  std::vector<NodeId> work{g.root()};
  Recursion recursion(g, ev, options, work, result);
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
  while (!work.empty() || recursion.deferred(work) || recursion.resolvePending(work)) {
    NodeId n = work.back();
    work.pop_back();
    if (!g.node(n).alive || !g.node(n).out.empty()) continue;
    const state::State& s = g.state(n);
    if (s.finished()) continue;
    if (g.liveNodes() > options.max_nodes)
      return finish(BuildResult::Status::ResourceLimit,
                    fmt::format("graph exceeds {} states (raise --max-states, or --effort in analyze and termcomp)",
                                options.max_nodes),
                    n);
    if (result.evaluations >= options.max_evaluations)
      return finish(BuildResult::Status::ResourceLimit,
                    fmt::format("graph construction exceeds {} evaluation steps (raise --effort)", options.max_evaluations),
                    n);
    if ((++result.evaluations & 63) == 0) {
      if (options.checkpoint) options.checkpoint();
      if (options.max_bytes > 0 && util::threadAllocatedBytes() - bytes0 > options.max_bytes)
        return finish(BuildResult::Status::ResourceLimit,
                      fmt::format("graph construction holds more than {} MB (raise --max-memory)", options.max_bytes >> 20),
                      n);
      if (std::chrono::duration<double>(Clock::now() - t0).count() > options.max_seconds)
        return finish(BuildResult::Status::ResourceLimit,
                      fmt::format("graph construction exceeds {:.1f} s (raise --timeout)", options.max_seconds), n);
    }

    if (Recursion::atEntry(s) && recursion.entry(n)) continue;
    if (recursion.continuation(n)) continue;
    if (atLoopHead(s) && !(options.peel_loop_entries && entersLoop(g, n))) {
      if (NodeId a = findRepetition(g, n, options.peel_loop_entries); a != kNoNode) {
        std::vector<std::pair<state::Ref, state::Ref>> map;
        if (state::isInstance(s, g.state(a), types, &map)) {
          addInstanceEdge(g, n, a, std::move(map));
          continue;
        }
        // A concrete iteration goes on unmerged for a while (the loop of
        // Integer.toString(1) keeps its exact values); then ForceAbstraction:
        // the merge replaces the earlier state.
        // The first iteration may differ from all later ones: a list
        // reversal starts on a cycle and then walks a path that ends at
        // null (the first element's link is cut). Its second visit then
        // goes on unmerged once, so that the merge of later ones keeps
        // the path (Brockschmidt et al., CAV 2012, reverse a cyclic list).
        // A run that is still concrete goes on unmerged for a while too.
        const bool peel = (g.node(a).merges == 0 && visitsOnPath(g, a) == 0 && endsAtNullOnlyLater(s, g.state(a))) ||
                          (fullyConcrete(s, types) && visitsOnPath(g, n) < kConcreteUnroll);
        if (peel) {
          // evaluated on below as a state of its own
        } else if (options.exact_unroll == 0 || !topFrameExact(s) || visitsOnPath(g, n) >= options.exact_unroll) {
          ++result.merges;
          work.push_back(forceAbstraction(g, n, a, ev, options, result.merges));
          continue;
        }
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
    if (s.open_context && s.frames.size() == 1 && step.successors.size() == 1 &&
        step.successors.front().state.finished()) {
      recursion.returned(n, std::move(step.successors.front().state));
      continue;
    }
    for (Successor& succ : step.successors) {
      bool recursive_call = succ.kind == Successor::Kind::Eval && recursion.abstracts(s, succ.state);
      NodeId m = g.addNode(std::move(succ.state), n);
      Edge e;
      e.from = n;
      e.to = m;
      e.kind = succ.kind == Successor::Kind::Eval ? EdgeKind::Eval : EdgeKind::Refine;
      e.label = std::move(succ.label);
      e.refined = std::move(succ.refined);
      g.addEdge(std::move(e));
      if (recursive_call)
        recursion.called(m);
      else
        work.push_back(m);
    }
  }
  result.loop_entries_repeated = loopEntriesRepeated(g);
  return finish(BuildResult::Status::Complete, "", kNoNode);
}

}  // namespace jhalt::seg
