// Termination proofs of an ITS as plain data (issue 13): lexicographic
// linear ranking functions found round by round over the strongly connected
// parts, each claim with its Farkas certificate, so that a checker that
// knows nothing of the solver (check.h, exact rationals) can re-check it.
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "jhalt/its/its.h"

namespace jhalt::its {

// Farkas' lemma (affine form): for premise rows (a_i, b_i), multipliers m_i
// (>= 0 on inequality rows, any sign on equations) with
//   sum_i m_i a_i = scale * w   and   sum_i m_i b_i <= scale * beta
// prove premise => w·v <= beta (scale >= 1); with scale = 0 they prove the
// premise infeasible (sum m_i a_i = 0 and sum m_i b_i <= -1).
struct Farkas {
  std::vector<int64_t> mult;  // one per premise row
  int64_t scale = 1;
};

// f(x) = coef·x + constant over a location's variables.
struct LinearFn {
  std::vector<int64_t> coef;
  int64_t constant = 0;
};

// One round on a strongly connected part: f never increases along its
// transitions and decreases by at least 1, from a value >= 0, along the
// strict ones, which are then removed.
struct Round {
  std::vector<TransId> scc;  // sorted
  std::map<LocId, LinearFn> f;
  std::vector<TransId> strict;             // sorted, non-empty
  std::map<TransId, Farkas> decrease;      // f(pre) - f'(post) >= [strict]
  std::map<TransId, Farkas> bounded;       // strict: f(pre) >= 0
};

// Atom `atom` of the invariant of t's target holds after t:
// premise(t) => atom over the post-state (an inequality a·y + k <= 0).
struct InvCert {
  TransId t = 0;
  uint32_t atom = 0;
  Farkas cert;
};

struct Proof {
  // JVM semantics and the invariants every premise includes; each atom of
  // each location's invariant has a certificate for every transition into
  // the location that a run can take.
  Facts facts;
  std::vector<InvCert> inv_certs;
  std::map<TransId, Farkas> dead;  // transitions whose premise is infeasible
  std::vector<Round> rounds;
};

}  // namespace jhalt::its
