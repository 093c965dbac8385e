#include "jhalt/nonterm/interesting.h"

#include "jhalt/witness/correspondence.h"

#include <algorithm>

namespace jhalt::nonterm {

using state::HeapValue;
using state::kNone;
using state::kNull;
using state::Ref;
using state::State;

Interesting::Interesting(const seg::Graph& g) {
  // Def. 6, rule 1: refined references are interesting.
  for (seg::EdgeId e : g.edges()) {
    const seg::Edge& edge = g.edge(e);
    if (edge.kind == seg::EdgeKind::Refine)
      for (Ref r : edge.refined) sets_[edge.from].insert(r);
  }
  // Correspondences of refinement and instance edges, computed once.
  std::map<seg::EdgeId, std::vector<std::pair<Ref, Ref>>> corr;
  for (seg::EdgeId e : g.edges()) {
    const seg::Edge& edge = g.edge(e);
    if (edge.kind == seg::EdgeKind::Instance)
      corr[e] = edge.instance;
    else if (edge.kind == seg::EdgeKind::Refine)
      corr[e] = witness::correspondence(g.state(edge.from), g.state(edge.to));
    else if (edge.kind == seg::EdgeKind::Call)  // the same references, fewer frames
      for (const auto& [r, v] : g.state(edge.to).heap) corr[e].push_back({r, r});
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (seg::EdgeId e : g.edges()) {
      const seg::Edge& edge = g.edge(e);
      auto it = sets_.find(edge.to);
      if (it == sets_.end() || it->second.empty()) continue;
      const std::set<Ref>& target = it->second;
      std::set<Ref>& source = sets_[edge.from];
      size_t before = source.size();
      if (edge.kind == seg::EdgeKind::Eval || edge.kind == seg::EdgeKind::Return) {
        // Rule 3: interesting references that exist in the source.
        const State& s = g.state(edge.from);
        for (Ref r : target)
          if (r == kNull || s.find(r)) source.insert(r);
        // Rule 4: operands of computations of interesting results.
        for (const auto& c : edge.label.computations)
          if (target.count(c.result)) {
            if (c.a != kNone) source.insert(c.a);
            if (c.b != kNone) source.insert(c.b);
          }
      } else {
        // Rule 2: references at the same positions.
        for (const auto& [x, y] : corr[e])
          if (target.count(y)) source.insert(x);
      }
      source.erase(kNull);
      if (source.size() != before) changed = true;
    }
  }
}

const std::set<Ref>& Interesting::of(seg::NodeId n) const {
  auto it = sets_.find(n);
  return it == sets_.end() ? empty_ : it->second;
}

bool Interesting::onlyIntegers(seg::NodeId n, const seg::Graph& g) const {
  const State& s = g.state(n);
  for (Ref r : of(n)) {
    const HeapValue* v = s.find(r);
    if (!v || v->kind != HeapValue::Kind::Integer) return false;
  }
  return true;
}

}  // namespace jhalt::nonterm
