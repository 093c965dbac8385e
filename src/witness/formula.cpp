#include "jhalt/witness/formula.h"

#include <set>

#include <fmt/format.h>

#include "jhalt/witness/correspondence.h"

namespace jhalt::witness {

using seg::ArithOp;
using seg::RelOp;
using smt::Term;
using state::HeapValue;
using state::Interval;
using state::kNone;
using state::Ref;
using state::State;

void Encoder::note(seg::NodeId n) {
  if (!bv_) return;
  for (const auto& [r, v] : g_.state(n).heap)
    if (v->kind == HeapValue::Kind::Integer) widths_.emplace(r, v->prim == 'J' ? 64u : 32u);
}

unsigned Encoder::width(Ref r) const {
  if (!bv_) return 0;
  auto it = widths_.find(r);
  return it == widths_.end() ? 32u : it->second;
}

Term Encoder::var(Ref r, const std::string& label) {
  std::string name = fmt::format("r{}_{}", r, label);
  return bv_ ? solver_.ctx().bvVar(name, width(r)) : solver_.ctx().intVar(name);
}

Term Encoder::constant(Ref r, int64_t v) { return bv_ ? solver_.ctx().bvNum(v, width(r)) : solver_.ctx().num(v); }

Term Encoder::fit(const Term& t, unsigned bits) {
  if (!bv_ || t.width() == bits) return t;
  return t.width() < bits ? smt::signExtend(t, bits - t.width()) : smt::extract(t, bits - 1, 0);
}

bool Encoder::isInt(const State& s, Ref r) const {
  const HeapValue* v = s.find(r);
  return v && v->kind == HeapValue::Kind::Integer;
}

void Encoder::invariants(seg::NodeId n, const std::string& label, std::vector<Term>& out) {
  note(n);
  const State& s = g_.state(n);
  for (const auto& [r, v] : s.heap) {
    if (v->kind != HeapValue::Kind::Integer) continue;
    Term x = var(r, label);
    int64_t lo = v->interval.lo, hi = v->interval.hi;
    if (bv_) {
      // Bounds beyond the type's range say nothing about a bit-vector
      // (they only arise before clamping); an empty range is infeasible.
      Interval range = Interval::ofType(v->prim == 'J' ? 'J' : 'I');
      if (lo > range.hi || hi < range.lo) {
        out.push_back(solver_.ctx().boolVal(false));
        continue;
      }
      if (lo <= range.lo) lo = Interval::kMinusInf;
      if (hi >= range.hi) hi = Interval::kPlusInf;
    }
    if (lo != Interval::kMinusInf) out.push_back(x >= lo);
    if (hi != Interval::kPlusInf) out.push_back(x <= hi);
  }
  for (const auto& rel : s.relations) {
    Term a = var(rel.a, label), b = var(rel.b, label);
    if (bv_ && a.width() != b.width()) {
      unsigned w = std::max(a.width(), b.width());
      a = fit(a, w);
      b = fit(b, w);
    }
    out.push_back(rel.strict ? a < b : a <= b);
  }
}

bool Encoder::integerDetermined(const Path& p) const {
  // Values the path reads from memory the state does not show (an array
  // element, a field after a call) or gets from an unanalysed computation
  // are new on every run around the loop: a condition on them, or on what
  // is computed from them, does not follow from the head's values (a review
  // found a loop proven "looping" on `a[3] == 0` for an array whose
  // contents a recursive call had written).
  std::set<Ref> unknown;
  auto tainted = [&](Ref r) { return r != kNone && unknown.count(r) != 0; };
  for (seg::EdgeId e : p) {
    const seg::Edge& edge = g_.edge(e);
    if (edge.kind == seg::EdgeKind::Eval && !edge.label.library_call.empty()) return false;
    if (edge.kind == seg::EdgeKind::Eval || edge.kind == seg::EdgeKind::Return) {
      for (const seg::Relation& r : edge.label.relations)
        if (tainted(r.a) || tainted(r.b)) return false;
      for (const seg::Computation& c : edge.label.computations)
        if (c.op == seg::ArithOp::Unknown || tainted(c.a) || tainted(c.b)) unknown.insert(c.result);
    }
    if (edge.kind != seg::EdgeKind::Refine) continue;
    if (edge.refined.empty()) return false;  // a split not on integers
    const State& s = g_.state(edge.from);
    for (Ref r : edge.refined)
      if (!isInt(s, r) || tainted(r)) return false;
  }
  return true;
}

void Encoder::path(const Path& p, const std::string& label, std::vector<Term>& phi, std::vector<Term>& psi) {
  for (size_t k = 0; k < p.size(); ++k) {
    const seg::Edge& edge = g_.edge(p[k]);
    invariants(edge.from, label, phi);
    note(edge.to);
    if (k + 1 == p.size() && edge.kind == seg::EdgeKind::Instance) break;
    encodeEdge(p[k], label, phi, psi);
  }
}

void Encoder::link(seg::EdgeId e, const std::string& from_label, const std::string& to_label,
                   std::vector<Term>& psi) {
  const seg::Edge& edge = g_.edge(e);
  const State& from = g_.state(edge.from);
  const State& to = g_.state(edge.to);
  note(edge.from);
  note(edge.to);
  for (const auto& [x, y] : edge.instance)
    if (isInt(from, x) && isInt(to, y)) psi.push_back(fit(var(x, from_label), width(y)) == var(y, to_label));
}

void Encoder::encodeEdge(seg::EdgeId e, const std::string& label, std::vector<Term>& phi, std::vector<Term>& psi) {
  const seg::Edge& edge = g_.edge(e);
  const State& from = g_.state(edge.from);
  const State& to = g_.state(edge.to);
  note(edge.from);
  note(edge.to);
  auto v = [&](Ref r) { return var(r, label); };
  if (edge.kind != seg::EdgeKind::Eval && edge.kind != seg::EdgeKind::Return) {
    // Refinement, instance and call edges: references at the same positions
    // hold the same values. (A return edge is encoded by its label: the
    // caller's references are its call state's.)
    auto pairs = edge.kind == seg::EdgeKind::Instance ? edge.instance : correspondence(from, to);
    for (const auto& [x, y] : pairs)
      if (x != y && isInt(from, x) && isInt(to, y)) psi.push_back(fit(v(x), width(y)) == v(y));
    return;
  }
  for (const seg::Relation& r : edge.label.relations) {
    if (!isInt(from, r.a) || (r.b != kNone && !isInt(from, r.b))) continue;
    Term a = v(r.a);
    Term b = r.b == kNone ? a.sameSort(r.constant) : fit(v(r.b), a.width());
    switch (r.op) {
      case RelOp::Lt: phi.push_back(a < b); break;
      case RelOp::Le: phi.push_back(a <= b); break;
      case RelOp::Eq: phi.push_back(a == b); break;
      case RelOp::Ne: phi.push_back(a != b); break;
      case RelOp::Ge: phi.push_back(a >= b); break;
      case RelOp::Gt: phi.push_back(a > b); break;
    }
  }
  for (const seg::Computation& c : edge.label.computations)
    if (isInt(to, c.result)) encodeComputation(c, from, label, psi);
}

// Java's truncating division by a literal d != 0 over mathematical
// integers: a = d*q + m with |m| < |d| and m having the sign of a (JLS
// §15.17.2-3). Total in a.
void Encoder::encodeMathDivision(const seg::Computation& c, const State& from, const std::string& label,
                                 std::vector<Term>& psi) {
  std::optional<int64_t> d;
  if (c.b == kNone) d = c.value;
  else if (isInt(from, c.b) && from.intervalOf(c.b).isPoint()) d = from.intervalOf(c.b).lo;
  if (!d || *d == 0 || *d == INT64_MIN) return;  // unconstrained result: sound
  Term a = var(c.a, label), r = var(c.result, label);
  Term q = solver_.ctx().intVar(fmt::format("q{}_{}", ++aux_, label));
  Term m = solver_.ctx().intVar(fmt::format("m{}_{}", aux_, label));
  int64_t ad = *d < 0 ? -*d : *d;
  psi.push_back(a == *d * q + m);
  psi.push_back(m < ad && m > -ad);
  psi.push_back(implies(a >= 0, m >= 0) && implies(a < 0, m <= 0));
  psi.push_back(c.op == ArithOp::Div ? r == q : r == m);
}

void Encoder::encodeComputation(const seg::Computation& c, const State& from, const std::string& label,
                                std::vector<Term>& psi) {
  Term r = var(c.result, label);
  auto operand = [&](Ref x, int64_t lit) { return x == kNone ? r.sameSort(lit) : fit(var(x, label), r.width()); };
  auto a = [&] { return fit(var(c.a, label), r.width()); };
  switch (c.op) {
    case ArithOp::Add: psi.push_back(r == a() + operand(c.b, c.value)); return;
    case ArithOp::Sub: psi.push_back(r == a() - operand(c.b, c.value)); return;
    case ArithOp::Mul: psi.push_back(r == a() * operand(c.b, c.value)); return;
    case ArithOp::Neg: psi.push_back(r == -a()); return;
    case ArithOp::Const: psi.push_back(r == r.sameSort(c.value)); return;
    case ArithOp::Copy: psi.push_back(r == a()); return;
    case ArithOp::Cmp: {
      Term x = var(c.a, label), y = var(c.b, label);
      psi.push_back(r == ite(x < y, r.sameSort(-1), ite(x == y, r.sameSort(0), r.sameSort(1))));
      return;
    }
    case ArithOp::Div:
    case ArithOp::Rem:
      if (!bv_) return encodeMathDivision(c, from, label, psi);
      // bvsdiv/bvsrem are Java's idiv/irem, MIN / -1 included; the label
      // records the check that the divisor is not 0.
      psi.push_back(r == (c.op == ArithOp::Div ? smt::javaDiv(a(), operand(c.b, c.value))
                                               : smt::javaRem(a(), operand(c.b, c.value))));
      return;
    default: break;
  }
  if (!bv_) return;  // shifts, bit operations, conversions: unconstrained over the integers (sound)
  switch (c.op) {
    case ArithOp::Shl:
    case ArithOp::Shr:
    case ArithOp::Ushr: {
      // The distance is an int masked to 5 (int) or 6 (long) bits (JLS §15.19).
      Term amount = c.b == kNone ? r.sameSort(c.value & (r.width() == 64 ? 63 : 31))
                                 : smt::bitAnd(fit(var(c.b, label), r.width()), r.sameSort(r.width() == 64 ? 63 : 31));
      Term x = var(c.a, label);
      psi.push_back(r == (c.op == ArithOp::Shl   ? smt::shiftLeft(x, amount)
                          : c.op == ArithOp::Shr ? smt::shiftRightArithmetic(x, amount)
                                                 : smt::shiftRightLogical(x, amount)));
      return;
    }
    case ArithOp::And: psi.push_back(r == smt::bitAnd(a(), operand(c.b, c.value))); return;
    case ArithOp::Or: psi.push_back(r == smt::bitOr(a(), operand(c.b, c.value))); return;
    case ArithOp::Xor: psi.push_back(r == smt::bitXor(a(), operand(c.b, c.value))); return;
    case ArithOp::Convert: {
      // Narrowing to byte/short/char (from int) or int (from long), JLS §5.1.3.
      Term x = var(c.a, label);
      switch (c.prim) {
        case 'B': psi.push_back(r == smt::signExtend(smt::extract(x, 7, 0), 24)); return;
        case 'S': psi.push_back(r == smt::signExtend(smt::extract(x, 15, 0), 16)); return;
        case 'C': psi.push_back(r == smt::zeroExtend(smt::extract(x, 15, 0), 16)); return;
        case 'I': psi.push_back(r == smt::extract(x, 31, 0)); return;
        default: return;
      }
    }
    default: return;  // unknown values: unconstrained
  }
}

}  // namespace jhalt::witness
