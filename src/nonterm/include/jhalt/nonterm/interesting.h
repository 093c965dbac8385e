// Interesting references (paper 000, Def. 6): the references whose values
// may influence the control flow, computed as the least fixpoint of the
// four rules of Def. 6 over the graph.
#pragma once

#include <map>
#include <set>
#include <utility>
#include <vector>

#include "jhalt/seg/graph.h"

namespace jhalt::nonterm {

// Pairs of references at the same positions of two states (for refinement
// edges, whose target renames some references, and as a fallback).
std::vector<std::pair<state::Ref, state::Ref>> correspondence(const state::State& a, const state::State& b);

class Interesting {
 public:
  explicit Interesting(const seg::Graph& g);
  const std::set<state::Ref>& of(seg::NodeId n) const;
  bool onlyIntegers(seg::NodeId n, const seg::Graph& g) const;

 private:
  std::map<seg::NodeId, std::set<state::Ref>> sets_;
  std::set<state::Ref> empty_;
};

}  // namespace jhalt::nonterm
