// Linear optimisation over integer arithmetic (repeated Z3 checks): the best
// bound of a linear term under constraints, for abstract domains whose
// transfer functions are best abstractions (src/recurrent). Bounded by
// Z3's deterministic resource counter; an answer it cannot give is
// Unknown, which callers treat as "no bound" (sound over-approximation).
#pragma once

#include <cstdint>

#include "jhalt/smt/term.h"

namespace jhalt::smt {

struct Bound {
  enum class Kind : uint8_t { Finite, Unbounded, Empty, Unknown };
  Kind kind = Kind::Unknown;
  int64_t value = 0;  // Finite: the maximum
};

// The maximum of the integer term `objective` over the models of
// `constraints` (an optimum beyond int64 is Unbounded).
Bound maximize(const Term& constraints, const Term& objective, unsigned rlimit = 1000000);

}  // namespace jhalt::smt
