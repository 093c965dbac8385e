// Pieces shared by the jhalt subcommands: exit codes, error printing, the
// class-path options and the buffered output writer.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "jhalt/classpath/class_path.h"

namespace jhalt::cli {

// Documented in README.md and `jhalt --help`.
enum ExitCode : int {
  kExitOk = 0,
  kExitFindings = 1,   // analysis found problems (with --fail-on-findings)
  kExitBadInput = 2,   // bad input file or bad usage
  kExitInternal = 3,   // internal error (a bug in jhalt)
  kExitIncomplete = 4, // the analysis could not be completed (unsupported feature, limit)
};

// `jhalt: error: <file>: <what>` on stderr.
void printError(const std::string& file, const std::string& what);
void printError(const std::string& what);

struct ClassPathFlags {
  std::string classpath;     // extra application entries, ':'-separated
  std::string jdk;           // JDK home; "none" disables
  std::string models;        // models jar; "none" disables
  std::string search_order = "app,models,jdk";

  void addTo(CLI::App& cmd);
  // Builds the class-path options; application entries first. Throws
  // InputError for bad values.
  classpath::ClassPathOptions resolve(const std::vector<std::string>& application) const;
};

// Collects output and writes it to stdout in large chunks.
class Output {
 public:
  ~Output() { flush(); }
  std::string& buffer() { return buf_; }
  void maybeFlush() {
    if (buf_.size() >= (size_t{1} << 20)) flush();
  }
  void flush() {
    if (!buf_.empty()) std::fwrite(buf_.data(), 1, buf_.size(), stdout);
    buf_.clear();
  }

 private:
  std::string buf_;
};

// Debug traces of the engines, asked for through the environment
// (JHALT_DEBUG_SEG, JHALT_DEBUG_CLP, JHALT_DEBUG_WITNESS; read by the command
// line only: libraries get a function, never the environment).
std::function<void(const std::string&)> traceFor(const char* variable);

// Path of the running executable's directory (for the bundled models jar).
std::string executableDirectory();

}  // namespace jhalt::cli
