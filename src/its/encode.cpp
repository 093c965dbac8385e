#include "encode.h"

#include <numeric>

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

std::vector<Term> realMultipliers(smt::Solver& solver, const std::vector<Row>& rows, const std::string& name) {
  std::vector<Term> m;
  for (size_t i = 0; i < rows.size(); ++i) {
    m.push_back(solver.ctx().realVar(fmt::format("{}_{}", name, i)));
    if (!rows[i].eq) solver.add(m.back() >= solver.ctx().num(0));
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

std::optional<Farkas> readScaled(smt::Solver& solver, const std::vector<Term>& m, const std::optional<Term>& scale) {
  std::vector<smt::Rational> values;
  for (const Term& t : m) {
    auto v = solver.rationalValue(t);
    if (!v) return std::nullopt;
    values.push_back(*v);
  }
  if (scale) {
    auto v = solver.rationalValue(*scale);
    if (!v || v->num <= 0) return std::nullopt;
    values.push_back(*v);
  }
  int64_t lcm = 1;
  for (const smt::Rational& v : values) {
    const int64_t g = std::gcd(lcm, v.den);
    if (__builtin_mul_overflow(lcm / g, v.den, &lcm)) return std::nullopt;
  }
  std::vector<int64_t> ints;
  for (const smt::Rational& v : values) {
    int64_t x = 0;
    if (__builtin_mul_overflow(v.num, lcm / v.den, &x)) return std::nullopt;
    ints.push_back(x);
  }
  Farkas f;
  f.scale = 0;
  if (scale) {
    f.scale = ints.back();
    ints.pop_back();
  }
  f.mult = std::move(ints);
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
  std::vector<Term> m = realMultipliers(solver, rows, fmt::format("dead{}", t));
  std::vector<Term> zero(its.trans[t].num_vars, ctx.num(0));
  solver.add(farkas(ctx, rows, m, zero, ctx.num(-1)));
  std::optional<Farkas> out;
  if (solver.check("its dead transition") == smt::Result::Sat) out = readScaled(solver, m, std::nullopt);
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
  return rationallyInfeasible(rows, num_vars, solver, name);
}

std::optional<Farkas> rationallyInfeasible(const std::vector<Row>& rows, size_t num_vars, smt::Solver& solver,
                                           const std::string& name) {
  smt::Context& ctx = solver.ctx();
  solver.push();
  std::vector<Term> m = realMultipliers(solver, rows, name);
  std::vector<Term> zero(num_vars, ctx.num(0));
  solver.add(farkas(ctx, rows, m, zero, ctx.num(-1)));
  std::optional<Farkas> out;
  if (solver.check("its infeasible sequence") == smt::Result::Sat) out = readScaled(solver, m, std::nullopt);
  solver.pop();
  return out;
}

std::optional<Farkas> pairCertificate(const std::vector<Row>& rows) {
  __extension__ typedef __int128 Big;
  auto certificate = [&](size_t i, Big p, size_t j, Big q) {
    Farkas f;
    f.scale = 0;
    f.mult.assign(rows.size(), 0);
    f.mult[i] += static_cast<int64_t>(p);
    f.mult[j] += static_cast<int64_t>(q);
    return f;
  };
  for (size_t i = 0; i < rows.size(); ++i) {
    const Row& r = rows[i];
    if (r.a.empty() && (r.eq ? r.b != 0 : r.b < 0)) return certificate(i, r.eq && r.b > 0 ? -1 : 1, i, 0);
  }
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = i + 1; j < rows.size(); ++j) {
      const Row& ri = rows[i];
      const Row& rj = rows[j];
      if (ri.a.empty() || ri.a.size() != rj.a.size()) continue;
      const auto& [v0, ai] = ri.a.front();
      auto it = std::find_if(rj.a.begin(), rj.a.end(), [&](const auto& p) { return p.first == v0; });
      if (it == rj.a.end()) continue;
      const Big aj = it->second;
      const Big abs_i = ai < 0 ? -Big{ai} : Big{ai}, abs_j = aj < 0 ? -aj : aj;
      if (abs_i == 0 || abs_j == 0 || abs_i > (Big{1} << 30) || abs_j > (Big{1} << 30)) continue;
      const Big g = std::gcd(static_cast<int64_t>(abs_i), static_cast<int64_t>(abs_j));
      Big p = abs_j / g;
      Big q = ((ai < 0) == (aj < 0) ? -1 : 1) * (abs_i / g);  // p·ai + q·aj = 0
      bool cancels = std::all_of(ri.a.begin(), ri.a.end(), [&](const auto& x) {
        auto y = std::find_if(rj.a.begin(), rj.a.end(), [&](const auto& z) { return z.first == x.first; });
        return y != rj.a.end() && p * x.second + q * y->second == 0;
      });
      if (!cancels) continue;
      for (Big sign : {Big{1}, Big{-1}}) {
        const Big pi = sign * p, qj = sign * q;
        if ((pi < 0 && !ri.eq) || (qj < 0 && !rj.eq)) continue;
        if (pi * ri.b + qj * rj.b <= -1) return certificate(i, pi, j, qj);
      }
    }
  return std::nullopt;
}

std::optional<Farkas> provenDead(const Its& its, TransId t, const Facts& facts, smt::Solver& solver) {
  if (auto f = pairCertificate(premise(its, t, facts))) return f;
  if (satisfiable(its, t, facts, solver)) return std::nullopt;
  return deadCertificate(its, t, facts, solver);
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
