#include "jhalt/its/check.h"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>
#include <gmpxx.h>

#include "gomory.h"

namespace jhalt::its {
namespace {

// Verifies premise(t) => w·v <= beta (scale >= 1), or infeasibility
// (scale 0: w = 0, beta = -1), in exact integer arithmetic.
bool verify(const std::vector<Row>& rows, const Farkas& f, const std::vector<mpz_class>& w, const mpz_class& beta,
            size_t num_vars, std::string& why) {
  if (f.mult.size() != rows.size()) return why = "a certificate with the wrong number of multipliers", false;
  if (f.scale < 0) return why = "a negative scale", false;
  std::vector<mpz_class> column(num_vars, 0);
  mpz_class rhs = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    mpz_class m(static_cast<long>(f.mult[i]));
    if (!rows[i].eq && m < 0) return why = "a negative multiplier of an inequality", false;
    for (const auto& [v, a] : rows[i].a) {
      if (v >= num_vars) return why = "a premise variable out of range", false;
      column[v] += m * mpz_class(static_cast<long>(a));
    }
    rhs += m * mpz_class(static_cast<long>(rows[i].b));
  }
  mpz_class scale(static_cast<long>(f.scale));
  for (size_t j = 0; j < num_vars; ++j)
    if (column[j] != scale * w[j]) return why = fmt::format("the combination differs at variable {}", j), false;
  if (f.scale == 0) {
    if (rhs > -1) return why = "an infeasibility certificate whose constant is not negative", false;
  } else if (rhs > scale * beta) {
    return why = "the combined constant is too large", false;
  }
  return true;
}

// The location sets of the non-trivial strongly connected parts of the
// graph of `among`, by reachability closure (independent of its::sccs).
std::set<std::set<LocId>> cyclicParts(const Its& its, const std::vector<TransId>& among) {
  const size_t n = its.locs.size();
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (TransId t : among) reach[its.trans[t].from][its.trans[t].to] = true;
  for (size_t k = 0; k < n; ++k)
    for (size_t i = 0; i < n; ++i)
      if (reach[i][k])
        for (size_t j = 0; j < n; ++j)
          if (reach[k][j]) reach[i][j] = true;
  std::set<std::set<LocId>> parts;
  for (size_t i = 0; i < n; ++i) {
    if (!reach[i][i]) continue;
    std::set<LocId> part;
    for (size_t j = 0; j < n; ++j)
      if (reach[i][j] && reach[j][i]) part.insert(static_cast<LocId>(j));
    parts.insert(std::move(part));
  }
  return parts;
}

std::vector<TransId> reachableFromStart(const Its& its, const std::vector<TransId>& among) {
  std::vector<bool> seen(its.locs.size(), false);
  seen[its.start] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (TransId t : among)
      if (seen[its.trans[t].from] && !seen[its.trans[t].to]) seen[its.trans[t].to] = changed = true;
  }
  std::vector<TransId> out;
  for (TransId t : among)
    if (seen[its.trans[t].from]) out.push_back(t);
  return out;
}

// The round's claims for transition t: each phase's decrease and, when
// strict, the bound (proof.h).
bool verifyRound(const Its& its, const Facts& facts, const Round& r, TransId t, bool strict, std::string& why,
                 size_t& count) {
  const Transition& tr = its.trans[t];
  if (r.phase_decrease.size() != r.phases.size()) return why = "a multiphase round without its certificates", false;
  std::vector<Row> rows = premise(its, t, facts);
  auto claim = [&](size_t phase, bool bound, const std::map<TransId, Farkas>& certs, const char* what) {
    auto c = roundClaim(its, r, t, phase, strict, bound);
    if (!c) return why = "a ranking function that is missing, of the wrong arity or too large", false;
    auto cert = certs.find(t);
    if (cert == certs.end()) return why = fmt::format("no {} certificate for t{}", what, t), false;
    std::vector<mpz_class> w;
    for (int64_t a : c->w) w.emplace_back(static_cast<long>(a));
    if (!verify(rows, cert->second, w, mpz_class(static_cast<long>(c->beta)), tr.num_vars, why)) return false;
    ++count;
    return true;
  };
  for (size_t i = 0; i < r.phases.size(); ++i)
    if (!claim(i, false, r.phase_decrease[i], "phase decrease")) return false;
  if (!claim(r.phases.size(), false, r.decrease, "decrease")) return false;
  return !strict || claim(r.phases.size(), true, r.bounded, "bound");
}

