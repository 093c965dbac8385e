// The portfolio (issue 11): runs engines one after the other on an entry,
// each with a share of the remaining time, all through one certifier (so a
// finding of one engine is not confirmed again for the next). The schedule
// of the registered engines is written in one place, registry.cpp.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/clp/engine.h"
#include "jhalt/recurrent/engine.h"
#include "jhalt/engine/engine.h"
#include "jhalt/its/engine.h"
#include "jhalt/nonterm/engine.h"

namespace jhalt::portfolio {

class Portfolio {
 public:
  // `time_share`: the fraction of the time left when the engine starts.
  void add(std::unique_ptr<engine::Engine> e, double time_share);
  std::vector<std::string> names() const;

  // Runs the engines in order. With goal.stop_at_first the first engine
  // that confirms a non-termination or proves termination ends the run
  // (both for one entry: Answer::Error, a soundness alarm). Unsupported features and
  // resource limits of one engine become notes and the next engine runs;
  // InternalError propagates (the method's result is then `error`).
  engine::Result run(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                     engine::Certifier& certifier);

 private:
  struct Stage {
    std::unique_ptr<engine::Engine> engine;
    double time_share;
  };
  std::vector<Stage> stages_;
};

// Options of the registered engines (defaults at effort 1).
struct EngineOptions {
  its::TermOptions term;
  nonterm::SegOptions seg;
  clp::ClpOptions clp;
  recurrent::RecurrentOptions recurrent;
};

// The names `--engine` accepts: every registered engine and "all".
std::vector<std::string> engineChoices();
// The portfolio for `choice` ("all" or one engine's name).
Portfolio makePortfolio(std::string_view choice, const EngineOptions& options);

}  // namespace jhalt::portfolio
