// jhalt's live agent (issue 15, paper 004): a JVMTI library that lets the
// jhalt process look into a running JVM - threads, stacks, locals, objects,
// statics - and stop a thread at a loop head, so that jhalt can prove from
// the concrete memory that the loop never exits.
//
// Loaded at JVM start (`-agentpath:libjhalt-live.so[=path=SOCKET]`, by
// `jhalt run` or a launch script) it takes the capabilities HotSpot grants
// only then (local variables, breakpoints) and stays dormant: one native
// thread blocked in accept(), no events enabled, no Java thread. Loaded
// into a running JVM by HotSpot's dynamic attach (`jhalt attach`) it gets
// what the live phase allows (stacks, heap, suspension).
//
// When jhalt connects, the thread attaches to the JVM as a daemon and
// serves requests (src/live/include/jhalt/live/wire.h) until jhalt detaches
// or goes away; then it clears breakpoints, disables events, resumes every
// thread it suspended, drops its object handles, relinquishes its
// capabilities and waits for the next connection. Buffers are bounded; the
// agent allocates nothing in the Java heap (JVMTI and JNI reads only).
//
// Built without jhalt's flags and libraries (it lives inside the JVM).
#include <jni.h>
#include <jvmti.h>

#include <pthread.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "agent_internal.h"

