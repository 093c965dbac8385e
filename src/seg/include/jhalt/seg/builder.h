// Construction of symbolic execution graphs (thesis 002, Alg. 2): evaluate
// or refine every leaf; at a repetition of an earlier state at a loop head,
// draw an instance edge if the new state is an instance of the earlier one,
// else replace the earlier state by the merge of both (ForceAbstraction).
#pragma once

#include <cstddef>
#include <functional>
#include <limits>
#include <set>
#include <string>

#include "jhalt/seg/evaluator.h"
#include "jhalt/seg/graph.h"

namespace jhalt::seg {

struct BuildOptions {
  size_t max_nodes = 60000;        // resource limit (states in the graph)
  // Resource limit on evaluation steps: merges and ForceAbstraction can
  // keep the graph small while the work goes on; this bounds the work
  // deterministically (the time limit is only a safety net).
  size_t max_evaluations = 1200000;
  // Wall-clock safety net: the engines set it from their share of the
  // user's --timeout; the limits above decide whenever they end the
  // construction first (the same graph under any machine load).
  double max_seconds = std::numeric_limits<double>::infinity();
  size_t max_state_size = 4000;    // resource limit: values in one state
  // Resource limit on the bytes the construction holds (0: none); counted
  // by jhalt's allocator, so deterministic (util/memory.h).
  int64_t max_bytes = 0;
  // Merges at one position that use the convex hull of integer intervals;
  // later merges widen (thesis §1.7: bounded abstraction of integers).
  uint32_t hull_merges = 2;
  // Call stack abstractions of one method and shape kept apart before new
  // ones are merged into the first (recursion, thesis 002 Ch. 3): a
  // recursion whose arguments cycle through a few values (1, 4, 2, 1, ...)
  // then has a finite graph without an interval that takes in the base case.
  size_t entry_variants = 1;
  // Whether the outermost invocation of a recursive method (one not yet on
  // the stack) goes through a call stack abstraction too. When false, it is
  // evaluated in its caller's context like any other call and only the
  // calls within the recursion are abstracted (thesis 002, Def. 3.5: a call
  // state needs the method on the stack already). The caller then keeps
  // what the first level of the recursion did to its own objects (a field
  // written before the inner call), at the price of more states.
  bool abstract_outer_calls = true;
  // Whether a loop head that enters its loop (no earlier state of the same
  // invocation stands there) is evaluated one iteration on instead of being
  // taken in by an earlier, more general loop head. Every entry of a loop
  // then shows one complete iteration from its entry state, which keeps
  // what the entry condition forces the first iteration to do (Count: a
  // rotation, since `start.left != null` led into the loop). Sound either
  // way; it costs states.
  bool peel_loop_entries = false;
  // Loop-head visits on one path whose top frame holds only exact integers
  // evaluated on without a merge (0: merge at the first repetition). Sound
  // either way; graphs from concrete states stay precise through short
  // library loops (the recurrent engine).
  size_t exact_unroll = 0;
  EvalOptions eval;
  // Called every 64 evaluations; may throw (e.g. ResourceLimit when the
  // analysis holds too much memory).
  std::function<void()> checkpoint;
  // Debug output (the command line sets it for JHALT_DEBUG_SEG).
  std::function<void(const std::string&)> trace;
};

struct BuildResult {
  enum class Status { Complete, Unsupported, ResourceLimit };
  Status status = Status::Complete;
  std::string reason;          // for Unsupported / ResourceLimit
  NodeId failed_at = kNoNode;  // the state that could not be evaluated
  double seconds = 0;
  size_t evaluations = 0;
  size_t merges = 0;
  size_t call_states = 0;    // recursive calls abstracted (thesis 002, Def. 3.6)
  size_t return_states = 0;  // return states concretized (Def. 3.10)
  // Loop heads of the complete graph that enter their loop and are taken in
  // by a more general loop head or have later visits as instances: what
  // BuildOptions::peel_loop_entries would change (none in a graph whose
  // loops never repeat a state).
  size_t loop_entries_repeated = 0;
  std::set<std::string> library_calls;
};

// Builds the graph for the start state `start` into `graph` (which must be
// empty). The evaluator supplies program, types and fresh references.
BuildResult buildGraph(Graph& graph, state::State start, Evaluator& evaluator, const BuildOptions& options);

}  // namespace jhalt::seg
