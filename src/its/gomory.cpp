#include "gomory.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>
#include <gmpxx.h>

#include "encode.h"

namespace jhalt::its::detail {
namespace {

// A row as a combination of the premise rows: coef·v <= b (or = b) with
// `mult` the multipliers that make it.
struct Combination {
  std::map<Var, mpz_class> coef;  // no zero entries
  mpz_class b;
  bool eq = false;
  std::vector<mpz_class> mult;
};

Combination fromRow(const Row& r, size_t i, size_t n) {
  Combination c;
  for (const auto& [v, a] : r.a)
    if (a != 0) c.coef[v] += mpz_class(static_cast<long>(a));
  for (auto it = c.coef.begin(); it != c.coef.end();) it = it->second == 0 ? c.coef.erase(it) : std::next(it);
  c.b = mpz_class(static_cast<long>(r.b));
  c.eq = r.eq;
  c.mult.assign(n, 0);
  c.mult[i] = 1;
  return c;
}

// x += k·y (k of any sign when y is an equation, else k >= 0).
void addScaled(Combination& x, const Combination& y, const mpz_class& k) {
  for (const auto& [v, a] : y.coef) {
    mpz_class& slot = x.coef[v];
    slot += k * a;
    if (slot == 0) x.coef.erase(v);
  }
  x.b += k * y.b;
  for (size_t i = 0; i < x.mult.size(); ++i) x.mult[i] += k * y.mult[i];
}

// Substitutes every equation with a unit coefficient into the other rows
// (Gauss): what is left relates the variables the equations do not define.
std::vector<Combination> eliminateEquations(std::vector<Combination> rows) {
  std::vector<bool> used(rows.size(), false);
  for (size_t e = 0; e < rows.size(); ++e) {
    if (!rows[e].eq) continue;
    auto unit = std::find_if(rows[e].coef.begin(), rows[e].coef.end(),
                             [](const auto& p) { return abs(p.second) == 1; });
    if (unit == rows[e].coef.end()) continue;
    const Var v = unit->first;
    const mpz_class sign = unit->second;
    used[e] = true;
    for (size_t k = 0; k < rows.size(); ++k) {
      if (k == e) continue;
      auto it = rows[k].coef.find(v);
      if (it == rows[k].coef.end()) continue;
      const mpz_class factor = -it->second * sign;  // coef_k(v) + factor·sign = 0
      addScaled(rows[k], rows[e], factor);
    }
  }
  std::vector<Combination> out;
  for (size_t k = 0; k < rows.size(); ++k)
    if (!used[k] && !rows[k].coef.empty()) out.push_back(std::move(rows[k]));
  return out;
}

// The rows as inequalities: an equation both ways.
std::vector<Combination> asInequalities(const std::vector<Combination>& rows) {
  std::vector<Combination> out;
  for (const Combination& r : rows) {
    Combination le = r;
    le.eq = false;
    out.push_back(le);
    if (r.eq) {
      Combination ge;
      ge.mult.assign(r.mult.size(), 0);
      addScaled(ge, r, -1);
      out.push_back(std::move(ge));
    }
  }
  return out;
}

// The cut of an inequality whose coefficients have a common divisor that
// does not divide its constant (rounding makes it stronger), keyed by its
// divided coefficients; the strongest constant per key is kept.
using CutKey = std::vector<std::pair<Var, mpz_class>>;
struct Candidate {
  mpz_class bound;  // floor(b / g)
  mpz_class divisor;
  std::vector<mpz_class> mult;
};

// p·rows[i] + q·rows[j] as a cut candidate (j == i: p·rows[i] alone). The
// multipliers are only worked out for a cut that rounds.
void consider(const std::vector<Combination>& rows, size_t i, const mpz_class& p, size_t j, const mpz_class& q,
              std::map<CutKey, Candidate>& cuts) {
  std::map<Var, mpz_class> coef;
  for (const auto& [v, a] : rows[i].coef) coef[v] += p * a;
  if (j != i)
    for (const auto& [v, a] : rows[j].coef) coef[v] += q * a;
  mpz_class g = 0;
  for (const auto& [v, a] : coef)
    if (a != 0) g = gcd(g, a);
  if (g <= 1) return;
  const mpz_class b = p * rows[i].b + (j != i ? q * rows[j].b : mpz_class(0));
  mpz_class bound;
  mpz_fdiv_q(bound.get_mpz_t(), b.get_mpz_t(), g.get_mpz_t());
  if (bound * g == b) return;  // no rounding: nothing the rationals lack
  CutKey key;
  for (const auto& [v, a] : coef)
    if (a != 0) key.push_back({v, a / g});
  auto it = cuts.find(key);
  if (it != cuts.end() && it->second.bound <= bound) return;
  Candidate c{bound, g, rows[i].mult};
  for (mpz_class& m : c.mult) m *= p;
  if (j != i)
    for (size_t k = 0; k < c.mult.size(); ++k) c.mult[k] += q * rows[j].mult[k];
  cuts[key] = std::move(c);
}

// Cuts from single rows and from pairs of rows that eliminate a variable.
std::map<CutKey, Candidate> candidates(const std::vector<Combination>& rows) {
  std::map<CutKey, Candidate> cuts;
  for (size_t i = 0; i < rows.size(); ++i) consider(rows, i, 1, i, 0, cuts);
  for (size_t i = 0; i < rows.size(); ++i)
    for (size_t j = i + 1; j < rows.size(); ++j)
      for (const auto& [v, a] : rows[i].coef) {
        auto it = rows[j].coef.find(v);
        if (it == rows[j].coef.end() || sgn(a) == sgn(it->second)) continue;
        const mpz_class g = gcd(a, it->second);
        consider(rows, i, abs(it->second) / g, j, abs(a) / g, cuts);
      }
  return cuts;
}

bool fits(const mpz_class& x) { return x.fits_slong_p() && sizeof(long) == sizeof(int64_t); }

}  // namespace

std::optional<Row> cutRow(const std::vector<Row>& rows, const GomoryCut& cut, std::string& why) {
  if (cut.mult.size() != rows.size()) return why = "a cut with the wrong number of multipliers", std::nullopt;
  if (cut.divisor < 1) return why = "a cut whose divisor is not positive", std::nullopt;
  std::map<Var, mpz_class> column;
  mpz_class rhs = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    const mpz_class m(static_cast<long>(cut.mult[i]));
    if (!rows[i].eq && m < 0) return why = "a negative multiplier of an inequality in a cut", std::nullopt;
    for (const auto& [v, a] : rows[i].a) column[v] += m * mpz_class(static_cast<long>(a));
    rhs += m * mpz_class(static_cast<long>(rows[i].b));
  }
  const mpz_class divisor(static_cast<long>(cut.divisor));
  Row out;
  for (const auto& [v, a] : column) {
    if (a == 0) continue;
    if (a % divisor != 0) return why = "a cut whose divisor does not divide a coefficient", std::nullopt;
    const mpz_class q = a / divisor;
    if (!fits(q)) return why = "a cut coefficient beyond 64 bits", std::nullopt;
    out.a.push_back({v, q.get_si()});
  }
  mpz_class bound;
  mpz_fdiv_q(bound.get_mpz_t(), rhs.get_mpz_t(), divisor.get_mpz_t());
  if (!fits(bound) || bound == mpz_class(static_cast<long>(INT64_MIN)))
    return why = "a cut constant beyond 64 bits", std::nullopt;
  out.b = bound.get_si();
  return out;
}