namespace jhalt_agent {

Agent g;

bool failed(jvmtiError e, const char* what, std::string& error) {
  if (e == JVMTI_ERROR_NONE) return false;
  char* name = nullptr;
  g.jvmti->GetErrorName(e, &name);
  error = std::string(what) + ": " + (name ? name : "JVMTI error " + std::to_string(e));
  if (name) g.jvmti->Deallocate(reinterpret_cast<unsigned char*>(name));
  return true;
}


bool readAll(int fd, void* buf, size_t n) {
  auto* p = static_cast<char*>(buf);
  while (n > 0) {
    ssize_t k = ::read(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= static_cast<size_t>(k);
  }
  return true;
}

bool writeAll(int fd, const char* p, size_t n) {
  while (n > 0) {
    ssize_t k = ::send(fd, p, n, MSG_NOSIGNAL);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    p += k;
    n -= static_cast<size_t>(k);
  }
  return true;
}

bool Session::readFrame(std::string& payload) {
  uint8_t prefix[4];
  if (!readAll(fd_, prefix, 4)) return false;
  uint32_t n = wire::frameLength(prefix);
  if (n == 0 || n > wire::kMaxFrame) return false;
  payload.resize(n);
  return readAll(fd_, payload.data(), n);
}

bool Session::writeFrame(const Writer& w) {
  if (w.size() > wire::kMaxFrame) return false;
  std::string f = w.frame();
  return writeAll(fd_, f.data(), f.size());
}

bool Session::hello(Reader& r, Writer& out, std::string& error) {
  uint32_t version = r.u32();
  if (version != wire::kProtocol) {
    error = "protocol " + std::to_string(version) + " not spoken (agent speaks " + std::to_string(wire::kProtocol) + ")";
    return false;
  }
  // Take what this JVM can give now of what the agent wants.
  jvmtiCapabilities potential{}, want = g.wanted;
  g.jvmti->GetPotentialCapabilities(&potential);
  auto* w = reinterpret_cast<unsigned char*>(&want);
  auto* p = reinterpret_cast<unsigned char*>(&potential);
  for (size_t k = 0; k < sizeof want; ++k) w[k] &= p[k];
  if (g.jvmti->AddCapabilities(&want) == JVMTI_ERROR_NONE) held_ = want;
  g.jvmti->GetCapabilities(&held_);
  uint32_t caps = 0;
  if (held_.can_access_local_variables) caps |= wire::kCapLocals;
  if (held_.can_generate_breakpoint_events) caps |= wire::kCapBreakpoints;
  if (held_.can_suspend) caps |= wire::kCapSuspend;
  if (held_.can_tag_objects) caps |= wire::kCapTags;
  if (held_.can_get_monitor_info) caps |= wire::kCapMonitors;
  out.u32(wire::kProtocol);
  out.u8(g.loaded_at_start ? 0 : 1);
  out.u32(caps);
  out.u64(static_cast<uint64_t>(getpid()));
  for (const char* key : {"java.home", "java.class.path", "sun.java.command", "user.dir", "java.vm.version",
                          "jdk.module.path"}) {
    char* v = nullptr;
    std::string s;
    if (g.jvmti->GetSystemProperty(key, &v) == JVMTI_ERROR_NONE && v) s = v;
    deallocate(v);
    out.str(s);
  }
  return true;
}

bool Session::threads(Writer& out, std::string& error) {
  jint n = 0;
  jthread* ts = nullptr;
  if (failed(g.jvmti->GetAllThreads(&n, &ts), "GetAllThreads", error)) return false;
  jthread self = nullptr;
  g.jvmti->GetCurrentThread(&self);
  out.u32(static_cast<uint32_t>(n));
  for (jint i = 0; i < n; ++i) {
    jvmtiThreadInfo info{};
    g.jvmti->GetThreadInfo(ts[i], &info);
    jint state = 0;
    g.jvmti->GetThreadState(ts[i], &state);
    std::string group;
    if (info.thread_group) {
      jvmtiThreadGroupInfo gi{};
      if (g.jvmti->GetThreadGroupInfo(info.thread_group, &gi) == JVMTI_ERROR_NONE && gi.name) group = gi.name;
      deallocate(gi.name);
      if (gi.parent) jni_->DeleteLocalRef(gi.parent);
      jni_->DeleteLocalRef(info.thread_group);
    }
    if (info.context_class_loader) jni_->DeleteLocalRef(info.context_class_loader);
    out.u64(handleOf(ts[i]));
    out.str(info.name ? info.name : "");
    out.u8(info.is_daemon ? 1 : 0);
    out.u32(static_cast<uint32_t>(state));
    out.str(group);
    out.u8(self && jni_->IsSameObject(self, ts[i]) ? 1 : 0);
    deallocate(info.name);
    jni_->DeleteLocalRef(ts[i]);
  }
  deallocate(ts);
  if (self) jni_->DeleteLocalRef(self);
  return true;
}

bool Session::stack(Reader& r, Writer& out, std::string& error) {
  jobject t = objectOf(r.u64());
  uint32_t max = r.u32();
  if (!t) {
    error = "no such thread handle";
    return false;
  }
  if (max == 0 || max > 4096) max = 4096;
  std::vector<jvmtiFrameInfo> frames(max);
  jint count = 0;
  if (failed(g.jvmti->GetStackTrace(t, 0, static_cast<jint>(max), frames.data(), &count), "GetStackTrace", error))
    return false;
  out.u32(static_cast<uint32_t>(count));
  for (jint i = 0; i < count; ++i) {
    jmethodID m = frames[i].method;
    jclass k = nullptr;
    g.jvmti->GetMethodDeclaringClass(m, &k);
    char *name = nullptr, *sig = nullptr;
    g.jvmti->GetMethodName(m, &name, &sig, nullptr);
    jboolean native = JNI_FALSE;
    g.jvmti->IsMethodNative(m, &native);
    auto id = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(m));
    methods_.insert(id);
    out.u64(id);
    out.i64(frames[i].location);
    out.str(k ? classSignature(k) : "");
    out.str(name ? name : "");
    out.str(sig ? sig : "");
    out.u8(native ? 1 : 0);
    deallocate(name);
    deallocate(sig);
    if (k) jni_->DeleteLocalRef(k);
  }
  return true;
}

bool Session::suspendAll(Reader& r, Writer& out, std::string& error) {
  uint32_t n = r.u32();
  std::vector<jobject> exempt;
  for (uint32_t k = 0; k < n && r.ok(); ++k) exempt.push_back(objectOf(r.u64()));
  jint count = 0;
  jthread* ts = nullptr;
  if (failed(g.jvmti->GetAllThreads(&count, &ts), "GetAllThreads", error)) return false;
  jthread self = nullptr;
  g.jvmti->GetCurrentThread(&self);
  std::vector<uint64_t> done;
  for (jint i = 0; i < count; ++i) {
    bool skip = self && jni_->IsSameObject(self, ts[i]);
    for (jobject e : exempt) skip = skip || (e && jni_->IsSameObject(e, ts[i]));
    if (!skip && g.jvmti->SuspendThread(ts[i]) == JVMTI_ERROR_NONE) {
      uint64_t h = handleOf(ts[i]);
      if (h) {
        suspended_.push_back(objectOf(h));
        done.push_back(h);
      }
    }
    jni_->DeleteLocalRef(ts[i]);
  }
  deallocate(ts);
  if (self) jni_->DeleteLocalRef(self);
  out.u32(static_cast<uint32_t>(done.size()));
  for (uint64_t h : done) out.u64(h);
  return true;
}

bool Session::breakpoint(Reader& r, Writer& out, std::string& error) {
  jobject t = objectOf(r.u64());
  uint64_t mid = r.u64();
  jlocation loc = r.i64();
  jint frames = static_cast<jint>(r.u32());
  uint32_t timeout_ms = r.u32();
  if (!t || !knownMethod(mid)) {
    error = "unknown thread or method";
    return false;
  }
  if (!held_.can_generate_breakpoint_events) {
    error = "breakpoints need the agent loaded at JVM start";
    return false;
  }
  auto m = reinterpret_cast<jmethodID>(static_cast<uintptr_t>(mid));
  g.jvmti->RawMonitorEnter(g.lock);
  g.bp = Breakpoint{true, false, m, loc, t, frames};
  g.jvmti->RawMonitorExit(g.lock);
  jvmtiError e = g.jvmti->SetBreakpoint(m, loc);
  if (e != JVMTI_ERROR_NONE && e != JVMTI_ERROR_DUPLICATE) {
    g.bp = Breakpoint{};
    return !failed(e, "SetBreakpoint", error);
  }
  g.jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, static_cast<jthread>(t));
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  g.jvmti->RawMonitorEnter(g.lock);
  while (!g.bp.hit) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long elapsed = (now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000;
    if (elapsed >= static_cast<long>(timeout_ms)) break;
    g.jvmti->RawMonitorWait(g.lock, static_cast<jlong>(timeout_ms) - elapsed);
  }
  bool hit = g.bp.hit;
  g.bp.armed = false;
  g.jvmti->RawMonitorExit(g.lock);
  g.jvmti->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_BREAKPOINT, static_cast<jthread>(t));
  g.jvmti->ClearBreakpoint(m, loc);
  if (hit) {
    // The thread suspends itself in the callback; wait until it has.
    for (int k = 0; k < 2000; ++k) {
      jint state = 0;
      g.jvmti->GetThreadState(t, &state);
      if (state & JVMTI_THREAD_STATE_SUSPENDED) break;
      usleep(500);
    }
    suspended_.push_back(t);
  }
  out.u8(hit ? 1 : 0);
  return true;
}

