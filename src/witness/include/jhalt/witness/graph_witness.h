// Witness generation from symbolic execution graphs (paper 000, §3, Def. 4,
// Thm. 5). For a target node of the graph (an error state, or a loop head
// whose integers must lie in a proof's region) a path from the entry state
// is chosen, and its path condition collected: the relations and
// computations of evaluation edges, the intervals of every state passed,
// the refinements (null or an object; its type; the fields, array lengths
// and array elements the path reads) and the renaming of references at
// instance edges, each pass through a loop in its own copy of the
// variables. The SMT model of that condition instantiates the input:
// integers of any size, null or objects of a concrete class (allocated
// without a constructor, fields as the path realized them), arrays with
// their lengths and the elements the path read, strings with the
// characters it read, and objects that the path found to be the same
// (equality refinements) shared.
//
// Thm. 5 walks the path backwards and intersects states; collecting the
// same constraints forwards and solving them once is equivalent for the
// integer part, and the heap part is instantiated from what the path
// realized. A witness is a candidate only: the shared certifier runs it
// (jhalt's evaluator, then the JVM) before anything is reported.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <optional>
#include <vector>

#include "jhalt/input/input.h"
#include "jhalt/seg/graph.h"
#include "jhalt/smt/solver.h"
#include "jhalt/state/types.h"

namespace jhalt::witness {

struct GraphWitnessOptions {
  size_t max_segments = 40;   // instance edges a path may cross (loop iterations)
  size_t max_checks = 150;    // SMT checks per target
  size_t max_edges = 3000;    // edges of one path
  int64_t max_array = 64;     // the longest array (or string) a witness holds
  std::function<void(const std::string&)> trace;  // debug output (JHALT_DEBUG_WITNESS)
};

struct GraphTarget {
  seg::NodeId node = seg::kNoNode;
  // A constraint over the target's integer references in copy "h" (a loop
  // proof's region, see nonterm::LoopProof); invalid: reaching it suffices.
  smt::Term region;
};

class GraphWitnessGenerator {
 public:
  // `bit_vectors`: the graph was built with JVM integers (formula.h).
  // `main_convention`: the entry is main(String[]) under the TPDB convention.
  GraphWitnessGenerator(const seg::Graph& graph, state::TypeSystem& types, smt::Solver& solver, bool bit_vectors,
                        bool main_convention, GraphWitnessOptions options = {});
  ~GraphWitnessGenerator();
  GraphWitnessGenerator(const GraphWitnessGenerator&) = delete;
  GraphWitnessGenerator& operator=(const GraphWitnessGenerator&) = delete;

  // An input whose run follows a path of the graph to the target, if one
  // is found within the limits.
  std::optional<input::Witness> reach(const GraphTarget& target);
  size_t checks() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Nodes where a runtime exception is raised (the targets of evaluation
// edges whose label records one), at most `per_place` per (method, offset,
// exception) and `max` in all, in the graph's order.
std::vector<seg::NodeId> exceptionTargets(const seg::Graph& graph, size_t max, size_t per_place = 2);

}  // namespace jhalt::witness
