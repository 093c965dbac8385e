// The termination engine ("term", issue 13): translate the entry and its
// callees for termination (clp::TranslateOptions::for_termination), build
// the ITS (from_clp.h) - and for main(String[]), when that gives no proof,
// the ITS of its symbolic execution graph (from_seg.h: heap sizes, field
// values, inlined calls) -, find invariants when needed and lexicographic
// linear ranking functions (rank.h), and re-check every certificate
// exactly (check.h); YES only when the check accepts the proof. A proof is
// for mathematical integers or for JVM ints (every variable an int, every
// int overflow a Wrap or Overflow transition that the proof must handle:
// docs/design/termination.md §5); the engine proves the entry's semantics
// and, outside termcomp, the other one, and the YES states which hold.
// With --dump-smt each claim is also checked as a query of its own
// (obligations.h), for a second solver to re-check. Entries: main(String[])
// under the TPDB convention, or any method with arbitrary arguments (static
// fields then start with any values).
#pragma once

#include <functional>
#include <string>

#include "jhalt/clp/translate.h"
#include "jhalt/engine/engine.h"
#include "jhalt/its/rank.h"
#include "jhalt/seg/builder.h"
#include "jhalt/smt/solver.h"

namespace jhalt::its {

struct TermOptions {
  clp::TranslateOptions translate;
  // The symbolic execution graph for main (heap sizes, field values), with
  // 3 entries of a recursive method kept apart before they are merged: a
  // recursion whose argument cycles through a few values (a mode 0, 1, 2)
  // then gets one location per value, each ranked by its own function
  // (AlternatingGrowReduceRec; measured in docs/BENCHMARKS.md).
  seg::BuildOptions build = [] {
    seg::BuildOptions b;
    b.entry_variants = 3;
    return b;
  }();
  smt::SolverOptions smt;
  RankOptions rank;
  size_t max_transitions = 3000;
  // Retries of a graph proof with a weighted norm (one field weighing 2).
  size_t max_weighted_norms = 6;
  smt::QueryStats* stats = nullptr;
  std::function<void(const std::string&)> trace;  // JHALT_DEBUG_TERM: the ITS and the proof search
  // JHALT_DEBUG_TERM_DOT: each symbolic execution graph of main, in Graphviz format.
  std::function<void(const std::string&)> graph_dot;
};

class TerminationEngine final : public engine::Engine {
 public:
  explicit TerminationEngine(TermOptions options = {}) : options_(std::move(options)) {}
  std::string_view name() const override { return "term"; }
  engine::Capabilities capabilities() const override { return {false, false, false, true}; }
  engine::Result analyze(const engine::Entry& entry, const engine::Goal& goal, const engine::Budget& budget,
                         engine::Certifier& certifier) override;

 private:
  TermOptions options_;
};

// The readable proof: per round, the ranking function of each location and
// the transitions it removes.
std::string proofText(const Its& its, const Proof& proof);

}  // namespace jhalt::its
