#include "jhalt/state/state.h"

#include <algorithm>
#include <set>

#include "jhalt/state/reach.h"
#include "jhalt/util/error.h"

namespace jhalt::state {
namespace {

template <class V, class K>
auto lowerBound(V& v, const K& key) {
  return std::lower_bound(v.begin(), v.end(), key, [](const auto& e, const K& k) { return e.first < k; });
}

std::pair<Ref, Ref> normalized(Ref a, Ref b) { return a <= b ? std::pair{a, b} : std::pair{b, a}; }

template <class T>
void insertSorted(std::vector<T>& v, const T& x) {
  auto it = std::lower_bound(v.begin(), v.end(), x);
  if (it == v.end() || !(*it == x)) v.insert(it, x);
}

}  // namespace

Ref HeapValue::field(FieldId f) const {
  auto it = std::lower_bound(fields.begin(), fields.end(), f,
                             [](const auto& e, FieldId k) { return e.first < k; });
  return it != fields.end() && it->first == f ? it->second : kNone;
}

void HeapValue::setField(FieldId f, Ref r) {
  auto it = std::lower_bound(fields.begin(), fields.end(), f,
                             [](const auto& e, FieldId k) { return e.first < k; });
  if (it != fields.end() && it->first == f)
    it->second = r;
  else
    fields.insert(it, {f, r});
}

HeapValue HeapValue::integer(Interval iv, char prim) {
  HeapValue v;
  v.kind = Kind::Integer;
  v.prim = prim;
  v.interval = iv;
  return v;
}

HeapValue HeapValue::floating(std::optional<double> lit, char prim) {
  HeapValue v;
  v.kind = Kind::Float;
  v.prim = prim;
  v.literal = lit;
  return v;
}

HeapValue HeapValue::object(AbstractType t) {
  HeapValue v;
  v.kind = Kind::Instance;
  v.type = std::move(t);
  return v;
}

const HeapValue* State::find(Ref r) const {
  auto it = lowerBound(heap, r);
  return it != heap.end() && it->first == r ? &*it->second : nullptr;
}

HeapValue* State::findMutable(Ref r) {
  auto it = lowerBound(heap, r);
  return it != heap.end() && it->first == r ? &it->second.mutate() : nullptr;
}

const HeapValue& State::at(Ref r) const {
  const HeapValue* v = find(r);
  JHALT_ASSERT(v != nullptr, "reference without heap value");
  return *v;
}

HeapValue& State::atMutable(Ref r) {
  HeapValue* v = findMutable(r);
  JHALT_ASSERT(v != nullptr, "reference without heap value");
  return *v;
}

void State::put(Ref r, HeapValue v) {
  JHALT_ASSERT(r != kNull && r != kNone, "null has no heap value");
  auto it = lowerBound(heap, r);
  if (it != heap.end() && it->first == r)
    it->second = Cow<HeapValue>(std::move(v));
  else
    heap.insert(it, {r, Cow<HeapValue>(std::move(v))});
}

void State::erase(Ref r) {
  auto it = lowerBound(heap, r);
  if (it != heap.end() && it->first == r) heap.erase(it);
}

bool State::isInteger(Ref r) const {
  const HeapValue* v = find(r);
  return v != nullptr && v->kind == HeapValue::Kind::Integer;
}

Interval State::intervalOf(Ref r) const {
  const HeapValue& v = at(r);
  JHALT_ASSERT(v.kind == HeapValue::Kind::Integer, "not an integer");
  return v.interval;
}

bool State::maybeExisting(Ref r) const {
  return std::binary_search(preds.maybe_existing.begin(), preds.maybe_existing.end(), r);
}

void State::setMaybeExisting(Ref r, bool on) {
  auto& v = preds.maybe_existing;
  auto it = std::lower_bound(v.begin(), v.end(), r);
  bool present = it != v.end() && *it == r;
  if (on && !present) v.insert(it, r);
  if (!on && present) v.erase(it);
}

bool State::maybeEqual(Ref a, Ref b) const {
  return a != b && std::binary_search(preds.maybe_equal.begin(), preds.maybe_equal.end(), normalized(a, b));
}

void State::addMaybeEqual(Ref a, Ref b) {
  if (a == b || a == kNull || b == kNull) return;
  insertSorted(preds.maybe_equal, normalized(a, b));
}

void State::removeMaybeEqual(Ref a, Ref b) {
  auto& v = preds.maybe_equal;
  auto key = normalized(a, b);
  auto it = std::lower_bound(v.begin(), v.end(), key);
  if (it != v.end() && *it == key) v.erase(it);
}

bool State::joins(Ref a, Ref b) const {
  return std::binary_search(preds.joins.begin(), preds.joins.end(), normalized(a, b));
}

void State::addJoins(Ref a, Ref b) {
  if (a == kNull || b == kNull) return;
  insertSorted(preds.joins, normalized(a, b));
}

void State::removeJoins(Ref a, Ref b) {
  auto& v = preds.joins;
  auto key = normalized(a, b);
  auto it = std::lower_bound(v.begin(), v.end(), key);
  if (it != v.end() && *it == key) v.erase(it);
}

const std::vector<FieldId>* State::cyclic(Ref r) const {
  auto it = lowerBound(preds.cyclic, r);
  return it != preds.cyclic.end() && it->first == r ? &it->second : nullptr;
}

void State::addCyclic(Ref r, std::vector<FieldId> fields) {
  if (r == kNull) return;
  std::sort(fields.begin(), fields.end());
  fields.erase(std::unique(fields.begin(), fields.end()), fields.end());
  auto it = lowerBound(preds.cyclic, r);
  if (it != preds.cyclic.end() && it->first == r) {
    std::vector<FieldId> both;
    std::set_intersection(it->second.begin(), it->second.end(), fields.begin(), fields.end(),
                          std::back_inserter(both));
    it->second = std::move(both);
  } else {
    preds.cyclic.insert(it, {r, std::move(fields)});
  }
}

std::vector<Ref> State::maybeEqualTo(Ref r) const {
  std::vector<Ref> out;
  for (const auto& [a, b] : preds.maybe_equal) {
    if (a == r) out.push_back(b);
    if (b == r) out.push_back(a);
  }
  return out;
}

bool State::reaches(Ref from, Ref to, FieldId f) const {
  return std::binary_search(preds.reaches.begin(), preds.reaches.end(), Reach{from, to, f});
}

void State::addReach(Ref from, Ref to, FieldId f) {
  if (from == kNull || from == kNone || to == kNone) return;  // to == kNull: an acyclic path
  insertSorted(preds.reaches, Reach{from, to, f});
}

void State::addRelation(Ref a, Ref b, bool strict) {
  if (a == b || holds(a, b, strict)) return;
  IntRelation r{a, b, strict};
  // A strict relation subsumes the non-strict one.
  if (strict) std::erase(relations, IntRelation{a, b, false});
  insertSorted(relations, r);
}

bool State::holds(Ref a, Ref b, bool strict) const {
  if (a == b) return !strict;
  if (std::binary_search(relations.begin(), relations.end(), IntRelation{a, b, true})) return true;
  if (!strict && std::binary_search(relations.begin(), relations.end(), IntRelation{a, b, false})) return true;
  const HeapValue* va = find(a);
  const HeapValue* vb = find(b);
  if (!va || !vb || va->kind != HeapValue::Kind::Integer || vb->kind != HeapValue::Kind::Integer) return false;
  return strict ? va->interval.hi < vb->interval.lo : va->interval.hi <= vb->interval.lo;
}

Ref State::staticField(FieldId f) const {
  auto it = std::lower_bound(statics.begin(), statics.end(), f,
                             [](const auto& e, FieldId k) { return e.first < k; });
  return it != statics.end() && it->first == f ? it->second : kNone;
}

void State::setStatic(FieldId f, Ref r) {
  auto it = std::lower_bound(statics.begin(), statics.end(), f,
                             [](const auto& e, FieldId k) { return e.first < k; });
  if (it != statics.end() && it->first == f)
    it->second = r;
  else
    statics.insert(it, {f, r});
}

InitStatus State::initStatus(TypeId cls) const {
  auto it = std::lower_bound(init.begin(), init.end(), cls,
                             [](const auto& e, TypeId k) { return e.first < k; });
  return it != init.end() && it->first == cls ? it->second : InitStatus::No;
}

void State::setInit(TypeId cls, InitStatus s) {
  auto it = std::lower_bound(init.begin(), init.end(), cls,
                             [](const auto& e, TypeId k) { return e.first < k; });
  bool present = it != init.end() && it->first == cls;
  if (s == InitStatus::No) {  // the default is not stored, so equal states compare equal
    if (present) init.erase(it);
  } else if (present) {
    it->second = s;
  } else {
    init.insert(it, {cls, s});
  }
}

void State::replace(Ref from, Ref to) {
  if (from == to) return;
  auto sub = [&](Ref& r) {
    if (r == from) r = to;
  };
  for (Frame& f : frames) {
    for (Ref& r : f.locals) sub(r);
    for (Ref& r : f.stack) sub(r);
  }
  for (auto& [ref, cv] : heap) {
    const HeapValue& v = *cv;
    bool mentions = v.length == from || std::any_of(v.fields.begin(), v.fields.end(), [&](const auto& f) { return f.second == from; }) ||
                    std::find(v.elements.begin(), v.elements.end(), from) != v.elements.end();
    if (!mentions) continue;
    HeapValue& m = cv.mutate();
    for (auto& fr : m.fields) sub(fr.second);
    for (Ref& e : m.elements) sub(e);
    sub(m.length);
  }
  for (auto& s : statics) sub(s.second);
  for (auto& s : string_pool) sub(s.second);
  for (Ref& r : pinned) sub(r);
  sub(exception);
  sub(result);
  // The heap entry of `from` moves to `to` unless `to` already has one.
  if (from != kNull && to != kNull) {
    auto it = lowerBound(heap, from);
    if (it != heap.end() && it->first == from) {
      HeapValue v = *it->second;
      heap.erase(it);
      if (find(to) == nullptr) put(to, std::move(v));
    }
  } else if (from != kNull) {
    erase(from);
  }
  // Predicates: rename; predicates involving null disappear.
  HeapPredicates old = std::move(preds);
  preds = HeapPredicates{};
  auto ren = [&](Ref r) { return r == from ? to : r; };
  for (auto [a, b] : old.maybe_equal) addMaybeEqual(ren(a), ren(b));
  for (auto [a, b] : old.joins) addJoins(ren(a), ren(b));
  for (auto& [r, fs] : old.cyclic) addCyclic(ren(r), fs);
  for (Ref r : old.maybe_existing)
    if (ren(r) != kNull) setMaybeExisting(ren(r), true);
  // a ⇝ b with a and b now one object: a path of length 0, not a cycle.
  for (const Reach& r : old.reaches)
    if (ren(r.from) != ren(r.to) || r.from == r.to) addReach(ren(r.from), ren(r.to), r.field);
  std::vector<IntRelation> old_rel = std::move(relations);
  relations.clear();
  for (const IntRelation& r : old_rel)
    if (ren(r.a) != kNull && ren(r.b) != kNull && ren(r.a) != ren(r.b)) insertSorted(relations, IntRelation{ren(r.a), ren(r.b), r.strict});
}

std::vector<Ref> State::roots() const {
  std::vector<Ref> out;
  for (const Frame& f : frames) {
    for (Ref r : f.locals)
      if (r != kNone) out.push_back(r);
    for (Ref r : f.stack)
      if (r != kNone) out.push_back(r);
  }
  for (const auto& s : statics) out.push_back(s.second);
  for (const auto& s : string_pool) out.push_back(s.second);
  out.insert(out.end(), pinned.begin(), pinned.end());
  if (exception != kNone) out.push_back(exception);
  if (result != kNone) out.push_back(result);
  return out;
}

void State::collectGarbage() {
  // Mark heap entries by index (the heap is sorted by reference).
  std::vector<char> marked(heap.size(), 0);
  auto index = [&](Ref r) -> ptrdiff_t {
    auto it = lowerBound(heap, r);
    return it != heap.end() && it->first == r ? it - heap.begin() : -1;
  };
  std::vector<Ref> work = roots();
  while (!work.empty()) {
    Ref r = work.back();
    work.pop_back();
    if (r == kNull || r == kNone) continue;
    ptrdiff_t i = index(r);
    if (i < 0 || marked[static_cast<size_t>(i)]) continue;
    marked[static_cast<size_t>(i)] = 1;
    const HeapValue& v = *heap[static_cast<size_t>(i)].second;
    for (const auto& f : v.fields) work.push_back(f.second);
    for (Ref e : v.elements) work.push_back(e);
    if (v.kind == HeapValue::Kind::Array) work.push_back(v.length);
  }
  bool all = std::all_of(marked.begin(), marked.end(), [](char c) { return c != 0; });
  if (!preds.reaches.empty()) saturateReaches(*this);
  if (!all && !preds.reaches.empty()) {
    // What the unreachable objects on paths knew passes to the rest (state/reach.h).
    std::set<Ref> dead;
    for (size_t i = 0; i < heap.size(); ++i)
      if (!marked[i]) dead.insert(heap[i].first);
    reachAcrossDead(*this, dead);
  }
  if (!all) {
    size_t k = 0;
    for (size_t i = 0; i < heap.size(); ++i)
      if (marked[i]) {
        if (k != i) heap[k] = std::move(heap[i]);
        ++k;
      }
    heap.resize(k);
  }
  auto live = [&](Ref r) { return find(r) != nullptr; };
  std::erase_if(preds.maybe_equal, [&](const auto& p) { return !live(p.first) || !live(p.second); });
  std::erase_if(preds.joins, [&](const auto& p) { return !live(p.first) || !live(p.second); });
  std::erase_if(preds.cyclic, [&](const auto& p) { return !live(p.first); });
  std::erase_if(preds.maybe_existing, [&](Ref r) { return !live(r); });
  std::erase_if(preds.reaches, [&](const Reach& r) { return !live(r.from) || (r.to != kNull && !live(r.to)); });
  std::erase_if(relations, [&](const IntRelation& r) { return !live(r.a) || !live(r.b); });
}

std::string State::validate() const {
  auto check = [&](Ref r, const char* where) -> std::string {
    if (r == kNull || r == kNone) return {};
    if (!find(r)) return std::string("dangling reference ") + std::to_string(r) + " in " + where;
    return {};
  };
  for (const Frame& f : frames) {
    for (Ref r : f.locals)
      if (auto e = check(r, "locals"); !e.empty()) return e;
    for (Ref r : f.stack)
      if (auto e = check(r, "stack"); !e.empty()) return e;
  }
  for (const auto& [r, cv] : heap) {
    const HeapValue& v = *cv;
    for (const auto& fr : v.fields)
      if (auto e = check(fr.second, "field"); !e.empty()) return e + " of " + std::to_string(r);
    for (Ref x : v.elements)
      if (auto e = check(x, "element"); !e.empty()) return e;
    if (v.kind == HeapValue::Kind::Array)
      if (auto e = check(v.length, "length"); !e.empty()) return e;
    if (!v.isObject() && maybeExisting(r)) return "maybe-existing integer " + std::to_string(r);
  }
  for (const auto& st : statics)
    if (auto e = check(st.second, "static"); !e.empty()) return e;
  return {};
}

Ref State::maxRef() const {
  Ref m = 0;
  for (Ref r : roots())
    if (r != kNone) m = std::max(m, r);
  for (const auto& [r, v] : heap) {
    m = std::max(m, r);
    for (const auto& f : v->fields) m = std::max(m, f.second);
  }
  return m;
}

}  // namespace jhalt::state
