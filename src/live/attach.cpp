// HotSpot's dynamic attach mechanism on Linux, as the JDK's own client
// speaks it (jdk.attach, VirtualMachineImpl): the target starts its attach
// listener when it receives SIGQUIT while a file `.attach_pid<pid>` exists
// in its working directory (or /tmp); the listener then accepts requests
// on the Unix socket `/tmp/.java_pid<pid>`: protocol version "1", the
// command and three arguments, each terminated by a NUL byte; the answer
// is a status line ("0" is success) and the command's output.
#include "jhalt/live/attach.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <sstream>
#include <thread>

#include "jhalt/live/wire.h"

namespace jhalt::live {

namespace {

bool exists(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0;
}

// The last PID of the `NSpid:` line (the PID inside the innermost namespace).
long namespacePid(long pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("NSpid:", 0) != 0) continue;
    std::istringstream in(line.substr(6));
    long v = pid, last = pid;
    while (in >> v) last = v;
    return last;
  }
  return pid;
}

int connectUnix(const std::string& path) {
  struct sockaddr_un addr {};
  if (path.size() >= sizeof addr.sun_path) return -1;
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

using Clock = std::chrono::steady_clock;

double secondsLeft(Clock::time_point deadline) {
  return std::chrono::duration<double>(deadline - Clock::now()).count();
}

// Starts the target's attach listener (unless it runs already) and returns
// its socket.
std::string startListener(const Target& t, Clock::time_point deadline) {
  std::string socket = t.root + "/tmp/.java_pid" + std::to_string(t.ns_pid);
  if (exists(socket)) return socket;
  // HotSpot looks for the trigger in its working directory, then in /tmp:
  // /tmp first, so that a jhalt stopped meanwhile leaves nothing in the
  // user's directory.
  std::string name = ".attach_pid" + std::to_string(t.ns_pid);
  std::string file = t.root + "/tmp/" + name;
  {
    std::ofstream f(file);
    if (!f) {
      file = "/proc/" + std::to_string(t.pid) + "/cwd/" + name;
      std::ofstream g(file);
      if (!g) throw TargetError("cannot create " + file + ": " + std::strerror(errno));
    }
  }
  if (::kill(static_cast<pid_t>(t.pid), SIGQUIT) != 0) {
    ::unlink(file.c_str());
    throw TargetError("cannot signal process " + std::to_string(t.pid) + ": " + std::strerror(errno));
  }
  while (!exists(socket) && secondsLeft(deadline) > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ::unlink(file.c_str());
  if (!exists(socket)) throw TargetError("the JVM " + std::to_string(t.pid) + " did not start its attach listener in time");
  return socket;
}

}  // namespace

Target inspectTarget(long pid) {
  std::string proc = "/proc/" + std::to_string(pid);
  struct stat st {};
  if (pid <= 0 || ::stat(proc.c_str(), &st) != 0) throw TargetError("no such process: " + std::to_string(pid));
  // HotSpot's attach listener accepts only its own user (root included).
  if (st.st_uid != ::geteuid())
    throw TargetError("process " + std::to_string(pid) + " belongs to another user (uid " + std::to_string(st.st_uid) +
                      "): a JVM accepts attach requests from its own user only");
  std::ifstream maps(proc + "/maps");
  if (!maps) throw TargetError("cannot read the memory map of process " + std::to_string(pid));
  std::string line;
  bool jvm = false;
  while (!jvm && std::getline(maps, line)) jvm = line.size() > 10 && line.compare(line.size() - 10, 10, "/libjvm.so") == 0;
  if (!jvm) throw TargetError("process " + std::to_string(pid) + " is not a HotSpot JVM");
  Target t;
  t.pid = pid;
  t.ns_pid = namespacePid(pid);
  t.root = proc + "/root";
  return t;
}

std::string agentSocket(const Target& t) { return t.root + "/tmp/" + wire::socketName(t.ns_pid); }

void loadAgent(const Target& t, const std::string& agent_library, const std::string& options, double timeout_seconds) {
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_seconds));
  std::string socket = startListener(t, deadline);
  int fd = connectUnix(socket);
  if (fd < 0) throw TargetError("cannot connect to the attach listener of " + std::to_string(t.pid));
  std::string request;
  for (const std::string& part : {std::string("1"), std::string("load"), agent_library, std::string("true"), options}) {
    request += part;
    request.push_back('\0');
  }
  bool sent = ::send(fd, request.data(), request.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(request.size());
  std::string answer;
  while (sent) {
    struct pollfd pfd {fd, POLLIN, 0};
    int ms = static_cast<int>(secondsLeft(deadline) * 1000);
    if (ms <= 0 || ::poll(&pfd, 1, ms) <= 0) break;
    char buf[512];
    ssize_t k = ::read(fd, buf, sizeof buf);
    if (k <= 0) break;
    answer.append(buf, static_cast<size_t>(k));
  }
  ::close(fd);
  if (answer.empty()) throw TargetError("the JVM " + std::to_string(t.pid) + " did not answer the attach request in time");
  std::istringstream in(answer);
  std::string status;
  std::getline(in, status);
  std::string rest((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  while (!rest.empty() && (rest.back() == '\n' || rest.back() == '\0')) rest.pop_back();
  if (status != "0") throw TargetError("the JVM refused to load the agent: " + (rest.empty() ? status : rest));
  auto rc = rest.find("return code: ");
  if (rc != std::string::npos && std::stol(rest.substr(rc + 13)) != 0)
    throw TargetError("the agent failed to start in the JVM (" + rest + ")");
}

std::unique_ptr<Connection> connectToJvm(const Target& t, const std::string& agent_library, double timeout_seconds,
                                         bool* loaded_now) {
  std::string socket = agentSocket(t);
  if (loaded_now) *loaded_now = false;
  if (exists(socket)) {
    try {
      return Connection::open(socket, 0.5);
    } catch (const TargetError&) {
      // A stale socket of an earlier JVM with this PID: attach anew.
    }
  }
  loadAgent(t, agent_library, "path=/tmp/" + wire::socketName(t.ns_pid), timeout_seconds);
  if (loaded_now) *loaded_now = true;
  return Connection::open(socket, timeout_seconds);
}

}  // namespace jhalt::live
