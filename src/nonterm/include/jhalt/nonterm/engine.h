// The symbolic-execution-graph engine ("seg") for non-termination and
// runtime exceptions (paper 000): builds the graph under the entry's integer
// semantics, proves loops non-terminating (Thms. 7 and 8; with bit-vector
// arithmetic under JVM semantics), searches witness inputs whose concrete
// runs reach a proven region, repeat a state exactly or throw, and hands
// every claim to the certifier.
#pragma once

#include <functional>
#include <string>

#include "jhalt/engine/engine.h"
#include "jhalt/seg/builder.h"
#include "jhalt/smt/solver.h"

namespace jhalt::nonterm {

// Deterministic limits at effort 1 (engine::Budget scales them).
struct SegOptions {
  seg::BuildOptions build;
  smt::SolverOptions smt;
  size_t max_candidates = 400;           // witness inputs tried
  size_t max_concrete_steps = 20000;     // per witness run
  size_t total_concrete_steps = 400000;  // over all witness runs
  size_t max_strengthen = 40;            // invariants suggested by witness states (Thm. 8)
  smt::QueryStats* stats = nullptr;      // if set, SMT queries are counted there
  std::function<void(const std::string&)> trace;  // debug output of the witness checks
};

class SegEngine final : public engine::Engine {
 public:
  explicit SegEngine(SegOptions options = {}) : options_(std::move(options)) {}
  std::string_view name() const override { return "seg"; }
  engine::Capabilities capabilities() const override { return {true, false, true, false}; }
  engine::Result analyze(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                         engine::Certifier& certifier) override;

 private:
  SegOptions options_;
};

}  // namespace jhalt::nonterm
