#include "jhalt/recurrent/domain.h"

#include <algorithm>
#include <climits>

#include <fmt/format.h>

#include "jhalt/smt/optimize.h"

namespace jhalt::recurrent {

bool Element::operator<(const Element& o) const {
  if (bottom != o.bottom) return bottom;
  return upper < o.upper;
}

std::string_view shapeName(Shape s) { return s == Shape::Intervals ? "intervals" : "octagons"; }

namespace {

class TemplateDomain final : public Domain {
 public:
  TemplateDomain(smt::Context& ctx, uint32_t arity, Shape shape, unsigned rlimit,
                 std::chrono::steady_clock::time_point deadline)
      : ctx_(ctx), arity_(arity), shape_(shape), max_(ctx, rlimit, deadline) {
    for (uint32_t i = 0; i < arity; ++i) {
      templates_.push_back({{{i, 1}}});
      templates_.push_back({{{i, -1}}});
    }
    if (shape == Shape::Octagons)
      for (uint32_t i = 0; i < arity; ++i)
        for (uint32_t j = i + 1; j < arity; ++j)
          for (int64_t a : {1, -1})
            for (int64_t b : {1, -1}) templates_.push_back({{{i, a}, {j, b}}});
  }

  std::string_view name() const override { return shapeName(shape_); }
  uint32_t arity() const override { return arity_; }
  Element top() const override { return Element{false, std::vector<std::optional<int64_t>>(templates_.size())}; }

  bool leq(const Element& a, const Element& b) const override {
    if (a.bottom) return true;
    if (b.bottom) return false;
    for (size_t t = 0; t < templates_.size(); ++t)
      if (b.upper[t] && (!a.upper[t] || *a.upper[t] > *b.upper[t])) return false;
    return true;
  }

  Element join(const Element& a, const Element& b) const override {
    if (a.bottom) return b;
    if (b.bottom) return a;
    Element out = top();
    for (size_t t = 0; t < templates_.size(); ++t)
      if (a.upper[t] && b.upper[t]) out.upper[t] = std::max(*a.upper[t], *b.upper[t]);
    return out;
  }

  // Standard widening of template polyhedra: a bound that grew is dropped.
  Element widen(const Element& older, const Element& newer) const override {
    if (older.bottom) return newer;
    if (newer.bottom) return older;
    Element out = top();
    for (size_t t = 0; t < templates_.size(); ++t)
      if (older.upper[t] && newer.upper[t] && *newer.upper[t] <= *older.upper[t]) out.upper[t] = older.upper[t];
    return out;
  }

  Element abstract(const smt::Term& formula, const std::vector<smt::Term>& x) override {
    std::vector<smt::Term> objectives;
    for (const Template& t : templates_) objectives.push_back(linear(t, x));
    if (objectives.empty()) objectives.push_back(ctx_.num(0));  // only: is it empty?
    std::vector<smt::Bound> bounds = max_.maximize(formula, objectives);
    if (max_.expired()) throw DeadlineReached{};
    if (bounds.front().kind == smt::Bound::Kind::Empty) return bottom();
    Element out = top();
    for (size_t t = 0; t < templates_.size(); ++t)
      if (bounds[t].kind == smt::Bound::Kind::Finite) out.upper[t] = bounds[t].value;
    return out;
  }

  smt::Term formula(const Element& e, const std::vector<smt::Term>& x) const override {
    if (e.bottom) return ctx_.boolVal(false);
    std::vector<smt::Term> parts;
    for (size_t t = 0; t < templates_.size(); ++t)
      if (e.upper[t]) parts.push_back(linear(templates_[t], x) <= *e.upper[t]);
    return ctx_.mkAnd(parts);
  }

