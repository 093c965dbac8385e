// Every output format of jhalt, written from the common result in one
// place (issue 11): human-readable text, JSON (one document) and JSON Lines
// (one object per analysed method, then a summary), for `analyze` and
// `termcomp`. New formats (SARIF, HTML) go here. Nothing else prints results.
//
// Human-readable text uses Java names (`java.lang.NullPointerException`,
// `Shop.total(int[], int)`) and file:line locations; JSON keeps the
// internal forms in fields meant for tools (`exception`, `method`) beside
// the Java ones (`java_exception`, `java_method`).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jhalt/engine/result.h"

namespace jhalt::report {

// One analysed method and its result.
struct EntryReport {
  std::string method;       // internal: pkg/C.m(I)V
  std::string java_method;  // pkg.C.m(int)
  engine::Semantics semantics = engine::Semantics::Jvm;
  engine::Result result;
};

struct TextOptions {
  bool proofs = true;       // print the proof of each non-termination
  bool unconfirmed = false; // list the claims that could not be confirmed
};

std::string toText(const EntryReport& e, const TextOptions& options = {});
nlohmann::json toJson(const EntryReport& e);
nlohmann::json witnessJson(const input::Witness& w);

// The run over many methods (analyze --all-methods).
struct Summary {
  size_t methods = 0;
  size_t with_findings = 0;
  size_t nonterminating = 0;                 // findings
  size_t runtime = 0, null_argument = 0, explicit_throw = 0, object_state = 0;  // exception findings by cause
  size_t hidden = 0;                         // exception findings not reported (--report)
  size_t maybe = 0, errors = 0;
  size_t unconfirmed = 0;
  double seconds = 0;
  void add(const EntryReport& e);
};

std::string toText(const Summary& s);
nlohmann::json toJson(const Summary& s);

}  // namespace jhalt::report
