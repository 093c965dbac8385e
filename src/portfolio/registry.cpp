// The registered engines and the schedule of `--engine all`: the one place
// that knows every engine. Adding an engine: one line in `kEngines` (its
// name, its share of the time left, and how to make it).
//
// The order is measured (docs/BENCHMARKS.md, issue 5): on non-recursive
// TPDB problems the CLP engine proves no loop the graph engine misses, and
// the graph engine gives up at once on recursion, so the graph engine goes
// first with 60% of the time and the CLP engine gets the rest; after the
// graph engine the CLP engine looks for recurrent sets of several clauses
// only for recursion.
#include <functional>

#include "jhalt/portfolio/portfolio.h"

namespace jhalt::portfolio {
namespace {

struct Registration {
  const char* name;
  double share;  // of the time left when it starts, in the `all` schedule
  std::function<std::unique_ptr<engine::Engine>(const EngineOptions&, bool in_portfolio)> make;
  bool in_all;  // part of the `all` schedule
};

const std::vector<Registration>& registry() {
  static const std::vector<Registration> kEngines = {
      // Termination proofs first: a failure is quick (a gap, or no ranking
      // function after a few solver calls) and a YES ends termcomp. 0.4 of
      // the time (8 s of 20): on the TPDB every NO comes within 2.6 s, and
      // proofs with invariants need 4-7 s (docs/BENCHMARKS.md, issue 13,
      // eighth part: 0.25 lost LessLeaves, Graph, DuplicateNodes, Test8 to
      // the share).
      {"term", 0.4, [](const EngineOptions& o, bool) { return std::make_unique<its::TerminationEngine>(o.term); }, true},
      {"seg", 0.6, [](const EngineOptions& o, bool) { return std::make_unique<nonterm::SegEngine>(o.seg); }, true},
      {"clp", 1.0,
       [](const EngineOptions& o, bool in_portfolio) {
         clp::ClpOptions c = o.clp;
         if (in_portfolio) c.loop_sets = false;  // the graph engine has had its go at the loops
         return std::make_unique<clp::ClpEngine>(c);
       },
       true},
      // Recurrent sets by forward analysis (paper 003) last, and in `all`
      // only its sets of abstract states (heap shapes) from fewer runs: on
      // a held-out loop corpus they prove loops the others miss; the search
      // over integer templates proves nothing on the TPDB the others miss,
      // and the full engine raised the median time by 16% (issue 14,
      // docs/BENCHMARKS.md).
      {"recurrent", 1.0,
       [](const EngineOptions& o, bool in_portfolio) {
         recurrent::RecurrentOptions r = o.recurrent;
         if (in_portfolio) {
           r.integer_templates = false;
           r.heap.candidates = 40;     // the graph engine has run the candidates already
           r.heap.total_steps = 40000;
         }
         return std::make_unique<recurrent::RecurrentEngine>(r);
       },
       true},
  };
  return kEngines;
}

}  // namespace

std::vector<std::string> engineChoices() {
  std::vector<std::string> out;
  for (const auto& r : registry()) out.emplace_back(r.name);
  out.emplace_back("all");
  return out;
}

Portfolio makePortfolio(std::string_view choice, const EngineOptions& options) {
  Portfolio p;
  for (const auto& r : registry()) {
    if (choice == "all" && r.in_all)
      p.add(r.make(options, true), r.share);
    else if (choice == r.name)
      p.add(r.make(options, false), 1.0);
  }
  return p;
}

}  // namespace jhalt::portfolio
