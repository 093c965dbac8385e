// Analysing one method with the portfolio, isolated: an internal error or
// an unexpected exception inside the analysis becomes that method's `error`
// result (issue 10, item 2), so that a library run goes on.
#pragma once

#include "analysis_common.h"
#include "engine_flags.h"
#include "jhalt/report/report.h"

namespace jhalt::cli {

struct MethodRun {
  const EngineFlags& flags;
  engine::Goal goal;
  certify::Options certify;
  portfolio::EngineOptions engines;
  // Library runs: a malformed class met during one method's analysis makes
  // that method MAYBE (with a note) instead of ending the run.
  bool isolate_input_errors = false;
  smt::QueryStats* stats = nullptr;  // --smt-stats (single-method runs)
};

report::EntryReport analyzeMethod(Analysis& a, const program::MethodInfo& m, bool main_convention, const MethodRun& run);

}  // namespace jhalt::cli
