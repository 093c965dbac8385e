#include "jhalt/its/from_seg.h"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/clp/library.h"
#include "jhalt/engine/result.h"
#include "jhalt/its/chain.h"
#include "jhalt/program/program.h"

namespace jhalt::its {
namespace {

using state::HeapValue;
using state::kNone;
using state::kNull;
using state::Ref;
using state::State;

constexpr int64_t kIntMin = -2147483648LL, kIntMax = 2147483647LL;

bool intPrim(char p) { return p == 'I' || p == 'Z' || p == 'B' || p == 'C' || p == 'S'; }

// The variables of one node: its integers and the sizes of its finite
// object structures, with the facts its state states about them.
struct NodeVars {
  std::vector<Ref> refs;
  std::vector<VarKind> kinds;
  std::vector<std::string> names;
  std::map<Ref, Var> index;
  std::vector<LinCon> facts;  // over variables 0 .. refs.size()-1
  // Int fields the state does not show, of objects that may have them: the
  // field's current value (any value when the reference is null).
  std::map<std::pair<Ref, state::FieldId>, Var> unshown;
  std::optional<Var> field(Ref r, state::FieldId f) const {
    auto it = unshown.find({r, f});
    if (it == unshown.end()) return std::nullopt;
    return it->second;
  }
  std::optional<Var> var(Ref r, bool size) const {
    auto it = index.find(r);
    if (it == index.end() || (kinds[it->second] == VarKind::Size) != size) return std::nullopt;
    return it->second;
  }
};

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

// Whether an object shows every field its exact class has (no part of it is
// abstract): a single exact type, not an array, all instance fields shown.
bool completelyShown(state::TypeSystem& ts, const HeapValue& v) {
  if (v.kind != HeapValue::Kind::Instance || v.type.bounds.size() != 1 || !v.type.bounds.front().exact) return false;
  std::optional<std::vector<state::FieldId>> all = ts.instanceFields(v.type.bounds.front().type);
  if (!all) return false;
  for (state::FieldId f : *all)
    if (v.field(f) == state::kNone) return false;
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
  for (const state::IntRelation& rel : s.relations) {
    auto a = nv.var(rel.a, false), b = nv.var(rel.b, false);
    if (!a || !b) continue;
    nv.facts.push_back(rel.strict ? clp::lt(LinExpr::var(*a), LinExpr::var(*b))
                                  : clp::le(LinExpr::var(*a), LinExpr::var(*b)));
  }
  return nv;
}

LinCon shifted(const LinCon& c, Var by) {
  return LinCon{c.expr.renamed([by](Var v) { return v + by; }), c.rel};
}

// Alternatives of one evaluation step: guards over pre/post variables (and
// temporaries), each a Step or (a JVM int result that wrapped) a Wrap.
struct Variant {
  std::vector<LinCon> guard;
  Transition::Kind kind = Transition::Kind::Step;
};

// Whether `r`'s shown region is a plain tree: no object in it reached twice
// or back to r, none with `%$`-self or `⟲`.
bool plainTree(const State& s, Ref r) {
  std::map<Ref, int> indeg;
  std::set<Ref> seen;
  std::vector<Ref> work{r};
  while (!work.empty()) {
    Ref x = work.back();
    work.pop_back();
    const HeapValue* v = s.find(x);
    if (x == kNull || x == kNone || !v || !v->isObject() || !seen.insert(x).second) continue;
    if (s.joins(x, x) || s.cyclic(x)) return false;
    for (Ref c : children(*v)) {
      const HeapValue* w = s.find(c);
      if (c == kNull || c == kNone || !w || !w->isObject()) continue;
      if (++indeg[c] > 1 || c == r) return false;
      work.push_back(c);
    }
  }
  return true;
}

}  // namespace

namespace detail {

class SegToIts {
 public:
  SegToIts(const seg::Graph& g, state::TypeSystem& ts, const SegItsOptions& o)
      : g_(g), ts_(ts), o_(o), recursive_(g.hasRecursion()) {}

  SegIts run();