bool Session::handle(Reader& r, Writer& out, std::string& error) {
  uint8_t op = r.u8();
  switch (op) {
    case wire::kHello: return hello(r, out, error);
    case wire::kThreads: return threads(out, error);
    case wire::kStack: return stack(r, out, error);
    case wire::kSuspend:
    case wire::kResume: {
      jobject t = objectOf(r.u64());
      if (!t) {
        error = "no such thread handle";
        return false;
      }
      if (op == wire::kSuspend) {
        jvmtiError e = g.jvmti->SuspendThread(static_cast<jthread>(t));
        if (e == JVMTI_ERROR_THREAD_SUSPENDED) return true;
        if (failed(e, "SuspendThread", error)) return false;
        suspended_.push_back(t);
        return true;
      }
      for (auto it = suspended_.begin(); it != suspended_.end();)
        it = jni_->IsSameObject(*it, t) ? suspended_.erase(it) : it + 1;
      jvmtiError e = g.jvmti->ResumeThread(static_cast<jthread>(t));
      return e == JVMTI_ERROR_THREAD_NOT_SUSPENDED || !failed(e, "ResumeThread", error);
    }
    case wire::kSuspendAll: return suspendAll(r, out, error);
    case wire::kResumeAll:
      for (jobject t : suspended_) g.jvmti->ResumeThread(static_cast<jthread>(t));
      suspended_.clear();
      return true;
    case wire::kBreak: return breakpoint(r, out, error);
    case wire::kLocals: return locals(r, out, error);
    case wire::kObject: return object(r, out, error);
    case wire::kArray: return array(r, out, error);
    case wire::kStatic: return staticField(r, out, error);
    case wire::kClasses: return classes(out, error);
    case wire::kString: return string(r, out, error);
    case wire::kHash: {
      jobject obj = objectOf(r.u64());
      jint h = 0;
      if (!obj) {
        error = "no such object handle";
        return false;
      }
      if (failed(g.jvmti->GetObjectHashCode(obj, &h), "GetObjectHashCode", error)) return false;
      out.i32(h);
      return true;
    }
    case wire::kBytecodes: {
      uint64_t mid = r.u64();
      if (!knownMethod(mid)) {
        error = "unknown method";
        return false;
      }
      jint n = 0;
      unsigned char* code = nullptr;
      if (failed(g.jvmti->GetBytecodes(reinterpret_cast<jmethodID>(static_cast<uintptr_t>(mid)), &n, &code),
                 "GetBytecodes", error))
        return false;
      out.u32(static_cast<uint32_t>(n));
      out.bytes().append(reinterpret_cast<const char*>(code), static_cast<size_t>(n));
      deallocate(code);
      return true;
    }
    case wire::kMonitor: return monitor(r, out, error);
    case wire::kClassObject: {
      std::string sig = r.str();
      jclass k = r.ok() ? findClass(sig) : nullptr;
      out.u64(k ? handleOf(k) : 0);
      return true;
    }
    case wire::kMethodCode: return methodCode(r, out, error);
    case wire::kRelease: release(); return true;
    default: error = "unknown request " + std::to_string(op); return false;
  }
}

