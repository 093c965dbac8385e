#include "jhalt/its/rank.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "encode.h"
#include "jhalt/its/invariants.h"

namespace jhalt::its {
namespace {

using smt::Term;
using detail::farkas;
using detail::multipliers;
using detail::read;

// The transitions of the round on which its functions, as found, also
// decrease by at least 1 and are bounded, with their certificates: the
// solver's model need not mark every such transition strict, and each one
// left over costs a round of its own (the iterative method removes all).
void strengthen(const Its& its, const Facts& facts, Round& r, smt::Solver& solver) {
  smt::Context& ctx = solver.ctx();
  for (TransId t : r.scc) {
    if (std::find(r.strict.begin(), r.strict.end(), t) != r.strict.end()) continue;
    const Transition& tr = its.trans[t];
    const LinearFn& f = r.f.at(tr.from);
    const LinearFn& g = r.f.at(tr.to);
    const size_t pre = its.locs[tr.from].arity();
    int64_t beta = 0;
    bool fits = !__builtin_sub_overflow(f.constant, g.constant, &beta) && !__builtin_sub_overflow(beta, 1, &beta);
    for (int64_t k : f.coef) fits = fits && k != INT64_MIN;
    if (!fits) continue;
    std::vector<Row> rows = premise(its, t, facts);
    std::vector<Term> w(tr.num_vars, ctx.num(0)), bound_w(tr.num_vars, ctx.num(0));
    for (size_t j = 0; j < f.coef.size(); ++j) w[j] = ctx.num(-f.coef[j]), bound_w[j] = ctx.num(-f.coef[j]);
    for (size_t j = 0; j < g.coef.size(); ++j) w[pre + j] = ctx.num(g.coef[j]);
    solver.push();
    std::vector<Term> dec = multipliers(solver, rows, fmt::format("st{}_d", t));
    std::vector<Term> bound = multipliers(solver, rows, fmt::format("st{}_b", t));
    solver.add(farkas(ctx, rows, dec, w, ctx.num(beta)));
    solver.add(farkas(ctx, rows, bound, bound_w, ctx.num(f.constant)));
    if (solver.check("its strict transition") == smt::Result::Sat) {
      auto d = read(solver, dec, 1);
      auto b = read(solver, bound, 1);
      if (d && b) {
        r.decrease[t] = std::move(*d);
        r.bounded[t] = std::move(*b);
        r.strict.push_back(t);
      }
    }
    solver.pop();
  }
  std::sort(r.strict.begin(), r.strict.end());
}

// One round on a strongly connected part (see rank.h), or nullopt.
std::optional<Round> rankPart(const Its& its, const Facts& facts, const std::vector<TransId>& part, smt::Solver& solver,
                              size_t round) {
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
    std::vector<Row> rows = premise(its, t, facts);
    Term s = ctx.intVar(fmt::format("r{}_s{}", round, t));
    solver.add(s >= 0 && s <= 1);
    strict.emplace(t, s);
    strict_sum.push_back(s);
    // f(pre) - f'(post) >= s:  -a·x + a'·x' <= c - c' - s.
    std::vector<Term> w(tr.num_vars, ctx.num(0)), bound_w(tr.num_vars, ctx.num(0));
    for (size_t j = 0; j < pre; ++j) w[j] = -coef[tr.from][j], bound_w[j] = -coef[tr.from][j];
    for (size_t j = 0; j < post; ++j) w[pre + j] = coef[tr.to][j];
    dec_m[t] = multipliers(solver, rows, fmt::format("r{}_d{}", round, t));
    solver.add(farkas(ctx, rows, dec_m[t], w, constant.at(tr.from) - constant.at(tr.to) - s));
    // s = 1 => f(pre) >= 0:  -a·x <= c.
    bound_m[t] = multipliers(solver, rows, fmt::format("r{}_b{}", round, t));
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
  if (out) strengthen(its, facts, *out, solver);
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

namespace {

// The search under fixed facts; `proof` holds what they come with (the
// invariants' certificates and dead transitions).
RankResult attempt(const Its& its, smt::Solver& solver, const RankOptions& options, Proof proof) {
  RankResult result;
  const Facts& facts = proof.facts;
  std::vector<TransId> all;
  for (TransId t = 0; t < its.trans.size(); ++t)
    if (inSemantics(its.trans[t], facts.jvm)) all.push_back(t);
  // Dead transitions (among those reachable, before and after removing them).
  std::vector<bool> reach = reachable(its, all);
  std::vector<TransId> alive;
  for (TransId t : all) {
    if (!reach[its.trans[t].from]) continue;
    if (proof.dead.count(t)) continue;
    if (std::chrono::steady_clock::now() >= options.deadline) {
      result.why_not = "out of time";
      return result;
    }
    if (!detail::satisfiable(its, t, facts, solver)) {
      if (auto cert = detail::deadCertificate(its, t, facts, solver)) {
        proof.dead.emplace(t, std::move(*cert));
        continue;
      }
    }
    alive.push_back(t);
  }
  reach = reachable(its, alive);
  std::erase_if(alive, [&](TransId t) { return !reach[its.trans[t].from]; });
  // Anything may happen after a gap: no proof while one can be taken.
  std::vector<std::string> gaps, overflows;
  for (TransId t : alive) {
    auto k = its.trans[t].kind;
    auto& list = k == Transition::Kind::Gap ? gaps : overflows;
    if ((k == Transition::Kind::Gap || k == Transition::Kind::Overflow) && list.size() < 3 &&
        std::find(list.begin(), list.end(), its.trans[t].origin) == list.end())
      list.push_back(its.trans[t].origin);
  }
  if (!gaps.empty()) {
    result.why_not = "the translation does not follow everything: " + fmt::format("{}", fmt::join(gaps, "; "));
    return result;
  }
  if (!overflows.empty()) {
    result.why_not = "JVM int overflow not excluded: " + fmt::format("{}", fmt::join(overflows, "; "));
    return result;
  }
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
    size_t rows = 0;
    for (TransId t : part) rows += premise(its, t, facts).size();
    if (rows > options.max_part_rows) {
      result.why_not = fmt::format("the loop at {} is too large to rank ({} transitions)", partName(its, part), part.size());
      return result;
    }
    std::optional<Round> r = rankPart(its, facts, part, solver, rounds);
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

}  // namespace

RankResult prove(const Its& its, smt::Solver& solver, const RankOptions& options) {
  Proof plain;
  plain.facts.jvm = options.jvm;
  RankResult first = attempt(its, solver, options, plain);
  if (first.proof || !options.invariants || std::chrono::steady_clock::now() >= options.deadline) return first;
  // Invariants (docs/design/termination.md §7) make guards stronger: a
  // bound a loop needs, an overflow a bound excludes.
  InvariantOptions io = options.invariant;
  io.jvm = options.jvm;
  io.deadline = options.deadline;
  Invariants inv = findInvariants(its, solver, io);
  bool any = std::any_of(inv.facts.inv.begin(), inv.facts.inv.end(), [](const auto& v) { return !v.empty(); });
  if (!any) return first;
  Proof with;
  with.facts = std::move(inv.facts);
  with.inv_certs = std::move(inv.certs);
  with.dead = std::move(inv.dead);
  RankResult second = attempt(its, solver, options, std::move(with));
  return second.proof ? second : first;
}

}  // namespace jhalt::its
