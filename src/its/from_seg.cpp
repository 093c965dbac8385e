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
#include "jhalt/seg/recursion.h"
#include "jhalt/state/reach.h"
#include "return_lemmas.h"
#include "seg_vars.h"

namespace jhalt::its {
namespace {

using namespace segvars;

using state::HeapValue;
using state::kNone;
using state::kNull;
using state::Ref;
using state::State;

constexpr int64_t kIntMin = -2147483648LL, kIntMax = 2147483647LL;

LinCon shifted(const LinCon& c, Var by) {
  return LinCon{c.expr.renamed([by](Var v) { return v + by; }), c.rel};
}

// Alternatives of one evaluation step: guards over pre/post variables (and
// temporaries), each a Step or (a JVM int result that wrapped) a Wrap.
struct Variant {
  std::vector<LinCon> guard;
  Transition::Kind kind = Transition::Kind::Step;
};

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
  void distances(Transition& t, const seg::Edge& e, bool keeps_paths);
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
  Variant productBounds(const LinExpr& r, const LinExpr& a, const LinExpr& b, const NodeVars& pre,
                        const State& from) const;
  std::string origin(seg::NodeId n) const;

  const seg::Graph& g_;
  state::TypeSystem& ts_;
  const SegItsOptions& o_;
  const bool recursive_;  // the graph abstracts recursive calls
  std::set<state::FieldId> fields_;  // int fields some state shows
  std::map<seg::NodeId, NodeVars> vars_;
  std::map<seg::NodeId, LocId> loc_;
  Its its_ = Its::withStartAndTop();
  // For facts of the results of recursive methods (return_lemmas.h).
  std::vector<CallSummary> summaries_;
  std::map<LocId, MethodEntry> entries_;
  std::map<LocId, MethodReturn> returns_;
  std::set<TransId> outside_body_;  // Init and call transitions
  void noteEntry(const seg::Edge& call);
  void noteReturn(const seg::Edge& ret);
  std::vector<std::shared_ptr<const Lemma>> returnLemmas();
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

// Linear bounds of r = a·b (mathematical integers) from the intervals of a
// and b (McCormick's envelopes): for a >= la and b >= lb, (a-la)(b-lb) >= 0
// gives r >= lb·a + la·b - la·lb; likewise with the upper bounds. So
// `y = y * y` with y >= 2 gives y' >= 4y - 4.
Variant SegToIts::productBounds(const LinExpr& r, const LinExpr& a, const LinExpr& b, const NodeVars& pre,
                                const State& from) const {
  const state::Interval ia = rangeOf(a, pre, from), ib = rangeOf(b, pre, from);
  constexpr int64_t kLimit = int64_t{1} << 31;  // keeps the coefficients small
  auto small = [&](int64_t k) { return k >= -kLimit && k <= kLimit; };
  // r >= (or <=) kb·a + ka·b - ka·kb.
  auto plane = [&](int64_t ka, int64_t kb) { return a.scaled(kb) + b.scaled(ka) - LinExpr::num(ka * kb); };
  Variant v;
  if (ia.finiteLo() && ib.finiteLo() && small(ia.lo) && small(ib.lo)) v.guard.push_back(clp::ge(r, plane(ia.lo, ib.lo)));
  if (ia.finiteHi() && ib.finiteHi() && small(ia.hi) && small(ib.hi)) v.guard.push_back(clp::ge(r, plane(ia.hi, ib.hi)));
  if (ia.finiteLo() && ib.finiteHi() && small(ia.lo) && small(ib.hi)) v.guard.push_back(clp::le(r, plane(ia.lo, ib.hi)));
  if (ia.finiteHi() && ib.finiteLo() && small(ia.hi) && small(ib.lo)) v.guard.push_back(clp::le(r, plane(ia.hi, ib.lo)));
  return v;
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
        else if (lhs && rhs && !o_.jvm) return {productBounds(res, *lhs, *rhs, pre, from)};
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
  distances(t, e, true);
  its_.add(std::move(t));
}

// The distances of the target's Reach predicates (state/reach.h) over the
// source's variables. `keeps_paths`: the step writes no field, so every
// path stays; else a predicate keeps its distance when the write leaves
// its path alone (state::afterWrite).
void SegToIts::distances(Transition& t, const seg::Edge& e, bool keeps_paths) {
  const NodeVars& a = vars(e.from);
  const NodeVars& b = vars(e.to);
  if (b.dists.empty()) return;
  const State& from = g_.state(e.from);
  const Var shift = static_cast<Var>(a.refs.size());
  std::optional<FieldWrite> w = keeps_paths ? std::nullopt : fieldWrite(from);
  for (const auto& [r, y] : b.dists) {
    std::optional<LinExpr> before;
    if (!keeps_paths) {
      const state::FieldInfo& fi = ts_.fieldInfo(r.field);
      const bool written = !w || (w->name == fi.name && w->descriptor == fi.descriptor);
      if (written) {
        if (!w || !a.dist(r) || state::afterWrite(from, r, w->object, w->value) != state::WriteEffect::Unchanged) continue;
        before = LinExpr::var(*a.dist(r));
      }
    }
    if (!before) before = distanceIn(from, a, r.from, r.to, r.field, r.from == r.to);
    // One step back: e.f = r.from for an e whose path to r.to needs a step.
    for (auto it = a.dists.begin(); !before && r.from != r.to && it != a.dists.end(); ++it) {
      const state::Reach& p = it->first;
      const state::HeapValue* v = from.find(p.from);
      if (p.to != r.to || p.field != r.field || !v || !v->isObject() || v->field(r.field) != r.from) continue;
      if (!state::surelyObject(from, p.from) || !(p.from == p.to || state::surelyDistinct(from, p.from, p.to))) continue;
      before = LinExpr::var(it->second) - LinExpr::num(1);
    }
    if (before) t.guard.push_back(clp::eq(LinExpr::var(shift + y), *before));
  }
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
  // A Reach predicate of the general state: its distance in the instance.
  for (const auto& [r, y] : b.dists) {
    auto f = concrete_of.find(r.from), to = concrete_of.find(r.to);
    if (f == concrete_of.end() || (to == concrete_of.end() && r.to != kNull)) continue;
    if (auto d = distanceIn(from, a, f->second, r.to == kNull ? kNull : to->second, r.field, r.from == r.to))
      t.guard.push_back(clp::eq(LinExpr::var(shift + y), *d));
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
  // The callee writes only objects it can reach (from its arguments and
  // the static fields: seg::calleeMayReach, what the concretization
  // forgets) and objects it makes, so a structure that reaches none of
  // those keeps its size and its unshown fields.
  std::vector<Ref> may_write = e.heap_kept ? std::vector<Ref>{} : seg::calleeMayReach(g_.state(e.context));
  const std::set<Ref> tainted = reachingAny(g_.state(e.context), may_write), written(may_write.begin(), may_write.end());
  for (Var y = 0; y < b.refs.size(); ++y) {
    const bool size = b.kinds[y] == VarKind::Size;
    if (size && tainted.count(b.refs[y])) {
      // A tree around what the callee may write: the rest of it is kept,
      // |r|' - sum |x|' = |r| - sum |x| over the parts x it reaches.
      auto x = a.var(b.refs[y], true);
      auto parts = x ? changedParts(g_.state(e.context), b.refs[y], written) : std::nullopt;
      if (!parts) continue;
      LinExpr moved = LinExpr::var(shift + y) - LinExpr::var(*x);
      bool all = true;
      for (Ref p : *parts) {
        auto before = a.var(p, true), after = b.var(p, true);
        if (!before || !after) all = false;
        if (all) moved = moved - LinExpr::var(shift + *after) + LinExpr::var(*before);
      }
      if (all) t.guard.push_back(clp::eq(moved, LinExpr::num(0)));
      continue;
    }
    if (auto x = a.var(b.refs[y], size)) t.guard.push_back(clp::eq(LinExpr::var(shift + y), LinExpr::var(*x)));
  }
  for (const auto& [key, x] : a.unshown)
    if (!tainted.count(key.first))
      if (auto y = b.field(key.first, key.second)) t.guard.push_back(clp::eq(LinExpr::var(shift + *y), LinExpr::var(x)));
  const State& k = g_.state(e.context);
  const State& c = g_.state(e.to);
  CallSummary cs;
  cs.t = its_.add(std::move(t));
  cs.callee = k.frames.front().method;
  const std::vector<Ref>& locals = k.frames.front().locals;
  for (size_t i = 0; i < locals.size(); ++i)
    if (auto x = a.var(locals[i], true)) cs.args[static_cast<uint16_t>(i)] = *x;
  if (c.exception == kNone && !c.finished() && !c.frames.front().stack.empty())
    if (auto y = b.var(c.frames.front().stack.back(), true)) cs.result = shift + *y;
  summaries_.push_back(std::move(cs));
}

void SegToIts::noteEntry(const seg::Edge& call) {
  const LocId l = loc_.at(call.to);
  const State& a = g_.state(call.to);
  if (entries_.count(l) || a.frames.empty()) return;
  MethodEntry me;
  me.loc = l;
  me.method = a.frames.front().method;
  const std::vector<Ref>& locals = a.frames.front().locals;
  for (size_t i = 0; i < locals.size(); ++i)
    if (auto x = vars(call.to).var(locals[i], true)) me.args[static_cast<uint16_t>(i)] = *x;
  entries_[l] = std::move(me);
}

void SegToIts::noteReturn(const seg::Edge& ret) {
  const LocId l = loc_.at(ret.from);
  const State& r = g_.state(ret.from);
  MethodReturn mr;
  mr.loc = l;
  mr.method = g_.state(ret.context).frames.front().method;
  mr.normal = r.exception == kNone;
  // A return state is at the frame's return instruction (its result on top
  // of the stack) or past it.
  if (mr.normal && r.finished())
    mr.result = vars(ret.from).var(r.result, true);
  else if (mr.normal && r.frames.size() == 1 && !r.frames.front().stack.empty())
    mr.result = vars(ret.from).var(r.frames.front().stack.back(), true);
  auto [it, fresh] = returns_.emplace(l, mr);
  if (!fresh && it->second.method != mr.method) it->second.result.reset();  // one state, two methods: no fact
}

// Facts of the results of recursive methods, stated on their summaries.
std::vector<std::shared_ptr<const Lemma>> SegToIts::returnLemmas() {
  if (!o_.infeasible || entries_.empty()) return {};
  LemmaInput in;
  in.its = &its_;
  in.outside_body.assign(its_.trans.size(), false);
  for (TransId t : outside_body_) in.outside_body[t] = true;
  in.summaries = summaries_;
  for (const auto& [l, e] : entries_) in.entries.push_back(e);
  for (const auto& [l, r] : returns_) in.returns.push_back(r);
  in.jvm = o_.jvm;
  in.max_transitions = o_.max_transitions;
  in.deadline = o_.deadline;
  in.infeasible = o_.infeasible;
  LemmaResult found = findReturnLemmas(in);
  stateLemmas(its_, summaries_, found.atoms);
  return found.proofs;
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
  return reachingAny(s, std::move(changed));
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
  // The field the instruction resolves to (JVMS §5.4.3.2: the class it
  // names may be a subclass of the declaring one, and a subclass may hide
  // a field of the same name), among those the object shows; unknown when
  // it does not show it (a review found `putfield Node.next` taken for a
  // shown `Special.next` that hides it, and a loop ranked by a decrease
  // that never happens).
  program::Program& program = ts_.program();
  const program::ClassInfo* named = program.find(ref.owner);
  auto resolved = named ? program.resolveField(*named, ref.name, ref.descriptor) : std::nullopt;
  if (!resolved) return std::nullopt;
  const state::FieldId field = ts_.field(resolved->owner->name(), ref.name, ref.descriptor, false);
  const Ref old = v->field(field);
  if (old == kNone) return std::nullopt;
  return LinkWrite{object, value, old};
}

// The size of `r` after a LinkWrite, when r's unfolding holds the written
// object at most once (pathsTo: a plain tree whose shown path and objects
// with sharing predicates add up to one way at most, thesis 002, Def.
// 1.10(n)): it loses the old value's unfolding and gains the new value's
// once or not at all. Exactly once when the path is shown and nothing else
// may reach the object: |r|' = |r| - |old| + |new| (a null counts 0). Else
// bounds: |r| - |old| <= |r|' <= |r| + |new|, the old value's part only
// when it is measured.
void SegToIts::sizeAfterWrite(Transition& t, const LinkWrite& w, Ref r, const NodeVars& pre, Var post,
                              const State& from) const {
  auto x = pre.var(r, true);
  const PathsTo paths = pathsTo(from, r, w.object);
  if (!x || !paths.plain || (paths.shown ? 1 : 0) + paths.related > 1) return;
  const LinExpr before = LinExpr::var(*x), after = LinExpr::var(post);
  auto size = [&](Ref y) -> std::optional<LinExpr> {
    if (y == kNull) return LinExpr::num(0);
    if (auto v = pre.var(y, true)) return LinExpr::var(*v);
    return std::nullopt;
  };
  const std::optional<LinExpr> removed = size(w.old), added = size(w.value);
  if (removed && added && paths.shown && paths.related == 0) {
    t.guard.push_back(clp::eq(after, before - *removed + *added));
    return;
  }
  if (added) t.guard.push_back(clp::le(after, before + *added));
  if (removed) t.guard.push_back(clp::ge(after, before - *removed));
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
  if (!library) distances(t, e, false);
  // `x != y` is the disjunction `x < y` or `x > y`: one transition each.
  std::vector<Variant> variants{Variant{}};
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
      case seg::RelOp::Ne: {
        if (variants.size() * 2 > 27) break;  // left out (weaker, still sound)
        std::vector<Variant> next;
        for (const Variant& v : variants)
          for (LinCon side : {clp::lt(*x, *y), clp::gt(*x, *y)}) {
            Variant w = v;
            w.guard.push_back(side);
            next.push_back(std::move(w));
          }
        variants = std::move(next);
        break;
      }
    }
  }
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
  auto late = [this, k = size_t{0}]() mutable {
    return ++k % 256 == 1 && std::chrono::steady_clock::now() >= o_.deadline;
  };
  for (seg::NodeId n : nodes) {
    if (late()) {
      out.why_not = "out of time translating the graph";
      return out;
    }
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
  outside_body_.insert(its_.add(std::move(init)));
  std::vector<bool> keep(its_.locs.size(), false);
  std::set<std::pair<seg::NodeId, seg::NodeId>> summarized;  // (call state, continuation)
  for (seg::EdgeId id : g_.edges()) {
    if (late()) {
      out.why_not = "out of time translating the graph";
      return out;
    }
    const seg::Edge& e = g_.edge(id);
    switch (e.kind) {
      case seg::EdgeKind::Refine: refine(e); break;
      case seg::EdgeKind::Instance:
        instance(e);
        keep[loc_.at(e.to)] = true;
        break;
      case seg::EdgeKind::Eval: eval(e); break;
      case seg::EdgeKind::Call: {  // the same concrete state, seen from the callee
        const TransId first = static_cast<TransId>(its_.trans.size());
        refine(e);
        for (TransId t = first; t < its_.trans.size(); ++t) outside_body_.insert(t);
        noteEntry(e);
        keep[loc_.at(e.to)] = true;
        break;
      }
      case seg::EdgeKind::Return:
        if (summarized.insert({e.context, e.to}).second) summary(e);
        if (e.context != seg::kNoNode && g_.node(e.context).alive) noteReturn(e);
        keep[loc_.at(e.to)] = true;
        break;
    }
    if (e.from == e.to) keep[loc_.at(e.to)] = true;
  }
  std::vector<std::shared_ptr<const Lemma>> lemmas = returnLemmas();
  Chained chained = chain(its_, keep, o_.max_transitions, o_.deadline);
  if (!chained.why_not.empty()) {
    out.why_not = chained.why_not;
    return out;
  }
  out.its = std::move(chained.its);
  out.its.from_graph = true;
  out.its.lemmas = std::move(lemmas);
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
