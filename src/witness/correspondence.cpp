#include "jhalt/witness/correspondence.h"

#include <set>

namespace jhalt::witness {

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

}  // namespace jhalt::witness
