// The wire format between jhalt and its live agent (agent/live_agent.cpp,
// issue 15). Header-only and free of jhalt's libraries: the agent, which
// runs inside the target JVM, includes it too.
//
// Transport: a Unix domain stream socket the agent listens on (mode 0600;
// only the JVM's user may connect). One request, then its response; jhalt
// never has two requests outstanding.
//
// Frame:    u32 length (big-endian), then `length` payload bytes
//           (at most kMaxFrame).
// Request:  u8 op, then the op's arguments.
// Response: u8 status (kOk, kFailed or kEnded); kFailed and kEnded are followed by one string
//           (what went wrong); kOk by the op's results.
// Scalars are big-endian; a string is u32 length + bytes (UTF-8 or the
// JVM's modified UTF-8 for names, as JVMTI returns them).
// A value is a tag byte, then:
//   'Z' 'B' 'C' 'S' 'I'  i32        'J' i64
//   'F' u32 (raw bits)              'D' u64 (raw bits)
//   'L' u64 handle (0 = null), then, for a non-null handle, the class
//       signature of the object (`Ljava/lang/String;`, `[I`)
//   'E' u32 JVMTI error code (the value could not be read)
// Handles name objects (threads included) for the rest of a connection;
// the agent keeps a global reference for each and drops them all when the
// connection ends.
//
// Ops and their arguments -> results (all counts u32 unless said):
//   kHello     u32 protocol -> u32 protocol, u8 mode (0 loaded at start,
//              1 attached), u32 capability bits, u64 pid, strings java.home,
//              java.class.path, sun.java.command, user.dir, java.vm.version,
//              jdk.module.path
//   kThreads   -> n × (u64 thread, str name, u8 daemon, u32 JVMTI state,
//              str thread group, u8 is the agent's own thread)
//   kStack     u64 thread, u32 max frames -> n × (u64 method, i64 location,
//              str class signature, str name, str descriptor, u8 native)
//   kSuspend / kResume  u64 thread -> (nothing)
//   kSuspendAll  n × u64 exempt thread -> n × u64 suspended thread
//   kResumeAll  -> (nothing): every thread the agent suspended
//   kBreak     u64 thread, u64 method, i64 location, u32 frame count (0: any),
//              u32 timeout ms -> u8 hit (the thread is then suspended there)
//   kLocals    u64 thread, u32 depth, n × (u16 slot, u8 kind I J F D L)
//              -> n × value
//   kObject    u64 handle -> str class signature, n × (str declaring class
//              signature, str name, str descriptor, u8 final, value):
//              every instance field, the class's own first
//   kArray     u64 handle, u32 from, u32 count -> str class signature,
//              u32 length, n × value (elements from..from+n-1)
//   kStatic    str class signature, str name, str descriptor -> u8 class
//              found, u32 JVMTI class status, u8 field found, value
//   kClasses   -> n × (str signature, u32 JVMTI class status)
//   kString    u64 handle -> n × u16 (UTF-16 code units)
//   kHash      u64 handle -> i32 (the identity hash code)
//   kBytecodes u64 method -> n × u8
//   kMonitor   u64 handle -> u64 owner thread (0: none), u32 entry count,
//              n × u64 threads waiting to enter, n × u64 waiting for notify
//   kClassObject  str class signature -> u64 handle of its java.lang.Class
//              object (0: not loaded, or loaded by several class loaders)
//   kMethodCode   str class signature, str name, str descriptor -> u8 found,
//              n × u8 (the method's bytecodes, as the class file has them)
//   kRelease   -> (nothing): drops the handles of every object but threads
//              (their numbers stay), so that jhalt holds nothing alive
//              between analyses
//   kDetach    -> (nothing); the agent then clears breakpoints, disables
//              events, resumes what it suspended, drops its handles and
//              relinquishes its capabilities, and waits for the next
//              connection
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace jhalt::live::wire {

inline constexpr uint32_t kProtocol = 1;
inline constexpr uint32_t kMaxFrame = 16u << 20;
// Limits the agent enforces per request.
inline constexpr uint32_t kMaxArrayChunk = 1u << 16;
inline constexpr uint32_t kMaxHandles = 1u << 20;
inline constexpr uint32_t kMaxStringUnits = 1u << 20;

enum Op : uint8_t {
  kHello = 1,
  kThreads = 2,
  kStack = 3,
  kSuspend = 4,
  kResume = 5,
  kSuspendAll = 6,
  kResumeAll = 7,
  kBreak = 8,
  kLocals = 9,
  kObject = 10,
  kArray = 11,
  kStatic = 12,
  kClasses = 13,
  kString = 14,
  kHash = 15,
  kBytecodes = 16,
  kMonitor = 17,
  kDetach = 18,
  kClassObject = 19,
  kMethodCode = 20,
  kRelease = 21,
};

// kEnded: the JVM is past its live phase (JVMTI_PHASE_DEAD); the program is ending.
enum Status : uint8_t { kOk = 0, kFailed = 1, kEnded = 2 };

// Capability bits of kHello: what the agent could obtain from the JVM.
enum Capability : uint32_t {
  kCapLocals = 1u << 0,       // can_access_local_variables (JVM start only)
  kCapBreakpoints = 1u << 1,  // can_generate_breakpoint_events (JVM start only)
  kCapSuspend = 1u << 2,
  kCapTags = 1u << 3,
  kCapMonitors = 1u << 4,     // can_get_monitor_info
};

// The socket a JVM's agent listens on, by process id, under the target's
// temporary directory.
inline std::string socketName(long pid) { return ".jhalt_live_" + std::to_string(pid); }

// Appends big-endian scalars and strings to a frame payload.
class Writer {
 public:
  void u8(uint8_t v) { buf_.push_back(static_cast<char>(v)); }
  void u16(uint16_t v) { be(v, 2); }
  void u32(uint32_t v) { be(v, 4); }
  void u64(uint64_t v) { be(v, 8); }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void str(std::string_view s) {
    u32(static_cast<uint32_t>(s.size()));
    buf_.append(s.data(), s.size());
  }
  const std::string& bytes() const { return buf_; }
  std::string& bytes() { return buf_; }
  size_t size() const { return buf_.size(); }
  // The frame: length prefix, then the payload.
  std::string frame() const {
    Writer w;
    w.u32(static_cast<uint32_t>(buf_.size()));
    return w.buf_ + buf_;
  }

 private:
  void be(uint64_t v, int n) {
    for (int k = n - 1; k >= 0; --k) buf_.push_back(static_cast<char>((v >> (8 * k)) & 0xFF));
  }
  std::string buf_;
};

// Reads a payload; every read past the end (or a string longer than what
// is left) clears ok() and yields zero / empty, so a truncated or hostile
// payload never reads out of bounds.
class Reader {
 public:
  Reader(const void* data, size_t size) : p_(static_cast<const uint8_t*>(data)), end_(p_ + size) {}
  explicit Reader(std::string_view s) : Reader(s.data(), s.size()) {}
  bool ok() const { return ok_; }
  bool atEnd() const { return p_ == end_; }
  size_t left() const { return static_cast<size_t>(end_ - p_); }
  uint8_t u8() { return static_cast<uint8_t>(be(1)); }
  uint16_t u16() { return static_cast<uint16_t>(be(2)); }
  uint32_t u32() { return static_cast<uint32_t>(be(4)); }
  uint64_t u64() { return be(8); }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  int64_t i64() { return static_cast<int64_t>(u64()); }
  std::string str() {
    uint32_t n = u32();
    if (!ok_ || n > left()) {
      ok_ = false;
      return {};
    }
    std::string s(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return s;
  }

 private:
  uint64_t be(int n) {
    if (!ok_ || left() < static_cast<size_t>(n)) {
      ok_ = false;
      p_ = end_;
      return 0;
    }
    uint64_t v = 0;
    for (int k = 0; k < n; ++k) v = (v << 8) | *p_++;
    return v;
  }
  const uint8_t* p_;
  const uint8_t* end_;
  bool ok_ = true;
};

// Length of a frame from its 4-byte prefix.
inline uint32_t frameLength(const uint8_t prefix[4]) {
  return (uint32_t{prefix[0]} << 24) | (uint32_t{prefix[1]} << 16) | (uint32_t{prefix[2]} << 8) | prefix[3];
}

}  // namespace jhalt::live::wire