 private:
  const NodeVars& vars(seg::NodeId n) {
    auto it = vars_.find(n);
    if (it == vars_.end())
      it = vars_.emplace(n, nodeVars(g_.state(n), ts_, fields_, recursive_ || o_.exact_sizes, o_.field_weights)).first;
    return it->second;
  }
  Transition base(seg::NodeId from, seg::NodeId to) {
    const NodeVars& a = vars(from);
    const NodeVars& b = vars(to);
    Transition t;
    t.from = loc_.at(from);
    t.to = loc_.at(to);
    t.num_vars = static_cast<uint32_t>(a.refs.size() + b.refs.size());
    t.guard = a.facts;
    for (const LinCon& c : b.facts) t.guard.push_back(shifted(c, static_cast<Var>(a.refs.size())));
    return t;
  }
  void refine(const seg::Edge& e);
  void instance(const seg::Edge& e);
  void eval(const seg::Edge& e);
  void summary(const seg::Edge& e);
  std::set<Ref> taintedSizes(const seg::Edge& e);
  struct LinkWrite {
    Ref object, value, old;  // rp.f := rc over the shown old value (null or a reference)
  };
  std::optional<LinkWrite> linkWrite(const State& from) const;
  void sizeAfterWrite(Transition& t, const LinkWrite& w, Ref r, const NodeVars& pre, Var post, const State& from) const;
  std::vector<Variant> computation(const seg::Computation& c, const NodeVars& pre, Var post_var,
                                   const State& from);
  std::optional<LinExpr> operand(Ref r, const NodeVars& pre, const State& from) const;
  state::Interval rangeOf(const LinExpr& e, const NodeVars& pre, const State& from) const;
  std::string origin(seg::NodeId n) const;

