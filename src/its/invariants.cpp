#include "jhalt/its/invariants.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include <fmt/format.h>

#include "encode.h"

namespace jhalt::its {
namespace {

using smt::Term;

// x >= k as a constraint over a location's variables: -x + k <= 0.
LinCon atLeast(Var x, int64_t k) { return clp::ge(LinExpr::var(x), LinExpr::num(k)); }
LinCon atMost(Var x, int64_t k) { return clp::le(LinExpr::var(x), LinExpr::num(k)); }

// The inequalities a guard states as Le rows (an equation as two).
void asInequalities(const LinCon& c, std::vector<LinCon>& out) {
  if (c.rel == LinCon::Rel::Le) {
    out.push_back(c);
    return;
  }
  out.push_back(LinCon{c.expr, LinCon::Rel::Le});
  out.push_back(LinCon{c.expr.scaled(-1), LinCon::Rel::Le});
}

// A certificate for premise => atom (an inequality over post variables,
// those >= pre) found without the solver, as most are: each post variable
// of the atom is replaced along an equation that has it with coefficient
// +-1 and no other post variable (an update y' = x + c), and what is left
// over the pre variables is a multiple of one premise row or a true
// constant. The combination is recomputed exactly before it is returned.
std::optional<Farkas> substitutionCertificate(const std::vector<Row>& rows, const LinCon& atom, Var pre) {
  if (atom.rel != LinCon::Rel::Le) return std::nullopt;
  __extension__ typedef __int128 Big;
  std::map<Var, Big> rest;  // still to be shown: rest·v <= bound
  for (const auto& [v, a] : atom.expr.terms) rest[v] += a;
  Big bound = -static_cast<Big>(atom.expr.constant);
  std::vector<Big> mult(rows.size(), 0);
  const Big limit = Big{1} << 62;
  auto subtract = [&](size_t i, Big m) {
    mult[i] += m;
    for (const auto& [v, a] : rows[i].a) rest[v] -= m * a;
    bound -= m * rows[i].b;
    std::erase_if(rest, [](const auto& p) { return p.second == 0; });
  };
  for (size_t guard = 0; guard < 64; ++guard) {
    auto post = std::find_if(rest.begin(), rest.end(), [&](const auto& p) { return p.first >= pre; });
    if (post == rest.end()) break;
    const Var y = post->first;
    const Big c = post->second;
    size_t found = rows.size();
    for (size_t i = 0; i < rows.size() && found == rows.size(); ++i) {
      if (!rows[i].eq) continue;
      int64_t coef = 0;
      bool other_post = false;
      for (const auto& [v, a] : rows[i].a) {
        if (v == y) coef = a;
        else if (v >= pre) other_post = true;
      }
      if ((coef == 1 || coef == -1) && !other_post) found = i;
    }
    if (found == rows.size()) return std::nullopt;
    const int64_t coef = std::find_if(rows[found].a.begin(), rows[found].a.end(), [&](auto& p) { return p.first == y; })->second;
    subtract(found, c * coef);
    if (bound > limit || bound < -limit) return std::nullopt;
  }
  if (std::any_of(rest.begin(), rest.end(), [&](const auto& p) { return p.first >= pre; })) return std::nullopt;
  if (!rest.empty()) {
    // rest = lambda * row for an inequality row with lambda * b <= bound.
    size_t found = rows.size();
    Big lambda = 0;
    for (size_t i = 0; i < rows.size() && found == rows.size(); ++i) {
      if (rows[i].eq || rows[i].a.size() != rest.size()) continue;
      const auto& [v0, a0] = rows[i].a.front();
      auto it = rest.find(v0);
      if (it == rest.end() || it->second % a0 != 0 || it->second / a0 <= 0) continue;
      const Big l = it->second / a0;
      bool same = std::all_of(rows[i].a.begin(), rows[i].a.end(), [&](const auto& p) {
        auto r = rest.find(p.first);
        return r != rest.end() && r->second == l * p.second;
      });
      if (same) found = i, lambda = l;
    }
    if (found == rows.size()) return std::nullopt;
    subtract(found, lambda);
  }
  if (!rest.empty() || bound < 0) return std::nullopt;
  Farkas f;
  f.scale = 1;
  for (Big m : mult) {
    if (m > limit || m < -limit) return std::nullopt;
    f.mult.push_back(static_cast<int64_t>(m));
  }
  for (size_t i = 0; i < rows.size(); ++i)
    if (!rows[i].eq && f.mult[i] < 0) return std::nullopt;
  return f;
}

class Search {
 public:
  Search(const Its& its, smt::Solver& solver, const InvariantOptions& options)
      : its_(its), solver_(solver), options_(options) {
    for (TransId t = 0; t < its.trans.size(); ++t)
      if (inSemantics(its.trans[t], options.jvm)) among_.push_back(t);
    std::vector<bool> reach = reachable(its, among_);
    std::erase_if(among_, [&](TransId t) { return !reach[its.trans[t].from]; });
    facts_.jvm = options.jvm;
    facts_.inv.assign(its.locs.size(), {});
    relationalCandidates();
    for (LocId l = 0; l < its.locs.size(); ++l)
      if (reach[l] && its.locs[l].kind == Location::Kind::Program) facts_.inv[l] = candidates(l);
  }

