#include "encode.h"

#include <fmt/format.h>

namespace jhalt::its::detail {

using smt::Term;

std::vector<Term> multipliers(smt::Solver& solver, const std::vector<Row>& rows, const std::string& name) {
  std::vector<Term> m;
  for (size_t i = 0; i < rows.size(); ++i) {
    m.push_back(solver.ctx().intVar(fmt::format("{}_{}", name, i)));
    if (!rows[i].eq) solver.add(m.back() >= 0);
  }
  return m;
}

Term farkas(smt::Context& ctx, const std::vector<Row>& rows, const std::vector<Term>& m, const std::vector<Term>& w,
            const Term& beta) {
  std::vector<Term> column(w.size(), ctx.num(0));
  Term rhs = ctx.num(0);
  for (size_t i = 0; i < rows.size(); ++i) {
    for (const auto& [v, a] : rows[i].a) column[v] = column[v] + a * m[i];
    rhs = rhs + rows[i].b * m[i];
  }
  std::vector<Term> all;
  for (size_t j = 0; j < w.size(); ++j) all.push_back(column[j] == w[j]);
  all.push_back(rhs <= beta);
  return ctx.mkAnd(all);
}

std::optional<Farkas> read(smt::Solver& solver, const std::vector<Term>& m, int64_t scale) {
  Farkas f;
  f.scale = scale;
  for (const Term& t : m) {
    auto v = solver.value(t);
    if (!v) return std::nullopt;
    f.mult.push_back(*v);
  }
  return f;
}

Term holds(smt::Context& ctx, const std::vector<Row>& rows, const std::vector<Term>& vars) {
  std::vector<Term> all;
  for (const Row& r : rows) {
    Term lhs = ctx.num(0);
    for (const auto& [v, a] : r.a) lhs = lhs + a * vars[v];
    all.push_back(r.eq ? lhs == r.b : lhs <= r.b);
  }
  return ctx.mkAnd(all);
}

Term holds(smt::Context& ctx, const LinCon& c, const std::vector<Term>& vars) {
  Term lhs = ctx.num(c.expr.constant);
  for (const auto& [v, a] : c.expr.terms) lhs = lhs + a * vars[v];
  return c.rel == LinCon::Rel::Eq ? lhs == 0 : lhs <= 0;
}

std::vector<Term> transitionVars(smt::Context& ctx, const Its& its, TransId t) {
  std::vector<Term> vars;
  for (uint32_t v = 0; v < its.trans[t].num_vars; ++v) vars.push_back(ctx.intVar(fmt::format("its_v{}", v)));
  return vars;
}

std::optional<Farkas> deadCertificate(const Its& its, TransId t, const Facts& facts, smt::Solver& solver) {
  smt::Context& ctx = solver.ctx();
  std::vector<Row> rows = premise(its, t, facts);
  solver.push();
  std::vector<Term> m = multipliers(solver, rows, fmt::format("dead{}", t));
  std::vector<Term> zero(its.trans[t].num_vars, ctx.num(0));
  solver.add(farkas(ctx, rows, m, zero, ctx.num(-1)));
  std::optional<Farkas> out;
  if (solver.check("its dead transition") == smt::Result::Sat) out = read(solver, m, 0);
  solver.pop();
  return out;
}

std::optional<Farkas> infeasible(const std::vector<Row>& rows, size_t num_vars, smt::Solver& solver,
                                 const std::string& name) {
  smt::Context& ctx = solver.ctx();
  std::vector<Term> vars;
  for (size_t v = 0; v < num_vars; ++v) vars.push_back(ctx.intVar(fmt::format("{}_v{}", name, v)));
  solver.push();
  solver.add(holds(ctx, rows, vars));
  smt::Result res = solver.check("its sequence feasible");
  solver.pop();
  if (res != smt::Result::Unsat) return std::nullopt;
  solver.push();
  std::vector<Term> m = multipliers(solver, rows, name);
  std::vector<Term> zero(num_vars, ctx.num(0));
  solver.add(farkas(ctx, rows, m, zero, ctx.num(-1)));
  std::optional<Farkas> out;
  if (solver.check("its infeasible sequence") == smt::Result::Sat) out = read(solver, m, 0);
  solver.pop();
  return out;
}

bool satisfiable(const Its& its, TransId t, const Facts& facts, smt::Solver& solver) {
  smt::Context& ctx = solver.ctx();
  solver.push();
  solver.add(holds(ctx, premise(its, t, facts), transitionVars(ctx, its, t)));
  smt::Result res = solver.check("its transition feasible");
  solver.pop();
  return res != smt::Result::Unsat;
}

}  // namespace jhalt::its::detail
