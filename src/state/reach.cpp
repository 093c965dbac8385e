#include "jhalt/state/reach.h"

#include <algorithm>
#include <functional>
#include <map>

namespace jhalt::state {
namespace {

// The f-field of `r` when the state shows it, else kNone.
Ref shownField(const State& s, Ref r, FieldId f) {
  const HeapValue* v = r == kNull || r == kNone ? nullptr : s.find(r);
  return v && v->isObject() ? v->field(f) : kNone;
}

// Rule 0: no object can lead to `o` (a new object nobody refers to yet):
// no shown field holds it, no predicate relates it.
bool unreferenced(const State& s, Ref o) {
  for (const auto& [r, v] : s.heap)
    if (r != o && v->isObject()) {
      for (const auto& [f, c] : v->fields)
        if (c == o) return false;
      if (std::find(v->elements.begin(), v->elements.end(), o) != v->elements.end()) return false;
    }
  for (const auto& [a, b] : s.preds.joins)  // o %$ o only says o's own region is not a tree
    if ((a == o || b == o) && a != b) return false;
  for (const auto& [a, b] : s.preds.maybe_equal)
    if (a == o || b == o) return false;
  for (const Reach& r : s.preds.reaches)
    if (r.to == o && r.from != o) return false;
  return true;
}

// Rule 2: `a` lies on o's path to `to`, after o and before `to`
// (intermediate objects surely not `to`), and o reaches `to`: then o is
// not on a's path before `to` (else o's path would return to o without
// meeting `to`).
bool afterOnPath(const State& s, Ref o, Ref a, Ref to, FieldId f) {
  if (!surelyDistinct(s, o, to) || !reachedAlong(s, o, f).count(to)) return false;
  std::set<Ref> seen{o};
  for (Ref c = shownField(s, o, f); c != kNone && c != kNull; c = shownField(s, c, f)) {
    if (c == a) return true;
    if (!seen.insert(c).second || !surelyDistinct(s, c, to) || !surelyObject(s, c)) return false;
  }
  return false;
}

// Rule 1: v's path reaches `to` without passing o: through shown fields,
// or up to an object with a predicate c ⇝f to when o is `to` itself (a
// path ends at its first `to`, so it never passes it).
bool reachesAvoiding(const State& s, Ref v, Ref to, Ref o, FieldId f) {
  std::set<Ref> seen;
  for (Ref c = v; c != kNone; c = shownField(s, c, f)) {
    if (c == to) return true;
    if (c == kNull) return false;
    if (c == o || s.maybeEqual(c, o) || !surelyObject(s, c) || !seen.insert(c).second) return false;
    if (o == to && s.reaches(c, to, f)) return true;
  }
  return false;
}

// No cycle of f-steps lies beyond `r` in a concrete instance (thesis 002,
// Def. 1.10(n): a cycle through fields the state does not show needs
// `r ⟲F` at the last shown reference before it, with every field of F on
// the cycle; Def. 1.3: F holds the fields each cycle uses), nor beyond an
// object that may be r: the f-path from r, once it leaves the shown
// fields, ends in null. A ring of `prev` and `next` links (`⟲{next,
// prev}`) has no cycle of `next` steps alone.
bool acyclicBeyond(const State& s, Ref r, FieldId f) {
  auto clean = [&](Ref x) {
    const auto* fs = s.cyclic(x);
    return !fs || std::any_of(fs->begin(), fs->end(), [&](FieldId g) { return g != f; });
  };
  if (!clean(r)) return false;
  if (s.maybeEqualTo(r).empty()) return true;
  // r may be another object: everything reachable by shown f-fields and
  // `=?` from r, with the objects `=?` may make one, must carry no cycle
  // predicate of f and hold no cycle of shown f-fields.
  std::map<Ref, Ref> parent;  // union-find over `=?`
  std::function<Ref(Ref)> find = [&](Ref x) { return parent[x] == x ? x : parent[x] = find(parent[x]); };
  std::vector<Ref> work{r}, region;
  while (!work.empty()) {
    Ref x = work.back();
    work.pop_back();
    const HeapValue* v = x == kNull || x == kNone ? nullptr : s.find(x);
    if (!v || !v->isObject() || parent.count(x)) continue;
    if (!clean(x)) return false;
    parent[x] = x;
    region.push_back(x);
    work.push_back(v->field(f));
    for (Ref q : s.maybeEqualTo(x)) work.push_back(q);
  }
  for (Ref x : region)
    for (Ref q : s.maybeEqualTo(x))
      if (parent.count(q)) parent[find(x)] = find(q);
  std::map<Ref, std::vector<Ref>> edges;  // between the classes of `=?`
  for (Ref x : region)
    if (Ref y = shownField(s, x, f); parent.count(y)) edges[find(x)].push_back(find(y));
  std::map<Ref, int> mark;  // 1 open, 2 done
  std::function<bool(Ref)> cyclic = [&](Ref x) {
    if (mark[x] == 1) return true;
    if (mark[x] == 2) return false;
    mark[x] = 1;
    for (Ref y : edges[x])
      if (cyclic(y)) return true;
    mark[x] = 2;
    return false;
  };
  return std::none_of(region.begin(), region.end(), [&](Ref x) { return cyclic(find(x)); });
}

// The f-path from `c`, an object whose f-field the state does not show,
// surely ends (acyclicBeyond).
bool endsBeyond(const State& s, Ref c, FieldId f) {
  const HeapValue* v = s.find(c);
  return v && v->isObject() && shownField(s, c, f) == kNone && acyclicBeyond(s, c, f);
}

// Whether r or c (r.f = c) may lie on a cycle or share: a cycle predicate,
// `%$`-self, or r on a cycle of shown fields. Only there do ends at null
// matter (a tree's sizes measure it; predicates about trees would only
// split its states; a structure that may share has no size).
bool nearCycle(const State& s, Ref r, Ref c) {
  if (s.cyclic(r) || s.cyclic(c) || s.joins(r, r) || s.joins(c, c)) return true;
  std::set<Ref> seen;
  std::vector<Ref> work{c};
  while (!work.empty()) {
    Ref x = work.back();
    work.pop_back();
    if (x == r) return true;
    const HeapValue* v = x == kNull || x == kNone ? nullptr : s.find(x);
    if (!v || !v->isObject() || !seen.insert(x).second) continue;
    for (const auto& fc : v->fields) work.push_back(fc.second);
    for (Ref e : v->elements) work.push_back(e);
  }
  return false;
}

}  // namespace

bool surelyObject(const State& s, Ref r) {
  const HeapValue* v = r == kNull || r == kNone ? nullptr : s.find(r);
  return v && v->isObject() && !s.maybeExisting(r);
}

bool surelyDistinct(const State& s, Ref a, Ref b) {
  if (a == b || s.maybeEqual(a, b)) return false;
  return surelyObject(s, a) || surelyObject(s, b);
}

std::set<Ref> reachedAlong(const State& s, Ref from, FieldId f) {
  std::set<Ref> out;
  if (from == kNull || from == kNone) return out;
  // (object, whether a step surely moved on the way): `from` itself counts
  // only as the end of a cycle, which needs a step that moves (a shown
  // field, a cycle predicate, or a predicate between surely different
  // objects); two predicates of length 0 (x ⇝ y, y ⇝ x with x = y
  // possible) make none.
  std::vector<std::pair<Ref, bool>> work{{from, false}};
  std::map<Ref, bool> expanded;  // object -> expanded with `moved`
  while (!work.empty()) {
    auto [c, moved] = work.back();
    work.pop_back();
    auto e = expanded.find(c);
    if (e != expanded.end() && (e->second || !moved)) continue;
    expanded[c] = moved;
    const bool hidden = shownField(s, c, f) == kNone;
    if (c != from && !surelyObject(s, c)) {
      // The path may end here (c null); it surely ends when c's does.
      if (s.reaches(c, kNull, f) || (hidden && acyclicBeyond(s, c, f))) out.insert(kNull);
      continue;
    }
    if (hidden && acyclicBeyond(s, c, f) && s.find(c) && s.at(c).isObject()) out.insert(kNull);
    auto add = [&](Ref t, bool step) {
      if (t == kNone) return;
      const bool now = moved || step;
      if (t != from || now) out.insert(t);  // null: the path ends
      if (t != kNull) work.push_back({t, now});
    };
    add(shownField(s, c, f), true);
    auto it = std::lower_bound(s.preds.reaches.begin(), s.preds.reaches.end(), Reach{c, 0, 0});
    for (; it != s.preds.reaches.end() && it->from == c; ++it)
      if (it->field == f) add(it->to, it->to == c || surelyDistinct(s, c, it->to));
  }
  return out;
}

std::set<FieldId> reachFields(const State& a, const State& b) {
  std::set<FieldId> out;
  for (const State* s : {&a, &b}) {
    for (const Reach& r : s->preds.reaches) out.insert(r.field);
    for (const auto& [r, v] : s->heap) {
      if (!v->isObject()) continue;
      for (const auto& [f, c] : v->fields)
        if (c != kNull && c != kNone && (shownField(*s, c, f) != kNone || (endsBeyond(*s, c, f) && nearCycle(*s, r, c))))
          out.insert(f);
    }
  }
  return out;
}

void saturateReaches(State& s) {
  for (bool again = true; again;) {
    again = false;
    const std::vector<Reach> now = s.preds.reaches;
    for (const Reach& r : now) {
      if (r.from != r.to && !surelyDistinct(s, r.from, r.to)) continue;
      Ref z = shownField(s, r.from, r.field);
      if (z == kNone || z == kNull || z == r.to || s.reaches(z, r.to, r.field)) continue;
      s.addReach(z, r.to, r.field);
      again = true;
    }
  }
}

void reachAcrossDead(State& s, const std::set<Ref>& dead) {
  for (bool again = true; again;) {
    again = false;
    const std::vector<Reach> now = s.preds.reaches;
    for (const Reach& in : now) {
      const Ref x = in.to;
      if (!dead.count(x) || dead.count(in.from) || in.from == x || !surelyObject(s, x)) continue;
      std::vector<Ref> next;
      if (Ref z = shownField(s, x, in.field); z != kNone && z != kNull) next.push_back(z);
      for (const Reach& out : now)
        if (out.from == x && out.field == in.field) next.push_back(out.to);
      for (Ref z : next) {
        if (z == x || s.reaches(in.from, z, in.field)) continue;
        if (z == in.from && !surelyDistinct(s, in.from, x)) continue;  // p = x: no cycle
        s.addReach(in.from, z, in.field);
        again = true;
      }
    }
  }
}

bool reachContradiction(const State& s) {
  for (const Reach& r : s.preds.reaches) {
    if (r.from != r.to && !surelyDistinct(s, r.from, r.to)) continue;
    std::set<Ref> passed;
    for (Ref c = r.from;;) {
      if (c != r.from && (c == r.to || s.maybeEqual(c, r.to) || !surelyObject(s, c))) break;  // may meet b
      if (!surelyObject(s, c) || !passed.insert(c).second) {
        if (passed.count(c)) return true;  // a round without b
        break;
      }
      Ref z = shownField(s, c, r.field);
      if (z == kNone) break;
      if (z == kNull) {
        if (surelyObject(s, r.to)) return true;  // the path ends before b
        break;
      }
      if (z == r.to) break;
      c = z;
    }
  }
  return false;
}

WriteEffect afterWrite(const State& before, const Reach& r, Ref o, Ref v) {
  const bool cycle = r.from == r.to;
  if (o == r.to && !cycle) return WriteEffect::Unchanged;  // a path ends at its first `to`
  if (r.from != o && unreferenced(before, o)) return WriteEffect::Unchanged;
  if (!cycle && r.from != o && afterOnPath(before, o, r.from, r.to, r.field)) return WriteEffect::Unchanged;
  if (reachesAvoiding(before, v, r.to, o, r.field)) return WriteEffect::Reaches;
  return WriteEffect::Broken;
}

void keepReachesAcrossWrite(State& s, Ref o, FieldId f, Ref v) {
  std::vector<Reach> broken;
  for (const Reach& r : s.preds.reaches)
    if (r.field == f && afterWrite(s, r, o, v) == WriteEffect::Broken) broken.push_back(r);
  std::erase_if(s.preds.reaches, [&](const Reach& r) { return std::binary_search(broken.begin(), broken.end(), r); });
}

}  // namespace jhalt::state
