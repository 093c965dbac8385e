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
