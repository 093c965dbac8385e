#include "shapes.h"

#include <algorithm>
#include <functional>
#include <iterator>

namespace jhalt::seg::detail {

using state::HeapValue;
using state::kNone;
using state::kNull;

// --- reachability helpers for the write predicates -------------------------

std::set<Ref> explicitReach(const State& s, Ref x) {
  std::set<Ref> seen;
  std::vector<Ref> work{x};
  while (!work.empty()) {
    Ref y = work.back();
    work.pop_back();
    if (y == kNull || y == kNone || !seen.insert(y).second) continue;
    const HeapValue* v = s.find(y);
    if (!v || !v->isObject()) continue;
    for (const auto& f : v->fields) work.push_back(f.second);
    for (Ref e : v->elements) work.push_back(e);
  }
  std::erase_if(seen, [&](Ref y) { const HeapValue* v = s.find(y); return !v || !v->isObject(); });
  return seen;
}

// ra ⇝ rb (Def. 1.42): rb is reachable from ra explicitly, possibly followed
// by one heap predicate (=? or %$).
std::set<Ref> leadsTo(const State& s, Ref ra) {
  std::set<Ref> out = explicitReach(s, ra);
  std::set<Ref> more;
  for (Ref y : out) {
    for (Ref z : s.maybeEqualTo(y)) more.insert(z);
    for (const auto& [a, b] : s.preds.joins) {
      if (a == y) more.insert(b);
      if (b == y) more.insert(a);
    }
  }
  out.insert(more.begin(), more.end());
  return out;
}

// The objects ra with rp in leadsTo(ra): those that reach rp, or an object
// a heap predicate relates to rp, explicitly (one backward search instead
// of leadsTo from every object).
std::set<Ref> leadingTo(const State& s, Ref rp) {
  std::map<Ref, std::vector<Ref>> parents;
  for (const auto& [r, v] : s.heap) {
    if (!v->isObject()) continue;
    for (const auto& f : v->fields) parents[f.second].push_back(r);
    for (Ref e : v->elements) parents[e].push_back(r);
  }
  std::vector<Ref> work{rp};
  for (Ref z : s.maybeEqualTo(rp)) work.push_back(z);
  for (const auto& [a, b] : s.preds.joins) {
    if (a == rp) work.push_back(b);
    if (b == rp) work.push_back(a);
  }
  std::set<Ref> seen;
  while (!work.empty()) {
    Ref y = work.back();
    work.pop_back();
    const HeapValue* v = s.find(y);
    if (!v || !v->isObject() || !seen.insert(y).second) continue;
    if (auto it = parents.find(y); it != parents.end()) work.insert(work.end(), it->second.begin(), it->second.end());
  }
  return seen;
}

bool explicitNonTree(const State& s, Ref x) {
  std::map<Ref, int> indeg;
  for (Ref y : explicitReach(s, x)) {
    const HeapValue& v = s.at(y);
    auto count = [&](Ref z) {
      if (z != kNull && z != kNone && s.find(z) && s.at(z).isObject()) ++indeg[z];
    };
    for (const auto& f : v.fields) count(f.second);
    for (Ref e : v.elements) count(e);
  }
  if (indeg[x] > 0) return true;
  return std::any_of(indeg.begin(), indeg.end(), [](const auto& e) { return e.second > 1; });
}

// Whether the region x reaches through shown fields and elements holds a
// cycle (of the objects in `keep`, all when empty), without the edges of
// field `without`.
bool explicitCycle(const State& s, Ref x, std::optional<state::FieldId> without) {
  enum : uint8_t { kOpen = 1, kDone = 2 };
  std::map<Ref, uint8_t> mark;
  std::function<bool(Ref)> visit = [&](Ref y) -> bool {
    const HeapValue* v = s.find(y);
    if (y == kNull || y == kNone || !v || !v->isObject()) return false;
    uint8_t& m = mark[y];
    if (m == kOpen) return true;
    if (m == kDone) return false;
    m = kOpen;
    for (const auto& [f, c] : v->fields)
      if (f != without && visit(c)) return true;
    for (Ref e : v->elements)
      if (visit(e)) return true;
    mark[y] = kDone;
    return false;
  };
  return visit(x);
}

// The fields every cycle of x's shown region uses (thesis Def. 1.43 (iii):
// the fields of ρ′, for each cycle; a field whose edges, left out, leave
// no cycle lies on all of them), or nullopt when the region has no cycle
// (a non-tree shape there is sharing, which needs `%$` but no `⟲`).
std::optional<std::vector<state::FieldId>> shownCycleFields(const State& s, Ref x) {
  if (!explicitCycle(s, x)) return std::nullopt;
  std::set<state::FieldId> candidates;
  for (Ref y : explicitReach(s, x))
    for (const auto& f : s.at(y).fields) candidates.insert(f.first);
  std::vector<state::FieldId> out;
  for (state::FieldId f : candidates)
    if (!explicitCycle(s, x, f)) out.push_back(f);
  return out;
}

// The fields that cycles of both kinds use (`⟲F` of two references that one
// object may reach: each of its cycles is one of theirs).
std::vector<state::FieldId> commonFields(const std::optional<std::vector<state::FieldId>>& a,
                                         const std::vector<state::FieldId>& b) {
  if (!a) return b;
  std::vector<state::FieldId> both;
  std::set_intersection(a->begin(), a->end(), b.begin(), b.end(), std::back_inserter(both));
  return both;
}

std::optional<std::vector<state::FieldId>> cyclesReached(const State& s, Ref x) {
  std::optional<std::vector<state::FieldId>> out = shownCycleFields(s, x);
  for (Ref y : explicitReach(s, x)) {
    if (!s.maybeEqualTo(y).empty()) return std::vector<state::FieldId>{};
    if (const auto* fs = s.cyclic(y)) out = commonFields(out, *fs);
  }
  return out;
}

// --- types -------------------------------------------------------------------

// The classes of the values a field or element of this descriptor holds.
std::optional<std::vector<state::TypeId>> TypeReach::held(std::string_view d) {
  if (d.empty()) return std::nullopt;
  if (d[0] == '[') return std::vector<state::TypeId>{ts_.intern(d)};
  if (d[0] != 'L' || d.back() != ';') return std::vector<state::TypeId>{};  // a primitive
  return ts_.runtimeClasses(ts_.subtypesOf(ts_.intern(d.substr(1, d.size() - 2))));
}

// The classes an object of class (or array type) t refers to directly.
std::optional<std::vector<state::TypeId>> TypeReach::successors(state::TypeId t) {
  if (auto it = successors_.find(t); it != successors_.end()) return it->second;
  std::optional<std::vector<state::TypeId>> out;
  if (ts_.isArray(t)) {
    out = held(std::string_view(ts_.name(t)).substr(1));
  } else if (auto fields = ts_.instanceFields(t)) {
    out.emplace();
    for (state::FieldId f : *fields) {
      const state::FieldInfo& fi = ts_.fieldInfo(f);
      if (!fi.isReference()) continue;
      auto stored = ts_.storedValues(f);
      auto h = stored ? ts_.runtimeClasses(*stored) : held(fi.descriptor);
      if (!h) {
        out.reset();
        break;
      }
      out->insert(out->end(), h->begin(), h->end());
    }
  }
  successors_[t] = out;
  return out;
}

std::optional<std::set<state::TypeId>> TypeReach::closure(const state::AbstractType& a) {
  std::vector<state::TypeId> work;
  for (const state::TypeBound& b : a.bounds) {
    if (ts_.isArray(b.type)) {
      work.push_back(b.type);  // a bound [LT; takes in subtypes of T: held() does
      continue;
    }
    auto classes = ts_.runtimeClasses(state::AbstractType{{b}});
    if (!classes) return std::nullopt;
    work.insert(work.end(), classes->begin(), classes->end());
  }
  std::set<state::TypeId> out;
  while (!work.empty()) {
    state::TypeId t = work.back();
    work.pop_back();
    if (!out.insert(t).second) continue;
    auto next = successors(t);
    if (!next) return std::nullopt;
    work.insert(work.end(), next->begin(), next->end());
  }
  return out;
}

bool TypeReach::cannotReach(const State& s, Ref x, Ref y) {
  const HeapValue* vx = s.find(x);
  const HeapValue* vy = s.find(y);
  if (!vx || !vy || !vx->isObject() || !vy->isObject() || vx->type.empty() || vy->type.empty()) return false;
  if (vy->kind == HeapValue::Kind::Array) {
    // An array is reached only through a field or element whose declared
    // array type it may have (arrays are covariant: a field of type S[]
    // holds any T[] with T <: S).
    auto xs = closure(vx->type);
    if (!xs) return false;
    return std::none_of(xs->begin(), xs->end(), [&](state::TypeId t) {
      return ts_.isArray(t) && ts_.mayOverlap(vy->type, ts_.subtypesOf(t));
    });
  }
  if (vy->kind != HeapValue::Kind::Instance) return false;
  auto ys = ts_.runtimeClasses(vy->type);
  if (!ys || ys->empty()) return false;
  auto xs = closure(vx->type);
  if (!xs) return false;
  return std::none_of(ys->begin(), ys->end(), [&](state::TypeId t) { return xs->count(t) > 0; });
}

// Whether every reference field (element) of y is shown: y's paths then
// all go through its shown successors, and a predicate `y %$ z` adds no
// path from y itself (thesis 002, Def. 1.10(n): the predicates that an
// unshown part needs sit at the last shown reference before it, which is
// not y). One exact class, every reference field present; an array with
// its elements.
bool TypeReach::shownCompletely(const State& s, Ref y) {
  const HeapValue* v = s.find(y);
  if (!v || !v->isObject()) return false;
  if (v->kind == HeapValue::Kind::Array) return v->has_elements;
  if (v->type.bounds.size() != 1 || !v->type.bounds.front().exact) return false;
  auto fields = ts_.instanceFields(v->type.bounds.front().type);
  if (!fields) return false;
  return std::all_of(fields->begin(), fields->end(),
                     [&](state::FieldId f) { return !ts_.fieldInfo(f).isReference() || v->field(f) != kNone; });
}

std::vector<state::FieldId> TypeReach::fieldsOnAllPaths(const State& s, Ref from, Ref to) {
  auto reaches = [&](std::optional<state::FieldId> without) {
    std::set<Ref> seen;
    std::vector<Ref> work{from};
    while (!work.empty()) {
      Ref y = work.back();
      work.pop_back();
      if (y == to) return true;
      const HeapValue* v = s.find(y);
      if (y == kNull || y == kNone || !v || !v->isObject() || !seen.insert(y).second) continue;
      for (const auto& [f, c] : v->fields)
        if (f != without) work.push_back(c);
      for (Ref e : v->elements) work.push_back(e);
      for (Ref z : s.maybeEqualTo(y)) work.push_back(z);
      for (const state::Reach& r : s.preds.reaches)  // a path of unshown steps, taken as of no field
        if (r.from == y) work.push_back(r.to);
      if (shownCompletely(s, y)) continue;
      for (const auto& [a, b] : s.preds.joins) {
        if (a == y && !cannotReach(s, y, b)) work.push_back(b);
        if (b == y && !cannotReach(s, y, a)) work.push_back(a);
      }
    }
    return false;
  };
  std::set<state::FieldId> candidates;
  for (Ref y : explicitReach(s, from))
    for (const auto& f : s.at(y).fields) candidates.insert(f.first);
  std::vector<state::FieldId> out;
  if (!reaches(std::nullopt)) return out;
  for (state::FieldId f : candidates)
    if (!reaches(f)) out.push_back(f);
  return out;
}

std::set<Ref> TypeReach::pathsFrom(const State& s, Ref ra) {
  std::set<Ref> out = explicitReach(s, ra);
  std::set<Ref> more;
  for (Ref y : out) {
    auto hop = [&](Ref z) {
      if (!cannotReach(s, y, z)) more.insert(z);
    };
    for (Ref z : s.maybeEqualTo(y)) more.insert(z);  // the same object
    if (shownCompletely(s, y)) continue;  // its successors are in `out`
    for (const auto& [a, b] : s.preds.joins) {
      if (a == y) hop(b);
      if (b == y) hop(a);
    }
  }
  out.insert(more.begin(), more.end());
  return out;
}

}  // namespace jhalt::seg::detail