  Invariants run() {
    Invariants out;
    out.facts.jvm = options_.jvm;
    out.facts.inv.assign(its_.locs.size(), {});
    // Houdini, then certificates; an atom without one is dropped and the
    // fixpoint recomputed (weaker invariants can falsify other atoms).
    for (size_t attempt = 0; attempt < 8; ++attempt) {
      if (!fixpoint()) return out;
      std::vector<InvCert> certs;
      std::map<TransId, Farkas> dead;
      bool dropped = false;
      for (TransId t : among_) {
        if (facts_.inv[its_.trans[t].to].empty()) continue;
        if (!spend()) return out;
        if (auto cert = detail::provenDead(its_, t, facts_, solver_)) {
          dead.emplace(t, std::move(*cert));
          continue;
        }
        if (!certify(t, certs, dropped)) return out;
      }
      if (!dropped) {
        out.facts = facts_;
        out.certs = std::move(certs);
        out.dead = std::move(dead);
        return out;
      }
    }
    return out;
  }

 private:
  static constexpr size_t kRelational = 16;
  bool spend() { return ++checks_ <= options_.max_checks && std::chrono::steady_clock::now() < options_.deadline; }

  // The guards relating variables of each location's own transitions,
  // each with its weak form (`x <= y - 1` taken while x grows by one keeps
  // `x <= y`, which rules out the other branch of `x != y`; over the
  // integers the two differ by 1), and those of the locations a transition
  // copies variables to (`y' = x`: the instance edges of a graph's
  // unrolled first iterations, through which a loop is entered), renamed,
  // at most kRelational per location.
  void relationalCandidates() {
    relational_.assign(its_.locs.size(), {});
    auto add = [&](LocId l, const LinCon& c) {
      auto& list = relational_[l];
      if (list.size() >= kRelational || std::find(list.begin(), list.end(), c) != list.end()) return false;
      list.push_back(c);
      return true;
    };
    for (TransId t : among_) {
      const Transition& tr = its_.trans[t];
      const size_t n = its_.locs[tr.from].arity();
      std::vector<LinCon> le;
      for (const LinCon& c : tr.guard) {
        if (c.expr.terms.size() < 2) continue;
        if (!std::all_of(c.expr.terms.begin(), c.expr.terms.end(), [&](auto& p) { return p.first < n; })) continue;
        asInequalities(c, le);
      }
      for (const LinCon& g : le) {
        add(tr.from, g);
        LinCon weak = g;
        if (!__builtin_sub_overflow(weak.expr.constant, 1, &weak.expr.constant)) add(tr.from, weak);
      }
    }
    for (size_t pass = 0; pass < 8; ++pass) {
      bool changed = false;
      for (TransId t : among_) {
        const Transition& tr = its_.trans[t];
        if (tr.from == tr.to) continue;
        std::map<Var, Var> copy = copies(tr);  // post (of `to`) -> pre
        for (const LinCon& c : std::vector<LinCon>(relational_[tr.to])) {
          bool all = true;
          for (const auto& [x, a] : c.expr.terms) all = all && copy.count(x);
          if (all) changed = add(tr.from, LinCon{c.expr.renamed([&](Var x) { return copy.at(x); }), c.rel}) || changed;
        }
      }
      if (!changed) break;
    }
  }

  // The variables of t.to (numbered from 0) that t sets to a variable of
  // t.from (`y' = x`), with that variable.
  std::map<Var, Var> copies(const Transition& tr) const {
    const size_t pre = its_.locs[tr.from].arity(), post = its_.locs[tr.to].arity();
    std::map<Var, Var> out;
    for (const LinCon& c : tr.guard) {
      if (c.rel != LinCon::Rel::Eq || c.expr.constant != 0 || c.expr.terms.size() != 2) continue;
      auto [x, a] = c.expr.terms[0];
      auto [y, b] = c.expr.terms[1];
      if (a != -b || (a != 1 && a != -1)) continue;
      if (x < pre && y >= pre && y < pre + post) out.emplace(static_cast<Var>(y - pre), x);
      else if (y < pre && x >= pre && x < pre + post) out.emplace(static_cast<Var>(x - pre), y);
    }
    return out;
  }