  const seg::Graph& g_;
  state::TypeSystem& ts_;
  const SegItsOptions& o_;
  const bool recursive_;  // the graph abstracts recursive calls
  std::set<state::FieldId> fields_;  // int fields some state shows
  std::map<seg::NodeId, NodeVars> vars_;
  std::map<seg::NodeId, LocId> loc_;
  Its its_ = Its::withStartAndTop();
};

}  // namespace detail

namespace {

// Interval of k·x, saturating to the infinite interval on overflow.
state::Interval scaledRange(const state::Interval& x, int64_t k) {
  return x.mul(state::Interval::point(k));
}

}  // namespace

namespace detail {

std::string SegToIts::origin(seg::NodeId n) const {
  const State& s = g_.state(n);
  if (s.finished()) return "the end of the program";
  return javaPlace(*s.top().method, s.top().pc);
}

std::optional<LinExpr> SegToIts::operand(Ref r, const NodeVars& pre, const State& from) const {
  if (auto v = pre.var(r, false)) return LinExpr::var(*v);
  const HeapValue* h = from.find(r);
  if (h && h->kind == HeapValue::Kind::Integer && h->interval.isPoint()) return LinExpr::num(h->interval.lo);
  return std::nullopt;
}

state::Interval SegToIts::rangeOf(const LinExpr& e, const NodeVars& pre, const State& from) const {
  state::Interval out = state::Interval::point(e.constant);
  for (const auto& [v, k] : e.terms) out = out.add(scaledRange(from.at(pre.refs[v]).interval, k));
  return out;
}

// The alternatives of `result = a op b` (thesis 002, Def. 1.51: ArithOp
// labels): exact for linear operations (JVM ints: unless the result may
// leave the int range, which adds Wrap alternatives), bounds for division,
// remainder and shifts by a constant, nothing for the rest.
std::vector<Variant> SegToIts::computation(const seg::Computation& c, const NodeVars& pre, Var r,
                                           const State& from) {
  using Op = seg::ArithOp;
  const LinExpr res = LinExpr::var(r);
  auto lhs = c.a == kNone ? std::optional<LinExpr>() : operand(c.a, pre, from);
  std::optional<LinExpr> rhs = c.b == kNone ? std::optional<LinExpr>(LinExpr::num(c.value)) : operand(c.b, pre, from);
  auto constant = [](const std::optional<LinExpr>& e) -> std::optional<int64_t> {
    if (e && e->isConstant()) return e->constant;
    return std::nullopt;
  };
  std::optional<LinExpr> exact;
  try {
    switch (c.op) {
      case Op::Const: return {Variant{{clp::eq(res, LinExpr::num(c.value))}}};
      case Op::Copy: if (lhs) exact = *lhs; break;
      case Op::Add: if (lhs && rhs) exact = *lhs + *rhs; break;
      case Op::Sub: if (lhs && rhs) exact = *lhs - *rhs; break;
      case Op::Neg: if (lhs) exact = lhs->scaled(-1); break;
      case Op::Mul:
        if (lhs && constant(rhs)) exact = lhs->scaled(*constant(rhs));
        else if (rhs && constant(lhs)) exact = rhs->scaled(*constant(lhs));
        break;
      case Op::Shl:  // the JVM uses the low 5 (int) or 6 (long) bits of the distance
        if (lhs && constant(rhs) && (*constant(rhs) & (c.prim == 'J' ? 63 : 31)) <= 61)
          exact = lhs->scaled(int64_t{1} << (*constant(rhs) & (c.prim == 'J' ? 63 : 31)));
        break;
      case Op::Shr:
        if (lhs && constant(rhs) && (*constant(rhs) & (c.prim == 'J' ? 63 : 31)) <= 61) {
          const int64_t k = int64_t{1} << (*constant(rhs) & (c.prim == 'J' ? 63 : 31));
          // Floor division by 2^k for either sign: k·r <= a <= k·r + k - 1.
          return {Variant{{clp::le(res.scaled(k), *lhs), clp::le(*lhs, res.scaled(k) + LinExpr::num(k - 1))}}};
        }
        break;
      case Op::Div:
        if (lhs && constant(rhs) && *constant(rhs) >= 1) {
          const int64_t k = *constant(rhs);
          // Truncation towards zero: for a >= 0, k·r <= a <= k·r + k-1;
          // for a < 0, k·r - (k-1) <= a <= k·r.
          return {Variant{{clp::ge(*lhs, LinExpr::num(0)), clp::le(res.scaled(k), *lhs),
                           clp::le(*lhs, res.scaled(k) + LinExpr::num(k - 1))}},
                  Variant{{clp::le(*lhs, LinExpr::num(-1)), clp::le(res.scaled(k) - LinExpr::num(k - 1), *lhs),
                           clp::le(*lhs, res.scaled(k))}}};
        }
        if (lhs && rhs) {
          // A divisor d >= k >= 1 (its interval): |r| = |a| / d <= |a| / k,
          // with the dividend's sign (truncation towards zero).
          const state::Interval d = rangeOf(*rhs, pre, from);
          if (d.finiteLo() && d.lo >= 1 && d.lo <= (int64_t{1} << 31)) {
            const int64_t k = d.lo;
            return {Variant{{clp::ge(*lhs, LinExpr::num(0)), clp::ge(res, LinExpr::num(0)), clp::le(res.scaled(k), *lhs)}},
                    Variant{{clp::le(*lhs, LinExpr::num(-1)), clp::le(res, LinExpr::num(0)), clp::le(*lhs, res.scaled(k))}}};
          }
        }
        break;
      case Op::Rem:
        if (lhs && constant(rhs) && *constant(rhs) != 0 && *constant(rhs) != INT64_MIN) {
          const int64_t k = std::abs(*constant(rhs));
          // The sign of the dividend, |r| < |divisor|, |r| <= |a|.
          return {Variant{{clp::ge(*lhs, LinExpr::num(0)), clp::ge(res, LinExpr::num(0)),
                           clp::le(res, LinExpr::num(k - 1)), clp::le(res, *lhs)}},
                  Variant{{clp::le(*lhs, LinExpr::num(-1)), clp::le(res, LinExpr::num(0)),
                           clp::ge(res, LinExpr::num(1 - k)), clp::ge(res, *lhs)}}};
        }
        break;
      case Op::And:
        if (auto m = constant(rhs); m && *m >= 0) return {Variant{{clp::ge(res, LinExpr::num(0)), clp::le(res, LinExpr::num(*m))}}};
        if (auto m = constant(lhs); m && *m >= 0) return {Variant{{clp::ge(res, LinExpr::num(0)), clp::le(res, LinExpr::num(*m))}}};
        break;
      case Op::Cmp:
        if (lhs && rhs && c.b != kNone)
          return {Variant{{clp::eq(res, LinExpr::num(-1)), clp::lt(*lhs, *rhs)}},
                  Variant{{clp::eq(res, LinExpr::num(0)), clp::eq(*lhs, *rhs)}},
                  Variant{{clp::eq(res, LinExpr::num(1)), clp::gt(*lhs, *rhs)}}};
        return {Variant{{clp::ge(res, LinExpr::num(-1)), clp::le(res, LinExpr::num(1))}}};
      case Op::Convert:
        // A narrowing conversion keeps a value that fits the target type.
        if (lhs && rangeOf(*lhs, pre, from).subsetOf(state::Interval::ofType(c.prim))) exact = *lhs;
        break;
      default: break;
    }
  } catch (const clp::Overflow&) {
    exact.reset();
  }
  if (!exact) return {Variant{}};
  if (!o_.jvm || c.op == Op::Convert || c.op == Op::Copy) return {Variant{{clp::eq(res, *exact)}}};
  // JVM semantics: the result is the mathematical one only inside the
  // type's range; an int result outside wraps (gap G10 of the design).
  state::Interval range = rangeOf(*exact, pre, from);
  if (c.prim == 'J') {
    if (range.finiteLo() && range.finiteHi()) return {Variant{{clp::eq(res, *exact)}}};
    return {Variant{}};
  }
  if (range.subsetOf(state::Interval::range(kIntMin, kIntMax))) return {Variant{{clp::eq(res, *exact)}}};
  return {Variant{{clp::eq(res, *exact), clp::ge(*exact, LinExpr::num(kIntMin)), clp::le(*exact, LinExpr::num(kIntMax))}},
          Variant{{clp::ge(*exact, LinExpr::num(kIntMax + 1))}, Transition::Kind::Wrap},
          Variant{{clp::le(*exact, LinExpr::num(kIntMin - 1))}, Transition::Kind::Wrap}};
}

void SegToIts::refine(const seg::Edge& e) {
  const NodeVars& a = vars(e.from);
  const NodeVars& b = vars(e.to);
  Transition t = base(e.from, e.to);
  t.origin = origin(e.from);
  // The same concrete states: every value stays.
  for (Var y = 0; y < b.refs.size(); ++y)
    if (auto x = a.var(b.refs[y], b.kinds[y] == VarKind::Size))
      t.guard.push_back(clp::eq(LinExpr::var(static_cast<Var>(a.refs.size() + y)), LinExpr::var(*x)));
  // An unshown field keeps its value, shown (realized, Def. 1.22) or not.
  const State& to = g_.state(e.to);
  for (const auto& [key, x] : a.unshown) {
    std::optional<Var> y = b.field(key.first, key.second);
    if (!y)
      if (const HeapValue* v = to.find(key.first); v && v->isObject()) y = b.var(v->field(key.second), false);
    if (y) t.guard.push_back(clp::eq(LinExpr::var(static_cast<Var>(a.refs.size()) + *y), LinExpr::var(x)));
  }
  its_.add(std::move(t));
}

void SegToIts::instance(const seg::Edge& e) {
  const NodeVars& a = vars(e.from);
  const NodeVars& b = vars(e.to);
  Transition t = base(e.from, e.to);
  t.origin = origin(e.from);
  const Var shift = static_cast<Var>(a.refs.size());
  // Def. 1.10: the reference of the instance at each position of the more
  // general state carries that position's value.
  for (const auto& [concrete, general] : e.instance) {
    for (bool size : {false, true}) {
      auto y = b.var(general, size);
      if (!y) continue;
      if (size && concrete == kNull)
        t.guard.push_back(clp::eq(LinExpr::var(shift + *y), LinExpr::num(0)));
      else if (auto x = a.var(concrete, size))
        t.guard.push_back(clp::eq(LinExpr::var(shift + *y), LinExpr::var(*x)));
    }
  }
  // A field the general state does not show: its value in the instance,
  // shown there or not.
  std::map<Ref, Ref> concrete_of;
  for (const auto& [concrete, general] : e.instance) concrete_of.emplace(general, concrete);
  const State& from = g_.state(e.from);
  for (const auto& [key, y] : b.unshown) {
    auto c = concrete_of.find(key.first);
    if (c == concrete_of.end()) continue;
    std::optional<Var> x = a.field(c->second, key.second);
    if (!x)
      if (const HeapValue* v = from.find(c->second); v && v->isObject()) x = a.var(v->field(key.second), false);
    if (x) t.guard.push_back(clp::eq(LinExpr::var(shift + y), LinExpr::var(*x)));
  }
  its_.add(std::move(t));
}

// Recursion (thesis 002, Ch. 3): a return edge leads from the callee's
// return state to the caller's continuation, whose values are the call
// state's (context concretization, Def. 3.23). The ITS does not follow it:
// instead the call state goes on directly to the continuation, as if the
// call returned in one step. Every infinite run either stays from some
// point on in one frame, whose calls all return (a path over call
// summaries), or makes infinitely many calls that never return (a path over
// call edges, which follow the call like a refinement: the same concrete
// state seen from the callee). Across the summary, integers the call state
// holds keep their values (a reference names one value); sizes and unshown
// fields keep theirs only when the callee writes no object (Edge::heap_kept),
// else they are unknown.
void SegToIts::summary(const seg::Edge& e) {
  if (e.context == seg::kNoNode || !g_.node(e.context).alive) return;
  const NodeVars& a = vars(e.context);
  const NodeVars& b = vars(e.to);
  Transition t = base(e.context, e.to);
  t.origin = fmt::format("the call at {} returns", origin(e.context));
  const Var shift = static_cast<Var>(a.refs.size());
  for (Var y = 0; y < b.refs.size(); ++y) {
    const bool size = b.kinds[y] == VarKind::Size;
    if (size && !e.heap_kept) continue;
    if (auto x = a.var(b.refs[y], size)) t.guard.push_back(clp::eq(LinExpr::var(shift + y), LinExpr::var(*x)));
  }
  if (e.heap_kept)
    for (const auto& [key, x] : a.unshown)
      if (auto y = b.field(key.first, key.second)) t.guard.push_back(clp::eq(LinExpr::var(shift + *y), LinExpr::var(x)));
  its_.add(std::move(t));
}

// Sizes the step may change: those of structures that may reach (through
// shown fields, `%$` or `=?`) an object whose shown contents the step
// changed, or the array an aastore writes into.
std::set<Ref> SegToIts::taintedSizes(const seg::Edge& e) {
  const State& s = g_.state(e.from);
  const State& t = g_.state(e.to);
  // The references an object shows (integers do not count in sizes).
  auto shown = [this](const State& st, const HeapValue& v) {
    std::vector<std::pair<int64_t, Ref>> out;
    for (const auto& [f, c] : v.fields)
      if (ts_.fieldInfo(f).isReference()) out.emplace_back(f, c);
    for (size_t i = 0; i < v.elements.size(); ++i) {
      const HeapValue* x = st.find(v.elements[i]);
      if (v.elements[i] == kNull || (x && x->isObject())) out.emplace_back(-1 - static_cast<int64_t>(i), v.elements[i]);
    }
    return out;
  };
  std::vector<Ref> changed;
  for (const auto& [r, v] : s.heap) {
    if (!v->isObject()) continue;
    const HeapValue* w = t.find(r);
    if (w && (v->kind != w->kind || v->has_elements != w->has_elements || shown(s, *v) != shown(t, *w)))
      changed.push_back(r);
  }
  if (s.exception == kNone && !s.finished()) {
    const state::Frame& f = s.top();
    const program::MethodCode& code = f.method->code();
    const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(code.bytecode.indexAt(f.pc)));
    if (insn.opcode == bytecode::op::kAastore && f.stack.size() >= 3) changed.push_back(f.stack[f.stack.size() - 3]);
    // The object a putfield writes into, also when the next state no longer
    // holds it (a receiver only the operand stack held).
    if (insn.family() == bytecode::Family::Field &&
        static_cast<bytecode::FieldOp>(insn.info().sub) == bytecode::FieldOp::PutField) {
      auto ref = f.method->owner().file().pool.memberRef(static_cast<uint16_t>(insn.operand));
      const bool link = ref.descriptor[0] == 'L' || ref.descriptor[0] == '[';  // ints do not count in sizes
      if (link && f.stack.size() >= 2) changed.push_back(f.stack[f.stack.size() - 2]);
    }
  }
  std::map<Ref, std::vector<Ref>> reached_from;
  for (const auto& [r, v] : s.heap)
    for (Ref c : children(*v)) reached_from[c].push_back(r);
  for (const auto& [p, q] : s.preds.joins) reached_from[p].push_back(q), reached_from[q].push_back(p);
  for (const auto& [p, q] : s.preds.maybe_equal) reached_from[p].push_back(q), reached_from[q].push_back(p);
  std::set<Ref> tainted;
  while (!changed.empty()) {
    Ref r = changed.back();
    changed.pop_back();
    if (!tainted.insert(r).second) continue;
    for (Ref p : reached_from[r]) changed.push_back(p);
  }
  return tainted;
}

// A putfield of a reference field whose old value the state shows, that
// stores null or replaces null (appending at the end of a list or tree).
std::optional<SegToIts::LinkWrite> SegToIts::linkWrite(const State& from) const {
  if (from.exception != kNone || from.finished()) return std::nullopt;
  const state::Frame& f = from.top();
  const program::MethodCode& code = f.method->code();
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(code.bytecode.indexAt(f.pc)));
  if (insn.family() != bytecode::Family::Field ||
      static_cast<bytecode::FieldOp>(insn.info().sub) != bytecode::FieldOp::PutField || f.stack.size() < 2)
    return std::nullopt;
  auto ref = f.method->owner().file().pool.memberRef(static_cast<uint16_t>(insn.operand));
  if (ref.descriptor.empty() || ref.descriptor[0] != 'L') return std::nullopt;
  const Ref value = f.stack[f.stack.size() - 1], object = f.stack[f.stack.size() - 2];
  const HeapValue* v = from.find(object);
  if (!v || !v->isObject()) return std::nullopt;
  // The field by name and type among those the object shows (the class
  // named by the instruction may be a subclass of the declaring one);
  // shadowed fields of the same name make it unknown.
  Ref old = kNone;
  int matches = 0;
  for (const auto& [fid, r] : v->fields) {
    const state::FieldInfo& fi = ts_.fieldInfo(fid);
    if (fi.name == ref.name && fi.descriptor == ref.descriptor) old = r, ++matches;
  }
  if (matches != 1 || (old != kNull && value != kNull)) return std::nullopt;
  return LinkWrite{object, value, old};
}

