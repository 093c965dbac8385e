// jhalt run and jhalt attach (issue 15): infinite loops of running JVMs.
//
//   jhalt run [--after S] [--kill] [--format text|json] -- java ARGS...
//     starts the JVM with jhalt's dormant agent; when a thread has stayed
//     in one loop for S seconds, analyses it; reports a proven stuck loop
//     (and kills the JVM with --kill, exit 1); a program that ends by itself
//     ends `jhalt run` with its exit status.
//   jhalt attach PID [--timeout S] [--format text|json]
//     attaches (to the agent the JVM was started with, or by HotSpot's
//     dynamic attach), observes, analyses, detaches; the JVM runs on.
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include <fmt/format.h>

#include "cli_common.h"
#include "commands.h"
#include "jhalt/live/attach.h"
#include "jhalt/live/wire.h"
#include "jhalt/report/live_report.h"
#include "jhalt/util/process.h"
#include "live_driver.h"

namespace jhalt::cli {

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct LiveFlags {
  std::string format = "text";
  std::string output;
  double timeout = 30;
  double attach_timeout = 10;
  double after = 2;
  bool kill = false;
  bool fail_on_findings = false;
  std::string agent;
  std::string models;
  std::string dump_smt;
  double effort = 1.0;

  void addTo(CLI::App* cmd) {
    cmd->add_option("--format", format, "Report format")->check(CLI::IsMember({"text", "json"}));
    cmd->add_option("--output", output, "Write the report to this file instead of standard output");
    cmd->add_option("--effort", effort, "Multiplier of the engine's deterministic limits")->check(CLI::PositiveNumber);
    cmd->add_option("--agent", agent, "jhalt's live agent library (default: the one bundled with jhalt)");
    cmd->add_option("--models", models, "Library-models jar, or 'none' (default: the jar bundled with jhalt)");
    cmd->add_option("--dump-smt", dump_smt, "Write every SMT query to this directory");
    cmd->add_flag("--fail-on-findings", fail_on_findings, "Exit with 1 when a thread is proven stuck");
  }
  std::string agentLibrary() const {
    if (!agent.empty()) return fs::absolute(agent).string();
    return (fs::path(executableDirectory()) / ".." / "lib" / "jhalt" / "libjhalt-live.so").lexically_normal().string();
  }
  std::string modelsJar() const {
    if (models == "none") return "";
    if (!models.empty()) return models;
    fs::path jar = fs::path(executableDirectory()) / ".." / "share" / "jhalt" / "jhalt-models.jar";
    return fs::exists(jar) ? jar.lexically_normal().string() : "";
  }
  LiveSettings settings() const {
    LiveSettings s;
    s.total_seconds = timeout;
    s.loop_seconds = timeout;  // the loops of a thread share what is left
    s.effort = effort;
    s.models_jar = modelsJar();
    s.dump_smt = dump_smt;
    return s;
  }
  void check() const {
    if (!fs::exists(agentLibrary())) throw InputError(agentLibrary(), "jhalt's live agent library not found (rebuild jhalt or pass --agent)");
    if (!dump_smt.empty()) fs::create_directories(dump_smt);
  }
};

void emit(const report::LiveReport& r, const LiveFlags& flags) {
  std::string text = flags.format == "json" ? report::toJson(r).dump(2) + "\n" : report::toText(r);
  if (!flags.output.empty()) {
    std::ofstream out(flags.output);
    if (!out) throw InputError(flags.output, "cannot write the report");
    out << text;
    return;
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

std::string commandOf(const live::Hello& h) { return h.command.empty() ? "?" : h.command; }

using Samples = std::map<uint64_t, std::vector<std::vector<live::FrameInfo>>>;

// Stack samples of the application threads, `count` of them `gap` apart.
void takeSamples(LiveDriver& d, int count, std::chrono::milliseconds gap, Samples& samples,
                 std::map<uint64_t, std::string>& names) {
  for (int k = 0; k < count; ++k) {
    if (k > 0) std::this_thread::sleep_for(gap);
    std::set<uint64_t> seen;
    for (looper::ThreadSample& s : d.sample()) {
      names[s.info.handle] = s.info.name;
      samples[s.info.handle].push_back(std::move(s.frames));
      seen.insert(s.info.handle);
    }
    std::erase_if(samples, [&](const auto& e) { return !seen.count(e.first); });  // ended threads
  }
}

// Errors about the target (no such process, not a JVM, ...) are bad input.
template <class F>
int reportingTargetErrors(F&& f) {
  try {
    return f();
  } catch (const live::TargetError& e) {
    printError(e.what());
    return kExitBadInput;
  } catch (const live::ConnectionLost& e) {
    printError(e.what());
    return kExitBadInput;
  }
}

int attachCommand(long pid, const LiveFlags& flags) {
  flags.check();
  auto t0 = Clock::now();
  live::Target target = live::inspectTarget(pid);
  bool loaded_now = false;
  std::unique_ptr<live::Connection> jvm =
      live::connectToJvm(target, flags.agentLibrary(), flags.attach_timeout, &loaded_now);
  report::LiveReport report;
  report.pid = pid;
  report.command = commandOf(jvm->hello());
  report.mode = jvm->hello().attached ? (loaded_now ? "agent loaded now by dynamic attach" : "agent attached earlier")
                                      : "agent loaded at JVM start";
  {
    LiveDriver driver(*jvm, flags.settings());
    Samples samples;
    std::map<uint64_t, std::string> names;
    takeSamples(driver, 5, std::chrono::milliseconds(100), samples, names);
    if (samples.empty()) report.notes.push_back("no application thread is running");
    driver.analyze(samples, names, report);
  }
  jvm->detach();
  report.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  emit(report, flags);
  return flags.fail_on_findings && report.verdict() == engine::Answer::No ? kExitFindings : kExitOk;
}

// `jhalt run`'s JVM gets the signals that would end jhalt (the terminal
// sends Ctrl-C to both; a `kill` of jhalt alone reaches the JVM this way).
volatile sig_atomic_t g_child = 0;

void forwardSignal(int sig) {
  if (g_child > 0) ::kill(static_cast<pid_t>(g_child), sig);
}

int runCommand(std::vector<std::string> command, const LiveFlags& flags) {
  flags.check();
  if (command.empty()) throw InputError("jhalt run", "no command to run (jhalt run [options] -- java ARGS...)");
  std::string option = "-agentpath:" + flags.agentLibrary();
  std::vector<std::pair<std::string, std::string>> env;
  if (fs::path(command[0]).filename() == "java") {
    command.insert(command.begin() + 1, option);
  } else {
    const char* old = std::getenv("JAVA_TOOL_OPTIONS");
    env.emplace_back("JAVA_TOOL_OPTIONS", (old && *old ? std::string(old) + " " : std::string()) + option);
  }
  util::Spawned child = util::spawnInteractive(command, env);
  if (child.pid < 0) throw InputError(command[0], child.error);
  g_child = child.pid;
  struct sigaction sa {};
  sa.sa_handler = &forwardSignal;
  sigemptyset(&sa.sa_mask);
  for (int sig : {SIGTERM, SIGHUP, SIGINT}) sigaction(sig, &sa, nullptr);
  auto t0 = Clock::now();
  std::unique_ptr<live::Connection> jvm;
  std::unique_ptr<LiveDriver> driver;
  Samples history;  // per thread, the samples since it stayed in loops
  std::map<uint64_t, std::vector<Clock::time_point>> times;
  std::map<uint64_t, std::string> names;
  std::map<uint64_t, int> tries;  // analyses per thread
  report::LiveReport report;
  report.pid = child.pid;
  report.mode = "agent loaded at JVM start";
  std::string socket = "/tmp/" + live::wire::socketName(child.pid);
  const auto tick = std::chrono::milliseconds(250);
  for (;;) {
    int status = util::pollExit(child.pid);
    if (status >= 0) {
      if (!flags.output.empty() && !report.threads.empty()) emit(report, flags);
      return status;
    }
    std::this_thread::sleep_for(tick);
    try {
      if (!jvm) {
        if (!fs::exists(socket)) continue;
        jvm = live::Connection::open(socket, 0.2);
        driver = std::make_unique<LiveDriver>(*jvm, flags.settings());
        report.command = commandOf(jvm->hello());
      }
      auto now = Clock::now();
      std::set<uint64_t> seen;
      for (looper::ThreadSample& s : driver->sample()) {
        uint64_t h = s.info.handle;
        seen.insert(h);
        names[h] = s.info.name;
        history[h].push_back(std::move(s.frames));
        times[h].push_back(now);
        // Keep the samples of the time the next analysis waits for, and one before.
        while (times[h].size() > 2 &&
               std::chrono::duration<double>(now - times[h][1]).count() >= flags.after * std::pow(4.0, tries[h])) {
          times[h].erase(times[h].begin());
          history[h].erase(history[h].begin());
        }
      }
      std::erase_if(history, [&](const auto& e) { return !seen.count(e.first); });
      for (auto& [h, ss] : history) {
        double span = std::chrono::duration<double>(times[h].back() - times[h].front()).count();
        // The first analysis after `after` seconds in a loop, the next ones
        // after 4 and 16 times as long (the JVM is stopped while jhalt reads).
        double wait = flags.after * std::pow(4.0, tries[h]);
        if (span < wait || ss.size() < 3) continue;
        Samples one{{h, ss}};
        if (tries[h] >= 3) continue;
        report::LiveReport attempt;
        attempt.pid = child.pid;
        attempt.command = report.command;
        attempt.mode = report.mode;
        try {
          driver->analyze(one, names, attempt);
        } catch (const live::TargetError&) {
          // A thread that ended or left its loop while jhalt read it (the
          // agent refuses requests about it): no finding, watch on.
          ++tries[h];
          ss.clear();
          times[h].clear();
          continue;
        }
        if (attempt.threads.empty() || attempt.threads.front().loops.empty()) continue;
        ++tries[h];
        report.threads.push_back(attempt.threads.front());
        ss.clear();
        times[h].clear();
        if (attempt.verdict() == engine::Answer::No) {
          jvm->detach();
          report.threads = attempt.threads;
          report.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
          emit(report, flags);
          if (flags.kill) {
            ::kill(child.pid, SIGKILL);
            util::waitExit(child.pid);
            return kExitFindings;
          }
          return util::waitExit(child.pid);
        }
      }
    } catch (const live::ConnectionLost&) {
      jvm.reset();
      driver.reset();
    }
  }
}

}  // namespace

void addAttach(CLI::App& app, Action& run) {
  auto* cmd = app.add_subcommand("attach", "Prove that a thread of a running JVM is stuck in an endless loop (paper 004)");
  auto pid = std::make_shared<long>(0);
  auto flags = std::make_shared<LiveFlags>();
  cmd->add_option("pid", *pid, "Process id of the JVM")->required();
  cmd->add_option("--timeout", flags->timeout, "Seconds for the analysis (safety net)")->check(CLI::PositiveNumber);
  cmd->add_option("--attach-timeout", flags->attach_timeout, "Seconds the JVM may take to accept jhalt's agent")
      ->check(CLI::PositiveNumber);
  flags->addTo(cmd);
  cmd->callback([&run, pid, flags] { run = [pid, flags] { return reportingTargetErrors([&] { return attachCommand(*pid, *flags); }); }; });
}

void addRun(CLI::App& app, Action& run) {
  auto* cmd = app.add_subcommand("run", "Run a JVM with jhalt's agent and prove it stuck when a thread stays in a loop");
  auto flags = std::make_shared<LiveFlags>();
  auto command = std::make_shared<std::vector<std::string>>();
  cmd->add_option("--after", flags->after, "Seconds a thread must stay in one loop before jhalt analyses it")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--kill", flags->kill, "Kill the JVM when a thread is proven stuck (exit code 1)");
  cmd->add_option("--timeout", flags->timeout, "Seconds for each analysis (safety net)")->check(CLI::PositiveNumber);
  flags->addTo(cmd);
  cmd->add_option("command", *command, "The JVM's command line (after --)")->required();
  cmd->callback([&run, flags, command] { run = [flags, command] { return reportingTargetErrors([&] { return runCommand(*command, *flags); }); }; });
}

}  // namespace jhalt::cli
