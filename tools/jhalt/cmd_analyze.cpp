// `jhalt termcomp FILE.jar` (Termination Competition interface) and
// `jhalt analyze PATH` (findings with witnesses; one method, or a whole
// library with --all-methods, see library_run.cpp).
#include <memory>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "analysis_common.h"
#include "commands.h"
#include "emit_tests.h"
#include "engine_flags.h"
#include "library_run.h"
#include "run_method.h"
#include "jhalt/report/report.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {
namespace {

void printStats(const smt::QueryStats& stats, bool wanted) {
  if (!wanted) return;
  std::fflush(stdout);
  for (const auto& [purpose, e] : stats.by_purpose)
    std::fprintf(stderr, "smt %-28s %6zu queries (%zu sat, %zu unsat, %zu unknown) %8.3f s\n", purpose.c_str(),
                 e.queries, e.sat, e.unsat, e.unknown, e.seconds);
  std::fprintf(stderr, "smt total %zu queries %.3f s\n", stats.total(), stats.seconds());
}

}  // namespace

void addTermcomp(CLI::App& app, Action& run) {
  struct Flags {
    EntryFlags entry;
    EngineFlags engine;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "termcomp", "Termination Competition interface: first line YES, NO or MAYBE, then the proof "
                  "(mathematical integers by default, the TPDB convention)");
  flags->entry.addTo(cmd);
  flags->engine.addTo(cmd, false, "math");
  cmd->callback([flags, &run] {
    run = [flags] {
      flags->engine.validate();
      Analysis a = setUpAnalysis(flags->entry);
      MethodRun mr{flags->engine, engine::Goal{true, false}, flags->engine.certifyOptions(a),
                   flags->engine.engineOptions()};
      smt::QueryStats stats;
      if (flags->engine.smt_stats) mr.stats = &stats;
      report::EntryReport rep = analyzeMethod(a, *a.entry, a.main_convention, mr);
      printStats(stats, flags->engine.smt_stats);
      engine::Answer answer = rep.result.answer == engine::Answer::Error ? engine::Answer::Maybe : rep.result.answer;
      fmt::print("{}\n{}", engine::answerName(answer), report::toText(rep));
      return static_cast<int>(rep.result.answer == engine::Answer::Error ? kExitInternal : kExitOk);
    };
  });
}

void addAnalyze(CLI::App& app, Action& run) {
  auto flags = std::make_shared<AnalyzeFlags>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "Report non-terminating loops and runtime exceptions, each with a witness input that jhalt "
                 "confirmed (JVM integers by default)");
  flags->entry.addTo(cmd);
  flags->engine.addTo(cmd, true, "jvm");
  cmd->add_option("--format", flags->format, "Output format: text, json (one document) or jsonl (a line per method)")
      ->check(CLI::IsMember({"text", "json", "jsonl"}))
      ->capture_default_str();
  cmd->add_flag("--fail-on-findings", flags->fail_on_findings,
                "Exit with 1 when a non-termination or an exception was reported");
  cmd->add_flag("--verbose", flags->verbose, "Text: also list the claims that could not be confirmed");
  cmd->add_option("--emit-tests", flags->emit_tests,
                  "Write a runnable reproducer per finding into this directory (Repro_<Class>_<method>_<n>.java; "
                  "plain Java, run with the analysed classes on the class path)");
  auto* all = cmd->add_flag("--all-methods", flags->all_methods,
                            "Analyse every method declared in PATH (a library): in parallel, each result as soon as "
                            "it is known, then a summary");
  auto* jobs = cmd->add_option("--jobs,-j", flags->jobs, "With --all-methods: parallel analyses (default: all cores)")
                   ->check(CLI::Range(1u, 1024u));
  auto* include = cmd->add_option("--include", flags->filter.include,
                                  "With --all-methods: only methods whose `pkg.Class.method` matches one of these "
                                  "globs (* and ?; comma-separated or repeated)")
                      ->delimiter(',');
  auto* exclude = cmd->add_option("--exclude", flags->filter.exclude,
                                  "With --all-methods: leave out methods whose `pkg.Class.method` matches a glob")
                      ->delimiter(',');
  auto* visibility = cmd->add_option("--visibility", flags->visibility,
                                     "With --all-methods: public (public and protected methods of public classes) or "
                                     "all")
                         ->check(CLI::IsMember({"public", "all"}))
                         ->capture_default_str();
  auto* report = cmd->add_option("--report", flags->report,
                                 "With --all-methods: exception causes to report besides runtime (raised by the JVM "
                                 "in the method's code): null-arguments, explicit-throws, object-state, all "
                                 "(comma-separated)")
                     ->delimiter(',')
                     ->check(CLI::IsMember({"runtime", "null-arguments", "explicit-throws", "object-state", "all"}));
  cmd->add_flag("--progress,!--no-progress", flags->progress,
                "With --all-methods: show progress on stderr (default: when it is a terminal)");
  for (auto* o : {jobs, include, exclude, visibility, report}) o->needs(all);
  all->excludes(cmd->get_option("--entry"))->excludes(cmd->get_option("--method"));
  cmd->callback([flags, cmd, &run] {
    flags->progress_given = cmd->count("--progress") + cmd->count("--no-progress") > 0;
    flags->timeout_given = cmd->count("--timeout") > 0;
    flags->effort_given = cmd->count("--effort") > 0;
    run = [flags] {
      flags->engine.validate();
      if (flags->all_methods) return runLibrary(*flags);
      Analysis a = setUpAnalysis(flags->entry);
      MethodRun mr{flags->engine, engine::Goal{false, true}, flags->engine.certifyOptions(a),
                   flags->engine.engineOptions()};
      smt::QueryStats stats;
      if (flags->engine.smt_stats) mr.stats = &stats;
      std::optional<TestEmitter> emitter;
      if (!flags->emit_tests.empty()) emitter.emplace(flags->emit_tests);
      report::EntryReport rep = analyzeMethod(a, *a.entry, a.main_convention, mr);
      printStats(stats, flags->engine.smt_stats);
      if (emitter) emitter->emit(rep);
      if (flags->format == "text") {
        report::TextOptions to;
        to.unconfirmed = flags->verbose;
        fmt::print("{}", report::toText(rep, to));
      } else {
        fmt::print("{}\n", report::toJson(rep).dump(flags->format == "json" ? 2 : -1));
      }
      if (rep.result.answer == engine::Answer::Error) return static_cast<int>(kExitInternal);
      bool findings = !rep.result.findings.empty();
      return static_cast<int>(flags->fail_on_findings && findings ? kExitFindings : kExitOk);
    };
  });
}

}  // namespace jhalt::cli
