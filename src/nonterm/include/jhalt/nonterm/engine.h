// The symbolic-execution-graph engine for non-termination and runtime
// exceptions (paper 000): builds the graph, proves loops non-terminating
// (Thms. 7 and 8), searches witness inputs whose concrete runs reach the
// proven regions (or repeat a state exactly, or throw), and replays every
// claim on the JVM before reporting it. A claim the replay refutes is never
// reported (it is kept as an internal error).
#pragma once

#include "jhalt/program/program.h"
#include "jhalt/replay/replay.h"
#include "jhalt/seg/builder.h"
#include "jhalt/smt/solver.h"
#include "jhalt/verdict/verdict.h"

namespace jhalt::nonterm {

struct Options {
  seg::BuildOptions build;
  smt::SmtOptions smt;
  double time_budget = 30;         // seconds for the whole analysis
  size_t max_candidates = 400;     // witness inputs tried
  size_t max_concrete_steps = 20000;  // per witness run
  size_t total_concrete_steps = 400000;  // over all witness runs
  bool replay = true;
  replay::ReplayOptions replay_options;
  bool exceptions = true;          // report runtime exceptions with witnesses
  bool stop_at_first = false;      // stop after the first confirmed non-termination
};

verdict::Verdict analyze(program::Program& program, const program::MethodInfo& entry, bool main_convention,
                         const Options& options);

}  // namespace jhalt::nonterm
