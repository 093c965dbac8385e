// Registration of the jhalt subcommands. Each `add*` adds a subcommand to the
// app and sets `run` to its action when it is selected.
#pragma once

#include <functional>

#include <CLI/CLI.hpp>

namespace jhalt::cli {

using Action = std::function<int()>;

void addDisasm(CLI::App& app, Action& run);
void addInfo(CLI::App& app, Action& run);
void addGraph(CLI::App& app, Action& run);
void addTermcomp(CLI::App& app, Action& run);
void addAnalyze(CLI::App& app, Action& run);
void addClp(CLI::App& app, Action& run);
void addIts(CLI::App& app, Action& run);
void addIrrelevant(CLI::App& app, Action& run);
void addRun(CLI::App& app, Action& run);
void addAttach(CLI::App& app, Action& run);

}  // namespace jhalt::cli