  // Candidate atoms at l, in a fixed order, at most max_atoms_per_location.
  std::vector<LinCon> candidates(LocId l) const {
    const size_t n = its_.locs[l].arity();
    std::vector<std::set<int64_t>> bounds(n, std::set<int64_t>{0, 1});
    std::vector<LinCon> guards;
    for (TransId t : among_) {
      const Transition& tr = its_.trans[t];
      const size_t pre = its_.locs[tr.from].arity();
      for (const LinCon& c : tr.guard) {
        if (tr.from == l) {
          bool only_pre = std::all_of(c.expr.terms.begin(), c.expr.terms.end(), [&](auto& p) { return p.first < n; });
          if (only_pre) asInequalities(c, guards);
        }
        if (c.expr.terms.size() != 1) continue;
        auto [v, a] = c.expr.terms.front();
        if (a != 1 && a != -1) continue;
        int64_t k = -c.expr.constant * a;  // a·v + constant (rel) 0: v is compared with k
        if (k < -(int64_t{1} << 40) || k > (int64_t{1} << 40)) continue;
        Var x = v;
        if (tr.from == l && v < n) x = v;
        else if (tr.to == l && v >= pre && v < pre + n) x = v - static_cast<Var>(pre);
        else continue;
        for (int64_t d : {-1, 0, 1}) bounds[x].insert(k + d);
      }
    }
    std::vector<LinCon> out;
    auto add = [&](const LinCon& c) {
      if (out.size() < options_.max_atoms_per_location && std::find(out.begin(), out.end(), c) == out.end())
        out.push_back(c);
    };
    // The relational candidates come before the bounds by 1, which a
    // location with many variables would otherwise fill the places with;
    // the guards of one variable after them (the bounds below have their
    // weak forms).
    for (Var x = 0; x < n; ++x) add(atLeast(x, 0));
    for (const LinCon& c : relational_[l]) add(c);
    for (Var x = 0; x < n; ++x) add(atLeast(x, 1));
    for (const LinCon& g : guards)
      if (g.expr.terms.size() < 2) add(g);
    if (n <= options_.max_pair_arity)
      for (Var x = 0; x < n; ++x)
        for (Var y = 0; y < n; ++y)
          if (x != y) {
            add(clp::ge(LinExpr::var(x) - LinExpr::var(y), LinExpr::num(0)));
            add(clp::ge(LinExpr::var(x) - LinExpr::var(y), LinExpr::num(1)));
          }
    for (Var x = 0; x < n; ++x)
      for (int64_t k : bounds[x]) {
        add(atLeast(x, k));
        add(atMost(x, k));
      }
    return out;
  }

  // The invariant of `to` over t's post variables.
  std::vector<LinCon> postAtoms(TransId t) const {
    const Transition& tr = its_.trans[t];
    const Var pre = static_cast<Var>(its_.locs[tr.from].arity());
    std::vector<LinCon> out;
    for (const LinCon& c : facts_.inv[tr.to]) out.push_back(LinCon{c.expr.renamed([&](Var v) { return v + pre; }), c.rel});
    return out;
  }

  // Houdini's greatest fixpoint below the candidates; false when out of budget.
  bool fixpoint() {
    std::deque<TransId> work(among_.begin(), among_.end());
    std::vector<bool> queued(its_.trans.size(), false);
    for (TransId t : among_) queued[t] = true;
    smt::Context& ctx = solver_.ctx();
    while (!work.empty()) {
      TransId t = work.front();
      work.pop_front();
      queued[t] = false;
      const LocId to = its_.trans[t].to;
      if (facts_.inv[to].empty()) continue;
      if (!spend()) return false;
      std::vector<Term> vars = detail::transitionVars(ctx, its_, t);
      std::vector<LinCon> post = postAtoms(t);
      std::vector<Term> atoms;
      for (const LinCon& c : post) atoms.push_back(detail::holds(ctx, c, vars));
      solver_.push();
      solver_.add(detail::holds(ctx, premise(its_, t, facts_), vars));
      solver_.add(!ctx.mkAnd(atoms));
      smt::Result res = solver_.check("its invariant");
      std::vector<LinCon> kept;
      if (res == smt::Result::Sat) {
        for (size_t i = 0; i < post.size(); ++i)
          if (holdsInModel(post[i], vars)) kept.push_back(facts_.inv[to][i]);
      } else if (res == smt::Result::Unsat) {
        kept = facts_.inv[to];
      }
      solver_.pop();
      if (kept.size() == facts_.inv[to].size()) continue;
      facts_.inv[to] = std::move(kept);
      for (TransId u : among_)
        if ((its_.trans[u].from == to || u == t) && !queued[u]) {
          queued[u] = true;
          work.push_back(u);
        }
    }
    return true;
  }

