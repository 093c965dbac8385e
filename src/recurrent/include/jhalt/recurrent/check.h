// The check of a recurrent set (paper 003, Lemma 1: R is universally
// recurrent iff no state of R may exit and post(C_body, R) is in R),
// independent of the search that found it: with Z3 on the exact path
// formulas of the loop, and as a self-contained SMT-LIB script that any
// solver can re-run (one check per obligation, the expected answer in a
// comment before it).
#pragma once

#include <string>

#include "jhalt/recurrent/transfer.h"

namespace jhalt::recurrent {

struct SetCheck {
  bool ok = false;
  std::string failure;  // the first obligation that failed
  std::string smtlib;   // the obligations as an SMT-LIB script
};

// `set` over f.x (the frame is added). Obligations: R is non-empty (sat);
// for each exit, no state of R may take it (unsat); every state of R takes
// some body path (unsat of R and `uncovered`); for each body path, its
// successors are in R (unsat of R(x), path(x, y), not R(y)).
SetCheck checkRecurrentSet(smt::Solver& solver, const Loop& loop, const LoopFormulas& f, const smt::Term& set,
                           const std::string& title);

}  // namespace jhalt::recurrent
