// The claims of a termination proof as solver queries (issue 13 item 3):
// each certificate's claim "premise => w·v <= beta" becomes the formula
// premise ∧ w·v > beta, which must be unsatisfiable. Stated without the
// certificates, so that another solver (cvc5 in the test suite, on the
// files --dump-smt writes) re-checks the proof semantically, independently
// of both Z3 and the exact Farkas check.
#pragma once

#include <string>
#include <vector>

#include "jhalt/its/proof.h"
#include "jhalt/smt/term.h"

namespace jhalt::its {

struct Obligation {
  std::string what;     // "t3 decreases in round 1", ...
  smt::Term formula;    // unsatisfiable if the claim holds
};

std::vector<Obligation> obligations(const Its& its, const Proof& proof, smt::Context& ctx);

}  // namespace jhalt::its
