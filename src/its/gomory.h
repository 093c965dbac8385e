// Infeasibility over the integers by Chvátal-Gomory cuts (internal to the
// its module): premises that no integer point satisfies but rational ones
// do, such as three steps of `while (x % 3 != 0) x++`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jhalt/its/proof.h"
#include "jhalt/smt/solver.h"

namespace jhalt::its::detail {

// The row a cut stands for (proof.h, GomoryCut), or nullopt when the cut is
// malformed (a multiplier count or sign, a divisor that does not divide,
// a coefficient beyond 64 bits). Used by the search and by the checker.
std::optional<Row> cutRow(const std::vector<Row>& rows, const GomoryCut& cut, std::string& why);

// A certificate that `rows` over num_vars integer variables are infeasible:
// a plain Farkas certificate when the rationals suffice, else one round of
// cuts (equations with a unit coefficient substituted first, then each
// single row and each pair of rows that eliminates a variable, rounded)
// and a Farkas certificate over rows and cuts. nullopt when the integers
// give a model or no certificate is found (cuts are looked for only in
// up to `max_rows` rows).
std::optional<IntegerCertificate> integerInfeasible(const std::vector<Row>& rows, size_t num_vars,
                                                    smt::Solver& solver, const std::string& name,
                                                    size_t max_rows = 120, size_t max_cuts = 96);

}  // namespace jhalt::its::detail
