// The client side of the live agent's wire format (see wire.h).
#include "jhalt/live/connection.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "jhalt/live/wire.h"

namespace jhalt::live {

namespace {

// Answers can take long only for a breakpoint wait; everything else is a
// few JVMTI calls.
constexpr int kAnswerMillis = 30000;

Value readValue(wire::Reader& r) {
  Value v;
  v.tag = static_cast<char>(r.u8());
  switch (v.tag) {
    case 'Z': case 'B': case 'C': case 'S': case 'I': v.i = r.i32(); break;
    case 'J': v.i = r.i64(); break;
    case 'F': v.bits = r.u32(); break;
    case 'D': v.bits = r.u64(); break;
    case 'L':
      v.handle = r.u64();
      if (v.handle != 0) v.cls = internalName(r.str());
      break;
    case 'E': v.error = r.u32(); break;
    default: throw TargetError("malformed answer from the agent (value tag)");
  }
  return v;
}

void check(const wire::Reader& r) {
  if (!r.ok()) throw TargetError("malformed answer from the agent");
}

}  // namespace

std::string internalName(const std::string& sig) {
  if (sig.size() >= 2 && sig.front() == 'L' && sig.back() == ';') return sig.substr(1, sig.size() - 2);
  return sig;
}

std::unique_ptr<Connection> Connection::open(const std::string& path, double timeout_seconds) {
  struct sockaddr_un addr {};
  if (path.size() >= sizeof addr.sun_path) throw TargetError("socket path too long: " + path);
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  int err = 0;
  for (;;) {
    int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) throw TargetError(std::string("socket: ") + std::strerror(errno));
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) {
      std::unique_ptr<Connection> c(new Connection(fd));
      wire::Writer w;
      w.u8(wire::kHello);
      w.u32(wire::kProtocol);
      std::string a = c->call(w.bytes());
      wire::Reader r(a);
      Hello& h = c->hello_;
      h.protocol = r.u32();
      h.attached = r.u8() != 0;
      h.capabilities = r.u32();
      h.pid = r.u64();
      h.java_home = r.str();
      h.class_path = r.str();
      h.command = r.str();
      h.user_dir = r.str();
      h.vm_version = r.str();
      h.module_path = r.str();
      check(r);
      return c;
    }
    err = errno;
    ::close(fd);
    if (std::chrono::steady_clock::now() >= deadline) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  throw TargetError("no jhalt agent answers at " + path + " (" + std::strerror(err) + ")");
}

Connection::~Connection() {
  if (fd_ >= 0) ::close(fd_);
}

std::string Connection::call(const std::string& request) {
  if (fd_ < 0) throw ConnectionLost("the connection to the JVM is closed");
  ++requests_;
  wire::Writer w;
  w.bytes() = request;
  std::string frame = w.frame();
  const char* p = frame.data();
  size_t n = frame.size();
  while (n > 0) {
    ssize_t k = ::send(fd_, p, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) throw ConnectionLost("the JVM exited during the observation");
    p += k;
    n -= static_cast<size_t>(k);
  }
  auto readAll = [&](char* buf, size_t len, int timeout_ms) {
    while (len > 0) {
      struct pollfd pfd {fd_, POLLIN, 0};
      int rc = ::poll(&pfd, 1, timeout_ms);
      if (rc < 0 && errno == EINTR) continue;
      if (rc == 0) throw ConnectionLost("the agent did not answer");
      ssize_t k = ::read(fd_, buf, len);
      if (k < 0 && errno == EINTR) continue;
      if (k <= 0) throw ConnectionLost("the JVM exited during the observation");
      buf += k;
      len -= static_cast<size_t>(k);
    }
  };
  int timeout = kAnswerMillis;
  if (!request.empty() && static_cast<uint8_t>(request[0]) == wire::kBreak && request.size() >= 33) {
    wire::Reader r(request.data() + 29, 4);
    timeout += static_cast<int>(r.u32());
  }
  uint8_t prefix[4];
  readAll(reinterpret_cast<char*>(prefix), 4, timeout);
  uint32_t len = wire::frameLength(prefix);
  if (len == 0 || len > wire::kMaxFrame) throw TargetError("malformed answer from the agent (frame length)");
  std::string payload(len, '\0');
  readAll(payload.data(), len, kAnswerMillis);
  wire::Reader r(payload);
  uint8_t status = r.u8();
  if (status == wire::kEnded) throw ConnectionLost("the JVM exited during the observation");
  if (status != wire::kOk) {
    std::string why = r.str();
    throw TargetError("the agent refused: " + (r.ok() ? why : std::string("(no reason)")));
  }
  return payload.substr(1);
}

