#include "jhalt/its/obligations.h"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "encode.h"

namespace jhalt::its {
namespace {

using smt::Term;

// premise(t) ∧ w·v > beta over fresh variables of t.
Term violated(const Its& its, TransId t, const Facts& facts, smt::Context& ctx, const std::vector<int64_t>& w,
              int64_t beta) {
  std::vector<Term> vars = detail::transitionVars(ctx, its, t);
  Term lhs = ctx.num(0);
  for (size_t j = 0; j < w.size(); ++j)
    if (w[j] != 0) lhs = lhs + w[j] * vars[j];
  return detail::holds(ctx, premise(its, t, facts), vars) && lhs > beta;
}

}  // namespace

std::vector<Obligation> obligations(const Its& its, const Proof& proof, smt::Context& ctx) {
  std::vector<Obligation> out;
  const Facts& facts = proof.facts;
  Facts plain;
  plain.jvm = facts.jvm;
  for (const auto& lemma : its.lemmas)
    for (const auto& [t, cert] : lemma->infeasible) {
      std::vector<int64_t> zero(lemma->paths.trans[t].num_vars, 0);
      out.push_back({fmt::format("lemma \"{}\": path t{} cannot be taken", lemma->text, t),
                     violated(lemma->paths, t, plain, ctx, zero, -1)});
    }
  for (const auto& [t, cert] : proof.dead) {
    std::vector<int64_t> zero(its.trans[t].num_vars, 0);
    out.push_back({fmt::format("t{} cannot be taken", t), violated(its, t, facts, ctx, zero, -1)});
  }
  for (const InvCert& c : proof.inv_certs) {
    const Transition& tr = its.trans[c.t];
    const LinCon& atom = facts.inv.at(tr.to).at(c.atom);
    std::vector<int64_t> w(tr.num_vars, 0);
    for (const auto& [v, a] : atom.expr.terms) w[its.locs[tr.from].arity() + v] = a;
    out.push_back({fmt::format("t{} establishes invariant atom {}", c.t, c.atom),
                   violated(its, c.t, facts, ctx, w, -atom.expr.constant)});
  }
  for (size_t k = 0; k < proof.rounds.size(); ++k) {
    const Round& r = proof.rounds[k];
    const size_t d = r.phases.size();
    for (const auto& [t, cert] : r.decrease) {
      bool strict = std::binary_search(r.strict.begin(), r.strict.end(), t);
      auto add = [&](size_t phase, bool bound, const std::string& what) {
        if (auto c = roundClaim(its, r, t, phase, strict, bound))
          out.push_back({what, violated(its, t, facts, ctx, c->w, c->beta)});
        else  // not expressible: an obligation that cannot hold
          out.push_back({what, ctx.boolVal(true)});
      };
      for (size_t i = 0; i < d; ++i)
        add(i, false, fmt::format("phase {} of round {}'s function decreases on t{}", i + 1, k + 1, t));
      add(d, false, fmt::format("t{} does not increase round {}'s function", t, k + 1));
      if (strict) add(d, true, fmt::format("round {}'s function is bounded on t{}", k + 1, t));
    }
  }
  for (const Cut& c : proof.cuts)
    for (const auto& [u, cert] : c.next) {
      Sequence seq = sequencePremise(its, c.t, u, facts);
      std::vector<Term> vars;
      for (uint32_t v = 0; v < seq.num_vars; ++v) vars.push_back(ctx.intVar(fmt::format("its_v{}", v)));
      out.push_back({fmt::format("t{} cannot follow t{}", u, c.t), detail::holds(ctx, seq.rows, vars)});
    }
  for (const Cut& c : proof.cuts)
    for (const auto& [path, cert] : c.paths) {
      std::vector<TransId> all{c.t};
      all.insert(all.end(), path.begin(), path.end());
      Sequence seq = sequencePremise(its, all, facts);
      std::vector<Term> vars;
      for (uint32_t v = 0; v < seq.num_vars; ++v) vars.push_back(ctx.intVar(fmt::format("its_v{}", v)));
      out.push_back({fmt::format("t{} then {} is infeasible over the integers", c.t, fmt::join(path, ", ")),
                     detail::holds(ctx, seq.rows, vars)});
    }
  return out;
}

}  // namespace jhalt::its
