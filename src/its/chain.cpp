#include "jhalt/its/chain.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

#include <fmt/format.h>

namespace jhalt::its {
namespace {

using Kind = Transition::Kind;

// The kind of a composition: what makes a transition special survives
// (a gap stays a gap, a wrap exists only under JVM semantics).
Kind combined(Kind a, Kind b) {
  for (Kind k : {Kind::Gap, Kind::Overflow, Kind::Wrap, Kind::Init})
    if (a == k || b == k) return k;
  return a;
}

std::string combinedOrigin(const std::string& a, const std::string& b) {
  if (a == b) return a;
  size_t cut = a.find(" .. ");
  std::string first = cut == std::string::npos ? a : a.substr(0, cut);
  size_t cut2 = b.rfind(" .. ");
  std::string last = cut2 == std::string::npos ? b : b.substr(cut2 + 4);
  return first == last ? first : first + " .. " + last;
}

}  // namespace

bool simplify(Transition& t, uint32_t own) {
  std::vector<LinCon>& g = t.guard;
  try {
    bool changed = true;
    while (changed) {
      changed = false;
      for (size_t i = 0; i < g.size() && !changed; ++i) {
        if (g[i].rel != LinCon::Rel::Eq) continue;
        for (const auto& [v, k] : g[i].expr.terms) {
          if (v < own || (k != 1 && k != -1)) continue;
          // k*v + rest = 0, so v = -k * rest.
          LinExpr rest = g[i].expr - LinExpr::var(v).scaled(k);
          LinExpr by = rest.scaled(-k);
          const Var x = v;
          g.erase(g.begin() + static_cast<ptrdiff_t>(i));
          for (LinCon& c : g) c.expr = c.expr.substitute(x, by);
          changed = true;
          break;
        }
      }
    }
  } catch (const clp::Overflow&) {
    // Coefficients too large to substitute: keep what is left as it is.
  }
  std::vector<LinCon> kept;
  for (LinCon& c : g) {
    int truth = c.truth();
    if (truth == 0) return false;
    if (truth == 1 || std::find(kept.begin(), kept.end(), c) != kept.end()) continue;
    kept.push_back(std::move(c));
  }
  g = std::move(kept);
  std::map<Var, Var> renumber;
  for (const LinCon& c : g)
    for (const auto& [v, k] : c.expr.terms)
      if (v >= own) renumber.emplace(v, 0);
  Var next = own;
  for (auto& [v, to] : renumber) to = next++;
  for (LinCon& c : g)
    c.expr = c.expr.renamed([&](Var v) { return v < own ? v : renumber.at(v); });
  t.num_vars = next;
  return true;
}

std::optional<Transition> compose(const Its& its, const Transition& t1, const Transition& t2) {
  const auto a = static_cast<Var>(its.locs[t1.from].arity()), b = static_cast<Var>(its.locs[t1.to].arity()),
             d = static_cast<Var>(its.locs[t2.to].arity());
  const Var temps1 = t1.num_vars - a - b;
  // Result: pre(t1.from) | post(t2.to) | the middle location | t1's temporaries | t2's.
  auto map1 = [&](Var v) -> Var { return v < a ? v : v < a + b ? a + d + (v - a) : a + d + b + (v - a - b); };
  auto map2 = [&](Var v) -> Var { return v < b ? a + d + v : v < b + d ? a + (v - b) : a + d + b + temps1 + (v - b - d); };
  Transition t;
  t.kind = combined(t1.kind, t2.kind);
  t.from = t1.from;
  t.to = t2.to;
  t.num_vars = a + d + b + temps1 + (t2.num_vars - b - d);
  for (const LinCon& c : t1.guard) t.guard.push_back(LinCon{c.expr.renamed(map1), c.rel});
  for (const LinCon& c : t2.guard) t.guard.push_back(LinCon{c.expr.renamed(map2), c.rel});
  t.origin = combinedOrigin(t1.origin, t2.origin);
  if (!simplify(t, a + d)) return std::nullopt;
  return t;
}

Chained chain(const Its& its, const std::vector<bool>& keep, size_t max_transitions,
              std::chrono::steady_clock::time_point deadline) {
  Chained out;
  out.its.locs.reserve(its.locs.size());
  out.location_of.assign(its.locs.size(), -1);
  auto kept = [&](LocId l) { return l == its.start || l == its.top || (l < keep.size() && keep[l]); };
  for (LocId l = 0; l < its.locs.size(); ++l)
    if (kept(l)) out.location_of[l] = static_cast<int64_t>(out.its.add(its.locs[l]));
  out.its.start = static_cast<LocId>(out.location_of[its.start]);
  out.its.top = static_cast<LocId>(out.location_of[its.top]);
  std::vector<std::vector<TransId>> succ(its.locs.size());
  for (TransId t = 0; t < its.trans.size(); ++t) succ[its.trans[t].from].push_back(t);
  std::vector<bool> on_path(its.locs.size(), false);
  size_t work = 0;
  const size_t max_work = 50 * max_transitions;
  // Extends `path` (from a kept location to `path.to`) by every transition
  // out of its end; emits it at kept locations.
  std::function<bool(const Transition&)> extend = [&](const Transition& path) -> bool {
    for (TransId id : succ[path.to]) {
      if (++work > max_work) {
        out.why_not = "too many paths between loop heads";
        return false;
      }
      if (work % 256 == 1 && std::chrono::steady_clock::now() >= deadline) {
        out.why_not = "out of time chaining the transition system";
        return false;
      }
      std::optional<Transition> next = compose(its, path, its.trans[id]);
      if (!next) continue;
      if (kept(next->to)) {
        if (out.its.trans.size() >= max_transitions) {
          out.why_not = fmt::format("more than {} transitions between loop heads", max_transitions);
          return false;
        }
        next->from = static_cast<LocId>(out.location_of[next->from]);
        next->to = static_cast<LocId>(out.location_of[next->to]);
        out.its.add(std::move(*next));
        continue;
      }
      if (on_path[next->to]) {
        out.why_not = "a cycle that passes no kept location";
        return false;
      }
      on_path[next->to] = true;
      bool ok = extend(*next);
      on_path[next->to] = false;
      if (!ok) return false;
    }
    return true;
  };
  for (LocId l = 0; l < its.locs.size(); ++l) {
    if (!kept(l)) continue;
    for (TransId id : succ[l]) {
      const Transition& first = its.trans[id];
      if (kept(first.to)) {
        Transition t = first;
        if (!simplify(t, static_cast<uint32_t>(its.locs[t.from].arity() + its.locs[t.to].arity()))) continue;
        t.from = static_cast<LocId>(out.location_of[t.from]);
        t.to = static_cast<LocId>(out.location_of[t.to]);
        out.its.add(std::move(t));
        continue;
      }
      on_path[first.to] = true;
      bool ok = extend(first);
      on_path[first.to] = false;
      if (!ok) return out;
    }
  }
  return out;
}

}  // namespace jhalt::its
