// Farkas' lemma as solver constraints (internal to the its module): shared
// by the ranking synthesis and the invariant search.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jhalt/its/proof.h"
#include "jhalt/smt/solver.h"

namespace jhalt::its::detail {

// Unknown integer multipliers for the rows of a premise (>= 0 on inequalities).
std::vector<smt::Term> multipliers(smt::Solver& solver, const std::vector<Row>& rows, const std::string& name);

// Rational multipliers: a linear program, which the solver's simplex
// answers far faster than the integer one; readScaled makes them integers.
std::vector<smt::Term> realMultipliers(smt::Solver& solver, const std::vector<Row>& rows, const std::string& name);

// sum_i m_i a_i = w (per variable) and sum_i m_i b_i <= beta.
smt::Term farkas(smt::Context& ctx, const std::vector<Row>& rows, const std::vector<smt::Term>& m,
                 const std::vector<smt::Term>& w, const smt::Term& beta);

// The multipliers' values in the last model, as a certificate of `scale`.
std::optional<Farkas> read(smt::Solver& solver, const std::vector<smt::Term>& m, int64_t scale);

// Rational multipliers (and a rational scale, or none for an infeasibility
// certificate) read from the last model and multiplied by the least common
// multiple of their denominators: the certificate's constraints are
// homogeneous in (m, scale), or ask for a negative constant, so the integer
// one is valid too. nullopt when a value does not fit into 64 bits.
std::optional<Farkas> readScaled(smt::Solver& solver, const std::vector<smt::Term>& m,
                                 const std::optional<smt::Term>& scale);

// The premise rows as a formula over `vars` (one term per variable).
smt::Term holds(smt::Context& ctx, const std::vector<Row>& rows, const std::vector<smt::Term>& vars);

// A constraint over `vars` as a formula.
smt::Term holds(smt::Context& ctx, const LinCon& c, const std::vector<smt::Term>& vars);

// Integer variables for the variables of transition t (named its_v0, ...).
std::vector<smt::Term> transitionVars(smt::Context& ctx, const Its& its, TransId t);

// Two rows that contradict each other on their own (x >= 1 and x <= 0), or
// one false row: the certificate of most dead transitions, without the
// solver.
std::optional<Farkas> pairCertificate(const std::vector<Row>& rows);

// A certificate that premise(t) is infeasible (pairCertificate, else the
// solver's), or nullopt when it is feasible over the integers or has none.
std::optional<Farkas> provenDead(const Its& its, TransId t, const Facts& facts, smt::Solver& solver);

// A certificate that premise(t) is infeasible over the rationals.
std::optional<Farkas> deadCertificate(const Its& its, TransId t, const Facts& facts, smt::Solver& solver);

// A certificate that rows over num_vars variables are infeasible over the
// rationals (nullopt when the integers already give a model or none is found).
std::optional<Farkas> infeasible(const std::vector<Row>& rows, size_t num_vars, smt::Solver& solver,
                                 const std::string& name);

// A certificate that rows are infeasible over the rationals (no integer
// check first).
std::optional<Farkas> rationallyInfeasible(const std::vector<Row>& rows, size_t num_vars, smt::Solver& solver,
                                           const std::string& name);

// Is premise(t) satisfiable over the integers (Unknown counts as yes)?
bool satisfiable(const Its& its, TransId t, const Facts& facts, smt::Solver& solver);

}  // namespace jhalt::its::detail
