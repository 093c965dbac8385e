#include "jhalt/clp/linear.h"

#include <algorithm>

#include <fmt/format.h>

namespace jhalt::clp {
namespace {

int64_t add(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) throw Overflow();
  return r;
}

int64_t mul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r)) throw Overflow();
  return r;
}

}  // namespace

LinExpr LinExpr::var(Var v) {
  LinExpr e;
  e.terms.push_back({v, 1});
  return e;
}

LinExpr LinExpr::num(int64_t c) {
  LinExpr e;
  e.constant = c;
  return e;
}

LinExpr LinExpr::operator+(const LinExpr& o) const {
  LinExpr r;
  r.constant = add(constant, o.constant);
  size_t i = 0, j = 0;
  while (i < terms.size() || j < o.terms.size()) {
    if (j == o.terms.size() || (i < terms.size() && terms[i].first < o.terms[j].first)) {
      r.terms.push_back(terms[i++]);
    } else if (i == terms.size() || o.terms[j].first < terms[i].first) {
      r.terms.push_back(o.terms[j++]);
    } else {
      int64_t c = add(terms[i].second, o.terms[j].second);
      if (c != 0) r.terms.push_back({terms[i].first, c});
      ++i;
      ++j;
    }
  }
  return r;
}

LinExpr LinExpr::operator-(const LinExpr& o) const { return *this + o.scaled(-1); }

LinExpr LinExpr::scaled(int64_t k) const {
  LinExpr r;
  if (k == 0) return r;
  r.constant = mul(constant, k);
  for (const auto& [v, c] : terms) r.terms.push_back({v, mul(c, k)});
  return r;
}

int64_t LinExpr::coef(Var v) const {
  auto it = std::lower_bound(terms.begin(), terms.end(), std::make_pair(v, INT64_MIN));
  return it != terms.end() && it->first == v ? it->second : 0;
}

LinExpr LinExpr::substitute(Var v, const LinExpr& by) const {
  int64_t c = coef(v);
  if (c == 0) return *this;
  LinExpr rest = *this;
  std::erase_if(rest.terms, [&](const auto& t) { return t.first == v; });
  return rest + by.scaled(c);
}

LinExpr LinExpr::renamed(const std::function<Var(Var)>& f) const {
  LinExpr r = LinExpr::num(constant);
  for (const auto& [v, c] : terms) r = r + LinExpr::var(f(v)).scaled(c);
  return r;
}

int LinCon::truth() const {
  if (!expr.isConstant()) return -1;
  return rel == Rel::Eq ? expr.constant == 0 : expr.constant <= 0;
}

LinCon eq(const LinExpr& a, const LinExpr& b) { return {a - b, LinCon::Rel::Eq}; }
LinCon le(const LinExpr& a, const LinExpr& b) { return {a - b, LinCon::Rel::Le}; }
LinCon lt(const LinExpr& a, const LinExpr& b) { return {a - b + LinExpr::num(1), LinCon::Rel::Le}; }
LinCon ge(const LinExpr& a, const LinExpr& b) { return le(b, a); }
LinCon gt(const LinExpr& a, const LinExpr& b) { return lt(b, a); }

std::string toString(const LinExpr& e, const VarName& name) {
  std::string out;
  for (const auto& [v, c] : e.terms) {
    if (out.empty())
      out += c == 1 ? "" : c == -1 ? "-" : fmt::format("{}*", c);
    else
      out += c == 1 ? " + " : c == -1 ? " - " : c < 0 ? fmt::format(" - {}*", -c) : fmt::format(" + {}*", c);
    out += name(v);
  }
  if (out.empty()) return std::to_string(e.constant);
  if (e.constant > 0) out += fmt::format(" + {}", e.constant);
  if (e.constant < 0) out += fmt::format(" - {}", -e.constant);
  return out;
}

std::string toString(const LinCon& c, const VarName& name) {
  // pos - neg + k REL 0 is shown as `pos REL neg - k`, or as `neg REL' k`
  // when no coefficient is positive (e.g. `n' = n - 1`, `x >= 0`).
  if (c.expr.constant == INT64_MIN) return "?";
  const bool eq = c.rel == LinCon::Rel::Eq;
  // An equality is oriented with its last variable (in clauses: a body or
  // later argument) positive: `x' = x - 1` rather than `x = x' + 1`.
  LinExpr e = c.expr;
  if (eq && !e.terms.empty() && e.terms.back().second < 0) {
    for (auto& [v, k] : e.terms) k = -k;
    e.constant = -e.constant;
  }
  LinExpr pos, neg;
  for (const auto& [v, k] : e.terms) (k > 0 ? pos : neg).terms.push_back({v, k > 0 ? k : -k});
  if (pos.terms.empty()) {
    if (neg.terms.empty()) return c.truth() == 1 ? "true" : "false";
    return fmt::format("{} {} {}", toString(neg, name), eq ? "=" : ">=", e.constant);
  }
  neg.constant = -e.constant;
  return fmt::format("{} {} {}", toString(pos, name), eq ? "=" : "<=", toString(neg, name));
}

}  // namespace jhalt::clp
