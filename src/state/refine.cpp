#include "jhalt/state/refine.h"

#include <algorithm>

#include "jhalt/util/error.h"

namespace jhalt::state {

std::vector<State> refineInteger(const State& s, Ref r, const std::vector<Interval>& parts) {
  Interval v = s.intervalOf(r);
  std::vector<State> out;
  for (const Interval& p : parts) {
    auto m = v.meet(p);
    if (!m) continue;
    State t = s;
    t.atMutable(r).interval = *m;
    out.push_back(std::move(t));
  }
  return out;
}

std::vector<State> booleanSplit(const State& s) { return caseSplit(s, 2); }

std::vector<State> caseSplit(const State& s, int n) {
  std::vector<State> out;
  for (int k = n - 1; k >= 0; --k) {  // for booleans: true (1) first
    State t = s;
    t.split = static_cast<int8_t>(k);
    out.push_back(std::move(t));
  }
  return out;
}

std::vector<State> refineExistence(const State& s, Ref r) {
  JHALT_ASSERT(s.maybeExisting(r), "existence refinement of a reference without r?");
  State null_state = s;
  null_state.setMaybeExisting(r, false);
  null_state.replace(r, kNull);
  null_state.collectGarbage();
  State exists = s;
  exists.setMaybeExisting(r, false);
  return {std::move(null_state), std::move(exists)};
}

std::vector<State> refineType(const State& s, Ref r, const std::vector<AbstractType>& parts) {
  std::vector<State> out;
  for (const AbstractType& t : parts) {
    if (t.empty()) continue;
    State x = s;
    x.atMutable(r).type = t;
    out.push_back(std::move(x));
  }
  return out;
}

State refineArrayLength(const State& s, Ref r, RefAllocator& alloc) {
  State t = s;
  HeapValue& v = t.atMutable(r);
  JHALT_ASSERT(v.kind == HeapValue::Kind::Instance && v.fields.empty(), "array length refinement of a known object");
  Ref len = alloc.fresh();
  v.kind = HeapValue::Kind::Array;
  v.length = len;
  v.has_elements = false;
  t.put(len, HeapValue::integer(Interval::atLeast(0)));
  return t;
}

State realizeField(const State& s, Ref r, FieldId f, char prim, const AbstractType& field_types, bool non_null,
                   RefAllocator& alloc) {
  State t = s;
  JHALT_ASSERT(!t.maybeExisting(r), "realization of a maybe-existing reference");
  Ref x = kNull;
  if (prim == 'F' || prim == 'D') {
    x = alloc.fresh();
    t.put(x, HeapValue::floating(std::nullopt, prim));
  } else if (prim != 'L' && prim != '[') {
    x = alloc.fresh();
    t.put(x, HeapValue::integer(Interval::ofType(prim), prim));
  } else if (!field_types.empty()) {
    x = alloc.fresh();
    t.put(x, HeapValue::object(field_types));
    // Def. 1.22: the new object may be anything r may reach.
    for (const auto& [a, b] : s.preds.joins) {
      if (a == r) t.addJoins(x, b), t.addMaybeEqual(x, b);
      if (b == r) t.addJoins(x, a), t.addMaybeEqual(x, a);
    }
    if (const auto* fs = s.cyclic(r)) t.addCyclic(x, *fs);
    if (s.joins(r, r)) {
      t.addJoins(x, x);
      t.addJoins(r, x);
      t.addMaybeEqual(r, x);
    }
    if (!non_null) t.setMaybeExisting(x, true);
  }
  t.atMutable(r).setField(f, x);
  return t;
}

namespace {

// Intersects the information of `b` into `a` (both objects) and replaces b
// by a: the state where the two references are the same object. Returns
// false if the information is contradictory (no such concrete state).
// This is the special case of state intersection (§1.5) that equality
// refinement needs; fields known for both are intersected recursively.
bool unify(State& s, Ref a, Ref b, TypeSystem& types, int depth) {
  if (a == b) return true;
  if (depth > 32) return false;  // give up on very deep structures (sound: drops s=)
  const HeapValue* va = s.find(a);
  const HeapValue* vb = s.find(b);
  if (a == kNull || b == kNull) {
    Ref obj = a == kNull ? b : a;
    if (!s.maybeExisting(obj)) return false;
    s.setMaybeExisting(obj, false);
    s.replace(obj, kNull);
    return true;
  }
  if (va == nullptr || vb == nullptr) return false;
  if (va->kind == HeapValue::Kind::Integer && vb->kind == HeapValue::Kind::Integer) {
    auto m = va->interval.meet(vb->interval);
    if (!m) return false;
    s.atMutable(a).interval = *m;
    s.replace(b, a);
    return true;
  }
  if (!va->isObject() || !vb->isObject()) return va->kind == vb->kind && (s.replace(b, a), true);
  HeapValue merged = *va;
  // Types: the intersection; with the bounds representation we keep the
  // smaller one when one is a subset, else require some common type.
  if (types.isSubset(vb->type, va->type))
    merged.type = vb->type;
  else if (!types.isSubset(va->type, vb->type)) {
    AbstractType common;
    for (const TypeBound& x : vb->type.bounds) {
      AbstractType r = types.restrictTo(va->type, x.type);
      for (auto& bd : r.bounds) common.bounds.push_back(bd);
    }
    if (common.empty()) return false;
    merged.type = common;
  }
  bool a_maybe = s.maybeExisting(a), b_maybe = s.maybeExisting(b);
  if (va->kind == HeapValue::Kind::Array || vb->kind == HeapValue::Kind::Array) {
    if (va->kind == HeapValue::Kind::Array && vb->kind == HeapValue::Kind::Array) {
      Ref la = va->length, lb = vb->length;
      bool ea = va->has_elements, eb = vb->has_elements;
      std::vector<Ref> xa = va->elements, xb = vb->elements;
      merged.elements_non_null = va->elements_non_null || vb->elements_non_null;
      s.put(a, merged);
      if (!unify(s, la, lb, types, depth + 1)) return false;
      if (ea && eb) {
        for (size_t i = 0; i < xa.size() && i < xb.size(); ++i)
          if (!unify(s, xa[i], xb[i], types, depth + 1)) return false;
      } else if (eb) {
        s.atMutable(a).has_elements = true;
        s.atMutable(a).elements = xb;
      }
    } else {
      const HeapValue& arr = va->kind == HeapValue::Kind::Array ? *va : *vb;
      const HeapValue& obj = va->kind == HeapValue::Kind::Array ? *vb : *va;
      if (!obj.fields.empty()) return false;  // an object with fields is not an array
      HeapValue keep = arr;
      keep.type = merged.type;
      s.put(a, keep);
    }
  } else {
    std::vector<std::pair<FieldId, Ref>> fb = vb->fields;
    s.put(a, merged);
    for (const auto& [f, xb] : fb) {
      Ref xa = s.at(a).field(f);
      if (xa == kNone)
        s.atMutable(a).setField(f, xb);
      else if (!unify(s, xa, xb, types, depth + 1))
        return false;
    }
  }
  // The object exists unless both might not; with fields known it exists.
  s.setMaybeExisting(a, a_maybe && b_maybe && s.at(a).fields.empty());
  s.setMaybeExisting(b, false);
  s.removeMaybeEqual(a, b);
  s.replace(b, a);
  return true;
}

}  // namespace

std::vector<State> refineEquality(const State& s, Ref r, Ref r2, TypeSystem& types) {
  State different = s;
  different.removeMaybeEqual(r, r2);
  std::vector<State> out{std::move(different)};
  State equal = s;
  equal.removeMaybeEqual(r, r2);
  if (unify(equal, r, r2, types, 0)) {
    equal.collectGarbage();
    out.push_back(std::move(equal));
  }
  return out;
}

}  // namespace jhalt::state
