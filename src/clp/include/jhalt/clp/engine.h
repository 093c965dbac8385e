// The CLP engine (paper 001): translate the entry and its callees into a
// CLP program, unfold it into binary clauses, look for a recursive clause
// that satisfies Prop. 3 or 4 and is reachable from the entry (Prop. 5),
// turn the model into a witness input and replay it on the JVM. An infinite
// recursion ends in StackOverflowError on a real JVM; the replay counts it
// as confirmed only when it also happens with a stack 256 times the default
// (-Xss256m), or the run is still going at the time limit.
#pragma once

#include "jhalt/clp/translate.h"
#include "jhalt/clp/unfold.h"
#include "jhalt/program/program.h"
#include "jhalt/replay/replay.h"
#include "jhalt/smt/solver.h"
#include "jhalt/verdict/verdict.h"

namespace jhalt::clp {

struct EngineOptions {
  TranslateOptions translate;
  UnfoldOptions unfold;
  smt::SmtOptions smt;
  double time_budget = 10;   // seconds
  bool replay = true;
  replay::ReplayOptions replay_options;
  bool stop_at_first = false;
  size_t max_candidates = 40;  // (loop, stem) pairs tried
  // Recurrent sets of several clauses (criteria.h): for loops too, or only
  // for recursion (a portfolio with the graph engine, which proves loops,
  // saves the time), and how many intersections with the pre-image.
  bool loop_sets = true;
  unsigned set_rounds = 1;
};

verdict::Verdict analyze(program::Program& program, const program::MethodInfo& entry, bool main_convention,
                         const EngineOptions& options);

}  // namespace jhalt::clp
