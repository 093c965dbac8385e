#include "jhalt/util/process.h"

#include <fcntl.h>
#include <pthread.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

extern char** environ;

namespace jhalt::util {
namespace {

using Clock = std::chrono::steady_clock;

struct Pipe {
  int fd[2] = {-1, -1};
  bool open() { return pipe2(fd, O_CLOEXEC) == 0; }
  void closeBoth() {
    for (int& f : fd)
      if (f >= 0) {
        close(f);
        f = -1;
      }
  }
};

// In the child: wires the pipes to fds 0-2 and executes the program. Only
// async-signal-safe calls: the parent may have other threads (one holding
// the allocator's lock), so everything is prepared before fork().
[[noreturn]] void execChild(const char* program, char* const* args, Pipe& in, Pipe& out, Pipe& err) {
  setpgid(0, 0);
  dup2(in.fd[0], STDIN_FILENO);
  dup2(out.fd[1], STDOUT_FILENO);
  dup2(err.fd[1], STDERR_FILENO);
  execv(program, args);
  _exit(127);
}

// argv[0] as an executable path: as given if it contains a slash, else
// searched on PATH.
std::string resolveProgram(const std::string& name) {
  if (name.find('/') != std::string::npos) return name;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    std::string candidate = (end > start ? dirs.substr(start, end - start) : ".") + "/" + name;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return name;
}

void append(std::string& to, const char* data, size_t n, size_t limit) {
  if (to.size() < limit) to.append(data, std::min(n, limit - to.size()));
}

}  // namespace

ProcessResult runProcess(const std::vector<std::string>& argv, const ProcessLimits& limits) {
  ProcessResult r;
  if (argv.empty()) {
    r.error = "no program given";
    return r;
  }
  Pipe in, out, err;
  if (!in.open() || !out.open() || !err.open()) {
    r.error = fmt::format("pipe: {}", std::strerror(errno));
    in.closeBoth(), out.closeBoth(), err.closeBoth();
    return r;
  }
  const std::string program = resolveProgram(argv[0]);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  auto t0 = Clock::now();
  pid_t pid = fork();
  if (pid < 0) {
    r.error = fmt::format("fork: {}", std::strerror(errno));
    in.closeBoth(), out.closeBoth(), err.closeBoth();
    return r;
  }
  if (pid == 0) execChild(program.c_str(), args.data(), in, out, err);
  setpgid(pid, pid);
  r.started = true;
  close(in.fd[0]);
  close(out.fd[1]);
  close(err.fd[1]);
  close(in.fd[1]);  // the child reads end-of-file
  pollfd fds[2] = {{out.fd[0], POLLIN, 0}, {err.fd[0], POLLIN, 0}};
  int open_streams = 2;
  char buf[8192];
  while (open_streams > 0) {
    double left = limits.timeout_seconds - std::chrono::duration<double>(Clock::now() - t0).count();
    if (left <= 0) {
      r.timed_out = true;
      break;
    }
    int n = poll(fds, 2, static_cast<int>(std::min(left * 1000 + 1, 1000.0)));
    if (n < 0 && errno != EINTR) break;
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t got = read(fds[k].fd, buf, sizeof buf);
      if (got > 0) {
        append(k == 0 ? r.out : r.err, buf, static_cast<size_t>(got), limits.max_output_bytes);
      } else if (got == 0 || errno != EINTR) {
        close(fds[k].fd);
        fds[k].fd = -1;
        --open_streams;
      }
    }
  }
  if (r.timed_out) kill(-pid, SIGKILL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  // Grandchildren that kept the pipes open die with the group.
  kill(-pid, SIGKILL);
  for (auto& f : fds)
    if (f.fd >= 0) close(f.fd);
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (WIFEXITED(status)) {
    r.exit_code = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    r.signal = WTERMSIG(status);
    r.exit_code = 128 + r.signal;
  }
  return r;
}

Child::~Child() { kill(); }

bool Child::start(const std::vector<std::string>& argv) {
  kill();
  error_.clear();
  if (argv.empty()) {
    error_ = "no program given";
    return false;
  }
  Pipe in, out, err;
  if (!in.open() || !out.open() || !err.open()) {
    error_ = fmt::format("pipe: {}", std::strerror(errno));
    in.closeBoth(), out.closeBoth(), err.closeBoth();
    return false;
  }
  const std::string program = resolveProgram(argv[0]);
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    error_ = fmt::format("fork: {}", std::strerror(errno));
    in.closeBoth(), out.closeBoth(), err.closeBoth();
    return false;
  }
  if (pid == 0) execChild(program.c_str(), args.data(), in, out, err);
  setpgid(pid, pid);
  close(in.fd[0]);
  close(out.fd[1]);
  err.closeBoth();  // standard error: the child's writes fail, nothing blocks
  pid_ = pid;
  to_ = in.fd[1];
  from_ = out.fd[0];
  buffer_.clear();
  return true;
}