// Bounds for the size of `r` after a LinkWrite, when r's shown region is a
// plain tree without shape predicates, so that r reaches the written object
// along at most one path (thesis 002, Def. 1.10(n)): its unfolding then
// loses the old value's and gains the new value's once or not at all.
// Replacing null by rc: |r| <= |r|' <= |r| + |rc|; storing null over old:
// |r| - |old| <= |r|' <= |r| (0 <= |r|' <= |r| when old is not measured).
void SegToIts::sizeAfterWrite(Transition& t, const LinkWrite& w, Ref r, const NodeVars& pre, Var post,
                              const State& from) const {
  auto x = pre.var(r, true);
  if (!x || !plainTree(from, r)) return;
  const LinExpr before = LinExpr::var(*x), after = LinExpr::var(post);
  if (w.old == kNull) {
    std::optional<Var> added = w.value == kNull ? std::nullopt : pre.var(w.value, true);
    if (w.value != kNull && !added) return;
    t.guard.push_back(clp::ge(after, before));
    t.guard.push_back(clp::le(after, added ? before + LinExpr::var(*added) : before));
    return;
  }
  t.guard.push_back(clp::le(after, before));
  if (auto removed = pre.var(w.old, true)) t.guard.push_back(clp::ge(after, before - LinExpr::var(*removed)));
}

