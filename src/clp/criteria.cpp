#include "jhalt/clp/criteria.h"

#include <fmt/format.h>

namespace jhalt::clp {

smt::Term clauseOver(smt::Solver& s, const BinaryClause& c, const std::string& x, const std::string& y,
                     const std::string& z) {
  auto name = [&](Var v) -> std::string {
    if (v < c.head_arity) return x + std::to_string(v);
    if (v < c.head_arity + c.body_arity) return y + std::to_string(v - c.head_arity);
    return z + std::to_string(v - c.head_arity - c.body_arity);
  };
  std::vector<smt::Term> parts;
  for (const LinCon& con : c.constraint) {
    smt::Term e = s.ctx().num(con.expr.constant);
    for (const auto& [v, k] : con.expr.terms) e = e + k * s.ctx().intVar(name(v));
    parts.push_back(con.rel == LinCon::Rel::Eq ? e == 0 : e <= 0);
  }
  return s.ctx().mkAnd(parts);
}

namespace {

std::vector<smt::Term> vars(smt::Solver& s, const std::string& prefix, uint32_t n) {
  std::vector<smt::Term> v;
  for (uint32_t i = 0; i < n; ++i) v.push_back(s.ctx().intVar(prefix + std::to_string(i)));
  return v;
}

uint32_t internals(const BinaryClause& c) { return c.num_vars - c.head_arity - c.body_arity; }


}  // namespace

Criterion recurrent(smt::Solver& s, const BinaryClause& loop, unsigned rlimit) {
  if (!loop.body || *loop.body != loop.head || loop.head_arity != loop.body_arity) return Criterion::None;
  const uint32_t n = loop.head_arity, m = internals(loop);
  // Prop. 3, negated: exists x y z. c(x, y, z) and forall y2 z2. not c(y, y2, z2).
  {
    std::vector<smt::Term> inner = vars(s, "y2_", n);
    for (const auto& e : vars(s, "z2_", m)) inner.push_back(e);
    smt::Term f = clauseOver(s, loop, "x", "y", "z") && smt::forall(inner, !clauseOver(s, loop, "y", "y2_", "z2_"));
    if (s.checkQuantified(f, "clp-prop3", rlimit) == smt::Result::Unsat) return Criterion::Universal;
  }
  // Prop. 4, negated: exists x y0 z0. c(x, y0, z0) and
  // forall y z y2 z2. not (c(x, y, z) and c(y, y2, z2)).
  std::vector<smt::Term> inner = vars(s, "y", n);
  for (const auto& e : vars(s, "z", m)) inner.push_back(e);
  for (const auto& e : vars(s, "y2_", n)) inner.push_back(e);
  for (const auto& e : vars(s, "z2_", m)) inner.push_back(e);
  smt::Term f = clauseOver(s, loop, "x", "y0_", "z0_") &&
                smt::forall(inner, !(clauseOver(s, loop, "x", "y", "z") && clauseOver(s, loop, "y", "y2_", "z2_")));
  if (s.checkQuantified(f, "clp-prop4", rlimit) == smt::Result::Unsat) return Criterion::Existential;
  return Criterion::None;
}

std::optional<std::vector<int64_t>> reachable(smt::Solver& s, uint32_t entry_arity, const std::vector<LinCon>& entry,
                                              const std::vector<LinCon>& bounds, const BinaryClause* stem,
                                              const BinaryClause& loop) {
  // The recurrent set of Props. 3 and 4: the clause's domain c'(x).
  return reachableSet(s, entry_arity, entry, bounds, stem, clauseOver(s, loop, "x", "y2_", "z2_"), loop.head_arity);
}

smt::Term setVar(smt::Solver& s, uint32_t i) { return s.ctx().intVar("x" + std::to_string(i)); }

namespace {

// S(x) -> S(y): the set's variables x<i> renamed to `prefix`<i>.
smt::Term renameSet(smt::Solver& s, const smt::Term& set, uint32_t arity, const std::string& prefix) {
  std::vector<smt::Term> from, to;
  for (uint32_t i = 0; i < arity; ++i) {
    from.push_back(setVar(s, i));
    to.push_back(s.ctx().intVar(prefix + std::to_string(i)));
  }
  return set.substitute(from, to);
}

// exists (body and internal variables of c). c(x, y, z) and rest(y).
smt::Term stepInto(smt::Solver& s, const BinaryClause& c, const std::string& tag, const smt::Term& rest) {
  const std::string y = "y" + tag + "_", z = "z" + tag + "_";
  std::vector<smt::Term> bound;
  for (uint32_t i = 0; i < c.body_arity; ++i) bound.push_back(s.ctx().intVar(y + std::to_string(i)));
  for (uint32_t i = c.head_arity + c.body_arity; i < c.num_vars; ++i)
    bound.push_back(s.ctx().intVar(z + std::to_string(i - c.head_arity - c.body_arity)));
  return smt::exists(bound, clauseOver(s, c, "x", y, z) && rest);
}

}  // namespace

smt::Term domainOf(smt::Solver& s, const BinaryClause& loop) {
  return stepInto(s, loop, "d", s.ctx().boolVal(true));
}

std::optional<smt::Term> recurrentSet(smt::Solver& s, const std::vector<const BinaryClause*>& loops, unsigned rounds,
                                     unsigned* intersections, unsigned rlimit) {
  if (loops.empty()) return std::nullopt;
  const uint32_t n = loops.front()->head_arity;
  for (const BinaryClause* c : loops)
    if (c->head != loops.front()->head || c->body != c->head || c->head_arity != n || c->body_arity != n)
      return std::nullopt;
  // S0: the union of the domains. The sets keep their existential
  // quantifiers (no quantifier elimination: it can blow up, and cancelling
  // it is unsafe in Z3); only the closedness check is quantified.
  std::vector<smt::Term> domains;
  for (size_t k = 0; k < loops.size(); ++k) domains.push_back(domainOf(s, *loops[k]));
  smt::Term set = s.ctx().mkOr(domains);
  for (unsigned round = 0; round <= rounds; ++round) {
    // Pre(S): the values with a clause into S.
    std::vector<smt::Term> pre;
    for (size_t k = 0; k < loops.size(); ++k)
      pre.push_back(stepInto(s, *loops[k], std::to_string(k), renameSet(s, set, n, "y" + std::to_string(k) + "_")));
    smt::Term pre_set = s.ctx().mkOr(pre);
    // Closed when S implies Pre(S); then S must not be empty.
    smt::Result closed = s.checkQuantified(set && !pre_set, "clp-recurrent-set-closed", rlimit);
    if (closed == smt::Result::Unsat) {
      s.push();
      s.add(set);
      smt::Result nonempty = s.check("clp-recurrent-set-nonempty");
      s.pop();
      if (nonempty != smt::Result::Sat) return std::nullopt;
      if (intersections) *intersections = round;
      return set;
    }
    if (closed != smt::Result::Sat) return std::nullopt;
    set = set && pre_set;
  }
  return std::nullopt;
}

std::optional<std::vector<int64_t>> reachableSet(smt::Solver& s, uint32_t entry_arity, const std::vector<LinCon>& entry,
                                                 const std::vector<LinCon>& bounds, const BinaryClause* stem,
                                                 const smt::Term& set, uint32_t set_arity) {
  std::vector<smt::Term> parts;
  for (const auto* cons : {&entry, &bounds})
    for (const LinCon& con : *cons) {
      smt::Term e = s.ctx().num(con.expr.constant);
      for (const auto& [v, k] : con.expr.terms) e = e + k * setVar(s, v);
      parts.push_back(con.rel == LinCon::Rel::Eq ? e == 0 : e <= 0);
    }
  if (stem) {
    if (stem->head_arity != entry_arity || stem->body_arity != set_arity) return std::nullopt;
    parts.push_back(clauseOver(s, *stem, "x", "ys_", "zs_"));
    parts.push_back(renameSet(s, set, set_arity, "ys_"));
  } else {
    if (set_arity != entry_arity) return std::nullopt;
    parts.push_back(set);
  }
  s.push();
  s.add(s.ctx().mkAnd(parts));
  smt::Result r = s.check("clp-prop5");
  std::optional<std::vector<int64_t>> out;
  if (r == smt::Result::Sat) {
    std::vector<int64_t> x;
    for (uint32_t i = 0; i < entry_arity; ++i) x.push_back(s.value(setVar(s, i)).value_or(0));
    out = std::move(x);
  }
  s.pop();
  return out;
}

}  // namespace jhalt::clp
