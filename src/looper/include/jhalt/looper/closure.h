// The non-termination argument of paper 004, §3.4 and §4: observed
// iterations (Φ_i, M_i) form a closed system when, for every i,
//
//     Γ ∧ Φ_i  ⇒  Φ_1[M_i] ∨ … ∨ Φ_k[M_i]                 (Props. 3.3, 3.7)
//
// where Γ are invariants of the memory at the loop head: candidates
// x = n, x ≤ n, x ≥ n with n observed at the heads (§4), kept when they
// hold in the memory the JVM stopped in and every path preserves them
// (Houdini). The memory the JVM stopped in satisfies Φ_1 and Γ, so the loop
// runs forever along the observed paths. Φ_j[M_i] substitutes the memory
// map; a location M_i sets to ⊥ (a new object, a value jhalt cannot
// express) becomes a fresh variable, which the implication must then hold
// for whatever it is (stronger than Def. 3.6's `false`). Checked with Z3
// over bit-vectors (the JVM's 32/64-bit arithmetic).
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jhalt/looper/concolic.h"
#include "jhalt/smt/solver.h"

namespace jhalt::looper {

struct ClosureProof {
  size_t paths = 0;
  std::vector<std::string> invariants;  // Γ, readable
  std::string text;                     // the argument, readable
  std::string smtlib;                   // the closure checks as an SMT-LIB script (each must be unsat)
};

struct ClosureResult {
  std::optional<ClosureProof> proof;
  std::string why_not;  // no proof: the first obligation that failed
  std::string detail;   // and that path, readable (for traces)
};

// The values locations had at the heads of all observed iterations (also
// those whose path repeats one of `iterations`), for the invariants.
struct Observed {
  std::map<Location, std::set<int64_t>> ints;
  std::map<Location, std::set<Ref>> refs;
  void add(const Iteration& it) {
    for (const auto& [l, v] : it.start_values) ints[l].insert(v);
    for (const auto& [l, r] : it.start_refs) refs[l].insert(r);
  }
};

// Locations something else may write (LocationVar::shared) get no
// invariant and become fresh variables after every path.
ClosureResult proveClosed(const std::vector<Iteration>& iterations, const HeadMemory& memory, smt::Solver& solver,
                          std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max(),
                          const Observed* observed = nullptr);

}  // namespace jhalt::looper
