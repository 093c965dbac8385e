// Setting up an analysis from the command line: where the program's classes
// are (PATH traced back to the root of its packages), the class path, the
// program model, and the entry method (TPDB convention, --entry or
// --method), or the list of methods of a library run (--all-methods).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli_common.h"
#include "jhalt/program/program.h"
#include "jhalt/seg/builder.h"
#include "jhalt/util/process.h"

namespace jhalt::cli {

struct EntryFlags {
  std::string path;    // the program: jar, jmod, directory (any package directory) or class file
  std::string entry;   // class whose main(String[]) is the entry
  std::string method;  // 'pkg/C.m(I)V' or 'pkg.C.m': any method as the entry
  ClassPathFlags classpath;

  void addTo(CLI::App* cmd);
};

// Limits and integer semantics of a symbolic execution graph built by a
// command (`graph`, `irrelevant`).
struct GraphFlags {
  size_t max_states = 60000;
  double timeout = 10;
  size_t max_memory_mb = 160;  // held by the construction (a JVM-free jhalt stays under 256 MB)
  std::string int_semantics = "math";

  void addTo(CLI::App* cmd, const std::string& timeout_help);
  seg::BuildOptions buildOptions() const;
};

// Where the analysed classes are.
struct Target {
  std::string root;                       // class-path entry of PATH's classes
  std::string class_prefix;               // PATH was a package directory: only classes under it
  std::optional<std::string> single_class;  // PATH was a .class file: its class
  std::vector<std::string> replay_classpath;  // for the JVM (jmods are the JVM's own)
  std::shared_ptr<util::TempDir> layout;  // a package layout made for a misplaced .class file
  bool inPath(std::string_view internal_name) const;
};

struct Analysis {
  Target target;
  classpath::ClassPathOptions options;
  std::unique_ptr<classpath::ClassPath> class_path;
  std::unique_ptr<program::Program> program;
  const program::MethodInfo* entry = nullptr;
  bool main_convention = false;  // entry is main(String[]) with TPDB inputs
};

// Throws InputError with a one-line message when PATH or the entry cannot
// be found (unless `no_entry_needed`, for --all-methods).
Analysis setUpAnalysis(const EntryFlags& flags, bool no_entry_needed = false);
// A fresh class path and program for the same target (one per worker thread).
Analysis reopen(const EntryFlags& flags, const Target& target);

// The methods of a library run.
struct MethodFilter {
  std::vector<std::string> include, exclude;  // globs over `pkg.Outer$Inner.method`
  bool public_only = false;                    // public/protected methods of public classes
};
struct MethodRef {
  std::string cls, name, descriptor;  // internal forms
  bool main = false;                  // main(String[]): analysed under the TPDB convention
};
// Every method with code declared by a class of PATH (not the class path's
// other entries), once each: no synthetic or bridge methods, no static
// initializers; constructors and instance methods included. Classes that
// do not load are reported in `skipped` ("<class>: <why>").
std::vector<MethodRef> libraryMethods(Analysis& a, const MethodFilter& filter, std::vector<std::string>& skipped);
const program::MethodInfo* resolve(program::Program& p, const MethodRef& m);

// A glob (`*` any characters, `?` one) against a whole text.
bool globMatch(std::string_view pattern, std::string_view text);

}  // namespace jhalt::cli
