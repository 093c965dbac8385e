#include "seg_vars.h"

#include <algorithm>
#include <deque>
#include <functional>

#include <fmt/format.h>

#include "jhalt/engine/result.h"

namespace jhalt::its::segvars {

using state::HeapValue;
using state::kNone;
using state::kNull;
using state::State;

bool intPrim(char p) { return p == 'I' || p == 'Z' || p == 'B' || p == 'C' || p == 'S'; }


std::string shortClass(const std::string& internal) {
  size_t slash = internal.rfind('/');
  return slash == std::string::npos ? internal : internal.substr(slash + 1);
}

// Each reference named by its shortest position (thesis 002, Def. 1.5):
// l<i> and s<i> in the top frame, frame<k>.l<i> below it, Class.field for
// statics, then .field, .length and [i] steps.
std::map<Ref, std::string> positionNames(const State& s, state::TypeSystem& ts) {
  std::map<Ref, std::string> name;
  std::deque<Ref> work;
  auto visit = [&](Ref r, std::string n) {
    if (r == kNull || r == kNone) return;
    if (name.emplace(r, std::move(n)).second) work.push_back(r);
  };
  for (size_t k = 0; k < s.frames.size(); ++k) {
    const state::Frame& f = s.frames[k];
    std::string pre = k == 0 ? "" : fmt::format("frame{}.", k);
    for (size_t i = 0; i < f.locals.size(); ++i) visit(f.locals[i], fmt::format("{}l{}", pre, i));
    for (size_t i = 0; i < f.stack.size(); ++i) visit(f.stack[i], fmt::format("{}s{}", pre, i));
  }
  for (const auto& [fid, r] : s.statics) {
    const state::FieldInfo& fi = ts.fieldInfo(fid);
    visit(r, shortClass(fi.owner) + "." + fi.name);
  }
  while (!work.empty()) {
    Ref r = work.front();
    work.pop_front();
    const HeapValue* v = s.find(r);
    if (!v || !v->isObject()) continue;
    const std::string base = name.at(r);
    for (const auto& [f, c] : v->fields) visit(c, base + "." + ts.fieldInfo(f).name);
    if (v->kind == HeapValue::Kind::Array) {
      visit(v->length, base + ".length");
      for (size_t i = 0; i < v->elements.size(); ++i) visit(v->elements[i], fmt::format("{}[{}]", base, i));
    }
  }
  return name;
}

// `pkg.C.m(int, Node) at C.java:12 (pc 7)` for readable proofs.
std::string javaPlace(const program::MethodInfo& m, uint32_t pc) {
  engine::Location where = engine::locate(m, pc);
  if (where.line < 0) return fmt::format("{} pc {}", where.javaName(), pc);
  return fmt::format("{} at {}:{} (pc {})", where.javaName(), where.source_file, where.line, pc);
}

std::vector<Ref> children(const HeapValue& v) {
  std::vector<Ref> out;
  for (const auto& [f, c] : v.fields) out.push_back(c);
  for (Ref e : v.elements) out.push_back(e);
  return out;
}

// Whether an object shows every reference field any class it may have at
// run time has (no part of its unfolding is abstract; integers do not count
// in sizes): not an array, a closed set of classes
// (an exact type, or an application class and its application subclasses,
// `TypeSystem::runtimeClasses`), each with all its instance fields shown.
bool completelyShown(state::TypeSystem& ts, const HeapValue& v) {
  if (v.kind != HeapValue::Kind::Instance || v.type.empty()) return false;
  std::optional<std::vector<state::TypeId>> classes = ts.runtimeClasses(v.type);
  if (!classes || classes->empty()) return false;
  for (state::TypeId t : *classes) {
    std::optional<std::vector<state::FieldId>> all = ts.instanceFields(t);
    if (!all) return false;
    for (state::FieldId f : *all)
      if (ts.fieldInfo(f).isReference() && v.field(f) == state::kNone) return false;
  }
  return true;
}

// Objects whose unfolding into a tree is finite: none of the objects they
// reach lies on an explicit cycle or carries `⟲F` or `r %$ r` (thesis 002,
// Def. 1.10(n): a cycle of a concrete state through a part the abstract
// state does not show needs both predicates at a reference on it; a shared
// (non-tree) part is taken as infinite too, to stay on the safe side).
// An object that may be the same as an infinite one (`r =? q`) is taken as
// infinite too, so that nothing rests on how the graph keeps Def. 1.10(n)
// for both of them.
std::set<Ref> finiteObjects(const State& s) {
  enum : uint8_t { kNew, kOpen, kFinite, kInfinite };
  std::set<Ref> seeds;  // infinite through a possible equality
  std::set<Ref> out;
  for (bool again = true; again;) {
    std::map<Ref, uint8_t> mark;
    std::function<bool(Ref)> finite = [&](Ref r) -> bool {
      const HeapValue* v = s.find(r);
      if (r == kNull || r == kNone || !v || !v->isObject()) return true;
      uint8_t& m = mark[r];
      if (m == kOpen) return false;  // an explicit cycle
      if (m != kNew) return m == kFinite;
      m = kOpen;
      bool ok = !s.cyclic(r) && !s.joins(r, r) && !seeds.count(r);
      for (Ref c : children(*v)) ok = finite(c) && ok;
      mark[r] = ok ? kFinite : kInfinite;
      return ok;
    };
    out.clear();
    for (const auto& [r, v] : s.heap)
      if (v->isObject() && finite(r)) out.insert(r);
    again = false;
    for (const auto& [p, q] : s.preds.maybe_equal) {
      const bool fp = out.count(p) || !s.find(p), fq = out.count(q) || !s.find(q);
      if (fp != fq) again = seeds.insert(fp ? p : q).second || again;
    }
  }
  return out;
}

// Sizes are kept for structures the loop can walk: not strings (immutable,
// their sizes never change) and not arrays of primitives.
bool measured(const HeapValue& v, state::TypeSystem& ts) {
  if (v.type.empty()) return true;
  bool all_leaves = true;
  for (const state::TypeBound& b : v.type.bounds) {
    const std::string& n = ts.name(b.type);
    bool leaf = (b.exact && n == "java/lang/String") || (n.size() == 2 && n[0] == '[');
    all_leaves = all_leaves && leaf;
  }
  return !all_leaves;
}

// Int fields of objects (JVMS §4.3.2: I Z B C S J), the ones a graph shows
// somewhere: those the program reads or writes.
bool intField(const state::FieldInfo& fi) { return !fi.isStatic && (intPrim(fi.kind()) || fi.kind() == 'J'); }

// The children of an object with the weight each has in the norm
// (SegItsOptions::field_weights; array elements and other fields weigh 1).
std::vector<std::pair<Ref, int64_t>> weightedChildren(const HeapValue& v,
                                                      const std::map<state::FieldId, int64_t>& weights) {
  std::vector<std::pair<Ref, int64_t>> out;
  for (const auto& [f, c] : v.fields) {
    auto w = weights.find(f);
    out.emplace_back(c, w == weights.end() ? 1 : w->second);
  }
  for (Ref e : v.elements) out.emplace_back(e, 1);
  return out;
}

NodeVars nodeVars(const State& s, state::TypeSystem& ts, const std::set<state::FieldId>& fields, bool exact_sizes,
                  const std::map<state::FieldId, int64_t>& weights) {
  NodeVars nv;
  std::map<Ref, std::string> names = positionNames(s, ts);
  std::set<Ref> finite = finiteObjects(s);
  auto add = [&](Ref r, VarKind k) {
    nv.index[r] = static_cast<Var>(nv.refs.size());
    nv.refs.push_back(r);
    nv.kinds.push_back(k);
    auto it = names.find(r);
    std::string n = it != names.end() ? it->second : fmt::format("r{}", r);
    nv.names.push_back(k == VarKind::Size ? "|" + n + "|" : n);
  };
  for (const auto& [r, cv] : s.heap) {
    const HeapValue& v = *cv;
    if (v.kind == HeapValue::Kind::Integer && (intPrim(v.prim) || v.prim == 'J'))
      add(r, v.prim == 'J' ? VarKind::Long : VarKind::Int);
    else if (v.isObject() && finite.count(r) && measured(v, ts))
      add(r, VarKind::Size);
  }
  const size_t direct = nv.refs.size();
  for (const auto& [r, cv] : s.heap) {
    const HeapValue& v = *cv;
    if (v.kind != HeapValue::Kind::Instance || v.type.empty()) continue;
    for (state::FieldId f : fields) {
      const state::FieldInfo& fi = ts.fieldInfo(f);
      if (v.field(f) != kNone || ts.restrictTo(v.type, ts.intern(fi.owner)).empty()) continue;
      nv.unshown[{r, f}] = static_cast<Var>(nv.refs.size());
      nv.refs.push_back(r);
      nv.kinds.push_back(fi.kind() == 'J' ? VarKind::Long : VarKind::Int);
      auto it = names.find(r);
      nv.names.push_back((it != names.end() ? it->second : fmt::format("r{}", r)) + "." + fi.name);
      if (fi.kind() != 'I' && fi.kind() != 'J') {
        state::Interval range = state::Interval::ofType(fi.kind());
        nv.facts.push_back(clp::ge(LinExpr::var(nv.unshown[{r, f}]), LinExpr::num(range.lo)));
        nv.facts.push_back(clp::le(LinExpr::var(nv.unshown[{r, f}]), LinExpr::num(range.hi)));
      }
    }
  }
  for (Var x = 0; x < direct; ++x) {
    const HeapValue& v = s.at(nv.refs[x]);
    if (nv.kinds[x] != VarKind::Size) {
      if (v.interval.finiteLo()) nv.facts.push_back(clp::ge(LinExpr::var(x), LinExpr::num(v.interval.lo)));
      if (v.interval.finiteHi()) nv.facts.push_back(clp::le(LinExpr::var(x), LinExpr::num(v.interval.hi)));
      continue;
    }
    if (s.maybeExisting(nv.refs[x])) {
      // >= 0 is a premise of every Size variable of a transition's source,
      // stated here too for the locations that chaining makes temporaries.
      nv.facts.push_back(clp::ge(LinExpr::var(x), LinExpr::num(0)));
      continue;
    }
    // |r| >= 1 + the sizes of the structures its shown fields hold (the
    // others, and unmeasured ones, count >= 0).
    LinExpr sum = LinExpr::num(1);
    bool exact = exact_sizes && completelyShown(ts, v);
    for (const auto& [c, weight] : weightedChildren(v, weights)) {
      if (auto cv = nv.var(c, true))
        sum = sum + LinExpr::var(*cv).scaled(weight);
      else if (const HeapValue* w = s.find(c); c != kNull && w && w->isObject())
        exact = false;  // an unmeasured part counts >= 0
    }
    // With every field shown the unfolding is exactly this node and its
    // children's unfoldings (the size of a new object, as a constructor
    // built it). Only in graphs with recursion: the equalities double the
    // premise rows, and loops proved without them (Graph: 2.9 -> 9.7 s).
    nv.facts.push_back(exact ? clp::eq(LinExpr::var(x), sum) : clp::ge(LinExpr::var(x), sum));
  }
  addDistances(s, nv, names, ts);
  for (const state::IntRelation& rel : s.relations) {
    auto a = nv.var(rel.a, false), b = nv.var(rel.b, false);
    if (!a || !b) continue;
    nv.facts.push_back(rel.strict ? clp::lt(LinExpr::var(*a), LinExpr::var(*b))
                                  : clp::le(LinExpr::var(*a), LinExpr::var(*b)));
  }
  return nv;
}

namespace {

// Visits each object of r's shown region once, r first; below an object
// only when `visit` returns true.
template <class Visit>
void walkShown(const State& s, Ref r, Visit visit) {
  std::set<Ref> seen;
  std::vector<Ref> work{r};
  while (!work.empty()) {
    Ref x = work.back();
    work.pop_back();
    const HeapValue* v = s.find(x);
    if (x == kNull || x == kNone || !v || !v->isObject() || !seen.insert(x).second) continue;
    if (!visit(x, *v)) continue;
    for (Ref c : children(*v)) work.push_back(c);
  }
}

// Does x have a `=?` or `%$` predicate (with anything)?
bool related(const State& s, Ref x) {
  if (!s.maybeEqualTo(x).empty()) return true;
  return std::any_of(s.preds.joins.begin(), s.preds.joins.end(),
                     [x](const auto& p) { return p.first == x || p.second == x; });
}

}  // namespace

// Whether `r`'s shown region is a plain tree: no object in it reached twice
// or back to r, none with `%$`-self or `⟲`.
bool plainTree(const State& s, Ref r) {
  std::map<Ref, int> indeg;
  bool plain = true;
  walkShown(s, r, [&](Ref x, const HeapValue& v) {
    if (s.joins(x, x) || s.cyclic(x)) plain = false;
    for (Ref c : children(v)) {
      const HeapValue* w = s.find(c);
      if (c != kNull && c != kNone && w && w->isObject() && (++indeg[c] > 1 || c == r)) plain = false;
    }
    return plain;
  });
  return plain;
}

PathsTo pathsTo(const State& s, Ref r, Ref o) {
  PathsTo out;
  if (!plainTree(s, r)) return out;
  out.plain = true;
  walkShown(s, r, [&](Ref x, const HeapValue&) {
    out.related += related(s, x) ? 1 : 0;
    out.shown = out.shown || x == o;
    return true;
  });
  return out;
}

std::optional<std::vector<Ref>> changedParts(const State& s, Ref r, const std::set<Ref>& may_write) {
  if (may_write.count(r) || !plainTree(s, r)) return std::nullopt;
  std::vector<Ref> parts;
  bool isolated = true;
  walkShown(s, r, [&](Ref x, const HeapValue&) {
    if (may_write.count(x)) {
      parts.push_back(x);
      return false;
    }
    if (related(s, x)) isolated = false;
    return isolated;
  });
  if (!isolated) return std::nullopt;
  std::sort(parts.begin(), parts.end());
  return parts;
}

std::set<Ref> reachingAny(const State& s, std::vector<Ref> targets) {
  std::map<Ref, std::vector<Ref>> reached_from;
  for (const auto& [r, v] : s.heap)
    for (Ref c : children(*v)) reached_from[c].push_back(r);
  for (const auto& [p, q] : s.preds.joins) reached_from[p].push_back(q), reached_from[q].push_back(p);
  for (const auto& [p, q] : s.preds.maybe_equal) reached_from[p].push_back(q), reached_from[q].push_back(p);
  std::set<Ref> out;
  while (!targets.empty()) {
    Ref r = targets.back();
    targets.pop_back();
    if (!out.insert(r).second) continue;
    for (Ref p : reached_from[r]) targets.push_back(p);
  }
  return out;
}


}  // namespace jhalt::its::segvars
