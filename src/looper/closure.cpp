// Closure of observed iterations with invariants (paper 004, §3.4, §4;
// see closure.h).
#include "jhalt/looper/closure.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "jhalt/looper/show.h"

#include <algorithm>
#include <chrono>
#include <fmt/ranges.h>

namespace jhalt::looper {

namespace {

constexpr size_t kMaxCandidates = 400;
constexpr size_t kMaxChecks = 600;

struct Candidate {
  smt::Term formula;
  std::string text;
};

// Φ_j[M_i] for every j, and Γ[M_i]: the memory map of iteration i as a
// substitution (⊥ and, with a shared heap, every location another thread
// may write become fresh variables).
struct Substitution {
  std::vector<smt::Term> from, to;
  smt::Term apply(const smt::Term& t) const { return from.empty() ? t : t.substitute(from, to); }
};

Substitution substitutionOf(const Iteration& it, size_t i, const std::map<Location, LocationVar>& vars,
                            smt::Context& ctx) {
  Substitution s;
  for (const auto& [loc, v] : vars) {
    auto w = it.writes.find(loc);
    bool foreign = v.shared;
    if (w == it.writes.end() && !foreign) continue;
    s.from.push_back(v.var);
    if (w != it.writes.end() && !w->second.bottom && !foreign)
      s.to.push_back(w->second.value);
    else
      s.to.push_back(ctx.bvVar(fmt::format("after{}_{}", i, v.name), v.var.width()));
  }
  return s;
}


}  // namespace

ClosureResult proveClosed(const std::vector<Iteration>& its, const HeadMemory& concolic, smt::Solver& solver,
                          std::chrono::steady_clock::time_point deadline, const Observed* seen_values) {
  Observed from_paths;
  if (!seen_values) {
    for (const Iteration& it : its) from_paths.add(it);
    seen_values = &from_paths;
  }
  ClosureResult res;
  // The solver's work is bounded by checks (each by its resource limit);
  // the deadline is only a safety net.
  size_t checks = 0;
  auto budget = [&] { return ++checks <= kMaxChecks && std::chrono::steady_clock::now() < deadline; };
  for (size_t i = 0; i < its.size(); ++i)
    if (its[i].shared_dependent) {
      res.why_not = "path " + std::to_string(i + 1) + ": " + its[i].shared_reason;
      return res;
    }
  smt::Context& ctx = solver.ctx();
  // Only the locations the paths mention matter.
  std::set<std::string> mentioned;
  for (const Iteration& it : its) {
    for (const smt::Term& p : it.phi) p.constantNames(mentioned);
    for (const auto& [loc, u] : it.writes)
      if (!u.bottom) u.value.constantNames(mentioned);
  }
  std::map<Location, LocationVar> vars;
  for (const auto& [loc, v] : concolic.vars()) {
    std::set<std::string> own;
    v.var.constantNames(own);
    if (!own.empty() && mentioned.count(*own.begin())) vars.emplace(loc, v);
  }
  std::vector<Substitution> subst;
  for (size_t i = 0; i < its.size(); ++i) subst.push_back(substitutionOf(its[i], i + 1, vars, ctx));

  // Candidate invariants (§4): x = n, x <= n, x >= n with n observed.
  std::vector<Candidate> gamma;
  for (const auto& [loc, v] : vars) {
    if (v.shared) continue;
    if (v.reference) {
      auto r = concolic.originalRef(loc);
      if (!r) continue;
      gamma.push_back({v.var == ctx.bvNum(objectId(*r), 64), fmt::format("{} == {}", v.name, concolic.objectName(objectId(*r)))});
      // The objects it held at the heads (the analogue of x >= n && x <= m).
      std::set<Ref> seen{*r};
      if (auto sr = seen_values->refs.find(loc); sr != seen_values->refs.end()) seen.insert(sr->second.begin(), sr->second.end());
      if (seen.size() > 1) {
        std::vector<smt::Term> any;
        std::vector<std::string> names;
        for (Ref o : seen) {
          any.push_back(v.var == ctx.bvNum(objectId(o), 64));
          names.push_back(concolic.objectName(objectId(o)));
        }
        gamma.push_back({ctx.mkOr(any), fmt::format("{} in {{{}}}", v.name, fmt::join(names, ", "))});
      }
      continue;
    }
    auto orig = concolic.originalInt(loc);
    if (!orig) continue;
    std::set<int64_t> values{*orig};
    if (auto sv = seen_values->ints.find(loc); sv != seen_values->ints.end()) values.insert(sv->second.begin(), sv->second.end());
    int64_t lo = *values.begin(), hi = *values.rbegin();
    unsigned w = v.var.width();
    // The values it had at the heads, when there are few (an orbit).
    if (values.size() > 2 && values.size() <= 64) {
      std::vector<smt::Term> any;
      for (int64_t x : values) any.push_back(v.var == ctx.bvNum(x, w));
      gamma.push_back({ctx.mkOr(any), fmt::format("{} in {{{}}}", v.name, fmt::join(values, ", "))});
    }
    gamma.push_back({v.var == ctx.bvNum(*orig, w), fmt::format("{} == {}", v.name, *orig)});
    gamma.push_back({v.var >= ctx.bvNum(lo, w), fmt::format("{} >= {}", v.name, lo)});
    gamma.push_back({v.var <= ctx.bvNum(hi, w), fmt::format("{} <= {}", v.name, hi)});
  }

  // Path-guarded equalities (an extension of §4's templates): where the
  // iterations that took one path all started with the same value in a
  // location, "Φ of that path ⇒ the location holds that value". An
  // interpreter's dispatch loop needs them (its stack pointer is 0 at
  // one instruction, 1 at another).
  {
    std::map<std::string, std::vector<size_t>> groups;
    for (size_t i = 0; i < its.size(); ++i) {
      std::string key;
      for (const smt::Term& p : its[i].phi) key += std::to_string(p.id()) + ";";
      groups[key].push_back(i);
    }
    for (const auto& [key, members] : groups) {
      if (its[members.front()].phi.empty()) continue;
      smt::Term guard = ctx.mkAnd(its[members.front()].phi);
      for (const auto& [loc, v] : vars) {
        if (v.shared || v.reference) continue;
        std::optional<int64_t> same;
        bool all = true;
        for (size_t i : members) {
          auto sv = its[i].start_values.find(loc);
          if (sv == its[i].start_values.end() || (same && *same != sv->second)) {
            all = false;
            break;
          }
          same = sv->second;
        }
        if (!all || !same) continue;
        gamma.push_back({smt::implies(guard, v.var == ctx.bvNum(*same, v.var.width())),
                         fmt::format("on path {}: {} == {}", members.front() + 1, v.name, *same)});
      }
    }
  }

  // The memory the thread stopped in: each location the paths mention with
  // the value it had there. Every candidate must hold in it.
  std::vector<smt::Term> head;
  std::set<std::string> fixed;  // variables the head gives a value
  for (const auto& [loc, v] : vars) {
    if (v.shared) continue;
    std::optional<smt::Term> value;
    if (v.reference) {
      if (auto r = concolic.originalRef(loc)) value = ctx.bvNum(objectId(*r), 64);
    } else if (auto i = concolic.originalInt(loc)) {
      value = ctx.bvNum(*i, v.var.width());
    }
    if (!value) continue;
    head.push_back(v.var == *value);
    v.var.constantNames(fixed);
  }
  if (gamma.size() > kMaxCandidates) gamma.resize(kMaxCandidates);
  {
    // One model of the head decides the candidates over fixed variables;
    // the others need a check each.
    std::vector<Candidate> kept;
    solver.push();
    for (const smt::Term& h : head) solver.add(h);
    bool model = solver.check("looper-head") == smt::Result::Sat;
    for (const Candidate& c : gamma) {
      std::set<std::string> names;
      c.formula.constantNames(names);
      bool decided = model && std::includes(fixed.begin(), fixed.end(), names.begin(), names.end());
      if (decided) {
        auto holds = solver.value(smt::ite(c.formula, ctx.bvNum(1, 8), ctx.bvNum(0, 8)));
        if (holds && *holds == 1) kept.push_back(c);
        continue;
      }
      if (!budget()) break;
      solver.push();
      solver.add(!c.formula);
      if (solver.check("looper-invariant-at-head") == smt::Result::Unsat) kept.push_back(c);
      solver.pop();
      if (model && solver.check("looper-head") != smt::Result::Sat) model = false;
    }
    solver.pop();
    gamma = std::move(kept);
  }

  // Houdini: drop candidates some path does not preserve.
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < its.size(); ++i) {
      if (gamma.empty()) break;
      if (!budget()) {
        res.why_not = "the solver's budget for the invariants was used up";
        return res;
      }
      solver.push();
      for (const Candidate& c : gamma) solver.add(c.formula);
      for (const smt::Term& p : its[i].phi) solver.add(p);
      std::vector<smt::Term> after;
      for (const Candidate& c : gamma) after.push_back(subst[i].apply(c.formula));
      solver.add(!ctx.mkAnd(after));
      smt::Result r = solver.check("looper-invariant");
      if (r == smt::Result::Sat) {
        std::vector<Candidate> kept;
        for (size_t k = 0; k < gamma.size(); ++k) {
          auto holds = solver.value(smt::ite(after[k], ctx.bvNum(1, 8), ctx.bvNum(0, 8)));
          if (holds && *holds != 0) kept.push_back(gamma[k]);
        }
        if (kept.size() == gamma.size()) kept.clear();  // no model value: give all up
        gamma = std::move(kept);
        changed = true;
      } else if (r == smt::Result::Unknown) {
        gamma.clear();
        changed = true;
      }
      solver.pop();
    }
  }

  ShowNames names;
  for (const auto& [loc, v] : vars)
    if (v.reference) {
      std::string n = v.var.toString();
      if (n.size() >= 2 && n.front() == '|') n = n.substr(1, n.size() - 2);
      names.references.insert(n);
    }
  names.object = [&](int64_t id) -> std::optional<std::string> { return concolic.objectName(id); };
  auto pathText = [&](size_t i) {
    std::string text = fmt::format("path {} ({} steps of jhalt's evaluator):\n  when ", i + 1, its[i].steps);
    std::vector<std::string> conds;
    for (const smt::Term& p : its[i].phi) conds.push_back(showJava(p.toString(), names));
    text += conds.empty() ? std::string("always") : fmt::format("{}", fmt::join(conds, " && "));
    text += "\n  then ";
    std::vector<std::string> ups;
    for (const auto& [loc, u] : its[i].writes) {
      auto v = concolic.vars().find(loc);
      if (v == concolic.vars().end() || !vars.count(loc)) continue;
      std::string value = u.bottom                    ? std::string("a new object (or a value jhalt cannot express)")
                          : u.object != state::kNone ? concolic.objectName(static_cast<int64_t>(u.object))
                                                      : showJava(u.value.toString(), names);
      ups.push_back(v->second.name + " := " + value);
    }
    text += ups.empty() ? std::string("nothing the paths read changes") : fmt::format("{}", fmt::join(ups, ", "));
    return text + "\n";
  };
  // The memory at the head takes the first path (the run began there): a
  // contradiction here would make every implication below trivially true.
  {
    solver.push();
    for (const smt::Term& h : head) solver.add(h);
    for (const Candidate& c : gamma) solver.add(c.formula);
    for (const smt::Term& p : its.front().phi) solver.add(p);
    smt::Result r = solver.check("looper-head-in-path-1");
    solver.pop();
    if (r != smt::Result::Sat) {
      res.why_not = "the memory at the head does not satisfy the first path's condition with the invariants";
      return res;
    }
  }

  // Closure: every path leads into one of the paths again.
  ClosureProof proof;
  proof.paths = its.size();
  for (size_t i = 0; i < its.size(); ++i) {
    if (!budget()) {
      res.why_not = "the solver's budget for the closure was used up";
      return res;
    }
    solver.push();
    for (const Candidate& c : gamma) solver.add(c.formula);
    for (const smt::Term& p : its[i].phi) solver.add(p);
    std::vector<smt::Term> next;
    for (const Iteration& j : its) {
      std::vector<smt::Term> phi_j;
      for (const smt::Term& p : j.phi) phi_j.push_back(subst[i].apply(p));
      next.push_back(ctx.mkAnd(phi_j));
    }
    solver.add(!ctx.mkOr(next));
    smt::Result r = solver.check("looper-closure");
    proof.smtlib += fmt::format("; path {}: Γ ∧ Φ_{} ∧ ¬(Φ_1[M_{}] ∨ ... ∨ Φ_{}[M_{}]) must be unsat\n(push)\n{}(check-sat)\n(pop)\n",
                                i + 1, i + 1, i + 1, its.size(), i + 1, solver.assertionsText());
    solver.pop();
    if (r != smt::Result::Unsat) {
      res.why_not = fmt::format("path {} of {} may lead out of the observed paths{}", i + 1, its.size(),
                                r == smt::Result::Unknown ? " (the solver gave up)" : "");
      res.detail = pathText(i);
      return res;
    }
  }
  // x == n makes x >= n and x <= n redundant.
  std::set<std::string> exact;
  for (const Candidate& c : gamma)
    if (auto at = c.text.find(" == "); at != std::string::npos) exact.insert(c.text.substr(0, at));
  for (const Candidate& c : gamma) {
    auto at = c.text.find(c.text.find(" >= ") != std::string::npos ? " >= " : " <= ");
    if (at != std::string::npos && c.text.find(" == ") == std::string::npos && exact.count(c.text.substr(0, at))) continue;
    proof.invariants.push_back(c.text);
  }
  std::string text = fmt::format(
      "closed set of {} observed path{} through the loop (paper 004, Props. 3.3 and 3.7): from the memory the "
      "thread is in, every path leads into one of them again (JVM integers, Z3 over bit-vectors)\n",
      its.size(), its.size() == 1 ? "" : "s");
  text += "invariants (paper 004, §4): " + std::string(proof.invariants.empty() ? "none" : "") + "\n";
  for (const std::string& inv : proof.invariants) text += "  " + inv + "\n";
  for (size_t i = 0; i < its.size(); ++i) text += pathText(i);
  proof.text = std::move(text);
  res.proof = std::move(proof);
  return res;
}

}  // namespace jhalt::looper
