// Inductive invariants of an ITS by Houdini (Flanagan and Leino, FME 2001;
// docs/design/termination.md §7): guess candidate inequalities per location
// (bounds of single variables by 0, 1 and the constants of nearby guards,
// differences of two variables, the guards of the location's own
// transitions), then repeatedly drop every candidate that some transition
// can falsify from a state satisfying the current guesses, until what is
// left is inductive. Every surviving atom gets, per transition into its
// location, a Farkas certificate (proof.h), so the exact checker re-checks
// the invariants like every other claim; an atom that holds only over the
// integers (no rational certificate) is dropped as well.
#pragma once

#include <chrono>
#include <map>
#include <vector>

#include "jhalt/its/proof.h"
#include "jhalt/smt/solver.h"

namespace jhalt::its {

struct InvariantOptions {
  bool jvm = false;               // the facts' semantics (overflow transitions taken)
  size_t max_atoms_per_location = 64;
  size_t max_pair_arity = 8;      // differences x - y only for locations this small
  size_t max_checks = 6000;       // solver calls in all; past it: no invariants
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct Invariants {
  Facts facts;  // facts.inv: the invariant of each location (empty: true)
  std::vector<InvCert> certs;
  std::map<TransId, Farkas> dead;  // transitions the invariants make infeasible (no certificates needed)
};

// Invariants of the locations reachable from start (through the
// transitions of the semantics); none (all empty) when out of budget.
Invariants findInvariants(const Its& its, smt::Solver& solver, const InvariantOptions& options);

}  // namespace jhalt::its
