// Control dependence for the relevance analysis (thesis 002, §4.3.2). The
// thesis' Def. 4.8 compares the opcodes reachable from a branch with those
// reachable from each target; on a loop that makes a branch inside the body
// irrelevant although it decides how often relevant code runs (both targets
// reach that code again through the back edge). jhalt uses classic control
// dependence instead (Ferrante, Ottenstein, Warren 1987, cited by the
// thesis for program dependence graphs): per method, the control flow
// restricted to the transitions the graph takes (so branches the graph
// decides have one successor), a virtual exit for returns and escaping
// exceptions, post-dominators, and Y depends on branch X when Y
// post-dominates a successor of X but not X itself. Like the thesis,
// termination is ignored: code after a loop does not depend on its exit.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "jhalt/seg/graph.h"

namespace jhalt::program {
class MethodInfo;
}

namespace jhalt::irrelevant::detail {

struct MethodFlow {
  size_t size = 0;                               // instructions; node `size` is the exit
  std::vector<std::vector<uint32_t>> succ;       // per instruction index (and the exit)
  std::vector<bool> reached;                     // some state is at the instruction
  std::vector<std::vector<uint32_t>> controllers;  // branches each instruction depends on
};

// Flow graphs of every method the graph has states in.
std::map<const program::MethodInfo*, MethodFlow> methodFlows(const seg::Graph& g);

// Control dependence of `flow` (fills `controllers`).
void controlDependence(MethodFlow& flow);

// Is an instruction writing local `slot` reachable from `from` (excluded)?
bool localWrittenAgain(const MethodFlow& flow, const program::MethodInfo& m, uint32_t from, uint32_t slot);

}  // namespace jhalt::irrelevant::detail