void Session::serve() {
  std::string payload;
  while (readFrame(payload)) {
    Reader r(payload);
    uint8_t op = payload.empty() ? 0 : static_cast<uint8_t>(payload[0]);
    Writer body, out;
    std::string error;
    jni_->PushLocalFrame(64);
    bool ok = handle(r, body, error);
    jni_->PopLocalFrame(nullptr);
    if (jni_->ExceptionCheck()) jni_->ExceptionClear();
    if (ok && !r.ok()) {
      ok = false;
      error = "malformed request";
    }
    if (ok) {
      out.u8(wire::kOk);
      out.bytes() += body.bytes();
    } else {
      jvmtiPhase phase = JVMTI_PHASE_LIVE;
      g.jvmti->GetPhase(&phase);
      bool ending = phase == JVMTI_PHASE_DEAD;
      {
        std::lock_guard<std::mutex> l(g.ready_mutex);
        ending = ending || g.vm_dead;
      }
      out.u8(ending ? wire::kEnded : wire::kFailed);
      out.str(error);
    }
    if (!writeFrame(out) || op == wire::kDetach) break;
  }
  cleanup();
}

void Session::cleanup() {
  g.jvmti->RawMonitorEnter(g.lock);
  Breakpoint bp = g.bp;
  g.bp = Breakpoint{};
  g.jvmti->RawMonitorExit(g.lock);
  if (bp.method) g.jvmti->ClearBreakpoint(bp.method, bp.location);
  g.jvmti->SetEventNotificationMode(JVMTI_DISABLE, JVMTI_EVENT_BREAKPOINT, nullptr);
  for (jobject t : suspended_) g.jvmti->ResumeThread(static_cast<jthread>(t));
  suspended_.clear();
  for (jobject h : handles_) {
    if (!h) continue;
    if (held_.can_tag_objects) g.jvmti->SetTag(h, 0);
    jni_->DeleteGlobalRef(h);
  }
  handles_.clear();
  if (thread_class_) jni_->DeleteGlobalRef(thread_class_);
  thread_class_ = nullptr;
  for (auto& [sig, k] : class_cache_)
    if (k) jni_->DeleteGlobalRef(k);
  class_cache_.clear();
  g.jvmti->RelinquishCapabilities(&held_);
  held_ = jvmtiCapabilities{};
}

// --- the listening thread ------------------------------------------------

void JNICALL onBreakpoint(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread, jmethodID method, jlocation location) {
  jvmti->RawMonitorEnter(g.lock);
  Breakpoint& b = g.bp;
  bool match = b.armed && !b.hit && method == b.method && location == b.location && jni->IsSameObject(thread, b.thread);
  if (match && b.frames > 0) {
    jint count = 0;
    jvmti->GetFrameCount(thread, &count);
    match = count == b.frames;
  }
  if (match) {
    b.hit = true;
    jvmti->RawMonitorNotifyAll(g.lock);
  }
  jvmti->RawMonitorExit(g.lock);
  // Stay at the loop head until jhalt resumes the thread.
  if (match) jvmti->SuspendThread(thread);
}

void JNICALL onVMInit(jvmtiEnv*, JNIEnv*, jthread) {
  std::lock_guard<std::mutex> l(g.ready_mutex);
  g.vm_ready = true;
}

void JNICALL onVMDeath(jvmtiEnv*, JNIEnv*) {
  std::lock_guard<std::mutex> l(g.ready_mutex);
  g.vm_dead = true;
  ::unlink(g.socket_path.c_str());
}

bool peerIsOwner(int fd) {
  struct ucred cred {};
  socklen_t len = sizeof cred;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) return false;
  return cred.uid == geteuid() || cred.uid == 0;
}

