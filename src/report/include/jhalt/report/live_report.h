// Reports of `jhalt run` and `jhalt attach` (issue 15): the JVM, and per
// analysed thread its verdict with the findings in the same form as
// `analyze` (text and JSON; JSON's `verdict` and `nonterminating[]` with
// `method`, `line`, `kind`, `proof` as analyze writes them, plus `thread`,
// `stack` and `values`).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jhalt/engine/result.h"

namespace jhalt::report {

struct LiveThreadReport {
  std::string thread;
  engine::Result result;     // findings: NonTermKind::Live
  std::vector<std::string> loops;  // the loops tried (Java locations)
};

struct LiveReport {
  long pid = 0;
  std::string command;       // the JVM's main class or jar and arguments
  std::string mode;          // how jhalt reached the JVM
  double seconds = 0;
  std::vector<LiveThreadReport> threads;
  std::vector<std::string> notes;  // about the JVM as a whole
  engine::Answer verdict() const;  // NO if some thread is proven stuck, else MAYBE
};

std::string toText(const LiveReport& r, bool proofs = true);
nlohmann::json toJson(const LiveReport& r);

}  // namespace jhalt::report
