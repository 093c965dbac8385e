#include "jhalt/its/rank.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace jhalt::its {
namespace {

using smt::Term;

// Unknown multipliers for the rows of a premise (>= 0 on inequalities).
std::vector<Term> multipliers(smt::Context& ctx, smt::Solver& solver, const std::vector<Row>& rows,
                              const std::string& name) {
  std::vector<Term> m;
  for (size_t i = 0; i < rows.size(); ++i) {
    m.push_back(ctx.intVar(fmt::format("{}_{}", name, i)));
    if (!rows[i].eq) solver.add(m.back() >= 0);
  }
  return m;
}

// sum_i m_i a_i = w (per variable) and sum_i m_i b_i <= beta.
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

// A certificate that the premise of t is infeasible over the rationals.
std::optional<Farkas> deadCertificate(const Its& its, TransId t, smt::Solver& solver) {
  smt::Context& ctx = solver.ctx();
  std::vector<Row> rows = premise(its, t);
  solver.push();
  std::vector<Term> m = multipliers(ctx, solver, rows, fmt::format("dead{}", t));
  std::vector<Term> zero(its.trans[t].num_vars, ctx.num(0));
  solver.add(farkas(ctx, rows, m, zero, ctx.num(-1)));
  std::optional<Farkas> out;
  if (solver.check("its dead transition") == smt::Result::Sat) out = read(solver, m, 0);
  solver.pop();
  return out;
}

bool satisfiable(const Its& its, TransId t, smt::Solver& solver) {
  smt::Context& ctx = solver.ctx();
  std::vector<Term> vars;
  for (uint32_t v = 0; v < its.trans[t].num_vars; ++v) vars.push_back(ctx.intVar(fmt::format("its_v{}", v)));
  std::vector<Term> all;
  for (const Row& r : premise(its, t)) {
    Term lhs = ctx.num(0);
    for (const auto& [v, a] : r.a) lhs = lhs + a * vars[v];
    all.push_back(r.eq ? lhs == r.b : lhs <= r.b);
  }
  solver.push();
  solver.add(ctx.mkAnd(all));
  smt::Result res = solver.check("its transition feasible");
  solver.pop();
  return res != smt::Result::Unsat;
}

// One round on a strongly connected part (see rank.h), or nullopt.
std::optional<Round> rankPart(const Its& its, const std::vector<TransId>& part, smt::Solver& solver, size_t round) {
  smt::Context& ctx = solver.ctx();
  std::set<LocId> locs;
  for (TransId t : part) locs.insert(its.trans[t].from), locs.insert(its.trans[t].to);
  std::map<LocId, std::vector<Term>> coef;
  std::map<LocId, Term> constant;
  for (LocId l : locs) {
    for (size_t j = 0; j < its.locs[l].arity(); ++j) coef[l].push_back(ctx.intVar(fmt::format("r{}_a{}_{}", round, l, j)));
    constant.emplace(l, ctx.intVar(fmt::format("r{}_c{}", round, l)));
  }
  solver.push();
  std::map<TransId, Term> strict;
  std::map<TransId, std::vector<Term>> dec_m, bound_m;
  std::vector<Term> strict_sum;
  for (TransId t : part) {
    const Transition& tr = its.trans[t];
    const size_t pre = its.locs[tr.from].arity(), post = its.locs[tr.to].arity();
    std::vector<Row> rows = premise(its, t);
    Term s = ctx.intVar(fmt::format("r{}_s{}", round, t));
    solver.add(s >= 0 && s <= 1);
    strict.emplace(t, s);
    strict_sum.push_back(s);
    // f(pre) - f'(post) >= s:  -a·x + a'·x' <= c - c' - s.
    std::vector<Term> w(tr.num_vars, ctx.num(0)), bound_w(tr.num_vars, ctx.num(0));
    for (size_t j = 0; j < pre; ++j) w[j] = -coef[tr.from][j], bound_w[j] = -coef[tr.from][j];
    for (size_t j = 0; j < post; ++j) w[pre + j] = coef[tr.to][j];
    dec_m[t] = multipliers(ctx, solver, rows, fmt::format("r{}_d{}", round, t));
    solver.add(farkas(ctx, rows, dec_m[t], w, constant.at(tr.from) - constant.at(tr.to) - s));
    // s = 1 => f(pre) >= 0:  -a·x <= c.
    bound_m[t] = multipliers(ctx, solver, rows, fmt::format("r{}_b{}", round, t));
    solver.add(smt::implies(s == 1, farkas(ctx, rows, bound_m[t], bound_w, constant.at(tr.from))));
  }
  Term total = ctx.num(0);
  for (const Term& s : strict_sum) total = total + s;
  solver.add(total >= 1);
  std::optional<Round> out;
  if (solver.check("its ranking function") == smt::Result::Sat) {
    Round r;
    r.scc = part;
    bool ok = true;
    for (LocId l : locs) {
      LinearFn f;
      for (const Term& a : coef[l]) {
        auto v = solver.value(a);
        ok = ok && v.has_value();
        f.coef.push_back(v.value_or(0));
      }
      auto c = solver.value(constant.at(l));
      ok = ok && c.has_value();
      f.constant = c.value_or(0);
      r.f.emplace(l, std::move(f));
    }
    for (TransId t : part) {
      auto s = solver.value(strict.at(t));
      ok = ok && s.has_value();
      auto d = read(solver, dec_m[t], 1);
      ok = ok && d.has_value();
      if (d) r.decrease.emplace(t, std::move(*d));
      if (s.value_or(0) == 1) {
        r.strict.push_back(t);
        auto b = read(solver, bound_m[t], 1);
        ok = ok && b.has_value();
        if (b) r.bounded.emplace(t, std::move(*b));
      }
    }
    if (ok && !r.strict.empty()) out = std::move(r);
  }
  solver.pop();
  return out;
}

std::string partName(const Its& its, const std::vector<TransId>& part) {
  std::set<std::string> names;
  for (TransId t : part) names.insert(its.locs[its.trans[t].from].name);
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace

RankResult prove(const Its& its, smt::Solver& solver, const RankOptions& options) {
  RankResult result;
  Proof proof;
  std::vector<TransId> all(its.trans.size());
  for (TransId t = 0; t < its.trans.size(); ++t) all[t] = t;
  // Dead transitions (among those reachable, before and after removing them).
  std::vector<bool> reach = reachable(its, all);
  std::vector<TransId> alive;
  for (TransId t : all) {
    if (!reach[its.trans[t].from]) continue;
    if (!satisfiable(its, t, solver)) {
      if (auto cert = deadCertificate(its, t, solver)) {
        proof.dead.emplace(t, std::move(*cert));
        continue;
      }
    }
    alive.push_back(t);
  }
  reach = reachable(its, alive);
  std::erase_if(alive, [&](TransId t) { return !reach[its.trans[t].from]; });
  std::vector<std::vector<TransId>> work = sccs(its, alive);
  size_t rounds = 0;
  while (!work.empty()) {
    std::vector<TransId> part = std::move(work.back());
    work.pop_back();
    if (std::chrono::steady_clock::now() >= options.deadline) {
      result.why_not = "out of time";
      return result;
    }
    if (++rounds > options.max_rounds) {
      result.why_not = fmt::format("more than {} ranking rounds", options.max_rounds);
      return result;
    }
    bool top = std::any_of(part.begin(), part.end(),
                           [&](TransId t) { return its.trans[t].kind == Transition::Kind::TopLoop; });
    if (top) {
      // Anything may happen after a gap: name the ones that are reachable.
      std::vector<std::string> gaps;
      for (TransId t : alive)
        if (its.trans[t].kind == Transition::Kind::Gap && gaps.size() < 3) gaps.push_back(its.trans[t].origin);
      result.why_not = "the translation does not follow everything: " + fmt::format("{}", fmt::join(gaps, "; "));
      return result;
    }
    std::optional<Round> r = rankPart(its, part, solver, rounds);
    if (!r) {
      result.why_not = "no linear ranking function for the loop at " + partName(its, part);
      return result;
    }
    std::vector<TransId> rest;
    std::set_difference(part.begin(), part.end(), r->strict.begin(), r->strict.end(), std::back_inserter(rest));
    for (auto& p : sccs(its, rest)) work.push_back(std::move(p));
    proof.rounds.push_back(std::move(*r));
  }
  result.proof = std::move(proof);
  return result;
}

}  // namespace jhalt::its
