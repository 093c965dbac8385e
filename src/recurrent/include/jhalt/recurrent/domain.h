// Abstract domains for the recurrent-set analysis (paper 003, §2.2 and §3:
// a finite powerset P(L) over a base domain L of abstract states at a loop
// head, Hoare order, pointwise post and eval). The base domains here are
// template polyhedra over the loop head's integer variables: intervals
// (bounds on x) and octagons (bounds on x, x + y, x - y); an element is the
// upper bound of each template (none: unbounded). Transfer functions are
// best abstractions: the bound of each template over a linear formula,
// computed by repeated solver checks (smt/optimize.h), so post is monotonic
// where the bounds are exact, which the propagation rules 5-8 of §3.3 use.
#pragma once

#include <chrono>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/smt/term.h"

namespace jhalt::recurrent {

// sum of coefficient * variable (variables numbered 0 .. arity-1).
struct Template {
  std::vector<std::pair<uint32_t, int64_t>> terms;
};

// An abstract state: the conjunction of template(x) <= upper for each
// template with a bound, or bottom (no state).
struct Element {
  bool bottom = false;
  std::vector<std::optional<int64_t>> upper;  // one per template
  bool operator==(const Element&) const = default;
  bool operator<(const Element& o) const;
};

enum class Shape : uint8_t { Intervals, Octagons };
std::string_view shapeName(Shape s);

class Domain {
 public:
  virtual ~Domain() = default;
  virtual std::string_view name() const = 0;
  virtual uint32_t arity() const = 0;
  virtual Element top() const = 0;
  Element bottom() const { return Element{true, {}}; }
  // Lattice operations (paper 003, §2.2): order, join, widening.
  virtual bool leq(const Element& a, const Element& b) const = 0;
  virtual Element join(const Element& a, const Element& b) const = 0;
  virtual Element widen(const Element& older, const Element& newer) const = 0;
  // The transfer function: the best abstraction of {x | formula}, where `x`
  // are the terms standing for the domain's variables in `formula` (its
  // other free variables are existential). Bottom when it is unsatisfiable.
  virtual Element abstract(const smt::Term& formula, const std::vector<smt::Term>& x) = 0;
  // gamma(e) as a formula over `x`.
  virtual smt::Term formula(const Element& e, const std::vector<smt::Term>& x) const = 0;
  // Readable: `x >= 1 && y == 0` (`false` for bottom, `true` for top).
  virtual std::string text(const Element& e, const std::vector<std::string>& names) const = 0;
};

// Template polyhedra of `shape` over `arity` variables (formulas in `ctx`); each bound within
// `rlimit` units of Z3's resource counter.
// Past `deadline` its operations throw DeadlineReached (the search then
// ends without a set: a time limit only turns an answer into MAYBE).
struct DeadlineReached {};
std::unique_ptr<Domain> makeTemplateDomain(
    smt::Context& ctx, uint32_t arity, Shape shape, unsigned rlimit = 400000,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max());

// The powerset domain's concretisation and order (Hoare order: every
// element of `a` is below some element of `b`).
smt::Term formulaOf(const Domain& d, const std::vector<Element>& set, const std::vector<smt::Term>& x,
                    smt::Context& ctx);
bool hoareLeq(const Domain& d, const std::vector<Element>& a, const std::vector<Element>& b);
std::string textOf(const Domain& d, const std::vector<Element>& set, const std::vector<std::string>& names);

}  // namespace jhalt::recurrent
