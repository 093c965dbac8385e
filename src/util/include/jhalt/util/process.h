// Child processes with limits: runs a program with its standard output and
// standard error captured (up to a size), under a wall-clock limit, an
// address-space limit and in its own process group (killed as a whole at
// the limit). Used to replay witnesses on the JVM and to compile harnesses.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace jhalt::util {

struct ProcessLimits {
  double timeout_seconds = 10;    // wall clock; the group is killed after it
  size_t max_output_bytes = 1 << 20;  // per stream; more is discarded
};

struct ProcessResult {
  bool started = false;    // false: fork or exec failed (see `error`)
  bool timed_out = false;  // killed at the time limit
  int exit_code = -1;      // exit status, or 128 + signal
  int signal = 0;          // the signal that ended it, 0 if it exited
  double seconds = 0;
  std::string out, err;
  std::string error;       // why it did not start
};

// Runs argv[0] (a path, or a name searched on PATH) with argv; standard
// input is empty.
ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessLimits& limits);

// A fresh, empty directory under the system's temporary directory whose
// name is unique within this machine (pid and a per-process counter); the
// directory and its contents are removed by the destructor.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace jhalt::util
