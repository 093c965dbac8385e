// Setting up an analysis from the command line: class path, program model
// and the entry method (TPDB convention or --entry / --method).
#pragma once

#include <memory>
#include <string>

#include <CLI/CLI.hpp>

#include "cli_common.h"
#include "jhalt/program/program.h"

namespace jhalt::cli {

struct EntryFlags {
  std::string path;    // the program: jar, directory or class file
  std::string entry;   // class whose main(String[]) is the entry
  std::string method;  // 'pkg/C.m(I)V': any method as the entry
  ClassPathFlags classpath;

  void addTo(CLI::App* cmd);
};

struct Analysis {
  std::unique_ptr<classpath::ClassPath> class_path;
  std::unique_ptr<program::Program> program;
  const program::MethodInfo* entry = nullptr;
  bool main_convention = false;  // entry is main(String[]) with TPDB inputs
};

// Throws InputError with a one-line message when the entry cannot be found
// (unless `no_entry_needed`, for --all-methods).
Analysis setUpAnalysis(const EntryFlags& flags, bool no_entry_needed = false);
// Every static method with code of the application classes, with whether it
// is a main(String[]) analysed under the TPDB convention.
std::vector<std::pair<const program::MethodInfo*, bool>> allEntries(Analysis& a);

}  // namespace jhalt::cli
