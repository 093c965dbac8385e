#include "jhalt/nonterm/formula.h"

#include <fmt/format.h>

#include "jhalt/nonterm/interesting.h"

namespace jhalt::nonterm {

using seg::ArithOp;
using seg::RelOp;
using state::HeapValue;
using state::Interval;
using state::kNone;
using state::Ref;
using state::State;

z3::expr Encoder::var(Ref r, const std::string& label) { return solver_.intVar(fmt::format("r{}_{}", r, label)); }

z3::expr Encoder::conj(const z3::expr_vector& v) {
  if (v.empty()) return solver_.ctx().bool_val(true);
  return z3::mk_and(v);
}

bool Encoder::isInt(const State& s, Ref r) const {
  const HeapValue* v = s.find(r);
  return v && v->kind == HeapValue::Kind::Integer;
}

void Encoder::invariants(seg::NodeId n, const std::string& label, z3::expr_vector& out) {
  const State& s = g_.state(n);
  for (const auto& [r, v] : s.heap) {
    if (v->kind != HeapValue::Kind::Integer) continue;
    z3::expr x = var(r, label);
    if (v->interval.finiteLo()) out.push_back(x >= solver_.num(v->interval.lo));
    if (v->interval.finiteHi()) out.push_back(x <= solver_.num(v->interval.hi));
  }
  for (const auto& rel : s.relations) {
    z3::expr a = var(rel.a, label), b = var(rel.b, label);
    out.push_back(rel.strict ? a < b : a <= b);
  }
}

bool Encoder::integerDetermined(const Path& p) const {
  for (seg::EdgeId e : p) {
    const seg::Edge& edge = g_.edge(e);
    if (edge.kind == seg::EdgeKind::Eval && !edge.label.library_call.empty()) return false;
    if (edge.kind != seg::EdgeKind::Refine) continue;
    if (edge.refined.empty()) return false;  // a split not on integers
    const State& s = g_.state(edge.from);
    for (Ref r : edge.refined)
      if (!isInt(s, r)) return false;
  }
  return true;
}

void Encoder::path(const Path& p, const std::string& label, z3::expr_vector& phi, z3::expr_vector& psi) {
  for (size_t k = 0; k < p.size(); ++k) {
    const seg::Edge& edge = g_.edge(p[k]);
    invariants(edge.from, label, phi);
    if (k + 1 == p.size() && edge.kind == seg::EdgeKind::Instance) break;
    encodeEdge(p[k], label, phi, psi);
  }
}

void Encoder::encodeEdge(seg::EdgeId e, const std::string& label, z3::expr_vector& phi, z3::expr_vector& psi) {
  const seg::Edge& edge = g_.edge(e);
  const State& from = g_.state(edge.from);
  const State& to = g_.state(edge.to);
  auto v = [&](Ref r) { return var(r, label); };
  if (edge.kind != seg::EdgeKind::Eval) {
    // Refinement and instance edges: references at the same positions hold
    // the same values.
    auto pairs = edge.kind == seg::EdgeKind::Instance ? edge.instance : correspondence(from, to);
    for (const auto& [x, y] : pairs)
      if (x != y && isInt(from, x) && isInt(to, y)) psi.push_back(v(x) == v(y));
    return;
  }
  for (const seg::Relation& r : edge.label.relations) {
    if (!isInt(from, r.a) || (r.b != kNone && !isInt(from, r.b))) continue;
    z3::expr a = v(r.a);
    z3::expr b = r.b == kNone ? solver_.num(r.constant) : v(r.b);
    switch (r.op) {
      case RelOp::Lt: phi.push_back(a < b); break;
      case RelOp::Le: phi.push_back(a <= b); break;
      case RelOp::Eq: phi.push_back(a == b); break;
      case RelOp::Ne: phi.push_back(a != b); break;
      case RelOp::Ge: phi.push_back(a >= b); break;
      case RelOp::Gt: phi.push_back(a > b); break;
    }
  }
  for (const seg::Computation& c : edge.label.computations) {
    if (!isInt(to, c.result)) continue;
    z3::expr r = v(c.result);
    auto operand = [&](Ref x, int64_t lit) { return x == kNone ? solver_.num(lit) : v(x); };
    auto literal = [&](Ref x, int64_t lit) -> std::optional<int64_t> {
      if (x == kNone) return lit;
      if (isInt(from, x) && from.intervalOf(x).isPoint()) return from.intervalOf(x).lo;
      return std::nullopt;
    };
    switch (c.op) {
      case ArithOp::Add: psi.push_back(r == v(c.a) + operand(c.b, c.value)); break;
      case ArithOp::Sub: psi.push_back(r == v(c.a) - operand(c.b, c.value)); break;
      case ArithOp::Mul: psi.push_back(r == v(c.a) * operand(c.b, c.value)); break;
      case ArithOp::Neg: psi.push_back(r == -v(c.a)); break;
      case ArithOp::Const: psi.push_back(r == solver_.num(c.value)); break;
      case ArithOp::Copy: psi.push_back(r == v(c.a)); break;
      case ArithOp::Cmp: {
        z3::expr a = v(c.a), b = v(c.b);
        psi.push_back(r == z3::ite(a < b, solver_.num(-1), z3::ite(a == b, solver_.num(0), solver_.num(1))));
        break;
      }
      case ArithOp::Div:
      case ArithOp::Rem: {
        // Java's truncating division by a literal d != 0: a = d*q + m with
        // |m| < |d| and m having the sign of a (JLS §15.17.2-3). Total in a.
        auto d = literal(c.b, c.value);
        if (!d || *d == 0) break;  // unconstrained result: sound
        z3::expr a = v(c.a);
        z3::expr q = solver_.intVar(fmt::format("q{}_{}", ++aux_, label));
        z3::expr m = solver_.intVar(fmt::format("m{}_{}", aux_, label));
        int64_t ad = *d < 0 ? -*d : *d;
        psi.push_back(a == solver_.num(*d) * q + m);
        psi.push_back(m < solver_.num(ad) && m > solver_.num(-ad));
        psi.push_back(z3::implies(a >= 0, m >= 0) && z3::implies(a < 0, m <= 0));
        psi.push_back(c.op == ArithOp::Div ? r == q : r == m);
        break;
      }
      default:
        break;  // shifts, bit operations, conversions, unknown values: unconstrained
    }
  }
}

}  // namespace jhalt::nonterm
