// Witness replay on the real JVM (issue 4, item 5): runs the program with the
// witness input in a separate process, under a time limit and a memory
// limit, and reports what happened. For a method entry a small harness that
// builds the arguments and calls the method is generated and compiled with
// javac. Non-termination is confirmed when the run is still going at the
// time limit; an exception when the JVM reports it at the expected place.
#pragma once

#include <string>
#include <vector>

#include "jhalt/concrete/witness.h"
#include "jhalt/program/program.h"

namespace jhalt::replay {

struct ReplayOptions {
  std::string java_home;      // its bin/java and bin/javac are used
  double timeout_seconds = 2.0;
  int heap_mb = 256;          // -Xmx of the replayed JVM
  std::vector<std::string> classpath;  // where the program's classes are
  std::vector<std::string> jvm_args;   // further JVM options (e.g. -Xss256m for recursion)
};

struct ReplayResult {
  enum class Outcome { StillRunning, Returned, Exception, Failed };
  Outcome outcome = Outcome::Failed;
  double seconds = 0;
  std::string exception_class;  // internal name, e.g. java/lang/ArithmeticException
  std::string frame_class;      // first stack frame of the exception (binary name)
  std::string frame_method;
  int line = -1;
  std::string detail;           // Failed: why; otherwise the first line of stderr

  std::string describe() const;
};

// Replays `witness` for the entry method `entry`.
ReplayResult replay(const ReplayOptions& options, const program::MethodInfo& entry, const concrete::Witness& witness);

}  // namespace jhalt::replay
