// The options every analysing command shares (analyze, termcomp): which
// engines, the budget, the integer semantics, the certifier's use of the
// JVM. Checked here (bad values: one-line error, exit 2) and turned into the
// configuration structs of the libraries.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "analysis_common.h"
#include "jhalt/certify/certifier.h"
#include "jhalt/engine/engine.h"
#include "jhalt/portfolio/portfolio.h"

namespace jhalt::cli {

struct EngineFlags {
  double timeout = 60;           // seconds per method (safety net)
  double effort = 1.0;           // multiplier of the engines' deterministic limits
  size_t max_memory_mb = 1024;   // per method
  double replay_timeout = 2.0;
  bool no_replay = false;
  std::string dump_smt;
  std::string int_semantics;     // "math" or "jvm"; default set by the command
  std::string engine = "all";
  unsigned clp_unfold = 8;
  bool smt_stats = false;        // print the SMT queries per purpose on stderr (one method)

  // `analyze`: the options only analyze has; `default_semantics`: "math"
  // for termcomp (the TPDB convention), "jvm" for analyze.
  void addTo(CLI::App* cmd, bool analyze, const std::string& default_semantics);
  // Checks what CLI11 cannot (an unwritable --dump-smt directory, ...);
  // throws InputError.
  void validate() const;

  engine::Semantics semantics() const;
  engine::Budget budget() const;
  portfolio::EngineOptions engineOptions() const;
  certify::Options certifyOptions(const Analysis& a) const;
};

}  // namespace jhalt::cli
