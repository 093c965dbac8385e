// Synthesis of lexicographic linear ranking functions for an ITS (issue 13):
// Farkas' lemma turns "the premise implies f(pre) - f(post) >= s and
// f(pre) >= 0" into linear constraints on the unknown coefficients and
// multipliers (Podelski and Rybalchenko, VMCAI 2004); per strongly
// connected part, one solver call finds an f that decreases weakly on every
// transition and strictly and boundedly on at least one (s = 1); the strict
// ones are removed and the rest decomposed again (the iterative
// lexicographic method, as in Alias, Darte, Feautrier and Gonnord, SAS 2010,
// and Brockschmidt et al.'s T2/AProVE back ends). All unknowns are integers:
// every constraint but "- s" is homogeneous, so a rational solution scaled
// by its common denominator is an integer one.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "jhalt/its/invariants.h"
#include "jhalt/its/proof.h"
#include "jhalt/smt/solver.h"

namespace jhalt::its {

struct RankOptions {
  bool jvm = false;        // JVM semantics: overflow transitions are taken and every variable is an int
  bool invariants = true;  // when ranking alone fails: Houdini invariants, then again
  bool plain = true;       // false: only the attempt with invariants (the plain one was made before)
  InvariantOptions invariant;
  size_t max_rounds = 256;  // rounds in all (each one solver call)
  // Where no linear function is found for a part: multiphase ones of 2..
  // this many phases (Ben-Amram and Genaim), each one solver call.
  size_t max_phases = 3;
  // Only on parts this small (their queries grow with phases x rows).
  size_t max_phase_transitions = 12;
  size_t max_phase_rows = 240;
  // Premise rows of one round's query in all (its size; Z3's resource
  // limit does not bound the time it takes to set up a very large one).
  size_t max_part_rows = 4000;
  // Where no function is found for a part: pairs "t then u" checked for
  // transitions that nothing in the part can follow (proof.h, Cut), each
  // one or two solver calls, in all.
  size_t max_cut_checks = 200;
  // A safety net: past it the search gives up (no proof), never decides one.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct RankResult {
  std::optional<Proof> proof;
  std::string why_not;  // when there is no proof: the first part without one
};

// Proves that the ITS has no infinite run from start. Transitions that are
// not reachable are ignored; infeasible ones are recorded as dead with
// their certificates.
RankResult prove(const Its& its, smt::Solver& solver, const RankOptions& options = {});

}  // namespace jhalt::its
