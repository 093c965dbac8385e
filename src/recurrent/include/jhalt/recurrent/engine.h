// The recurrent-set engine ("recurrent", paper 003; design in
// docs/design/recurrent.md): for each loop of the entry's constraint logic
// program translated for termination proofs (loop.h), the forward search
// for a universal recurrent set (search.h) over intervals, then octagons;
// every set found is re-checked with Lemma 1 (check.h), a model of the
// entry reaching it (paper 001, Prop. 5 with the unfolded stems) gives the
// witness, and the certifier confirms the claim. Its proofs hold for the
// integer semantics the program was translated for: mathematical integers,
// or JVM ints (every variable an int, every int overflow an exit).
#pragma once

#include <functional>
#include <string>

#include "jhalt/clp/translate.h"
#include "jhalt/clp/unfold.h"
#include "jhalt/engine/engine.h"
#include "jhalt/recurrent/domain.h"
#include "jhalt/recurrent/heap.h"
#include "jhalt/recurrent/search.h"
#include "jhalt/smt/solver.h"

namespace jhalt::recurrent {

// Deterministic limits at effort 1.
struct RecurrentOptions {
  clp::TranslateOptions translate;
  clp::UnfoldOptions unfold;
  smt::SolverOptions smt;
  SearchOptions search;
  size_t max_loops = 16;
  size_t max_sets = 8;  // recurrent sets checked per loop and domain
  HeapOptions heap;     // sets of abstract states (heap.h)
  // The forward search over integer templates (the portfolio leaves it
  // out: it costs seconds where the other engines give up).
  bool integer_templates = true;
  // Intervals first (cheaper, and sets that read better), then octagons
  // for sets that need a relation (x - y >= 1).
  std::vector<Shape> shapes = {Shape::Intervals, Shape::Octagons};
  smt::QueryStats* stats = nullptr;
  std::function<void(const std::string&)> trace;  // debug output (JHALT_DEBUG_RECURRENT)
};

class RecurrentEngine final : public engine::Engine {
 public:
  explicit RecurrentEngine(RecurrentOptions options = {}) : options_(std::move(options)) {}
  std::string_view name() const override { return "recurrent"; }
  engine::Capabilities capabilities() const override { return {true, false, false, false}; }
  engine::Result analyze(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                         engine::Certifier& certifier) override;
  RecurrentOptions& options() { return options_; }

 private:
  RecurrentOptions options_;
};

}  // namespace jhalt::recurrent
