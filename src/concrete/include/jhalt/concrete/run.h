// Concrete execution with jhalt's evaluator: a concrete state evaluates to
// exactly one successor (no refinement is ever needed), so a run is a
// sequence of concrete states. Runs detect exact repetitions of states at
// loop heads: a repeated concrete state of a deterministic program proves
// that it runs forever (a "lasso").
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "jhalt/seg/evaluator.h"
#include "jhalt/state/state.h"

namespace jhalt::concrete {

struct RunOptions {
  size_t max_steps = 20000;
  bool detect_cycles = true;
  size_t max_heap = 20000;  // stop when a state grows beyond this many values
  // Stop (outcome StepLimit, `deep` set) when the call stack grows beyond
  // this many frames; 0: no limit. Every step copies the frames, so a deep
  // recursion costs time quadratic in its depth.
  size_t max_depth = 0;
  // Stop (outcome StepLimit) when this point in time is passed.
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct RunResult {
  enum class Outcome { Returned, Exception, Cycle, StepLimit, Stopped, NotConcrete };
  Outcome outcome = Outcome::StepLimit;
  size_t steps = 0;
  std::string reason;  // NotConcrete: why
  // Exception: the class, and where it was raised (method and offset).
  std::string exception_class;
  const program::MethodInfo* exception_method = nullptr;
  uint32_t exception_pc = 0;
  // Cycle: where the repeated state is (method and offset), the step of its
  // first occurrence and the period in steps.
  const program::MethodInfo* cycle_method = nullptr;
  uint32_t cycle_pc = 0;
  size_t cycle_start = 0;
  size_t cycle_period = 0;
  // Non-empty when the repetition is modulo local variables that the loop
  // only increments (their slot numbers); see run.cpp.
  std::vector<size_t> cycle_ignored;
  state::State last;  // the final state (program end, or where the run stopped)
  // Exception: the state whose step raised it (all frames still there).
  std::optional<state::State> raise_state;
  // Integer results that left their type's range during the run: with none,
  // the run is the same under mathematical and JVM integers.
  size_t wraps = 0;
  size_t max_depth = 0;  // most frames on the stack at once
  // NotConcrete because a mathematical integer left 64 bits (the run was
  // exact up to there).
  bool overflowed = false;
  // StepLimit because the deadline passed (not the step count): a run cut
  // short by a timer, which confirms nothing.
  bool timed_out = false;
  // StepLimit because the call stack passed RunOptions::max_depth.
  bool deep = false;
};

// Runs `start` concretely. `observe` is called with every state reached
// (the start included) and may stop the run by returning true.
RunResult run(seg::Evaluator& ev, state::State start, const RunOptions& options,
              const std::function<bool(const state::State&, size_t step)>& observe = nullptr);

// The frame an exception raised in `s` is reported at: the first one from
// the top in the application's code (an exception raised inside a library
// method is reported at the call in the user's code), else the top frame.
const state::Frame& reportedFrame(const state::State& s);

// A canonical text of a concrete state: equal for states that differ only
// in the names of their references.
std::string canonicalForm(const state::State& s, state::TypeSystem& types);
// The same with the integer locals of the top frame whose `mask` entry is set
// replaced by a wildcard.
std::string canonicalForm(const state::State& s, state::TypeSystem& types, const std::vector<bool>* mask_top);

}  // namespace jhalt::concrete
