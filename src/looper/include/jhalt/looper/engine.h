// The "looper" engine (issue 15, paper 004): proves that a thread of a
// running JVM never leaves the loop it is in. It runs iterations of the
// loop concolically from the memory the thread is in (concolic.h), and
// after each one checks whether the observed paths form a closed system
// with invariants (closure.h). A proof becomes a claim for the shared
// certifier, which confirms it by a step-counted run of jhalt's evaluator
// from the same memory.
#pragma once

#include <functional>
#include <string>

#include "jhalt/engine/engine.h"
#include "jhalt/looper/world.h"
#include "jhalt/smt/solver.h"

namespace jhalt::looper {

struct LooperOptions {
  // Iterations observed for the closure check: after each of the first
  // `max_iterations`, then after every 16th up to `max_closure_iterations`.
  size_t max_iterations = 24;
  size_t max_closure_iterations = 64;
  size_t max_repetition = 4096;  // iterations run looking for an exact repetition
  size_t max_total_steps = 400000;
  size_t max_steps_per_iteration = 200000;
  smt::SolverOptions solver;
  smt::QueryStats* stats = nullptr;
  std::function<void(const std::string&)> trace;  // JHALT_DEBUG_LOOPER
};

class LooperEngine final : public engine::Engine {
 public:
  LooperEngine(LiveWorld& world, LooperOptions options) : world_(world), options_(std::move(options)) {}
  std::string_view name() const override { return "looper"; }
  engine::Capabilities capabilities() const override { return {.loops = true}; }
  engine::Result analyze(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                         engine::Certifier& certifier) override;

 private:
  LiveWorld& world_;
  LooperOptions options_;
};

}  // namespace jhalt::looper