void* serverMain(void*) {
  for (;;) {
    int fd = ::accept(g.listen_fd, nullptr, nullptr);
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      return nullptr;
    }
    bool ready, dead;
    for (;;) {
      {
        std::lock_guard<std::mutex> l(g.ready_mutex);
        ready = g.vm_ready;
        dead = g.vm_dead;
      }
      if (ready || dead) break;
      usleep(10000);
    }
    if (dead || !peerIsOwner(fd)) {
      ::close(fd);
      if (dead) return nullptr;
      continue;
    }
    JNIEnv* jni = nullptr;
    JavaVMAttachArgs args{JNI_VERSION_1_8, const_cast<char*>("jhalt-live-agent"), nullptr};
    if (g.vm->AttachCurrentThreadAsDaemon(reinterpret_cast<void**>(&jni), &args) != JNI_OK) {
      ::close(fd);
      continue;
    }
    {
      Session s(jni, fd);
      s.serve();
    }
    ::close(fd);
    g.vm->DetachCurrentThread();
  }
}

std::string optionValue(const char* options, const char* key) {
  if (!options) return {};
  std::string o(options), k = std::string(key) + "=";
  size_t at = 0;
  while (at < o.size()) {
    size_t end = o.find(',', at);
    if (end == std::string::npos) end = o.size();
    if (o.compare(at, k.size(), k) == 0) return o.substr(at + k.size(), end - at - k.size());
    at = end + 1;
  }
  return {};
}

jint start(JavaVM* vm, char* options, bool at_start) {
  if (g.server_started) return JNI_OK;  // loaded again by a second attach
  g.vm = vm;
  g.loaded_at_start = at_start;
  if (vm->GetEnv(reinterpret_cast<void**>(&g.jvmti), JVMTI_VERSION_11) != JNI_OK) return JNI_ERR;
  jvmtiCapabilities potential{};
  g.jvmti->GetPotentialCapabilities(&potential);
  jvmtiCapabilities& w = g.wanted;
  w.can_access_local_variables = potential.can_access_local_variables;
  w.can_generate_breakpoint_events = potential.can_generate_breakpoint_events;
  w.can_suspend = potential.can_suspend;
  w.can_tag_objects = potential.can_tag_objects;
  w.can_get_bytecodes = potential.can_get_bytecodes;
  w.can_get_monitor_info = potential.can_get_monitor_info;
  if (at_start) {
    // The two capabilities HotSpot grants only now, held for a moment so
    // that it keeps offering them after start-up (capabilities taken during
    // OnLoad stay available); each connection takes them again, with the
    // others, and relinquishes them when it ends. Nothing else is taken
    // now: the dormant agent should cost the JVM as little as possible.
    jvmtiCapabilities onload{};
    onload.can_access_local_variables = w.can_access_local_variables;
    onload.can_generate_breakpoint_events = w.can_generate_breakpoint_events;
    if (g.jvmti->AddCapabilities(&onload) != JVMTI_ERROR_NONE) return JNI_ERR;
    g.jvmti->RelinquishCapabilities(&onload);
  }
  jvmtiEventCallbacks cb{};
  cb.Breakpoint = &onBreakpoint;
  cb.VMInit = &onVMInit;
  cb.VMDeath = &onVMDeath;
  if (g.jvmti->SetEventCallbacks(&cb, sizeof cb) != JVMTI_ERROR_NONE) return JNI_ERR;
  if (g.jvmti->CreateRawMonitor("jhalt-live", &g.lock) != JVMTI_ERROR_NONE) return JNI_ERR;
  g.jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr);
  if (at_start) {
    g.jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr);
  } else {
    g.vm_ready = true;
  }
  g.socket_path = optionValue(options, "path");
  // Where HotSpot's own attach socket is: /tmp, whatever TMPDIR says.
  if (g.socket_path.empty()) g.socket_path = "/tmp/" + wire::socketName(getpid());
  struct sockaddr_un addr {};
  if (g.socket_path.size() >= sizeof addr.sun_path) return JNI_ERR;
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, g.socket_path.c_str(), g.socket_path.size() + 1);
  g.listen_fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (g.listen_fd < 0) return JNI_ERR;
  ::unlink(g.socket_path.c_str());
  mode_t old = ::umask(0077);
  int rc = ::bind(g.listen_fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  ::umask(old);
  if (rc != 0 || ::listen(g.listen_fd, 4) != 0) {
    ::close(g.listen_fd);
    return JNI_ERR;
  }
  pthread_t t;
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  rc = pthread_create(&t, &attr, &serverMain, nullptr);
  pthread_attr_destroy(&attr);
  if (rc != 0) return JNI_ERR;
  g.server_started = true;
  return JNI_OK;
}

}  // namespace jhalt_agent

using namespace jhalt_agent;

extern "C" {

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*) { return start(vm, options, true); }

JNIEXPORT jint JNICALL Agent_OnAttach(JavaVM* vm, char* options, void*) { return start(vm, options, false); }

}  // extern "C"
