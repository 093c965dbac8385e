// JvmSession (replay.h): one long-lived replay JVM, harness Server.java.
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "internal.h"
#include "jhalt/replay/replay.h"
#include "jhalt/util/process.h"

namespace jhalt::replay {
namespace {

using Clock = std::chrono::steady_clock;

// A JVM may take long to boot on a loaded machine; past this the session
// gives up on its JVM and every claim gets a JVM of its own.
constexpr double kStartSeconds = 60;

// The thread stack a request asks for through -Xss (0: the JVM's default);
// nullopt when the JVM arguments hold anything else.
std::optional<uint64_t> stackBytes(const std::vector<std::string>& jvm_args) {
  uint64_t bytes = 0;
  for (const std::string& a : jvm_args) {
    if (!a.starts_with("-Xss") || a.size() < 5) return std::nullopt;
    std::string number = a.substr(4);
    uint64_t unit = 1;
    switch (number.back()) {
      case 'k': case 'K': unit = 1ull << 10; break;
      case 'm': case 'M': unit = 1ull << 20; break;
      case 'g': case 'G': unit = 1ull << 30; break;
      default: break;
    }
    if (unit != 1) number.pop_back();
    if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos || number.size() > 12)
      return std::nullopt;
    bytes = std::stoull(number) * unit;
  }
  return bytes;
}

double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

}  // namespace

struct JvmSession::Impl {
  ReplayOptions options;
  util::TempDir dir{"jhalt-session"};
  util::Child jvm;
  bool ready = false;     // the JVM said "ready"
  bool agent = false;     // ... with the agent loaded
  bool disabled = false;  // it would not start: every claim gets its own JVM
  uint64_t requests = 0;
  Stats stats;
  std::mutex lock;

  Impl(ReplayOptions o, bool start_now) : options(std::move(o)) {
    if (start_now) start();
  }

  void start() {
    ready = agent = false;
    std::vector<std::string> argv{options.java_home + "/bin/java"};
    for (std::string& o : baseJvmOptions(options)) argv.push_back(std::move(o));
    if (!options.agent_library.empty() && std::filesystem::exists(options.agent_library))
      argv.push_back("-agentpath:" + options.agent_library);
    std::string program_cp = harnessClasspath(options, true).substr(options.harness_jar.size());
    if (!program_cp.empty()) program_cp.erase(0, 1);  // the leading ':'
    argv.insert(argv.end(), {"-cp", options.harness_jar, "jhalt.harness.Server", program_cp});
    if (jvm.start(argv))
      ++stats.starts;
    else
      disabled = true;
  }

  // Waits for the JVM's "ready" line (after a start); false: not usable.
  bool usable() {
    if (disabled) return false;
    if (!jvm.running()) start();
    if (ready) return true;
    std::string line;
    if (jvm.readLine(line, kStartSeconds) == util::Child::Read::Line && line.starts_with("ready ")) {
      ready = true;
      agent = line == "ready agent";
      return true;
    }
    jvm.kill();
    disabled = true;
    return false;
  }

  bool serves(const ReplayOptions& o, const program::MethodInfo& entry, bool watch) {
    if (o.java_home != options.java_home || o.harness_jar != options.harness_jar || o.classpath != options.classpath ||
        o.heap_mb != options.heap_mb || !stackBytes(o.jvm_args) || !moduleOf(entry.owner()).empty())
      return false;
    return usable() && (!watch || agent);
  }

  ReplayResult request(const ReplayOptions& o, const program::MethodInfo& entry, const input::Witness& w,
                       const std::string& watch) {
    ++stats.served;
    uint64_t n = ++requests;
    std::string spec = fmt::format("{}/spec{}.txt", dir.path(), n), result = fmt::format("{}/result{}.txt", dir.path(), n);
    std::ofstream(spec) << specText(entry, w);
    ReplayResult r;
    auto t0 = Clock::now();
    std::string line;
    util::Child::Read got = util::Child::Read::End;
    if (jvm.writeLine(fmt::format("run {} {} {}{}", spec, result, *stackBytes(o.jvm_args), watch))) {
      do got = jvm.readLine(line, o.timeout_seconds - since(t0));
      while (got == util::Child::Read::Line && line != "done");
    }
    r.seconds = since(t0);
    std::ifstream in(result);
    std::stringstream text;
    text << in.rdbuf();
    std::error_code ec;
    std::filesystem::remove(spec, ec);
    std::filesystem::remove(result, ec);
    if (got == util::Child::Read::Line && !text.str().empty()) {
      r.frames = parseResult(text.str(), r);
      if (r.outcome == ReplayResult::Outcome::Exception && r.exception_class == "java/lang/OutOfMemoryError")
        jvm.kill();  // a fresh heap for the next claim
      return r;
    }
    jvm.kill();  // the next request starts another JVM
    if (got == util::Child::Read::Timeout) {
      r.outcome = ReplayResult::Outcome::StillRunning;
    } else if (got == util::Child::Read::End) {
      r.outcome = ReplayResult::Outcome::Exited;
      r.detail = "the JVM ended (System.exit or a crash)";
    } else {
      r.detail = "the replay JVM wrote no result";
    }
    return r;
  }
};

JvmSession::JvmSession(ReplayOptions options, bool start_now)
    : impl_(std::make_unique<Impl>(std::move(options), start_now)) {}
JvmSession::~JvmSession() = default;

ReplayResult JvmSession::replay(const ReplayOptions& options, const program::MethodInfo& entry,
                                const input::Witness& witness) {
  std::lock_guard guard(impl_->lock);
  if (!impl_->serves(options, entry, false)) {
    ++impl_->stats.fallbacks;
    return replay::replay(options, entry, witness);
  }
  return impl_->request(options, entry, witness, "");
}

ReplayResult JvmSession::watchLoop(const ReplayOptions& options, const program::MethodInfo& entry,
                                   const input::Witness& witness, const LoopHead& head, uint64_t visits) {
  std::lock_guard guard(impl_->lock);
  if (!impl_->serves(options, entry, true)) {
    ++impl_->stats.fallbacks;
    return replay::watchLoop(options, entry, witness, head, visits);
  }
  ReplayResult r = impl_->request(options, entry, witness,
                                  fmt::format(" {} {} {} {} {}", head.cls, head.method, head.descriptor, head.pc, visits));
  if (r.outcome == ReplayResult::Outcome::Failed && r.detail.find("no reflective handle") != std::string::npos) {
    // E.g. a loop in a static initializer (no reflective handle): the
    // debugger interface watches it in a JVM of its own.
    ++impl_->stats.fallbacks;
    return replay::watchLoop(options, entry, witness, head, visits);
  }
  return r;
}

JvmSession::Stats JvmSession::stats() const {
  std::lock_guard guard(impl_->lock);
  return impl_->stats;
}

}  // namespace jhalt::replay