void SegToIts::eval(const seg::Edge& e) {
  const NodeVars& a = vars(e.from);
  const NodeVars& b = vars(e.to);
  const State& from = g_.state(e.from);
  const seg::EvalLabel& label = e.label;
  bool library = !label.library_call.empty();
  if (library) {
    const std::string& m = label.library_call;  // owner.name(descriptor)
    size_t paren = m.find('('), dot = m.rfind('.', paren);
    bool known = paren != std::string::npos && dot != std::string::npos &&
                 clp::libraryTerminates(m.substr(0, dot), m.substr(dot + 1, paren - dot - 1), m.substr(paren));
    if (!known) {
      Transition gap;
      gap.kind = Transition::Kind::Gap;
      gap.from = loc_.at(e.from);
      gap.to = its_.top;
      gap.num_vars = static_cast<uint32_t>(a.refs.size());
      gap.guard = a.facts;
      gap.origin = fmt::format("a call of {} (not known to terminate) at {}", m, origin(e.from));
      its_.add(std::move(gap));
      return;
    }
  }
  Transition t = base(e.from, e.to);
  t.origin = origin(e.from);
  const Var shift = static_cast<Var>(a.refs.size());
  std::set<Ref> tainted = library ? std::set<Ref>{} : taintedSizes(e);
  const std::optional<LinkWrite> link = library || !o_.field_weights.empty() ? std::nullopt : linkWrite(from);
  for (Var y = 0; y < b.refs.size(); ++y) {
    const bool size = b.kinds[y] == VarKind::Size;
    if (size && tainted.count(b.refs[y]) && link) sizeAfterWrite(t, *link, b.refs[y], a, shift + y, from);
    if (size && (library || tainted.count(b.refs[y]))) continue;
    if (auto x = a.var(b.refs[y], size)) t.guard.push_back(clp::eq(LinExpr::var(shift + y), LinExpr::var(*x)));
  }
  // Unshown fields keep their values unless the step writes a field of that
  // name (into any object) or calls the library.
  std::string written;
  if (from.exception == kNone && !from.finished()) {
    const state::Frame& f = from.top();
    const program::MethodCode& code = f.method->code();
    const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(code.bytecode.indexAt(f.pc)));
    if (insn.family() == bytecode::Family::Field &&
        static_cast<bytecode::FieldOp>(insn.info().sub) == bytecode::FieldOp::PutField)
      written = f.method->owner().file().pool.memberRef(static_cast<uint16_t>(insn.operand)).name;
  }
  for (const auto& [key, x] : a.unshown) {
    if (library || written == ts_.fieldInfo(key.second).name) continue;
    if (auto y = b.field(key.first, key.second)) t.guard.push_back(clp::eq(LinExpr::var(shift + *y), LinExpr::var(x)));
  }
  for (const seg::Relation& rel : label.relations) {
    auto x = operand(rel.a, a, from);
    auto y = rel.b == kNone ? std::optional<LinExpr>(LinExpr::num(rel.constant)) : operand(rel.b, a, from);
    if (!x || !y) continue;
    switch (rel.op) {
      case seg::RelOp::Lt: t.guard.push_back(clp::lt(*x, *y)); break;
      case seg::RelOp::Le: t.guard.push_back(clp::le(*x, *y)); break;
      case seg::RelOp::Eq: t.guard.push_back(clp::eq(*x, *y)); break;
      case seg::RelOp::Ge: t.guard.push_back(clp::ge(*x, *y)); break;
      case seg::RelOp::Gt: t.guard.push_back(clp::gt(*x, *y)); break;
      case seg::RelOp::Ne: break;  // a disjunction: left out (weaker, still sound)
    }
  }
  std::vector<Variant> variants{Variant{}};
  for (const seg::Computation& c : label.computations) {
    auto r = b.var(c.result, false);
    if (!r) continue;
    std::vector<Variant> alts = computation(c, a, shift + *r, from);
    if (variants.size() * alts.size() > 27) continue;  // the result stays unknown
    std::vector<Variant> next;
    for (const Variant& v : variants)
      for (const Variant& w : alts) {
        Variant both = v;
        both.guard.insert(both.guard.end(), w.guard.begin(), w.guard.end());
        if (w.kind == Transition::Kind::Wrap) both.kind = w.kind;
        next.push_back(std::move(both));
      }
    variants = std::move(next);
  }
  for (const Variant& v : variants) {
    Transition x = t;
    x.kind = v.kind;
    x.guard.insert(x.guard.end(), v.guard.begin(), v.guard.end());
    its_.add(std::move(x));
  }
}

