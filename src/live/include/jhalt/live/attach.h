// Reaching a running JVM (issue 15): the target process checked (it exists,
// it is a HotSpot JVM, it belongs to this user), and HotSpot's dynamic
// attach spoken by jhalt itself (no jcmd): the `.attach_pid` file, SIGQUIT,
// the `.java_pid` socket and a `load` request for jhalt's agent.
#pragma once

#include <memory>
#include <string>

#include "jhalt/live/connection.h"

namespace jhalt::live {

struct Target {
  long pid = 0;     // as jhalt sees it
  long ns_pid = 0;  // inside the target's PID namespace (the JVM's own getpid())
  std::string root;  // /proc/PID/root: the target's file system
};

// Throws TargetError: "no such process", "another user's JVM", "not a JVM".
Target inspectTarget(long pid);

// The agent's socket, as jhalt reaches it.
std::string agentSocket(const Target& t);

// HotSpot dynamic attach: loads `agent_library` with `options` into the
// target (Agent_OnAttach). Throws TargetError when the JVM does not answer
// within `timeout_seconds` or refuses.
void loadAgent(const Target& t, const std::string& agent_library, const std::string& options, double timeout_seconds);

// The connection to a JVM's agent: the one it was started with, or else
// one loaded now by dynamic attach (`*loaded_now` tells which).
std::unique_ptr<Connection> connectToJvm(const Target& t, const std::string& agent_library, double timeout_seconds,
                                         bool* loaded_now = nullptr);

}  // namespace jhalt::live
