#include "jhalt/its/rank.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "encode.h"
#include "gomory.h"
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

// Unknown linear functions, one per location of a part.
struct UnknownFns {
  std::map<LocId, std::vector<Term>> coef;
  std::map<LocId, Term> constant;
};

UnknownFns unknownFns(const Its& its, const std::set<LocId>& locs, smt::Context& ctx, const std::string& name) {
  UnknownFns u;
  for (LocId l : locs) {
    std::vector<Term>& coef = u.coef[l];  // also for a location without variables (a review found it missing)
    for (size_t j = 0; j < its.locs[l].arity(); ++j) coef.push_back(ctx.intVar(fmt::format("{}_a{}_{}", name, l, j)));
    u.constant.emplace(l, ctx.intVar(fmt::format("{}_c{}", name, l)));
  }
  return u;
}

std::optional<std::map<LocId, LinearFn>> readFns(smt::Solver& solver, const UnknownFns& u) {
  std::map<LocId, LinearFn> out;
  for (const auto& [l, coef] : u.coef) {
    LinearFn f;
    for (const Term& a : coef) {
      auto v = solver.value(a);
      if (!v) return std::nullopt;
      f.coef.push_back(*v);
    }
    auto c = solver.value(u.constant.at(l));
    if (!c) return std::nullopt;
    f.constant = *c;
    out.emplace(l, std::move(f));
  }
  return out;
}

std::set<LocId> locations(const Its& its, const std::vector<TransId>& part) {
  std::set<LocId> locs;
  for (TransId t : part) locs.insert(its.trans[t].from), locs.insert(its.trans[t].to);
  return locs;
}

