#include "library_run.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "jhalt/report/report.h"
#include "jhalt/util/error.h"
#include "emit_tests.h"
#include "run_method.h"

namespace jhalt::cli {
namespace {

// Library runs analyse thousands of methods: a smaller budget per method
// (measured on Debian's library jars, docs/BENCHMARKS.md, issue 10).
constexpr double kLibraryTimeout = 10;
constexpr double kLibraryEffort = 0.1;

bool has(const std::vector<std::string>& v, const char* x) {
  return std::find(v.begin(), v.end(), x) != v.end() || std::find(v.begin(), v.end(), "all") != v.end();
}

// Prints results as they come (one at a time), the progress line on
// stderr, and collects the summary.
class Printer {
 public:
  Printer(const AnalyzeFlags& flags, size_t total, bool progress)
      : flags_(flags), total_(total), progress_(progress) {}

  void add(report::EntryReport rep) {
    std::lock_guard lock(mutex_);
    summary_.add(rep);
    clearProgress();
    if (flags_.format == "text") {
      report::TextOptions to;
      to.unconfirmed = flags_.verbose;
      to.proofs = flags_.verbose;
      std::string text = report::toText(rep, to);
      std::fwrite(text.data(), 1, text.size(), stdout);
      std::fflush(stdout);
    } else if (flags_.format == "jsonl") {
      std::string line = report::toJson(rep).dump() + "\n";
      std::fwrite(line.data(), 1, line.size(), stdout);
      std::fflush(stdout);
    } else {
      all_.push_back(std::move(rep));
    }
    showProgress();
  }

  void finish(double seconds, const std::vector<std::string>& skipped, const std::vector<MethodRef>& order) {
    std::lock_guard lock(mutex_);
    clearProgress();
    summary_.seconds = seconds;
    if (flags_.format == "text") {
      fmt::print("{}", report::toText(summary_));
    } else if (flags_.format == "jsonl") {
      fmt::print("{}\n", nlohmann::json{{"summary", report::toJson(summary_)}, {"skipped", skipped}}.dump());
    } else {
      // One document, the methods in PATH's order (the same on every run).
      std::map<std::string, size_t> rank;
      for (size_t i = 0; i < order.size(); ++i) rank[fmt::format("{}.{}{}", order[i].cls, order[i].name, order[i].descriptor)] = i;
      std::sort(all_.begin(), all_.end(), [&](const auto& x, const auto& y) { return rank[x.method] < rank[y.method]; });
      nlohmann::json methods = nlohmann::json::array();
      for (const auto& r : all_) methods.push_back(report::toJson(r));
      fmt::print("{}\n", nlohmann::json{{"methods", methods}, {"summary", report::toJson(summary_)}, {"skipped", skipped}}
                             .dump(2));
    }
    std::fflush(stdout);
  }

  const report::Summary& summary() const { return summary_; }

 private:
  void showProgress() {
    if (!progress_) return;
    std::string line = fmt::format("\r[{}/{}] {} with findings, {} errors", summary_.methods, total_,
                                   summary_.with_findings, summary_.errors);
    std::fputs(line.c_str(), stderr);
    shown_ = true;
  }
  void clearProgress() {
    if (!shown_) return;
    std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

  const AnalyzeFlags& flags_;
  size_t total_;
  bool progress_;
  bool shown_ = false;
  std::mutex mutex_;
  report::Summary summary_;
  std::vector<report::EntryReport> all_;
};

}  // namespace

int runLibrary(AnalyzeFlags& flags) {
  if (!flags.timeout_given) flags.engine.timeout = kLibraryTimeout;
  if (!flags.effort_given) flags.engine.effort = kLibraryEffort;
  flags.filter.public_only = flags.visibility == "public";
  auto t0 = std::chrono::steady_clock::now();
  Analysis a = setUpAnalysis(flags.entry, true);
  std::vector<std::string> skipped;
  std::vector<MethodRef> methods = libraryMethods(a, flags.filter, skipped);
  for (const auto& s : skipped) {
    std::fflush(stdout);
    std::fprintf(stderr, "jhalt: warning: %s (class skipped)\n", s.c_str());
  }
  unsigned jobs = flags.jobs ? flags.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = static_cast<unsigned>(std::min<size_t>(jobs, std::max<size_t>(1, methods.size())));
  bool progress = flags.progress_given ? flags.progress : isatty(STDERR_FILENO) != 0;
  Printer printer(flags, methods.size(), progress);
  std::optional<TestEmitter> emitter;
  if (!flags.emit_tests.empty()) emitter.emplace(flags.emit_tests);
  std::atomic<size_t> next{0};
  std::mutex error_mutex;
  std::exception_ptr fatal;  // a worker that could not start (its class path)
  auto work = [&] {
    // Each worker has its own class path and program model (they are not
    // shared between threads).
    Analysis wa = reopen(flags.entry, a.target);
    MethodRun mr{flags.engine, engine::Goal{false, true}, flags.engine.certifyOptions(wa),
                 flags.engine.engineOptions(), true};
    mr.certify.report_null_arguments = has(flags.report, "null-arguments");
    mr.certify.report_explicit_throws = has(flags.report, "explicit-throws");
    mr.certify.report_object_state = has(flags.report, "object-state");
    for (size_t i = next++; i < methods.size(); i = next++) {
      const MethodRef& ref = methods[i];
      const program::MethodInfo* m = nullptr;
      try {
        m = resolve(*wa.program, ref);
      } catch (const InputError&) {
      }
      if (!m) continue;  // its class was reported as skipped
      report::EntryReport rep = analyzeMethod(wa, *m, ref.main, mr);
      if (emitter) emitter->emit(rep);
      printer.add(std::move(rep));
    }
  };
  auto worker = [&] {
    try {
      work();
    } catch (...) {
      std::lock_guard lock(error_mutex);
      if (!fatal) fatal = std::current_exception();
      next = methods.size();  // the others stop too
    }
  };
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < jobs; ++k) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (fatal) std::rethrow_exception(fatal);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  printer.finish(seconds, skipped, methods);
  const report::Summary& s = printer.summary();
  if (s.errors > 0) return kExitInternal;
  if (!skipped.empty()) return kExitBadInput;
  bool findings = s.with_findings > 0;
  return flags.fail_on_findings && findings ? kExitFindings : kExitOk;
}

}  // namespace jhalt::cli
