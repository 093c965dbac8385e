// `jhalt termcomp FILE.jar` (Termination Competition interface) and
// `jhalt analyze PATH` (reports with witnesses, text or JSON).
#include <algorithm>
#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "analysis_common.h"
#include "commands.h"
#include "jhalt/clp/engine.h"
#include "jhalt/nonterm/engine.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {
namespace {

struct EngineFlags {
  double timeout = 60;
  double replay_timeout = 2.0;
  bool no_replay = false;
  std::string dump_smt;
  std::string int_semantics = "math";
  std::string engine = "all";
  unsigned clp_unfold = 8;

  void addTo(CLI::App* cmd, bool analyze) {
    cmd->add_option("--timeout", timeout, "Time budget of the analysis in seconds")->capture_default_str();
    cmd->add_option("--engine", engine,
                    "Prover(s) to run: seg (symbolic execution graphs, paper 000), clp (constraint logic "
                    "programs, paper 001: loops and infinite recursion) or all (seg, then clp)")
        ->check(CLI::IsMember({"seg", "clp", "all"}))
        ->capture_default_str();
    cmd->add_option("--clp-unfold", clp_unfold,
                    "Powers of the binary unfolding operator (paper 001, Def. 16) the CLP engine computes")
        ->check(CLI::Range(1u, 64u))
        ->capture_default_str();
    cmd->add_option("--replay-timeout", replay_timeout,
                    "Seconds a replayed non-terminating witness must keep running on the JVM")
        ->capture_default_str();
    cmd->add_option("--dump-smt", dump_smt, "Write every SMT query to this directory as SMT-LIB");
    if (analyze) {
      cmd->add_flag("--no-validate", no_replay,
                    "Do not replay witnesses on the JVM (findings are then marked 'not replayed')");
      cmd->add_option("--int-semantics", int_semantics,
                      "Integer semantics the verdicts are stated for: math (unbounded, as the papers) or jvm "
                      "(32/64-bit; a math proof then needs a confirming replay)")
          ->check(CLI::IsMember({"math", "jvm"}))
          ->capture_default_str();
    }
  }

  nonterm::Options toOptions(const EntryFlags& entry) const {
    nonterm::Options o;
    o.time_budget = timeout * 0.8;
    o.build.max_seconds = timeout * 0.4;
    o.smt.dump_dir = dump_smt;
    o.replay = !no_replay;
    o.replay_options.timeout_seconds = replay_timeout;
    classpath::ClassPathOptions cp = entry.classpath.resolve({entry.path});
    o.replay_options.java_home = cp.jdk_home.value_or(JHALT_DEFAULT_JDK);
    o.replay_options.classpath = cp.application;
    return o;
  }

  clp::EngineOptions toClpOptions(const EntryFlags& entry, double budget) const {
    nonterm::Options base = toOptions(entry);
    clp::EngineOptions o;
    o.time_budget = budget;
    o.unfold.iterations = clp_unfold;
    o.smt = base.smt;
    o.replay = base.replay;
    o.replay_options = base.replay_options;
    return o;
  }
};

// Runs the engines the user chose on one entry. With `all` the graph
// engine goes first with three quarters of the budget and the CLP engine
// (the only one that proves infinite recursion) gets the rest; when
// `stop_at_first` and the graph engine found a non-termination, the CLP
// engine is not run. The order is measured (docs/BENCHMARKS.md, issue 5):
// on the non-recursive TPDB problems the CLP engine finds nothing the graph
// engine misses, and on recursive ones the graph engine gives up at once.
verdict::Verdict runEngines(const EngineFlags& flags, const EntryFlags& entry_flags, program::Program& program,
                            const program::MethodInfo& m, bool main, bool stop_at_first, bool exceptions) {
  const bool clp_on = flags.engine != "seg", seg_on = flags.engine != "clp";
  verdict::Verdict seg;
  if (seg_on) {
    nonterm::Options o = flags.toOptions(entry_flags);
    if (clp_on) {
      o.time_budget = flags.timeout * 0.6;
      o.build.max_seconds = std::min(o.build.max_seconds, o.time_budget / 2);
    }
    o.stop_at_first = stop_at_first;
    o.exceptions = exceptions;
    seg = nonterm::analyze(program, m, main, o);
    if (!clp_on || (stop_at_first && !seg.nonterminating.empty())) return seg;
  }
  double clp_budget = std::max(1.0, flags.timeout * 0.8 - seg.seconds);
  clp::EngineOptions co = flags.toClpOptions(entry_flags, clp_budget);
  co.stop_at_first = stop_at_first;
  co.loop_sets = !seg_on;  // the graph engine has had its go at the loops
  verdict::Verdict clp = clp::analyze(program, m, main, co);
  if (!seg_on) return clp;
  // Both ran: one verdict with the findings of both. A location found by
  // both is reported once, by the graph engine (it tells looping from
  // non-looping loops).
  verdict::Verdict merged = std::move(seg);
  merged.engine = "seg+clp";
  for (auto& n : clp.nonterminating) {
    bool dup = std::any_of(merged.nonterminating.begin(), merged.nonterminating.end(), [&](const auto& x) {
      return x.loop.method == n.loop.method && x.loop.pc == n.loop.pc;
    });
    if (!dup) merged.nonterminating.push_back(std::move(n));
  }
  for (auto& u : merged.undecided) u = "seg: " + u;
  for (auto& u : clp.undecided) merged.undecided.push_back("clp: " + u);
  for (auto& e : clp.internal_errors) merged.internal_errors.push_back(std::move(e));
  merged.seconds += clp.seconds;
  merged.answer = merged.nonterminating.empty() ? verdict::Answer::Maybe : verdict::Answer::No;
  if (merged.answer == verdict::Answer::No) merged.undecided.clear();
  return merged;
}

// Drops findings whose stated semantics the user did not ask for.
void applySemantics(verdict::Verdict& v, const std::string& wanted) {
  if (wanted != "jvm") return;
  std::erase_if(v.nonterminating, [&](const verdict::NonTermination& n) {
    if (n.semantics.starts_with("jvm")) return false;
    v.undecided.push_back(fmt::format("non-termination at {} holds for mathematical integers only", n.loop.method));
    return true;
  });
  if (v.nonterminating.empty() && v.answer == verdict::Answer::No) v.answer = verdict::Answer::Maybe;
}

}  // namespace

