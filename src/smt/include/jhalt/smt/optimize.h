// Linear optimisation over integer arithmetic (repeated Z3 checks): the best
// bound of a linear term under constraints, for abstract domains whose
// transfer functions are best abstractions (src/recurrent). Bounded by
// Z3's deterministic resource counter; an answer it cannot give is
// Unknown, which callers treat as "no bound" (sound over-approximation).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "jhalt/smt/term.h"

namespace jhalt::smt {

struct Bound {
  enum class Kind : uint8_t { Finite, Unbounded, Empty, Unknown };
  Kind kind = Kind::Unknown;
  int64_t value = 0;  // Finite: the maximum
};

// One solver kept for many questions (making a Z3 solver costs more than
// the small checks it answers): each call asserts its constraints in a
// scope of their own. Every check is bounded by `rlimit`.
class Maximizer {
 public:
  using Clock = std::chrono::steady_clock;
  // Past `deadline`, maximize() answers Unknown for the objectives left and
  // expired() is true (a safety net: callers give up rather than use it).
  Maximizer(Context& ctx, unsigned rlimit = 1000000, Clock::time_point deadline = Clock::time_point::max());
  ~Maximizer();
  Maximizer(const Maximizer&) = delete;
  Maximizer& operator=(const Maximizer&) = delete;

  // The maximum of each integer term of `objectives` over the models of
  // `constraints` (an optimum beyond 2^40 is Unbounded); all Empty when
  // there is no model.
  std::vector<Bound> maximize(const Term& constraints, const std::vector<Term>& objectives);
  bool expired() const { return expired_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  Clock::time_point deadline_;
  bool expired_ = false;
};

// A single question with a solver of its own.
Bound maximize(const Term& constraints, const Term& objective, unsigned rlimit = 1000000);

}  // namespace jhalt::smt