SegIts SegToIts::run() {
  SegIts out;
  std::vector<seg::NodeId> nodes = g_.nodes();
  // The graph does not model virtual machine errors (out of memory, stack
  // overflow): a proof assumes none is thrown, which a handler written for
  // one would contradict.
  std::set<const program::MethodInfo*> methods;
  for (seg::NodeId n : nodes)
    for (const state::Frame& f : g_.state(n).frames) methods.insert(f.method);
  // Under JVM integers a deep recursion ends in StackOverflowError, which a
  // `finally` (a catch-all handler) also runs code for: with recursion in
  // the graph, no such handler either (a review found `try { deep(); }
  // finally { loop }` proven).
  const bool stack_overflow = o_.jvm && recursive_;
  for (const program::MethodInfo* m : methods) {
    if (!m->hasCode()) continue;
    for (const classfile::ExceptionHandler& h : m->code().attribute.handlers) {
      if (h.catch_type == 0) {
        if (!stack_overflow) continue;
        out.why_not = fmt::format("{} has a finally handler, which a StackOverflowError of the recursion would run",
                                  m->qualifiedName());
        return out;
      }
      std::string_view type = m->owner().file().pool.className(h.catch_type);
      for (std::string_view vm : {"java/lang/Throwable", "java/lang/Error", "java/lang/VirtualMachineError",
                                  "java/lang/OutOfMemoryError", "java/lang/StackOverflowError",
                                  "java/lang/InternalError", "java/lang/UnknownError"})
        if (type == vm) {
          out.why_not = fmt::format("{} catches {}, which the graph does not model", m->qualifiedName(), type);
          return out;
        }
    }
  }
  for (seg::NodeId n : nodes)
    for (const auto& [r, v] : g_.state(n).heap)
      for (const auto& [f, c] : v->fields)
        if (intField(ts_.fieldInfo(f))) fields_.insert(f);
  for (seg::NodeId n : nodes) {
    const NodeVars& nv = vars(n);
    const State& s = g_.state(n);
    Location l;
    l.kind = Location::Kind::Program;
    l.method = s.finished() ? nullptr : s.top().method;
    l.pc = s.finished() ? 0 : s.top().pc;
    l.name = s.finished() ? fmt::format("the end (state {})", n) : fmt::format("{} (state {})", javaPlace(*l.method, l.pc), n);
    l.vars = nv.names;
    l.kinds = nv.kinds;
    loc_[n] = its_.add(std::move(l));
  }
  Transition init;
  init.kind = Transition::Kind::Init;
  init.from = its_.start;
  init.to = loc_.at(g_.root());
  init.guard = vars(g_.root()).facts;
  init.origin = "the entry";
  its_.add(std::move(init));
  std::vector<bool> keep(its_.locs.size(), false);
  std::set<std::pair<seg::NodeId, seg::NodeId>> summarized;  // (call state, continuation)
  for (seg::EdgeId id : g_.edges()) {
    const seg::Edge& e = g_.edge(id);
    switch (e.kind) {
      case seg::EdgeKind::Refine: refine(e); break;
      case seg::EdgeKind::Instance:
        instance(e);
        keep[loc_.at(e.to)] = true;
        break;
      case seg::EdgeKind::Eval: eval(e); break;
      case seg::EdgeKind::Call:  // the same concrete state, seen from the callee
        refine(e);
        keep[loc_.at(e.to)] = true;
        break;
      case seg::EdgeKind::Return:
        if (summarized.insert({e.context, e.to}).second) summary(e);
        keep[loc_.at(e.to)] = true;
        break;
    }
    if (e.from == e.to) keep[loc_.at(e.to)] = true;
  }
  Chained chained = chain(its_, keep, o_.max_transitions);
  if (!chained.why_not.empty()) {
    out.why_not = chained.why_not;
    return out;
  }
  out.its = std::move(chained.its);
  out.its.from_graph = true;
  for (const auto& [f, w] : o_.field_weights) {
    const state::FieldInfo& fi = ts_.fieldInfo(f);
    std::string owner = fi.owner;
    std::replace(owner.begin(), owner.end(), '/', '.');
    out.its.norm += fmt::format("{}an object reached through {}.{} counts {} times", out.its.norm.empty() ? "" : "; ",
                                owner, fi.name, w);
  }
  return out;
}

}  // namespace detail

SegIts fromSeg(const seg::Graph& graph, state::TypeSystem& types, const SegItsOptions& options) {
  return detail::SegToIts(graph, types, options).run();
}

}  // namespace jhalt::its