  bool holdsInModel(const LinCon& c, const std::vector<Term>& vars) {
    // Out of 64 bits counts as false: dropping an atom is always sound.
    int64_t sum = c.expr.constant;
    for (const auto& [v, a] : c.expr.terms) {
      auto x = solver_.value(vars[v]);
      int64_t product = 0;
      if (!x || __builtin_mul_overflow(a, *x, &product) || __builtin_add_overflow(sum, product, &sum)) return false;
    }
    return c.rel == LinCon::Rel::Le ? sum <= 0 : sum == 0;
  }

  // Certificates for every atom of t's target; atoms without one are
  // dropped.
  bool certify(TransId t, std::vector<InvCert>& certs, bool& dropped) {
    const Transition& tr = its_.trans[t];
    std::vector<Row> rows = premise(its_, t, facts_);
    std::vector<LinCon> post = postAtoms(t);
    std::vector<bool> ok(post.size(), false);
    std::vector<InvCert> found;
    auto attempt = [&](const std::vector<size_t>& which) -> bool {
      if (std::chrono::steady_clock::now() >= options_.deadline) return false;
      smt::Context& ctx = solver_.ctx();
      solver_.push();
      std::vector<std::pair<std::vector<Term>, Term>> ms;
      for (size_t i : which) {
        std::vector<Term> m = detail::realMultipliers(solver_, rows, fmt::format("inv{}_{}", t, i));
        Term scale = ctx.realVar(fmt::format("inv{}_{}_scale", t, i));
        solver_.add(scale >= ctx.num(1));
        std::vector<Term> w(tr.num_vars, ctx.num(0));
        for (const auto& [v, a] : post[i].expr.terms) w[v] = a * scale;
        // a·y + k <= 0 is a·y <= -k.
        solver_.add(detail::farkas(ctx, rows, m, w, (-post[i].expr.constant) * scale));
        ms.emplace_back(std::move(m), scale);
      }
      bool sat = solver_.check("its invariant certificate") == smt::Result::Sat;
      if (sat)
        for (size_t j = 0; j < which.size(); ++j) {
          auto f = detail::readScaled(solver_, ms[j].first, ms[j].second);
          if (!f) continue;
          ok[which[j]] = true;
          found.push_back(InvCert{t, static_cast<uint32_t>(which[j]), std::move(*f)});
        }
      solver_.pop();
      return true;
    };
    // One small linear program per atom: the solver is faster on these than
    // on one program of all of them (LessLeaves: 4.4 s against 6.5 s), and
    // one check of the budget per transition.
    const Var pre = static_cast<Var>(its_.locs[tr.from].arity());
    for (size_t i = 0; i < post.size(); ++i)
      if (auto f = substitutionCertificate(rows, post[i], pre)) {
        ok[i] = true;
        found.push_back(InvCert{t, static_cast<uint32_t>(i), std::move(*f)});
      }
    if (std::find(ok.begin(), ok.end(), false) != ok.end() && !spend()) return false;
    for (size_t i = 0; i < post.size(); ++i)
      if (!ok[i] && !attempt({i})) return false;
    if (std::find(ok.begin(), ok.end(), false) != ok.end()) {
      std::vector<LinCon> kept;
      for (size_t i = 0; i < post.size(); ++i)
        if (ok[i]) kept.push_back(facts_.inv[tr.to][i]);
      facts_.inv[tr.to] = std::move(kept);
      dropped = true;
      return true;
    }
    for (InvCert& c : found) certs.push_back(std::move(c));
    return true;
  }

  const Its& its_;
  smt::Solver& solver_;
  const InvariantOptions& options_;
  std::vector<TransId> among_;
  Facts facts_;
  std::vector<std::vector<LinCon>> relational_;  // per location (relationalCandidates)
  size_t checks_ = 0;
};

}  // namespace

Invariants findInvariants(const Its& its, smt::Solver& solver, const InvariantOptions& options) {
  return Search(its, solver, options).run();
}

}  // namespace jhalt::its