std::vector<ThreadInfo> Connection::threads() {
  std::string a = call(std::string(1, static_cast<char>(wire::kThreads)));
  wire::Reader r2(a);
  std::vector<ThreadInfo> out;
  uint32_t n = r2.u32();
  for (uint32_t k = 0; k < n && r2.ok(); ++k) {
    ThreadInfo t;
    t.handle = r2.u64();
    t.name = r2.str();
    t.daemon = r2.u8() != 0;
    t.state = r2.u32();
    t.group = r2.str();
    t.agent = r2.u8() != 0;
    out.push_back(std::move(t));
  }
  check(r2);
  return out;
}

std::vector<FrameInfo> Connection::stack(uint64_t thread, uint32_t max_frames) {
  wire::Writer w;
  w.u8(wire::kStack);
  w.u64(thread);
  w.u32(max_frames);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  uint32_t n = r.u32();
  std::vector<FrameInfo> out;
  for (uint32_t k = 0; k < n && r.ok(); ++k) {
    FrameInfo f;
    f.method = r.u64();
    f.location = r.i64();
    f.cls = internalName(r.str());
    f.name = r.str();
    f.descriptor = r.str();
    f.native = r.u8() != 0;
    out.push_back(std::move(f));
  }
  check(r);
  return out;
}

void Connection::suspend(uint64_t thread) {
  wire::Writer w;
  w.u8(wire::kSuspend);
  w.u64(thread);
  call(w.bytes());
}

void Connection::resume(uint64_t thread) {
  wire::Writer w;
  w.u8(wire::kResume);
  w.u64(thread);
  call(w.bytes());
}

std::vector<uint64_t> Connection::suspendAll(const std::vector<uint64_t>& exempt) {
  wire::Writer w;
  w.u8(wire::kSuspendAll);
  w.u32(static_cast<uint32_t>(exempt.size()));
  for (uint64_t h : exempt) w.u64(h);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  uint32_t n = r.u32();
  std::vector<uint64_t> out;
  for (uint32_t k = 0; k < n && r.ok(); ++k) out.push_back(r.u64());
  check(r);
  return out;
}

void Connection::resumeAll() { call(std::string(1, static_cast<char>(wire::kResumeAll))); }

bool Connection::breakAt(uint64_t thread, uint64_t method, int64_t location, uint32_t frames, uint32_t timeout_ms) {
  wire::Writer w;
  w.u8(wire::kBreak);
  w.u64(thread);
  w.u64(method);
  w.i64(location);
  w.u32(frames);
  w.u32(timeout_ms);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  bool hit = r.u8() != 0;
  check(r);
  return hit;
}

std::vector<Value> Connection::locals(uint64_t thread, uint32_t depth, const std::vector<LocalRequest>& slots) {
  wire::Writer w;
  w.u8(wire::kLocals);
  w.u64(thread);
  w.u32(depth);
  w.u32(static_cast<uint32_t>(slots.size()));
  for (const auto& s : slots) {
    w.u16(s.slot);
    w.u8(static_cast<uint8_t>(s.kind));
  }
  std::string a = call(w.bytes());
  wire::Reader r(a);
  uint32_t n = r.u32();
  std::vector<Value> out;
  for (uint32_t k = 0; k < n && r.ok(); ++k) out.push_back(readValue(r));
  check(r);
  return out;
}

ObjectInfo Connection::object(uint64_t handle) {
  wire::Writer w;
  w.u8(wire::kObject);
  w.u64(handle);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  ObjectInfo o;
  o.cls = internalName(r.str());
  uint32_t n = r.u32();
  for (uint32_t k = 0; k < n && r.ok(); ++k) {
    FieldValue f;
    f.owner = internalName(r.str());
    f.name = r.str();
    f.descriptor = r.str();
    f.is_final = r.u8() != 0;
    f.value = readValue(r);
    o.fields.push_back(std::move(f));
  }
  check(r);
  return o;
}