  std::string text(const Element& e, const std::vector<std::string>& names) const override {
    if (e.bottom) return "false";
    std::vector<std::string> parts;
    for (uint32_t i = 0; i < arity_; ++i) {
      const auto& hi = e.upper[2 * i];
      const auto& neg_lo = e.upper[2 * i + 1];
      const std::string& n = names.at(i);
      if (hi && neg_lo && *hi == -*neg_lo) {
        parts.push_back(fmt::format("{} == {}", n, *hi));
        continue;
      }
      // The int range itself goes without saying (JVM semantics).
      if (neg_lo && -*neg_lo != INT32_MIN) parts.push_back(fmt::format("{} >= {}", n, -*neg_lo));
      if (hi && *hi != INT32_MAX) parts.push_back(fmt::format("{} <= {}", n, *hi));
    }
    std::vector<bool> said(templates_.size(), false);
    for (size_t t = 2 * arity_; t < templates_.size(); ++t) {
      if (!e.upper[t] || said[t]) continue;
      auto [i, a] = templates_[t].terms[0];
      auto [j, b] = templates_[t].terms[1];
      int64_t u = *e.upper[t];
      // Its opposite bound (-a x - b y <= -u) makes it an equation.
      size_t opposite = t;
      for (size_t o = 2 * arity_; o < templates_.size(); ++o)
        if (templates_[o].terms[0] == std::pair{i, -a} && templates_[o].terms[1] == std::pair{j, -b}) opposite = o;
      bool equal = e.upper[opposite] && *e.upper[opposite] == -u;
      if (equal) said[opposite] = true;
      if (a < 0 && (b > 0 || equal)) std::swap(i, j), std::swap(a, b);  // the positive term first
      bool flipped = a < 0 && b < 0;  // -x - y <= u reads better as x + y >= -u
      if (flipped) a = 1, b = 1, u = -u;
      std::string lhs = fmt::format("{}{} {} {}", a < 0 ? "-" : "", names.at(i), b < 0 ? "-" : "+", names.at(j));
      if (a > 0 && b < 0 && equal) {
        parts.push_back(u == 0 ? fmt::format("{} == {}", names.at(i), names.at(j))
                               : fmt::format("{} == {} {} {}", names.at(i), names.at(j), u < 0 ? "-" : "+",
                                             u < 0 ? -u : u));
      } else {
        parts.push_back(fmt::format("{} {} {}", lhs, equal ? "==" : flipped ? ">=" : "<=", u));
      }
    }
    if (parts.empty()) return "true";
    std::string out;
    for (const std::string& p : parts) out += (out.empty() ? "" : " && ") + p;
    return out;
  }

 private:
  static smt::Term linear(const Template& t, const std::vector<smt::Term>& x) {
    smt::Term sum;
    for (const auto& [v, k] : t.terms) {
      smt::Term term = k == 1 ? x.at(v) : k * x.at(v);
      sum = sum.valid() ? sum + term : term;
    }
    return sum;
  }

  smt::Context& ctx_;
  uint32_t arity_;
  Shape shape_;
  smt::Maximizer max_;
  std::vector<Template> templates_;
};

}  // namespace

std::unique_ptr<Domain> makeTemplateDomain(smt::Context& ctx, uint32_t arity, Shape shape, unsigned rlimit,
                                           std::chrono::steady_clock::time_point deadline) {
  return std::make_unique<TemplateDomain>(ctx, arity, shape, rlimit, deadline);
}

smt::Term formulaOf(const Domain& d, const std::vector<Element>& set, const std::vector<smt::Term>& x,
                    smt::Context& ctx) {
  std::vector<smt::Term> parts;
  for (const Element& e : set) parts.push_back(d.formula(e, x));
  return ctx.mkOr(parts);
}

bool hoareLeq(const Domain& d, const std::vector<Element>& a, const std::vector<Element>& b) {
  return std::all_of(a.begin(), a.end(), [&](const Element& e) {
    return std::any_of(b.begin(), b.end(), [&](const Element& f) { return d.leq(e, f); });
  });
}

std::string textOf(const Domain& d, const std::vector<Element>& set, const std::vector<std::string>& names) {
  if (set.empty()) return "false";
  if (set.size() == 1) return d.text(set.front(), names);
  std::string out;
  for (const Element& e : set) out += (out.empty() ? "(" : " || (") + d.text(e, names) + ")";
  return out;
}

}  // namespace jhalt::recurrent