std::optional<IntegerCertificate> integerInfeasible(const std::vector<Row>& rows, size_t num_vars,
                                                    smt::Solver& solver, const std::string& name, size_t max_rows,
                                                    size_t max_cuts) {
  // Feasible over the integers (or unknown): no certificate to look for.
  {
    smt::Context& ctx = solver.ctx();
    std::vector<smt::Term> vars;
    for (size_t v = 0; v < num_vars; ++v) vars.push_back(ctx.intVar(fmt::format("{}_g{}", name, v)));
    solver.push();
    solver.add(holds(ctx, rows, vars));
    const smt::Result res = solver.check("its integer infeasibility");
    solver.pop();
    if (res != smt::Result::Unsat) return std::nullopt;
  }
  if (auto plain = rationallyInfeasible(rows, num_vars, solver, name)) return IntegerCertificate{{}, std::move(*plain)};
  if (rows.size() > max_rows) return std::nullopt;
  std::vector<Combination> start;
  for (size_t i = 0; i < rows.size(); ++i) start.push_back(fromRow(rows[i], i, rows.size()));
  std::map<CutKey, Candidate> found = candidates(asInequalities(eliminateEquations(std::move(start))));
  IntegerCertificate cert;
  std::vector<Row> extended = rows;
  for (const auto& [key, c] : found) {
    if (cert.cuts.size() >= max_cuts) break;
    GomoryCut cut;
    bool ok = fits(c.divisor);
    for (const mpz_class& m : c.mult) ok = ok && fits(m);
    if (!ok) continue;
    for (const mpz_class& m : c.mult) cut.mult.push_back(m.get_si());
    cut.divisor = c.divisor.get_si();
    std::string why;
    std::optional<Row> row = cutRow(rows, cut, why);
    if (!row) continue;
    extended.push_back(std::move(*row));
    cert.cuts.push_back(std::move(cut));
  }
  if (cert.cuts.empty()) return std::nullopt;
  std::optional<Farkas> f = rationallyInfeasible(extended, num_vars, solver, name + "_cuts");
  if (!f) return std::nullopt;
  cert.farkas = std::move(*f);
  return cert;
}

}  // namespace jhalt::its::detail
