#include "jhalt/state/refine.h"

#include <algorithm>
#include <map>

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
                   RefAllocator& alloc, bool unbounded_ints) {
  State t = s;
  JHALT_ASSERT(!t.maybeExisting(r), "realization of a maybe-existing reference");
  Ref x = kNull;
  if (prim == 'F' || prim == 'D') {
    x = alloc.fresh();
    t.put(x, HeapValue::floating(std::nullopt, prim));
  } else if (prim != 'L' && prim != '[') {
    x = alloc.fresh();
    const bool wide = prim == 'I' || prim == 'J';
    t.put(x, HeapValue::integer(unbounded_ints && wide ? Interval::all() : Interval::ofType(prim), prim));
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

// The state where references a and b denote the same object: the special
// case of state intersection (thesis §1.5) that equality refinement needs.
// References that must then be equal (fields of the two objects, ...) are
// unified too, with a union-find so that cyclic structures are handled;
// their information is intersected. Returns false if the information is
// contradictory (no concrete state has a = b).
class Unifier {
 public:
  Unifier(State& s, TypeSystem& types) : s_(s), types_(types) {}

  bool unify(Ref a, Ref b) {
    work_.push_back({a, b});
    while (!work_.empty()) {
      auto [x, y] = work_.back();
      work_.pop_back();
      x = find(x);
      y = find(y);
      if (x == y) continue;
      if (!join(x, y)) return false;
    }
    apply();
    return true;
  }

 private:
  Ref find(Ref r) {
    while (true) {
      auto it = parent_.find(r);
      if (it == parent_.end()) return r;
      r = it->second;
    }
  }

  HeapValue* value(Ref r) {
    if (auto it = values_.find(r); it != values_.end()) return &it->second;
    const HeapValue* v = s_.find(r);
    if (!v) return nullptr;
    return &values_.emplace(r, *v).first->second;
  }

  // Unifies two representatives; the first becomes the representative.
  bool join(Ref x, Ref y) {
    if (x == kNull || y == kNull) {
      Ref obj = x == kNull ? y : x;
      HeapValue* v = value(obj);
      if (!v || !s_.maybeExisting(obj) || !v->fields.empty()) return false;
      parent_[obj] = kNull;
      return true;
    }
    HeapValue* vx = value(x);
    HeapValue* vy = value(y);
    if (!vx || !vy) return false;
    if (vx->kind == HeapValue::Kind::Integer || vy->kind == HeapValue::Kind::Integer) {
      if (vx->kind != vy->kind) return false;
      auto m = vx->interval.meet(vy->interval);
      if (!m) return false;
      vx->interval = *m;
      parent_[y] = x;
      return true;
    }
    if (vx->kind == HeapValue::Kind::Float || vy->kind == HeapValue::Kind::Float) {
      if (vx->kind != vy->kind) return false;
      if (vx->literal && vy->literal && *vx->literal != *vy->literal) return false;
      if (!vx->literal) vx->literal = vy->literal;
      parent_[y] = x;
      return true;
    }
    // Objects: the types must have a common type.
    AbstractType t = vy->type;
    if (!types_.isSubset(vy->type, vx->type)) {
      if (types_.isSubset(vx->type, vy->type)) {
        t = vx->type;
      } else {
        AbstractType common;
        for (const TypeBound& b : vy->type.bounds)
          for (auto& bd : types_.restrictTo(vx->type, b.type).bounds) common.bounds.push_back(bd);
        if (common.empty()) return false;
        t = common;
      }
    }
    HeapValue merged = *vx;
    merged.type = t;
    bool x_array = vx->kind == HeapValue::Kind::Array, y_array = vy->kind == HeapValue::Kind::Array;
    if (x_array || y_array) {
      if ((!x_array && !vx->fields.empty()) || (!y_array && !vy->fields.empty())) return false;
      if (x_array && y_array) {
        work_.push_back({vx->length, vy->length});
        if (vx->has_elements && vy->has_elements) {
          if (vx->elements.size() != vy->elements.size()) return false;
          for (size_t i = 0; i < vx->elements.size(); ++i) work_.push_back({vx->elements[i], vy->elements[i]});
        } else if (vy->has_elements) {
          merged.has_elements = true;
          merged.elements = vy->elements;
        }
        merged.elements_non_null = vx->elements_non_null || vy->elements_non_null;
      } else if (y_array) {
        HeapValue arr = *vy;
        arr.type = t;
        merged = arr;
      }
    } else {
      for (const auto& [f, ry] : vy->fields) {
        Ref rx = merged.field(f);
        if (rx == kNone)
          merged.setField(f, ry);
        else
          work_.push_back({rx, ry});
      }
    }
    bool maybe = s_.maybeExisting(x) && s_.maybeExisting(y) && merged.fields.empty() &&
                 merged.kind == HeapValue::Kind::Instance;
    values_[x] = std::move(merged);
    values_.erase(y);
    if (!maybe) definitely_.push_back(x);
    parent_[y] = x;
    return true;
  }

  void apply() {
    for (auto& [r, v] : values_)
      if (find(r) == r) s_.put(r, v);
    for (Ref r : definitely_) s_.setMaybeExisting(find(r), false);
    for (const auto& [r, p] : parent_) {
      Ref to = find(r);
      s_.setMaybeExisting(r, false);
      s_.removeMaybeEqual(r, to);
      s_.replace(r, to);  // also renames the references inside the values put above
    }
  }

  State& s_;
  TypeSystem& types_;
  std::map<Ref, Ref> parent_;
  std::map<Ref, HeapValue> values_;  // current values of representatives
  std::vector<Ref> definitely_;      // representatives known to exist
  std::vector<std::pair<Ref, Ref>> work_;
};

}  // namespace

std::vector<State> refineEquality(const State& s, Ref r, Ref r2, TypeSystem& types) {
  State different = s;
  different.removeMaybeEqual(r, r2);
  std::vector<State> out{std::move(different)};
  State equal = s;
  equal.removeMaybeEqual(r, r2);
  if (Unifier(equal, types).unify(r, r2)) {
    equal.collectGarbage();
    out.push_back(std::move(equal));
  }
  return out;
}

}  // namespace jhalt::state
