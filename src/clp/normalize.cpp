// Clause normalisation (translate.h, normalize()): variables in the order
// head, body, others; elimination of variables an equality defines;
// tightest bounds per linear term. Exact: the solutions do not change.
#include <cstdint>
#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "jhalt/clp/translate.h"

namespace jhalt::clp {

namespace {

bool normalizeOrThrow(Clause& c);

// Among constraints over the same terms t (t + k <= 0, t + k = 0, and
// -t + k <= 0) keeps what they say together: the tightest bound on each
// side, an equality when the bounds meet, nothing implied by an equality.
// Returns false if they contradict each other. Exact: the set of solutions
// does not change.
bool tightenBounds(std::vector<LinCon>& cons) {
  using Terms = std::vector<std::pair<Var, int64_t>>;
  struct Range {
    std::optional<int64_t> lo, hi;  // lo <= t <= hi
  };
  for (const LinCon& c : cons) {
    if (c.expr.terms.empty() || c.expr.constant == INT64_MIN) return true;  // left as they are
    for (const auto& [v, k] : c.expr.terms)
      if (k == INT64_MIN) return true;
  }
  std::map<Terms, Range> ranges;
  std::vector<const Terms*> order;
  for (const LinCon& c : cons) {
    // The sign is normalised (first coefficient positive) so that t and -t meet.
    bool negate = c.expr.terms.front().second < 0;
    Terms t = c.expr.terms;
    if (negate)
      for (auto& [v, k] : t) k = -k;
    int64_t k = negate ? -c.expr.constant : c.expr.constant;  // now: t + k (rel) 0, or -(t + k) (rel) 0
    auto [it, fresh] = ranges.try_emplace(t, Range{});
    if (fresh) order.push_back(&it->first);
    Range& r = it->second;
    auto lower = [&](int64_t v) { r.lo = r.lo ? std::max(*r.lo, v) : v; };
    auto upper = [&](int64_t v) { r.hi = r.hi ? std::min(*r.hi, v) : v; };
    if (c.rel == LinCon::Rel::Eq) {
      lower(-k);
      upper(-k);
    } else if (!negate) {
      upper(-k);  // t + k <= 0
    } else {
      lower(-k);  // -(t + k) <= 0, i.e. t >= -k
    }
  }
  std::vector<LinCon> out;
  for (const Terms* t : order) {
    const Range& r = ranges.at(*t);
    LinExpr e;
    e.terms = *t;
    if (r.lo && r.hi && *r.lo > *r.hi) return false;
    if (r.lo && r.hi && *r.lo == *r.hi) {
      out.push_back(eq(e, LinExpr::num(*r.lo)));
      continue;
    }
    if (r.lo) out.push_back(ge(e, LinExpr::num(*r.lo)));
    if (r.hi) out.push_back(le(e, LinExpr::num(*r.hi)));
  }
  cons = std::move(out);
  return true;
}

}  // namespace

bool normalize(Clause& c) { return normalizeChecked(c) == Normalized::Ok; }

Normalized normalizeChecked(Clause& c) {
  try {
    if (!normalizeOrThrow(c)) return Normalized::Infeasible;
    // -2^63 has no negation in int64: a row a·v <= -constant could not be
    // formed from it.
    for (const LinCon& con : c.constraint) {
      if (con.expr.constant == INT64_MIN) return Normalized::Overflow;
      for (const auto& [v, k] : con.expr.terms)
        if (k == INT64_MIN) return Normalized::Overflow;
    }
    return Normalized::Ok;
  } catch (const Overflow&) {
    return Normalized::Overflow;  // for non-termination: dropped, which only loses precision
  }
}

namespace {

bool normalizeOrThrow(Clause& c) {
  // Every argument position gets its own variable (binary clauses locate
  // arguments by position): a variable repeated across the atoms, e.g. a
  // result passed through, is copied with an equality.
  {
    std::vector<char> seen(c.num_vars, 0);
    auto own = [&](Var& v) {
      if (!seen[v]) {
        seen[v] = 1;
        return;
      }
      Var w = c.num_vars++;
      seen.push_back(1);
      c.constraint.push_back(eq(LinExpr::var(w), LinExpr::var(v)));
      v = w;
    };
    for (Var& v : c.head.args) own(v);
    for (Atom& a : c.body)
      for (Var& v : a.args) own(v);
  }
  // Visible variables keep their identity; the others may be eliminated.
  std::vector<char> visible(c.num_vars, 0);
  for (Var v : c.head.args) visible[v] = 1;
  for (const Atom& a : c.body)
    for (Var v : a.args) visible[v] = 1;
  auto& cons = c.constraint;
  bool changed = true;
  while (changed) {
    changed = false;
    for (size_t i = 0; i < cons.size(); ++i) {
      if (cons[i].rel != LinCon::Rel::Eq) continue;
      for (const auto& term : cons[i].expr.terms) {
        const Var v = term.first;  // copies: cons[i] is erased below
        const int64_t k = term.second;
        if (visible[v] || (k != 1 && k != -1)) continue;
        // v = -(rest) / k
        LinExpr rest = cons[i].expr;
        std::erase_if(rest.terms, [&](const auto& t) { return t.first == v; });
        LinExpr by = rest.scaled(-k);  // k = ±1, so 1/k = k
        cons.erase(cons.begin() + static_cast<std::ptrdiff_t>(i));
        for (auto& other : cons) other.expr = other.expr.substitute(v, by);
        changed = true;
        break;
      }
      if (changed) break;
    }
  }
  std::vector<LinCon> kept;
  for (auto& con : cons) {
    int t = con.truth();
    if (t == 0) return false;
    if (t == 1) continue;
    if (std::find(kept.begin(), kept.end(), con) == kept.end()) kept.push_back(std::move(con));
  }
  if (!tightenBounds(kept)) return false;
  cons = std::move(kept);
  // Renumber: head arguments, body arguments, then the rest in order.
  std::vector<Var> map(c.num_vars, UINT32_MAX);
  Var next = 0;
  auto assign = [&](Var v) {
    if (map[v] == UINT32_MAX) map[v] = next++;
    return map[v];
  };
  for (Var& v : c.head.args) v = assign(v);
  for (Atom& a : c.body)
    for (Var& v : a.args) v = assign(v);
  for (auto& con : cons)
    for (const auto& [v, k] : con.expr.terms) assign(v);
  for (auto& con : cons) con.expr = con.expr.renamed([&](Var v) { return map[v]; });
  c.num_vars = next;
  return true;
}

}  // namespace

}  // namespace jhalt::clp
