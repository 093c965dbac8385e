// The CLP engine ("clp", paper 001): translate the entry and its callees
// into a CLP program, unfold it into binary clauses, look for a recursive
// clause (or a set of them) with a recurrent set (Props. 3 and 4) that the
// entry reaches (Prop. 5), turn the model into a witness input and hand the
// claim to the certifier. Its proofs are over mathematical integers (the
// clauses are linear integer arithmetic): under JVM semantics a loop claim
// counts only if jhalt's JVM run repeats a state, and an infinite recursion
// is what it is on a real JVM: a StackOverflowError (an exception claim).
#pragma once

#include <functional>
#include <string>

#include "jhalt/clp/translate.h"
#include "jhalt/clp/unfold.h"
#include "jhalt/engine/engine.h"
#include "jhalt/smt/solver.h"

namespace jhalt::clp {

// Deterministic limits at effort 1.
struct ClpOptions {
  TranslateOptions translate;
  UnfoldOptions unfold;
  smt::SolverOptions smt;
  size_t max_candidates = 40;  // (loop, stem) pairs tried
  // Recurrent sets of several clauses (criteria.h): for loops too, or only
  // for recursion (a portfolio with the graph engine, which proves loops,
  // saves the time), and how many intersections with the pre-image.
  bool loop_sets = true;
  unsigned set_rounds = 1;
  smt::QueryStats* stats = nullptr;
  std::function<void(const std::string&)> trace;  // debug output (JHALT_DEBUG_CLP)
};

class ClpEngine final : public engine::Engine {
 public:
  explicit ClpEngine(ClpOptions options = {}) : options_(std::move(options)) {}
  std::string_view name() const override { return "clp"; }
  engine::Capabilities capabilities() const override { return {true, true, false, false}; }
  engine::Result analyze(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                         engine::Certifier& certifier) override;
  ClpOptions& options() { return options_; }

 private:
  ClpOptions options_;
};

}  // namespace jhalt::clp
