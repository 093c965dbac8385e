// The exact re-check of a termination proof (issue 13): every Farkas
// certificate is verified with GMP integers, independently of the solver
// that found it, and the decomposition into strongly connected parts is
// recomputed here by other code (a reachability closure, not Tarjan): a
// proof is accepted only if, after removing dead transitions and, round
// by round, the strict ones, no cycle reachable from start is left.
#pragma once

#include <string>

#include "jhalt/its/proof.h"

namespace jhalt::its {

struct CheckResult {
  bool ok = false;
  std::string error;         // why not
  size_t certificates = 0;   // certificates verified
};

CheckResult check(const Its& its, const Proof& proof);

}  // namespace jhalt::its
