// Linear integer expressions and constraints over numbered variables: the
// constraint language of the CLP programs of paper 001 (§4: "linear
// constraints over the integers"). Arithmetic is checked: a coefficient
// that leaves int64 throws Overflow, and the translator then treats the
// clause as not exact.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace jhalt::clp {

using Var = uint32_t;

struct Overflow : std::runtime_error {
  Overflow() : std::runtime_error("integer overflow in a linear constraint") {}
};

// sum of coef * var + constant; terms sorted by variable, no zero coefficient.
struct LinExpr {
  std::vector<std::pair<Var, int64_t>> terms;
  int64_t constant = 0;

  static LinExpr var(Var v);
  static LinExpr num(int64_t c);

  LinExpr operator+(const LinExpr& o) const;
  LinExpr operator-(const LinExpr& o) const;
  LinExpr scaled(int64_t k) const;
  bool isConstant() const { return terms.empty(); }
  bool isVar() const { return terms.size() == 1 && terms[0].second == 1 && constant == 0; }
  int64_t coef(Var v) const;
  // Replaces v by `by`.
  LinExpr substitute(Var v, const LinExpr& by) const;
  LinExpr renamed(const std::function<Var(Var)>& f) const;
  bool operator==(const LinExpr&) const = default;
};

// expr == 0 (Eq) or expr <= 0 (Le).
struct LinCon {
  enum class Rel : uint8_t { Eq, Le };
  LinExpr expr;
  Rel rel = Rel::Eq;

  // Constant constraints: true or false; otherwise nullopt-like: -1.
  int truth() const;  // 1 true, 0 false, -1 depends on variables
  bool operator==(const LinCon&) const = default;
};

LinCon eq(const LinExpr& a, const LinExpr& b);  // a == b
LinCon le(const LinExpr& a, const LinExpr& b);  // a <= b
LinCon lt(const LinExpr& a, const LinExpr& b);  // a < b, i.e. a - b + 1 <= 0
LinCon ge(const LinExpr& a, const LinExpr& b);
LinCon gt(const LinExpr& a, const LinExpr& b);

using VarName = std::function<std::string(Var)>;
std::string toString(const LinExpr& e, const VarName& name);
// `x + 2*y - 3 = 0` printed as `x + 2*y = 3`; Le as `<=`.
std::string toString(const LinCon& c, const VarName& name);

}  // namespace jhalt::clp
