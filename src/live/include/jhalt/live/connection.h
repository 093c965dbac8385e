// jhalt's side of the live agent's wire format (wire.h): a connection to
// the agent inside a running JVM, one typed call per request. Every call
// either returns the agent's answer or throws: TargetError when the agent
// refuses (with its reason), ConnectionLost when the JVM went away.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jhalt/util/error.h"

namespace jhalt::live {

// A target that cannot be analysed (no such process, not a JVM, another
// user's JVM, an attach that timed out, an agent that refused).
class TargetError : public Error {
 public:
  using Error::Error;
};

// The JVM exited (or closed the connection) while jhalt was observing it.
class ConnectionLost : public Error {
 public:
  using Error::Error;
};

// A value read from the JVM (wire.h, "value").
struct Value {
  char tag = 'V';       // Z B C S I J F D L, or E (unreadable)
  int64_t i = 0;        // Z B C S I J
  uint64_t bits = 0;    // F D: raw bits
  uint64_t handle = 0;  // L: 0 is null
  std::string cls;      // L: the object's class as an internal name (`java/lang/String`, `[I`)
  uint32_t error = 0;   // E: the JVMTI error code
  bool isNull() const { return tag == 'L' && handle == 0; }
  bool isReference() const { return tag == 'L'; }
};

struct Hello {
  uint32_t protocol = 0;
  bool attached = false;  // loaded into the running JVM (not at its start)
  uint32_t capabilities = 0;
  uint64_t pid = 0;
  std::string java_home, class_path, command, user_dir, vm_version, module_path;
  bool has(uint32_t cap) const { return (capabilities & cap) != 0; }
};

struct ThreadInfo {
  uint64_t handle = 0;
  std::string name;
  bool daemon = false;
  uint32_t state = 0;  // JVMTI thread state bits
  std::string group;
  bool agent = false;  // the agent's own thread
};

struct FrameInfo {
  uint64_t method = 0;
  int64_t location = -1;  // bytecode offset; -1 in a native method
  std::string cls;        // internal name
  std::string name, descriptor;
  bool native = false;
};

struct FieldValue {
  std::string owner;  // declaring class, internal name
  std::string name, descriptor;
  bool is_final = false;
  Value value;
};

struct ObjectInfo {
  std::string cls;
  std::vector<FieldValue> fields;  // every instance field
};

struct ArrayChunk {
  std::string cls;
  uint32_t length = 0;
  std::vector<Value> values;  // elements from the requested index on
};

struct StaticValue {
  bool class_found = false;  // loaded by exactly one class loader
  uint32_t status = 0;       // JVMTI class status bits
  bool field_found = false;
  Value value;
};

struct LoadedClass {
  std::string name;  // internal name
  uint32_t status = 0;
};

struct MonitorInfo {
  uint64_t owner = 0;
  uint32_t entry_count = 0;
  std::vector<uint64_t> entering, waiting;  // thread handles
};

struct LocalRequest {
  uint16_t slot;
  char kind;  // I J F D L
};

// JVMTI constants jhalt reads from answers (jvmti.h values).
inline constexpr uint32_t kThreadAlive = 0x0001;
inline constexpr uint32_t kThreadTerminated = 0x0002;
inline constexpr uint32_t kThreadRunnable = 0x0004;
inline constexpr uint32_t kThreadWaitingIndefinitely = 0x0010;
inline constexpr uint32_t kThreadWaitingWithTimeout = 0x0020;
inline constexpr uint32_t kThreadSleeping = 0x0040;
inline constexpr uint32_t kThreadWaiting = 0x0080;
inline constexpr uint32_t kThreadInObjectWait = 0x0100;
inline constexpr uint32_t kThreadParked = 0x0200;
inline constexpr uint32_t kThreadBlockedOnMonitor = 0x0400;
inline constexpr uint32_t kThreadSuspended = 0x100000;
inline constexpr uint32_t kClassInitialized = 4;
inline constexpr uint32_t kClassError = 8;

// A class signature as JVMTI gives it (`Ljava/lang/String;`, `[I`) as an
// internal name (`java/lang/String`, `[I`).
std::string internalName(const std::string& signature);

class Connection {
 public:
  // Connects to the agent's socket and says hello; throws TargetError when
  // nobody listens there within `timeout_seconds`.
  static std::unique_ptr<Connection> open(const std::string& socket_path, double timeout_seconds);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  const Hello& hello() const { return hello_; }
  std::vector<ThreadInfo> threads();
  std::vector<FrameInfo> stack(uint64_t thread, uint32_t max_frames = 1024);
  void suspend(uint64_t thread);
  void resume(uint64_t thread);
  std::vector<uint64_t> suspendAll(const std::vector<uint64_t>& exempt);
  void resumeAll();
  // Stops `thread` at `location` of `method` (when it has `frames` frames,
  // 0: any); true when it got there within the timeout (it is then
  // suspended there).
  bool breakAt(uint64_t thread, uint64_t method, int64_t location, uint32_t frames, uint32_t timeout_ms);
  std::vector<Value> locals(uint64_t thread, uint32_t depth, const std::vector<LocalRequest>& slots);
  ObjectInfo object(uint64_t handle);
  ArrayChunk array(uint64_t handle, uint32_t from, uint32_t count);
  StaticValue staticField(const std::string& cls, const std::string& name, const std::string& descriptor);
  std::vector<LoadedClass> loadedClasses();
  std::u16string string(uint64_t handle);
  int32_t identityHash(uint64_t handle);
  std::vector<uint8_t> bytecodes(uint64_t method);
  MonitorInfo monitor(uint64_t handle);
  // The java.lang.Class object of a loaded class (0: not loaded, or by
  // several class loaders).
  uint64_t classObject(const std::string& cls);
  // A method's bytecodes as the JVM has them; nullopt when the class or
  // the method is not found.
  std::optional<std::vector<uint8_t>> methodCode(const std::string& cls, const std::string& name,
                                                 const std::string& descriptor);
  // Drops the handles of every object but threads (they stay valid).
  void release();
  // Ends the connection: the agent restores the JVM and goes dormant.
  void detach();
  // Requests made so far (for the figures).
  size_t requests() const { return requests_; }

 private:
  explicit Connection(int fd) : fd_(fd) {}
  std::string call(const std::string& request);
  int fd_ = -1;
  Hello hello_;
  size_t requests_ = 0;
};

}  // namespace jhalt::live