// The invariants: true at start and top, inequalities only, and each atom
// of each location established by every transition into it that a run can
// take (alive, from a reachable location).
bool verifyInvariants(const Its& its, const Proof& proof, const std::vector<TransId>& taken, std::string& why,
                      size_t& count) {
  const Facts& facts = proof.facts;
  if (facts.inv.size() > its.locs.size()) return why = "invariants of locations that do not exist", false;
  for (LocId l = 0; l < facts.inv.size(); ++l) {
    if (facts.inv[l].empty()) continue;
    if (its.locs[l].kind != Location::Kind::Program) return why = "an invariant at start or top", false;
    for (const LinCon& c : facts.inv[l]) {
      if (c.rel != LinCon::Rel::Le) return why = "an invariant that is not an inequality", false;
      for (const auto& [v, a] : c.expr.terms)
        if (v >= its.locs[l].arity()) return why = "an invariant over a variable the location does not have", false;
      if (c.expr.constant == INT64_MIN) return why = "an invariant constant out of range", false;
    }
  }
  std::map<std::pair<TransId, uint32_t>, const Farkas*> certs;
  for (const InvCert& c : proof.inv_certs) certs[{c.t, c.atom}] = &c.cert;
  for (TransId t : taken) {
    const Transition& tr = its.trans[t];
    if (tr.to >= facts.inv.size()) continue;
    const size_t pre = its.locs[tr.from].arity();
    std::vector<Row> rows = premise(its, t, facts);
    for (uint32_t k = 0; k < facts.inv[tr.to].size(); ++k) {
      auto it = certs.find({t, k});
      if (it == certs.end()) return why = fmt::format("no certificate that t{} establishes invariant atom {}", t, k), false;
      const LinCon& atom = facts.inv[tr.to][k];
      std::vector<mpz_class> w(tr.num_vars, 0);
      for (const auto& [v, a] : atom.expr.terms) w[pre + v] = mpz_class(static_cast<long>(a));
      if (!verify(rows, *it->second, w, -mpz_class(static_cast<long>(atom.expr.constant)), tr.num_vars, why))
        return why = fmt::format("t{}, invariant atom {}: {}", t, k, why), false;
      ++count;
    }
  }
  return true;
}

// An integer certificate (proof.h): the premise rows and the cuts derived
// from them are infeasible over the rationals.
bool verifyInteger(const std::vector<Row>& rows, const IntegerCertificate& cert, size_t num_vars, std::string& why) {
  std::vector<Row> extended = rows;
  for (const GomoryCut& cut : cert.cuts) {
    std::optional<Row> row = detail::cutRow(rows, cut, why);
    if (!row) return false;
    for (const auto& [v, a] : row->a)
      if (v >= num_vars) return why = "a cut variable out of range", false;
    extended.push_back(std::move(*row));
  }
  std::vector<mpz_class> zero(num_vars, 0);
  if (cert.farkas.scale != 0) return why = "an infeasibility certificate with a scale", false;
  return verify(extended, cert.farkas, zero, -1, num_vars, why);
}

// Cut c (proof.h): t can be followed by no transition of `left` inside the
// cyclic part it lies in, or by none and then one more; each sequence's
// certificate is checked.
bool verifyCut(const Its& its, const Facts& facts, const Cut& c, const std::vector<TransId>& left,
               const std::set<std::set<LocId>>& parts, std::string& why, size_t& count) {
  const Transition& tr = its.trans[c.t];
  const std::set<LocId>* part = nullptr;
  for (const auto& p : parts)
    if (p.count(tr.from) && p.count(tr.to)) part = &p;
  if (!part) return true;  // on no cycle
  // Is the sequence t, path infeasible by a certificate of the cut?
  auto closed = [&](const std::vector<TransId>& path) {
    std::vector<TransId> all{c.t};
    all.insert(all.end(), path.begin(), path.end());
    Sequence seq = sequencePremise(its, all, facts);
    if (auto p = c.paths.find(path); p != c.paths.end()) return verifyInteger(seq.rows, p->second, seq.num_vars, why);
    auto n = path.size() == 1 ? c.next.find(path[0]) : c.next.end();
    if (n == c.next.end()) return why = "no certificate", false;
    std::vector<mpz_class> zero(seq.num_vars, 0);
    return n->second.scale == 0 && verify(seq.rows, n->second, zero, -1, seq.num_vars, why);
  };
  auto followers = [&](LocId at) {
    std::vector<TransId> out;
    for (TransId u : left)
      if (its.trans[u].from == at && part->count(its.trans[u].to)) out.push_back(u);
    return out;
  };
  for (TransId u : followers(tr.to)) {
    if (c.next.count(u) || c.paths.count({u})) {
      if (!closed({u})) return why = fmt::format("cut of t{}: t{} may follow it: {}", c.t, u, why), false;
      ++count;
      continue;
    }
    std::vector<TransId> after = followers(its.trans[u].to);
    if (after.empty()) return why = fmt::format("cut of t{}: no certificate that t{} cannot follow it", c.t, u), false;
    for (TransId w : after) {
      if (!closed({u, w})) return why = fmt::format("cut of t{}: t{} and t{} may follow it: {}", c.t, u, w, why), false;
      ++count;
    }
  }
  return true;
}

