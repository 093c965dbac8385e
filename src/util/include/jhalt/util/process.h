// Child processes with limits: runs a program with its standard output and
// standard error captured (up to a size), under a wall-clock limit, an
// address-space limit and in its own process group (killed as a whole at
// the limit). Used to replay witnesses on the JVM and to compile harnesses.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
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

// A long-lived child process spoken to line by line: its standard input
// and output are pipes, its standard error is discarded, it runs in its own
// process group (killed as a whole by kill() and by the destructor). Used
// for the replay JVM that serves many claims (replay::JvmSession).
class Child {
 public:
  Child() = default;
  ~Child();
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  // Starts argv; false (and error()) when fork or exec is impossible. An
  // exec failure shows as end-of-file on the first readLine.
  bool start(const std::vector<std::string>& argv);
  // Writes `line` and a newline; false when the child is gone.
  bool writeLine(const std::string& line);
  enum class Read { Line, Timeout, End };
  // The next line of the child's output (without the newline), waiting at
  // most `timeout_seconds`.
  Read readLine(std::string& line, double timeout_seconds);
  // Kills the process group and reaps the child.
  void kill();
  bool running() const { return pid_ > 0; }
  const std::string& error() const { return error_; }

 private:
  int pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string buffer_, error_;
};

// A child that shares jhalt's standard streams (`jhalt run -- java ...`):
// argv[0] searched on PATH, `env` added to (or replacing in) jhalt's
// environment. pid is -1 when it could not start (see error).
struct Spawned {
  int pid = -1;
  std::string error;
};
Spawned spawnInteractive(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env);
// The exit status of a spawned child once it has ended (128 + signal when
// a signal ended it), or -1 while it runs. Reaps it.
int pollExit(int pid);
// Waits for the child to end; its exit status as pollExit gives it.
int waitExit(int pid);

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