void addTermcomp(CLI::App& app, Action& run) {
  struct Flags {
    EntryFlags entry;
    EngineFlags engine;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "termcomp", "Termination Competition interface: first line YES, NO or MAYBE, then the proof");
  flags->entry.addTo(cmd);
  flags->engine.addTo(cmd, false);
  cmd->callback([flags, &run] {
    run = [flags] {
      Analysis a = setUpAnalysis(flags->entry);
      verdict::Verdict v =
          runEngines(flags->engine, flags->entry, *a.program, *a.entry, a.main_convention, true, false);
      fmt::print("{}\n", verdict::answerName(v.answer));
      fmt::print("{}", verdict::toText(v));
      return static_cast<int>(kExitOk);
    };
  });
}

void addAnalyze(CLI::App& app, Action& run) {
  struct Flags {
    EntryFlags entry;
    EngineFlags engine;
    std::string format = "text";
    bool fail_on_findings = false;
    bool all_methods = false;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "Report non-terminating loops and runtime exceptions of the entry, each with a witness input "
                 "replayed on the JVM");
  flags->entry.addTo(cmd);
  flags->engine.addTo(cmd, true);
  cmd->add_option("--format", flags->format, "Output format")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  cmd->add_flag("--fail-on-findings", flags->fail_on_findings,
                "Exit with 1 when a non-termination or an exception was found");
  cmd->add_flag("--all-methods", flags->all_methods,
                "Analyze every static method with code of the application classes (arbitrary arguments; "
                "main(String[]) under the TPDB convention); the time budget is per method");
  cmd->callback([flags, &run] {
    run = [flags] {
      Analysis a = setUpAnalysis(flags->entry, flags->all_methods);
      std::vector<std::pair<const program::MethodInfo*, bool>> entries;
      if (flags->all_methods)
        entries = allEntries(a);
      else
        entries.push_back({a.entry, a.main_convention});
      verdict::Verdict total;
      total.engine = flags->engine.engine == "all" ? "seg+clp" : flags->engine.engine;
      std::string text;
      for (const auto& [m, main] : entries) {
        verdict::Verdict v = runEngines(flags->engine, flags->entry, *a.program, *m, main, false, true);
        applySemantics(v, flags->engine.int_semantics);
        text += fmt::format("entry: {}\n{}", m->qualifiedName(), verdict::toText(v));
        for (auto& n : v.nonterminating) total.nonterminating.push_back(std::move(n));
        for (auto& e : v.exceptions) total.exceptions.push_back(std::move(e));
        for (auto& u : v.undecided) total.undecided.push_back(m->qualifiedName() + ": " + u);
        for (auto& u : v.internal_errors) total.internal_errors.push_back(m->qualifiedName() + ": " + u);
        total.seconds += v.seconds;
      }
      total.answer = total.nonterminating.empty() ? verdict::Answer::Maybe : verdict::Answer::No;
      if (flags->format == "json") {
        nlohmann::json j = verdict::toJson(total);
        j["entries"] = entries.size();
        fmt::print("{}\n", j.dump(2));
      } else {
        fmt::print("{}", text);
      }
      bool findings = !total.nonterminating.empty() || !total.exceptions.empty();
      return static_cast<int>(flags->fail_on_findings && findings ? kExitFindings : kExitOk);
    };
  });
}

}  // namespace jhalt::cli