// Each lemma of the system (proof.h): every transition of its paths but
// top's loop is infeasible and none leads to top.
bool verifyLemmas(const Its& its, bool jvm, std::string& why, size_t& count) {
  Facts facts;
  facts.jvm = jvm;
  for (const auto& lemma : its.lemmas) {
    if (!lemma) return why = "an empty lemma", false;
    const Its& paths = lemma->paths;
    for (TransId t = 0; t < paths.trans.size(); ++t) {
      const Transition& tr = paths.trans[t];
      if (tr.kind == Transition::Kind::TopLoop || !inSemantics(tr, jvm)) continue;
      if (tr.to == paths.top) return why = fmt::format("lemma \"{}\": a path leads to top", lemma->text), false;
      auto c = lemma->infeasible.find(t);
      std::vector<mpz_class> zero(tr.num_vars, 0);
      if (c == lemma->infeasible.end() || c->second.scale != 0 ||
          !verify(premise(paths, t, facts), c->second, zero, -1, tr.num_vars, why))
        return why = fmt::format("lemma \"{}\", t{}: {}", lemma->text, t, why.empty() ? "no certificate" : why), false;
      ++count;
    }
  }
  return true;
}

}  // namespace

CheckResult check(const Its& its, const Proof& proof) {
  CheckResult res;
  std::string why;
  if (!verifyLemmas(its, proof.facts.jvm, why, res.certificates)) {
    res.error = why;
    return res;
  }
  for (const auto& [t, cert] : proof.dead)
    if (t >= its.trans.size()) {
      res.error = fmt::format("a certificate for t{}, which does not exist", t);
      return res;
    }
  std::vector<TransId> alive;
  for (TransId t = 0; t < its.trans.size(); ++t) {
    if (!inSemantics(its.trans[t], proof.facts.jvm)) continue;
    auto d = proof.dead.find(t);
    if (d == proof.dead.end()) {
      alive.push_back(t);
      continue;
    }
    std::vector<mpz_class> zero(its.trans[t].num_vars, 0);
    if (d->second.scale != 0 || !verify(premise(its, t, proof.facts), d->second, zero, -1, its.trans[t].num_vars, why)) {
      res.error = fmt::format("t{} is not dead: {}", t, why.empty() ? "not an infeasibility certificate" : why);
      return res;
    }
    ++res.certificates;
  }
  // Round by round: a round applies to a part whose locations are exactly
  // those it ranks; its claims must hold for every transition left inside
  // the part, and its strict transitions (inside the part) are removed.
  std::vector<TransId> left = reachableFromStart(its, alive);
  if (!verifyInvariants(its, proof, left, why, res.certificates)) {
    res.error = why;
    return res;
  }
  for (const Cut& c : proof.cuts)
    if (c.t >= its.trans.size() || c.before_round > proof.rounds.size()) {
      res.error = fmt::format("a cut of t{} that does not fit the proof", c.t);
      return res;
    }
  // Cuts and rounds in the order they were made: a cut after the rounds
  // before it and the cuts before it, a round after the cuts made before it.
  std::vector<bool> used(proof.rounds.size(), false), cut(proof.cuts.size(), false);
  auto roundsUsed = [&](size_t n) { return std::all_of(used.begin(), used.begin() + static_cast<std::ptrdiff_t>(n), [](bool b) { return b; }); };
  auto cutsBefore = [&](size_t round) {
    for (size_t i = 0; i < proof.cuts.size(); ++i)
      if (!cut[i] && proof.cuts[i].before_round <= round) return false;
    return true;
  };
  while (true) {
    std::set<std::set<LocId>> parts = cyclicParts(its, left);
    if (parts.empty()) break;
    bool progress = false;
    for (size_t i = 0; i < proof.cuts.size() && !progress; ++i) {
      const Cut& c = proof.cuts[i];
      if (cut[i]) continue;
      if (!roundsUsed(c.before_round) || !std::all_of(cut.begin(), cut.begin() + static_cast<std::ptrdiff_t>(i), [](bool b) { return b; }))
        break;
      if (!verifyCut(its, proof.facts, c, left, parts, why, res.certificates)) {
        res.error = why;
        return res;
      }
      cut[i] = true;
      std::erase(left, c.t);
      progress = true;
    }
    for (size_t k = 0; k < proof.rounds.size() && !progress; ++k) {
      const Round& r = proof.rounds[k];
      std::set<LocId> locs;
      for (const auto& [l, f] : r.f) locs.insert(l);
      if (used[k] || r.strict.empty() || !parts.count(locs) || !cutsBefore(k)) continue;
      std::vector<TransId> inside;
      for (TransId t : left)
        if (locs.count(its.trans[t].from) && locs.count(its.trans[t].to)) inside.push_back(t);
      for (TransId t : r.strict)
        if (!std::binary_search(inside.begin(), inside.end(), t)) {
          res.error = fmt::format("round {}: strict t{} is not inside its part", k, t);
          return res;
        }
      for (TransId t : inside) {
        bool strict = std::binary_search(r.strict.begin(), r.strict.end(), t);
        if (!verifyRound(its, proof.facts, r, t, strict, why, res.certificates)) {
          res.error = fmt::format("round {}, t{}: {}", k, t, why);
          return res;
        }
      }
      used[k] = true;
      std::erase_if(left, [&](TransId t) { return std::binary_search(r.strict.begin(), r.strict.end(), t); });
      progress = true;
    }
    if (!progress) {
      res.error = fmt::format("a cycle through {} is left that no round ranks", its.locs[*parts.begin()->begin()].name);
      return res;
    }
  }
  res.ok = true;
  return res;
}

}  // namespace jhalt::its
