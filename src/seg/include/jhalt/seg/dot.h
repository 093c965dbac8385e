// Graphviz rendering of symbolic execution graphs: each node shows its state
// in the papers' notation (frames `pc | locals | stack`, heap lines,
// predicates); evaluation edges are solid with their labels, refinement
// edges dashed with the refined references, instance edges double.
#pragma once

#include <string>

#include "jhalt/seg/graph.h"
#include "jhalt/state/types.h"

namespace jhalt::seg {

std::string toDot(const Graph& graph, state::TypeSystem& types);

}  // namespace jhalt::seg
