#include "jhalt/replay/replay.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "jhalt/util/process.h"
#include "internal.h"

namespace jhalt::replay {
namespace fs = std::filesystem;

std::string ReplayResult::describe() const {
  switch (outcome) {
    case Outcome::StillRunning: return fmt::format("still running after {:.1f} s", seconds);
    case Outcome::Looping:
      return fmt::format("still inside the loop after {} visits of its head ({:.2f} s)", visits, seconds);
    case Outcome::Returned: return fmt::format("returned normally after {:.2f} s", seconds);
    case Outcome::Exception: {
      std::string where = frames.empty() ? std::string("?")
                                         : fmt::format("{}.{} line {}", frames.front().cls, frames.front().method,
                                                       frames.front().line);
      return fmt::format("threw {} at {}", input::javaClassName(exception_class, true), where);
    }
    case Outcome::Exited: return fmt::format("the JVM ended after {:.2f} s: {}", seconds, detail);
    case Outcome::Failed: return "replay failed: " + detail;
  }
  return "?";
}

namespace {

std::string hex(std::string_view s) {
  if (s.empty()) return "-";
  std::string out;
  for (unsigned char c : s) out += fmt::format("{:02x}", c);
  return out;
}

std::string valueSpec(const input::Value& v) {
  using K = input::Value::Kind;
  switch (v.kind) {
    case K::Int: return fmt::format("{} {}", v.prim, v.number);
    case K::Float: {
      if (v.prim == 'F') {
        float f = static_cast<float>(v.real);
        uint32_t bits;
        std::memcpy(&bits, &f, sizeof bits);
        return fmt::format("F {:x}", bits);
      }
      uint64_t bits;
      std::memcpy(&bits, &v.real, sizeof bits);
      return fmt::format("D {:x}", bits);
    }
    case K::Null: return "null";
    case K::String: return "str " + hex(v.text);
    case K::Ref: return fmt::format("ref {}", v.id);
    case K::Array: {
      std::string out = fmt::format("{}arr {} {}", v.id ? fmt::format("def {} ", v.id) : "", v.type, v.elements.size());
      for (const auto& e : v.elements) out += " " + valueSpec(e);
      return out;
    }
    case K::Object: {
      std::string out = fmt::format("{}obj {} {}", v.id ? fmt::format("def {} ", v.id) : "",
                                    input::javaClassName(v.type, true), v.fields.size());
      for (const auto& f : v.fields)
        out += fmt::format(" {} {} {}", input::javaClassName(f.owner, true), f.name, valueSpec(f.value));
      return out;
    }
  }
  return "null";
}

}  // namespace

std::vector<Frame> parseResult(const std::string& text, ReplayResult& r) {
  std::istringstream in(text);
  std::string line;
  std::vector<Frame> frames;
  while (std::getline(in, line)) {
    if (line.starts_with("frame ")) {
      std::istringstream f(line.substr(6));
      Frame fr;
      std::string module;
      f >> fr.cls >> fr.method >> fr.line >> module;
      fr.module = module == "-" ? "" : module;
      frames.push_back(std::move(fr));
    } else if (line.starts_with("threw ")) {
      r.outcome = ReplayResult::Outcome::Exception;
      r.exception_class = line.substr(6);
      for (char& c : r.exception_class)
        if (c == '.') c = '/';
    } else if (line.starts_with("looping ")) {
      r.outcome = ReplayResult::Outcome::Looping;
      r.visits = std::stoull(line.substr(8));
    } else if (line.starts_with("exited ")) {
      r.outcome = ReplayResult::Outcome::Exited;
      r.detail = "exit status " + line.substr(7);
    } else if (line == "returned") {
      r.outcome = ReplayResult::Outcome::Returned;
    } else if (line.starts_with("failed ")) {
      r.outcome = ReplayResult::Outcome::Failed;
      r.detail = line.substr(7, 300);
    }
  }
  return frames;
}

std::string moduleOf(const program::ClassInfo& c) {
  const std::string& loc = c.location();
  size_t jmod = loc.find(".jmod!");
  if (jmod == std::string::npos) return "";
  size_t slash = loc.rfind('/', jmod);
  return loc.substr(slash == std::string::npos ? 0 : slash + 1, jmod - (slash == std::string::npos ? 0 : slash + 1));
}

std::vector<std::string> baseJvmOptions(const ReplayOptions& options) {
  // A witness may hold library objects built field by field (an
  // Arrays$ArrayList, a sub-list): the harness sets their private fields by
  // reflection, which java.base allows only to packages it opens.
  return {fmt::format("-Xmx{}m", options.heap_mb), "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto",
          "--add-opens=java.base/java.util=ALL-UNNAMED", "--add-opens=java.base/java.lang=ALL-UNNAMED"};
}

std::string harnessClasspath(const ReplayOptions& options, bool with_program) {
  std::string cp = options.harness_jar;
  if (with_program)
    for (const auto& e : options.classpath)
      if (!e.ends_with(".jmod")) cp += ":" + e;
  return cp;
}

std::string specText(const program::MethodInfo& entry, const input::Witness& w) {
  std::string out = fmt::format("jhalt-replay 1\nclass {}\nmethod {}\ndescriptor {}\n",
                                input::javaClassName(entry.owner().name(), true), entry.name(), entry.descriptor());
  if (w.main_args) {
    out += fmt::format("main {}", w.args.size());
    for (const auto& a : w.args) out += " " + hex(a);
    return out + "\n";
  }
  // A constructor makes its own object (the receiver is the new object).
  if (w.receiver && entry.name() != "<init>") out += "receiver " + valueSpec(*w.receiver) + "\n";
  out += fmt::format("args {}", w.params.size());
  for (const auto& p : w.params) out += " " + valueSpec(p);
  return out + "\n";
}

namespace {

// Runs the harness class `main` with `args` after the spec and result
// files; the result file's text, or what the process says.
ReplayResult runHarness(const ReplayOptions& options, const program::MethodInfo& entry, const input::Witness& w,
                        const std::string& main, const std::function<std::vector<std::string>(bool)>& args) {
  ReplayResult r;
  util::TempDir tmp("jhalt-replay");
  std::string spec = tmp.path() + "/spec.txt", result = tmp.path() + "/result.txt";
  std::ofstream(spec) << specText(entry, w);
  std::string cp = harnessClasspath(options, true);
  std::vector<std::string> jvm = baseJvmOptions(options);
  if (std::string module = moduleOf(entry.owner()); !module.empty()) {
    std::string package(entry.owner().packageName());
    std::replace(package.begin(), package.end(), '/', '.');
    jvm.push_back(fmt::format("--add-opens={}/{}=ALL-UNNAMED", module, package));
  }
  jvm.insert(jvm.end(), options.jvm_args.begin(), options.jvm_args.end());
  std::vector<std::string> argv{options.java_home + "/bin/java"};
  bool watcher = main != "jhalt.harness.Replay";
  if (!watcher) argv.insert(argv.end(), jvm.begin(), jvm.end());
  argv.insert(argv.end(), {"-cp", cp, main, spec, result});
  for (std::string& a : args(watcher)) argv.push_back(std::move(a));
  if (watcher) {
    std::string options_text;
    for (const std::string& o : jvm) options_text += (options_text.empty() ? "" : " ") + o;
    argv.push_back(options_text);
  }
  util::ProcessLimits limits;
  limits.timeout_seconds = options.timeout_seconds;
  limits.max_output_bytes = 1 << 16;
  util::ProcessResult p = util::runProcess(argv, limits);
  r.seconds = p.seconds;
  if (!p.started) {
    r.detail = "cannot start " + argv[0] + ": " + p.error;
    return r;
  }
  std::ifstream in(result);
  std::stringstream text;
  text << in.rdbuf();
  if (!text.str().empty()) {
    r.frames = parseResult(text.str(), r);
    return r;
  }
  if (p.timed_out) {
    r.outcome = ReplayResult::Outcome::StillRunning;
    return r;
  }
  // No result: the JVM did not start, or the program ended the JVM itself
  // (System.exit, a crash).
  size_t nl = p.err.find('\n');
  r.outcome = ReplayResult::Outcome::Exited;
  r.detail = fmt::format("exit status {}{}{}", p.exit_code, p.err.empty() ? "" : ", ",
                         p.err.substr(0, std::min<size_t>(nl, 200)));
  return r;
}

}  // namespace

ReplayResult replay(const ReplayOptions& options, const program::MethodInfo& entry, const input::Witness& w) {
  return runHarness(options, entry, w, "jhalt.harness.Replay", [](bool) { return std::vector<std::string>{}; });
}

ReplayResult watchLoop(const ReplayOptions& options, const program::MethodInfo& entry, const input::Witness& w,
                       const LoopHead& head, uint64_t visits) {
  return runHarness(options, entry, w, "jhalt.harness.Watch", [&](bool) {
    return std::vector<std::string>{head.cls, head.method, head.descriptor, std::to_string(head.pc),
                                    std::to_string(visits)};
  });
}

}  // namespace jhalt::replay