ArrayChunk Connection::array(uint64_t handle, uint32_t from, uint32_t count) {
  wire::Writer w;
  w.u8(wire::kArray);
  w.u64(handle);
  w.u32(from);
  w.u32(count);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  ArrayChunk c;
  c.cls = internalName(r.str());
  c.length = r.u32();
  uint32_t n = r.u32();
  for (uint32_t k = 0; k < n && r.ok(); ++k) c.values.push_back(readValue(r));
  check(r);
  return c;
}

StaticValue Connection::staticField(const std::string& cls, const std::string& name, const std::string& descriptor) {
  wire::Writer w;
  w.u8(wire::kStatic);
  w.str(cls.front() == '[' ? cls : "L" + cls + ";");
  w.str(name);
  w.str(descriptor);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  StaticValue s;
  s.class_found = r.u8() != 0;
  s.status = r.u32();
  s.field_found = r.u8() != 0;
  if (s.field_found) s.value = readValue(r);
  check(r);
  return s;
}

std::vector<LoadedClass> Connection::loadedClasses() {
  std::string a = call(std::string(1, static_cast<char>(wire::kClasses)));
  wire::Reader r(a);
  uint32_t n = r.u32();
  std::vector<LoadedClass> out;
  for (uint32_t k = 0; k < n && r.ok(); ++k) {
    LoadedClass c;
    c.name = internalName(r.str());
    c.status = r.u32();
    out.push_back(std::move(c));
  }
  check(r);
  return out;
}

std::u16string Connection::string(uint64_t handle) {
  wire::Writer w;
  w.u8(wire::kString);
  w.u64(handle);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  uint32_t n = r.u32();
  std::u16string s;
  for (uint32_t k = 0; k < n && r.ok(); ++k) s.push_back(static_cast<char16_t>(r.u16()));
  check(r);
  return s;
}

int32_t Connection::identityHash(uint64_t handle) {
  wire::Writer w;
  w.u8(wire::kHash);
  w.u64(handle);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  int32_t h = r.i32();
  check(r);
  return h;
}

std::vector<uint8_t> Connection::bytecodes(uint64_t method) {
  wire::Writer w;
  w.u8(wire::kBytecodes);
  w.u64(method);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  uint32_t n = r.u32();
  std::vector<uint8_t> out;
  for (uint32_t k = 0; k < n && r.ok(); ++k) out.push_back(r.u8());
  check(r);
  return out;
}

MonitorInfo Connection::monitor(uint64_t handle) {
  wire::Writer w;
  w.u8(wire::kMonitor);
  w.u64(handle);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  MonitorInfo m;
  m.owner = r.u64();
  m.entry_count = r.u32();
  uint32_t n = r.u32();
  for (uint32_t k = 0; k < n && r.ok(); ++k) m.entering.push_back(r.u64());
  n = r.u32();
  for (uint32_t k = 0; k < n && r.ok(); ++k) m.waiting.push_back(r.u64());
  check(r);
  return m;
}

uint64_t Connection::classObject(const std::string& cls) {
  wire::Writer w;
  w.u8(wire::kClassObject);
  w.str(cls.front() == '[' ? cls : "L" + cls + ";");
  std::string a = call(w.bytes());
  wire::Reader r(a);
  uint64_t h = r.u64();
  check(r);
  return h;
}

std::optional<std::vector<uint8_t>> Connection::methodCode(const std::string& cls, const std::string& name,
                                                           const std::string& descriptor) {
  wire::Writer w;
  w.u8(wire::kMethodCode);
  w.str(cls.front() == '[' ? cls : "L" + cls + ";");
  w.str(name);
  w.str(descriptor);
  std::string a = call(w.bytes());
  wire::Reader r(a);
  if (r.u8() == 0) {
    check(r);
    return std::nullopt;
  }
  uint32_t n = r.u32();
  std::vector<uint8_t> out;
  for (uint32_t k = 0; k < n && r.ok(); ++k) out.push_back(r.u8());
  check(r);
  return out;
}

void Connection::release() { call(std::string(1, static_cast<char>(wire::kRelease))); }

void Connection::detach() {
  if (fd_ < 0) return;
  try {
    call(std::string(1, static_cast<char>(wire::kDetach)));
  } catch (const Error&) {
    // The JVM is gone or the agent is not answering: nothing to restore.
  }
  ::close(fd_);
  fd_ = -1;
}

}  // namespace jhalt::live
