// Pairs of references at the same positions of two states: for refinement
// edges, whose target renames some references (an existence refinement
// replaces a reference by null, an equality refinement one reference by the
// other), and as a fallback for instance edges.
#pragma once

#include <utility>
#include <vector>

#include "jhalt/state/state.h"

namespace jhalt::witness {

std::vector<std::pair<state::Ref, state::Ref>> correspondence(const state::State& a, const state::State& b);

}  // namespace jhalt::witness
