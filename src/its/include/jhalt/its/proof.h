// Termination proofs of an ITS as plain data (issue 13): lexicographic
// linear ranking functions found round by round over the strongly connected
// parts, each claim with its Farkas certificate, so that a checker that
// knows nothing of the solver (check.h, exact rationals) can re-check it.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
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
//
// A multiphase round (Ben-Amram and Genaim, "On multiphase-linear ranking
// functions", CAV 2017; the nested ranking functions of Leike and
// Heizmann, TACAS 2014) has earlier phases g_1..g_{d-1} besides f = g_d.
// On its strict transitions
//   g_i(pre) - g_i'(post) + g_{i-1}(pre) >= 1   (g_0 = 0, i = 1..d)
//   and g_d(pre) >= 0,
// on the others no phase increases. On a run that takes strict transitions
// forever, g_1 never increases and falls by at least 1 on each, so it
// becomes negative for good; g_2 grows only while g_1 > 0 (finitely often,
// by at most g_1), then falls on each strict step; and so on, until
// g_d < 0, which no strict transition allows.
struct Round {
  std::vector<TransId> scc;  // sorted
  std::map<LocId, LinearFn> f;
  std::vector<TransId> strict;             // sorted, non-empty
  std::map<TransId, Farkas> decrease;      // f(pre) - f'(post) [+ g_{d-1}(pre)] >= [strict]
  std::map<TransId, Farkas> bounded;       // strict: f(pre) >= 0
  std::vector<std::map<LocId, LinearFn>> phases;          // g_1..g_{d-1} (multiphase only)
  std::vector<std::map<TransId, Farkas>> phase_decrease;  // per earlier phase i: its claim on each transition
};

// A claim "premise(t) => w·v <= beta" over t's variables (pre, then post).
struct LinearClaim {
  std::vector<int64_t> w;
  int64_t beta = 0;
};

// Round r's claims on transition t (its functions' locations must be t's):
// the decrease of phase `phase` (0-based; phases.size() is f; on a strict
// transition by at least 1 plus, for a multiphase round, the phase
// before) or, with `bound`, f(pre) >= 0. nullopt when
// a coefficient does not fit 64 bits or a function is missing.
std::optional<LinearClaim> roundClaim(const Its& its, const Round& r, TransId t, size_t phase, bool strict, bool bound);

// Atom `atom` of the invariant of t's target holds after t:
// premise(t) => atom over the post-state (an inequality a·y + k <= 0).
struct InvCert {
  TransId t = 0;
  uint32_t atom = 0;
  Farkas cert;
};

// A row a·v <= b derived from premise rows by a Chvátal-Gomory cut: with
// `mult` (>= 0 on inequality rows, any sign on equations) the rows combine
// to c·v <= d, every c_j divisible by `divisor`, and the cut is
// (c / divisor)·v <= floor(d / divisor). Valid for integer variables (every
// variable of an ITS is one), not over the rationals: it is what makes
// `3q <= x + 2, x <= 3q - 1, x <= -2, x >= -2` infeasible.
struct GomoryCut {
  std::vector<int64_t> mult;  // one per premise row
  int64_t divisor = 1;
};

// Infeasibility over the integers: the premise rows with the cuts appended
// (each derived from the premise rows alone) are infeasible over the
// rationals, by `farkas` (scale 0) over rows then cuts.
struct IntegerCertificate {
  std::vector<GomoryCut> cuts;
  Farkas farkas;
};

// Transition t cannot be followed by any transition u of the cyclic part
// it lies in, among those left when the cut is made (the rounds before it
// removed the others): each pair's premise sequencePremise(t, u) is
// infeasible. A run that stays in the part from some point on then never
// takes t again, so t is removed like a strict transition.
//
// Or, more generally, every sequence t u_1 .. u_k (k <= 2) of transitions
// left in the part is infeasible over the integers (`paths`, keyed by
// u_1 .. u_k: a pair whose own premise is infeasible closes its sequences,
// else each u_2 after it needs one): after t a run leaves the part within
// k - 1 steps, so one that stays in it takes t finitely often (Round3:
// `while (x % 3 != 0) x++` runs at most twice).
struct Cut {
  TransId t = 0;
  size_t before_round = 0;  // made after rounds 0 .. before_round-1 (and the cuts before it)
  std::map<TransId, Farkas> next;  // u -> certificate (scale 0) of t then u
  std::map<std::vector<TransId>, IntegerCertificate> paths;  // u_1 .. u_k -> certificate of t u_1 .. u_k
};

// A fact of every normal return of a recursive method (thesis 002, Ch. 3:
// the return states its call stack abstractions lead to), such as
// |result| <= |this|, that the ITS states on each call summary of the
// method (from_seg.h). `paths` holds the method's body chained from its
// entries (call stack abstractions, whose variables hold the arguments) to
// its normal returns, each guard with the fact's negation appended; every
// transition of it must be infeasible. Summaries of calls inside the body
// state the fact too: sound by induction on the order in which calls
// return (a call's body only uses summaries of calls that returned before).
struct Lemma {
  std::string text;
  Its paths;
  std::map<TransId, Farkas> infeasible;  // scale 0, one per transition of paths (but top's loop)
};

struct Proof {
  // JVM semantics and the invariants every premise includes; each atom of
  // each location's invariant has a certificate for every transition into
  // the location that a run can take.
  Facts facts;
  std::vector<InvCert> inv_certs;
  std::map<TransId, Farkas> dead;  // transitions whose premise is infeasible
  std::vector<Round> rounds;
  std::vector<Cut> cuts;
};

}  // namespace jhalt::its
