// `jhalt analyze LIB.jar --all-methods`: every method declared in PATH,
// analysed by a pool of workers (each with its own class path and program
// model), each result printed as soon as it is known, progress on stderr,
// then a summary (issue 10, item 4).
#pragma once

#include <string>
#include <vector>

#include "analysis_common.h"
#include "engine_flags.h"

namespace jhalt::cli {

struct AnalyzeFlags {
  EntryFlags entry;
  EngineFlags engine;
  std::string format = "text";
  bool fail_on_findings = false;
  bool verbose = false;
  bool all_methods = false;
  unsigned jobs = 0;  // 0: all cores
  MethodFilter filter;
  std::string visibility = "all";
  std::vector<std::string> report;
  bool progress = false, progress_given = false;
  bool timeout_given = false, effort_given = false;
  std::string emit_tests;  // --emit-tests DIR
};

// Returns the exit code.
int runLibrary(AnalyzeFlags& flags);

}  // namespace jhalt::cli