bool Child::writeLine(const std::string& line) {
  if (pid_ <= 0) return false;
  std::string data = line + "\n";
  size_t done = 0;
  while (done < data.size()) {
    // MSG_NOSIGNAL does not apply to pipes: a dead reader is noticed as EPIPE
    // with SIGPIPE ignored for this write.
    sigset_t pipe_set, old;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
    ssize_t n = write(to_, data.data() + done, data.size() - done);
    int saved = errno;
    if (n < 0 && saved == EPIPE) {
      timespec zero{0, 0};
      sigtimedwait(&pipe_set, nullptr, &zero);  // consume the pending SIGPIPE
    }
    pthread_sigmask(SIG_SETMASK, &old, nullptr);
    if (n < 0) {
      if (saved == EINTR) continue;
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

Child::Read Child::readLine(std::string& line, double timeout_seconds) {
  auto t0 = Clock::now();
  while (true) {
    if (size_t nl = buffer_.find('\n'); nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return Read::Line;
    }
    if (from_ < 0) return Read::End;
    double left = timeout_seconds - std::chrono::duration<double>(Clock::now() - t0).count();
    if (left <= 0) return Read::Timeout;
    pollfd fd{from_, POLLIN, 0};
    int n = poll(&fd, 1, static_cast<int>(std::min(left * 1000 + 1, 1000.0)));
    if (n < 0 && errno != EINTR) return Read::End;
    if (n <= 0) continue;
    char buf[4096];
    ssize_t got = read(from_, buf, sizeof buf);
    if (got > 0) {
      buffer_.append(buf, static_cast<size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      close(from_);
      from_ = -1;
    }
  }
}

void Child::kill() {
  if (to_ >= 0) close(to_);
  if (from_ >= 0) close(from_);
  to_ = from_ = -1;
  if (pid_ > 0) {
    ::kill(-pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
  }
  pid_ = -1;
  buffer_.clear();
}

Spawned spawnInteractive(const std::vector<std::string>& argv, const std::vector<std::pair<std::string, std::string>>& env) {
  Spawned out;
  if (argv.empty()) {
    out.error = "no command";
    return out;
  }
  std::string program = resolveProgram(argv[0]);
  if (access(program.c_str(), X_OK) != 0) {
    out.error = fmt::format("{}: command not found", argv[0]);
    return out;
  }
  std::vector<std::string> environment;
  for (char** e = environ; *e; ++e) {
    std::string entry(*e);
    std::string key = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& [k, v] : env) replaced |= k == key;
    if (!replaced) environment.push_back(entry);
  }
  for (const auto& [k, v] : env) environment.push_back(k + "=" + v);
  std::vector<char*> args, envp;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  for (auto& e : environment) envp.push_back(e.data());
  envp.push_back(nullptr);
  int pid = fork();
  if (pid < 0) {
    out.error = std::string("fork: ") + std::strerror(errno);
    return out;
  }
  if (pid == 0) {
    execve(program.c_str(), args.data(), envp.data());
    _exit(127);
  }
  out.pid = pid;
  return out;
}

namespace {
int statusOf(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}
}  // namespace

int pollExit(int pid) {
  int status = 0;
  int rc = waitpid(pid, &status, WNOHANG);
  if (rc == pid) return statusOf(status);
  if (rc < 0 && errno == ECHILD) return 255;
  return -1;
}

int waitExit(int pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return 255;
  return statusOf(status);
}

TempDir::TempDir(const std::string& prefix) {
  static std::atomic<uint64_t> counter{0};
  namespace fs = std::filesystem;
  for (int attempt = 0; attempt < 100; ++attempt) {
    fs::path p = fs::temp_directory_path() / fmt::format("{}-{}-{}", prefix, getpid(), counter++);
    std::error_code ec;
    if (fs::create_directory(p, ec)) {
      path_ = p.string();
      return;
    }
  }
  path_ = (fs::temp_directory_path() / fmt::format("{}-{}", prefix, getpid())).string();
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace jhalt::util
