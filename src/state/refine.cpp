#include "jhalt/state/refine.h"

#include <algorithm>
#include <map>
#include <set>

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
                   RefAllocator& alloc, bool unbounded_ints, TypeSystem* types) {
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
    // Def. 1.22: the new object may be anything r may reach, of a type
    // the field may hold (the verifier does not check interface types: a
    // field of one may hold any object).
    auto may_be = [&](Ref b) {
      if (!types || !s.find(b)) return true;
      for (const auto& bound : field_types.bounds)
        if (types->isInterface(bound.type)) return true;
      return types->mayOverlap(field_types, s.at(b).type);
    };
    for (const auto& [a, b] : s.preds.joins) {
      if (a == r) t.addJoins(x, b);
      if (a == r && may_be(b)) t.addMaybeEqual(x, b);
      if (b == r) t.addJoins(x, a);
      if (b == r && may_be(a)) t.addMaybeEqual(x, a);
    }
    if (const auto* fs = s.cyclic(r)) t.addCyclic(x, *fs);
    if (s.joins(r, r)) {
      t.addJoins(x, x);
      t.addJoins(r, x);
      if (may_be(r)) t.addMaybeEqual(r, x);
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
    const State before = s_;
    apply();
    if (unjustifiedCycle(before)) return false;
    dropUnjustifiedEqualities(before);
    dropImpliedJoins();
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
    dropTrivialJoins();
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

  // A cycle the unification closes (thesis 002, §1.4.6: "a cycle with
  // r = r' but where no such shape is allowed"): by Def. 1.10(n) a concrete
  // state with a cycle that the abstract state does not show needs r %$ r
  // and r ⟲F at a reference r on it. A cycle of the unified state whose
  // references all stand for references of `before` without those
  // predicates and not on a cycle there has no concrete state.
  bool unjustifiedCycle(const State& before) {
    std::set<Ref> old_cycles = refsOnCycles(before);
    std::map<Ref, std::vector<Ref>> members;  // representative -> references of `before`
    for (const auto& [r, v] : before.heap) members[find(r)].push_back(r);
    auto justified = [&](Ref x) {
      for (Ref m : members[x])
        if (old_cycles.count(m) || before.joins(m, m) || before.cyclic(m)) return true;
      return false;
    };
    std::set<Ref> on_cycle = refsOnCycles(s_);
    std::map<Ref, std::set<Ref>> reach;
    for (Ref x : on_cycle) reach[x] = reachable(s_, x);
    for (Ref x : on_cycle) {
      bool ok = false;
      for (Ref y : on_cycle)  // y in the cycle's component: each reaches the other
        if (reach[x].count(y) && reach[y].count(x) && justified(y)) ok = true;
      if (!ok) return true;
    }
    return false;
  }

  static std::set<Ref> reachable(const State& s, Ref from) {  // by a path of at least one step
    std::set<Ref> seen;
    std::vector<Ref> work;
    auto push = [&](const HeapValue& v) {
      for (const auto& f : v.fields) work.push_back(f.second);
      for (Ref e : v.elements) work.push_back(e);
    };
    if (const HeapValue* v = s.find(from); v && v->isObject()) push(*v);
    while (!work.empty()) {
      Ref r = work.back();
      work.pop_back();
      const HeapValue* v = s.find(r);
      if (!v || !v->isObject() || !seen.insert(r).second) continue;
      push(*v);
    }
    return seen;
  }

  static std::set<Ref> refsOnCycles(const State& s) {
    std::set<Ref> out;
    for (const auto& [r, v] : s.heap)
      if (v->isObject() && reachable(s, r).count(r)) out.insert(r);
    return out;
  }

  // x =? y after renaming, where x and y stand for several references of
  // `before`: a concrete state with x = y has every pair of them equal, and
  // by Def. 1.10(l) each such pair needs =? in `before` (t =? root.left and
  // t =? root.right do not make root.left =? root.right once t = root.left).
  void dropUnjustifiedEqualities(const State& before) {
    std::map<Ref, std::vector<Ref>> members;
    for (const auto& [r, v] : before.heap) members[find(r)].push_back(r);
    std::vector<std::pair<Ref, Ref>> drop;
    for (const auto& [a, b] : s_.preds.maybe_equal) {
      bool all = true;
      for (Ref x : members[a])
        for (Ref y : members[b]) all = all && (x == y || before.maybeEqual(x, y));
      if (!all) drop.push_back({a, b});
    }
    for (const auto& [a, b] : drop) s_.removeMaybeEqual(a, b);
  }

  // a %$ b where some object d reaches both a and b through fields the
  // state shows, and d's shown region is a tree without heap predicates of
  // shape (no x %$ x, no x ⟲F in it, no two shown paths to one object):
  // two different paths from d to a common object of a and b would diverge
  // in that region, a non-tree shape the state would have to show or
  // predicate (thesis 002, Def. 1.10(n)); so a and b share only along one
  // path (a below b or b below a), which needs no predicate (Def. 1.10(m)).
  // Unification leaves such joins behind: with t =? root.left and t below
  // root.right (root.right %$ t), the case t = root.left keeps
  // root.right %$ root.left, and a write through t would spread it.
  void dropImpliedJoins() {
    std::map<Ref, std::set<Ref>> region;  // d -> d and what it reaches
    std::set<Ref> clean;                  // d whose region is a plain tree
    for (const auto& [d, v] : s_.heap) {
      if (!v->isObject()) continue;
      std::set<Ref> r = reachable(s_, d);
      r.insert(d);
      bool ok = true;
      std::map<Ref, int> indeg;
      for (Ref x : r) {
        if (s_.joins(x, x) || s_.cyclic(x)) ok = false;
        const HeapValue& xv = s_.at(x);
        for (const auto& f : xv.fields)
          if (r.count(f.second)) ++indeg[f.second];
        for (Ref e : xv.elements)
          if (r.count(e)) ++indeg[e];
      }
      for (const auto& [x, n] : indeg)
        if (n > 1 || x == d) ok = false;
      if (ok) clean.insert(d);
      region[d] = std::move(r);
    }
    std::vector<std::pair<Ref, Ref>> drop;
    for (const auto& [a, b] : s_.preds.joins) {
      if (a == b) continue;
      for (Ref d : clean)
        if (region[d].count(a) && region[d].count(b)) {
          drop.push_back({a, b});
          break;
        }
    }
    for (const auto& [a, b] : drop) s_.removeJoins(a, b);
  }

  // r %$ r' between references made equal: when neither of them has a
  // non-tree shape or a cycle below it (no r %$ r, no r ⟲F), two different
  // paths from the one object to a common object would be such a shape
  // (thesis 002, Def. 1.10(n)), so the concrete states with r = r' share
  // only along the same path, which needs no predicate (Def. 1.10(m)).
  // Renaming would turn r %$ r' into r %$ r, a non-tree shape that none of
  // these states has (a tree built by `t.left = new T(); t = root;` would
  // be taken as possibly cyclic).
  void dropTrivialJoins() {
    std::map<Ref, std::vector<Ref>> classes;
    for (const auto& [r, p] : parent_) {
      Ref to = find(r);
      if (to == kNull) continue;
      auto& members = classes[to];
      if (members.empty()) members.push_back(to);
      members.push_back(r);
    }
    for (const auto& [rep, members] : classes) {
      bool shaped = std::any_of(members.begin(), members.end(),
                                [&](Ref m) { return s_.joins(m, m) || s_.cyclic(m) != nullptr; });
      if (shaped) continue;
      for (size_t i = 0; i < members.size(); ++i)
        for (size_t j = i + 1; j < members.size(); ++j) s_.removeJoins(members[i], members[j]);
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
