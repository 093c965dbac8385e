// The ITS of a complete symbolic execution graph (issue 13, item 1; design
// in docs/design/termination.md §9): the second producer beside from_clp.h,
// for programs whose loops run over the heap. One location per node of the
// graph, with a variable for each integer of its state (thesis 002, Def.
// 1.1: integers are heap values, so a loop over `l.value` has one) and for
// the size of each object structure that cannot reach a cycle (the number of
// objects of its unfolding into a tree; thesis 002, Fig. 1.4: the parts of
// the heap a state does not show are trees unless a heap predicate says
// otherwise, so only `r ⟲F`, `r %$ r` and explicit cycles make a size
// infinite). A state's own facts hold at its location: the intervals and
// relations of its integers, `|r| >= 1 + |r.f| + ...` over the fields it
// shows. Edges:
//  - refinement: the same concrete state, so every value is kept;
//  - instance (s ⊑ s'): each reference of s' has the value of the reference
//    of s it corresponds to (thesis 002, Def. 1.10);
//  - evaluation: integers are kept (references are single-assignment);
//    the label's relations are guards and its computations define the new
//    integers (linear ones exactly; a JVM int result that may leave the int
//    range also gets Wrap transitions with the result unknown); a size is
//    kept unless its structure may reach (through fields, joins or possible
//    equality) an object the step wrote to; a library call that is not known
//    to terminate is a gap to `top`.
// Locations other than loop heads (instance-edge targets) are then chained
// away (chain.h). Sound only for entries whose inputs are what the state
// says: main(String[]) (the JVM's args); method entries assume tree-shaped,
// unshared arguments, which callers need not respect, so the engine uses
// this producer only for main.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "jhalt/its/its.h"
#include "jhalt/its/proof.h"
#include "jhalt/seg/graph.h"
#include "jhalt/state/types.h"

namespace jhalt::its {

struct SegItsOptions {
  // The graph was built under JVM int semantics: int results that may wrap
  // get Wrap transitions.
  bool jvm = false;
  size_t max_transitions = 3000;  // after chaining
  // A weighted norm instead of the object count: an object reached through
  // one of these fields counts this many times (each >= 1), so that
  // |r| = 1 + sum over fields f of weight(f)·|r.f| for the unfolding. A
  // rotation such as `new Tree(l.l, new Tree(l.r, r))` keeps the count of
  // nodes but lowers the norm with left children weighing 2.
  std::map<state::FieldId, int64_t> field_weights;
  // `|r| = 1 + ...` (not only >=) for objects whose every field the state
  // shows; always so in graphs with recursion.
  bool exact_sizes = false;
  // A certificate that rows over num_vars variables are infeasible (the
  // engine's solver). With it, facts of the results of recursive methods
  // are sought and stated on their call summaries (Its::lemmas).
  std::function<std::optional<Farkas>(const std::vector<Row>&, size_t)> infeasible;
  // Past it the translation gives up (no system, so no proof).
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct SegIts {
  Its its;
  std::string why_not;  // non-empty: no ITS (too large)
};

SegIts fromSeg(const seg::Graph& graph, state::TypeSystem& types, const SegItsOptions& options);

}  // namespace jhalt::its