// One round on a strongly connected part (see rank.h), or nullopt.
std::optional<Round> rankPart(const Its& its, const Facts& facts, const std::vector<TransId>& part, smt::Solver& solver,
                              size_t round) {
  smt::Context& ctx = solver.ctx();
  std::set<LocId> locs = locations(its, part);
  UnknownFns u = unknownFns(its, locs, ctx, fmt::format("r{}", round));
  const auto& coef = u.coef;
  const auto& constant = u.constant;
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
    for (size_t j = 0; j < pre; ++j) w[j] = -coef.at(tr.from)[j], bound_w[j] = -coef.at(tr.from)[j];
    for (size_t j = 0; j < post; ++j) w[pre + j] = coef.at(tr.to)[j];
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
    auto fns = readFns(solver, u);
    bool ok = fns.has_value();
    if (fns) r.f = std::move(*fns);
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

// A multiphase round of `depth` phases (proof.h), or nullopt: on each
// strict transition and phase i,
//   premise => g_i(pre) - g_i'(post) + g_{i-1}(pre) >= 1   (g_0 = 0)
// and premise => g_d(pre) >= 0; on the others no phase increases; at least
// one transition is strict. Each claim by Farkas' lemma.
std::optional<Round> rankMultiphase(const Its& its, const Facts& facts, const std::vector<TransId>& part,
                                    smt::Solver& solver, size_t round, size_t depth) {
  smt::Context& ctx = solver.ctx();
  std::set<LocId> locs = locations(its, part);
  std::vector<UnknownFns> g;
  for (size_t i = 0; i < depth; ++i) g.push_back(unknownFns(its, locs, ctx, fmt::format("r{}_p{}", round, i)));
  solver.push();
  // Per transition: whether it is strict, and per phase the multipliers of
  // its strict and of its weak claim.
  std::map<TransId, Term> strict;
  std::vector<std::map<TransId, std::vector<Term>>> dec_strict(depth), dec_weak(depth);
  std::map<TransId, std::vector<Term>> bound;
  Term total = ctx.num(0);
  for (TransId t : part) {
    const Transition& tr = its.trans[t];
    const size_t pre = its.locs[tr.from].arity(), post = its.locs[tr.to].arity();
    std::vector<Row> rows = premise(its, t, facts);
    Term s = ctx.intVar(fmt::format("r{}_ps{}", round, t));
    solver.add(s >= 0 && s <= 1);
    strict.emplace(t, s);
    total = total + s;
    for (size_t i = 0; i < depth; ++i) {
      // Weak: -g_i·x + g_i'·x' <= c_i - c_i'.
      std::vector<Term> w(tr.num_vars, ctx.num(0));
      Term beta = g[i].constant.at(tr.from) - g[i].constant.at(tr.to);
      for (size_t j = 0; j < pre; ++j) w[j] = -g[i].coef.at(tr.from)[j];
      for (size_t j = 0; j < post; ++j) w[pre + j] = g[i].coef.at(tr.to)[j];
      dec_weak[i][t] = multipliers(solver, rows, fmt::format("r{}_p{}_w{}", round, i, t));
      solver.add(smt::implies(s == 0, farkas(ctx, rows, dec_weak[i][t], w, beta)));
      // Strict: minus g_{i-1}(pre) and 1 more.
      beta = beta - ctx.num(1);
      if (i > 0) {
        for (size_t j = 0; j < pre; ++j) w[j] = w[j] - g[i - 1].coef.at(tr.from)[j];
        beta = beta + g[i - 1].constant.at(tr.from);
      }
      dec_strict[i][t] = multipliers(solver, rows, fmt::format("r{}_p{}_d{}", round, i, t));
      solver.add(smt::implies(s == 1, farkas(ctx, rows, dec_strict[i][t], w, beta)));
    }
    std::vector<Term> bound_w(tr.num_vars, ctx.num(0));
    for (size_t j = 0; j < pre; ++j) bound_w[j] = -g[depth - 1].coef.at(tr.from)[j];
    bound[t] = multipliers(solver, rows, fmt::format("r{}_pb{}", round, t));
    solver.add(smt::implies(s == 1, farkas(ctx, rows, bound[t], bound_w, g[depth - 1].constant.at(tr.from))));
  }
  solver.add(total >= 1);
  std::optional<Round> out;
  if (solver.check("its multiphase ranking function") == smt::Result::Sat) {
    Round r;
    r.scc = part;
    bool ok = true;
    std::set<TransId> is_strict;
    for (TransId t : part) {
      auto v = solver.value(strict.at(t));
      ok = ok && v.has_value();
      if (v.value_or(0) == 1) is_strict.insert(t), r.strict.push_back(t);
    }
    for (size_t i = 0; i < depth && ok; ++i) {
      auto fns = readFns(solver, g[i]);
      ok = fns.has_value();
      std::map<TransId, Farkas> certs;
      for (TransId t : part) {
        auto c = read(solver, is_strict.count(t) ? dec_strict[i].at(t) : dec_weak[i].at(t), 1);
        ok = ok && c.has_value();
        if (c) certs.emplace(t, std::move(*c));
      }
      if (!ok) break;
      if (i + 1 < depth) {
        r.phases.push_back(std::move(*fns));
        r.phase_decrease.push_back(std::move(certs));
      } else {
        r.f = std::move(*fns);
        r.decrease = std::move(certs);
      }
    }
    for (TransId t : r.strict) {
      auto b = read(solver, bound.at(t), 1);
      ok = ok && b.has_value();
      if (b) r.bounded.emplace(t, std::move(*b));
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

namespace {

// Is every sequence t u w (w a transition of `part` after u) infeasible
// over the integers? Their certificates go into `cut`.
bool closeAfter(const Its& its, const std::vector<TransId>& part, TransId t, TransId u, smt::Solver& solver, Cut& cut,
                const Facts& facts, size_t& budget) {
  for (TransId w : part) {
    if (its.trans[w].from != its.trans[u].to) continue;
    if (budget == 0) return false;
    --budget;
    Sequence seq = sequencePremise(its, {t, u, w}, facts);
    auto cert = detail::integerInfeasible(seq.rows, seq.num_vars, solver, fmt::format("cut{}_{}_{}", t, u, w));
    if (!cert) return false;
    cut.paths.emplace(std::vector<TransId>{u, w}, std::move(*cert));
  }
  return true;
}

// Transitions of `part` that no transition of the part can follow (proof.h,
// Cut), or after which every sequence of two is infeasible over the
// integers, removed until there are none; their cuts are added to `proof`.
// Spends at most `budget` sequence checks.
std::vector<TransId> cutDeadEnds(const Its& its, std::vector<TransId> part, smt::Solver& solver, Proof& proof,
                                 size_t& budget) {
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < part.size() && !changed; ++i) {
      const TransId t = part[i];
      Cut cut{t, proof.rounds.size(), {}, {}};
      bool all = true, any = false;
      for (TransId u : part) {
        if (its.trans[u].from != its.trans[t].to) continue;
        if (budget == 0) return part;
        --budget;
        any = true;
        Sequence seq = sequencePremise(its, t, u, proof.facts);
        auto cert = detail::integerInfeasible(seq.rows, seq.num_vars, solver, fmt::format("cut{}_{}", t, u));
        if (cert && cert->cuts.empty())
          cut.next.emplace(u, std::move(cert->farkas));
        else if (cert)
          cut.paths.emplace(std::vector<TransId>{u}, std::move(*cert));
        else if (!closeAfter(its, part, t, u, solver, cut, proof.facts, budget))
          all = false;
        if (!all) break;
      }
      if (!all || !any) continue;
      proof.cuts.push_back(std::move(cut));
      part.erase(part.begin() + static_cast<std::ptrdiff_t>(i));
      changed = true;
    }
  }
  return part;
}

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
    if (auto cert = detail::provenDead(its, t, facts, solver)) {
      proof.dead.emplace(t, std::move(*cert));
      continue;
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
  size_t rounds = 0, cut_budget = options.max_cut_checks;
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
    // No linear function: a multiphase one (its strict transitions are removed).
    const bool small = part.size() <= options.max_phase_transitions && rows <= options.max_phase_rows;
    for (size_t depth = 2; !r && small && depth <= options.max_phases; ++depth) {
      if (std::chrono::steady_clock::now() >= options.deadline) break;
      r = rankMultiphase(its, facts, part, solver, rounds, depth);
    }
    if (!r) {
      // Transitions nothing can follow any more: without them the part may split.
      std::vector<TransId> rest = small ? cutDeadEnds(its, part, solver, proof, cut_budget) : part;
      if (rest.size() < part.size()) {
        for (auto& p : sccs(its, rest)) work.push_back(std::move(p));
        continue;
      }
      result.why_not = fmt::format("no linear or multiphase (up to {} phases) ranking function for the loop at {}", options.max_phases, partName(its, part));
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
  RankResult first;
  if (options.plain)
    first = attempt(its, solver, options, plain);
  else
    first.why_not = "no invariants found";
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
  // Without a proof, the reason with the invariants goes further.
  return second;
}

}  // namespace jhalt::its
