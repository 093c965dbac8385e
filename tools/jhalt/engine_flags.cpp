#include "engine_flags.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "jhalt/util/error.h"

namespace jhalt::cli {
namespace fs = std::filesystem;

void EngineFlags::addTo(CLI::App* cmd, bool analyze, const std::string& default_semantics) {
  int_semantics = default_semantics;
  cmd->add_option("--timeout", timeout,
                  "Seconds per analysed method: a safety net that can only turn an answer into MAYBE")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--effort", effort,
                  "Multiplier of the engines' deterministic limits (graph states, steps, clauses); the same effort "
                  "gives the same answer on any machine")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--max-memory", max_memory_mb,
                  "Megabytes the analysis of one method may hold; beyond it the method is MAYBE")
      ->check(CLI::Range(size_t{16}, size_t{1} << 20))
      ->capture_default_str();
  std::vector<std::string> choices = portfolio::engineChoices();
  cmd->add_option("--engine", engine,
                  "Prover(s) to run: term (termination proofs: ranking functions for an integer transition "
                  "system), seg (symbolic execution graphs, paper 000), clp (constraint logic programs, paper 001: "
                  "loops and infinite recursion) or all (term, seg, then clp)")
      ->check(CLI::IsMember(choices))
      ->capture_default_str();
  cmd->add_option("--clp-unfold", clp_unfold,
                  "Powers of the binary unfolding operator (paper 001, Def. 16) the CLP engine computes")
      ->check(CLI::Range(1u, 64u))
      ->capture_default_str();
  cmd->add_option("--int-semantics", int_semantics,
                  "Integer semantics every answer is stated for: math (unbounded integers, the TPDB convention) or "
                  "jvm (32/64-bit two's complement)")
      ->check(CLI::IsMember({"math", "jvm"}))
      ->capture_default_str();
  cmd->add_option("--replay-timeout", replay_timeout,
                  "Seconds a witness may run on the JVM when it is replayed (exceptions; a cross-check of "
                  "non-termination under jvm semantics)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--dump-smt", dump_smt, "Write every SMT query to this directory as SMT-LIB");
  cmd->add_flag("--smt-stats", smt_stats, "Print the number and time of the SMT queries by purpose on stderr");
  if (analyze)
    cmd->add_flag("--no-validate", no_replay,
                  "Do not replay witnesses on the JVM (exceptions are then confirmed by jhalt's evaluator only)");
}

void EngineFlags::validate() const {
  if (dump_smt.empty()) return;
  std::error_code ec;
  if (fs::exists(dump_smt, ec) && !fs::is_directory(dump_smt, ec))
    throw InputError("--dump-smt", fmt::format("{} exists and is not a directory", dump_smt));
  fs::create_directories(dump_smt, ec);
  fs::path probe = fs::path(dump_smt) / ".jhalt-write-test";
  { std::ofstream out(probe); if (!out) throw InputError("--dump-smt", fmt::format("cannot write into {}", dump_smt)); }
  fs::remove(probe, ec);
}

engine::Semantics EngineFlags::semantics() const {
  return int_semantics == "math" ? engine::Semantics::Math : engine::Semantics::Jvm;
}

engine::Budget EngineFlags::budget() const {
  return engine::Budget(timeout, effort, static_cast<int64_t>(max_memory_mb) << 20);
}

portfolio::EngineOptions EngineFlags::engineOptions() const {
  portfolio::EngineOptions o;
  o.term.smt.dump_dir = dump_smt;
  o.term.trace = traceFor("JHALT_DEBUG_TERM");
  if (const char* file = std::getenv("JHALT_DEBUG_TERM_DOT"))
    o.term.graph_dot = [path = std::string(file)](const std::string& dot) { std::ofstream(path) << dot; };
  o.seg.smt.dump_dir = dump_smt;
  o.seg.build.trace = traceFor("JHALT_DEBUG_SEG");
  o.seg.trace = traceFor("JHALT_DEBUG_WITNESS");
  o.clp.smt.dump_dir = dump_smt;
  o.clp.unfold.iterations = clp_unfold;
  o.clp.trace = traceFor("JHALT_DEBUG_CLP");
  o.recurrent.smt.dump_dir = dump_smt;
  o.recurrent.trace = traceFor("JHALT_DEBUG_RECURRENT");
  return o;
}

certify::Options EngineFlags::certifyOptions(const Analysis& a) const {
  certify::Options o;
  o.replay = !no_replay;
  o.replay_options.timeout_seconds = replay_timeout;
  o.replay_options.java_home = a.options.jdk_home.value_or(JHALT_DEFAULT_JDK);
  o.replay_options.classpath = a.target.replay_classpath;
  o.replay_options.harness_jar =
      (fs::path(executableDirectory()) / ".." / "share" / "jhalt" / "jhalt-harness.jar").lexically_normal().string();
  o.replay_options.agent_library =
      (fs::path(executableDirectory()) / ".." / "lib" / "jhalt" / "libjhalt-agent.so").lexically_normal().string();
  // Under JVM semantics the JVM confirms: it boots now, beside the engines.
  // Under mathematical semantics it is asked only to show its answer for an
  // exception, and starts at the first such claim.
  if (o.replay) o.jvm = std::make_shared<replay::JvmSession>(o.replay_options, semantics() == engine::Semantics::Jvm);
  return o;
}

}  // namespace jhalt::cli
