// The live JVM commands' analysis (issue 15): over a connection to the
// agent, sample the threads, pick the loops they stay in, stop a thread at
// a loop head, and let the looper engine prove it stuck (or say why not).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "jhalt/classpath/class_path.h"
#include "jhalt/live/connection.h"
#include "jhalt/looper/stuck.h"
#include "jhalt/program/program.h"
#include "jhalt/report/live_report.h"
#include "jhalt/state/types.h"

namespace jhalt::cli {

struct LiveSettings {
  double loop_seconds = 10;   // per loop analysis (safety net; the engine counts its work)
  double total_seconds = 30;  // all analyses of one request
  double effort = 1.0;
  uint32_t head_wait_ms = 2000;  // for the thread to come back to the loop head
  std::string models_jar;        // "" : none
  std::string dump_smt;
};

class LiveDriver {
 public:
  LiveDriver(live::Connection& jvm, LiveSettings settings);
  ~LiveDriver();

  // One stack sample of every application thread (non-daemon, not the
  // JVM's own), top first.
  std::vector<looper::ThreadSample> sample();
  // Analyses the loops each thread stayed in over `samples` (per thread,
  // oldest first) and adds one thread report each to `report`.
  void analyze(const std::map<uint64_t, std::vector<std::vector<live::FrameInfo>>>& samples,
               const std::map<uint64_t, std::string>& names, report::LiveReport& report);

 private:
  report::LiveThreadReport analyzeThread(uint64_t thread, const std::string& name,
                                         const std::vector<std::vector<live::FrameInfo>>& samples,
                                         std::chrono::steady_clock::time_point deadline);
  engine::Result analyzeLoop(const looper::LoopCandidate& c, double seconds);
  void scanLoadedClasses();
  std::vector<engine::Location> stackOf(const std::vector<live::FrameInfo>& frames);

  live::Connection& jvm_;
  LiveSettings settings_;
  std::unique_ptr<classpath::ClassPath> class_path_;
  std::unique_ptr<program::Program> program_;
  std::unique_ptr<state::TypeSystem> types_;
  int finalizers_ = -1;     // some application class has a finalizer (-1: not looked yet)
  int signals_ = -1;        // sun.misc.Signal (application signal handlers) is loaded
  int internals_ = -1;      // an application class uses jdk.internal.* (its code may run on the JDK's cleaners)
  int notifications_ = -1;  // the management API (listeners on the notification thread) is loaded
};

// The class path of the JVM's program: its java.class.path and module path
// (relative to its working directory), jhalt's models, its JDK's jmods.
classpath::ClassPathOptions jvmClassPath(const live::Hello& hello, const std::string& models_jar);

}  // namespace jhalt::cli
