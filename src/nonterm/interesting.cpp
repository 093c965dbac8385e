#include "jhalt/nonterm/interesting.h"

#include <algorithm>

namespace jhalt::nonterm {

using state::HeapValue;
using state::kNone;
using state::kNull;
using state::Ref;
using state::State;

std::vector<std::pair<Ref, Ref>> correspondence(const State& a, const State& b) {
  std::vector<std::pair<Ref, Ref>> out;
  std::set<std::pair<Ref, Ref>> seen;
  std::vector<std::pair<Ref, Ref>> work;
  auto add = [&](Ref x, Ref y) {
    if (x == kNone || y == kNone) return;
    work.push_back({x, y});
  };
  for (size_t i = 0; i < a.frames.size() && i < b.frames.size(); ++i) {
    const auto& fa = a.frames[i];
    const auto& fb = b.frames[i];
    for (size_t j = 0; j < fa.locals.size() && j < fb.locals.size(); ++j) add(fa.locals[j], fb.locals[j]);
    for (size_t j = 0; j < fa.stack.size() && j < fb.stack.size(); ++j) add(fa.stack[j], fb.stack[j]);
  }
  for (const auto& [f, r] : a.statics) add(r, b.staticField(f));
  if (a.exception != kNone && b.exception != kNone) add(a.exception, b.exception);
  while (!work.empty()) {
    auto p = work.back();
    work.pop_back();
    if (!seen.insert(p).second) continue;
    out.push_back(p);
    const HeapValue* va = p.first == kNull ? nullptr : a.find(p.first);
    const HeapValue* vb = p.second == kNull ? nullptr : b.find(p.second);
    if (!va || !vb || !va->isObject() || !vb->isObject()) continue;
    for (const auto& [f, x] : va->fields)
      if (Ref y = vb->field(f); y != kNone) add(x, y);
    if (va->kind == HeapValue::Kind::Array && vb->kind == HeapValue::Kind::Array) {
      add(va->length, vb->length);
      for (size_t k = 0; k < va->elements.size() && k < vb->elements.size(); ++k) add(va->elements[k], vb->elements[k]);
    }
  }
  return out;
}

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
      corr[e] = correspondence(g.state(edge.from), g.state(edge.to));
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
      if (edge.kind == seg::EdgeKind::Eval) {
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
