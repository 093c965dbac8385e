// jhalt's JVMTI agent (issue 12: the JVM confirms a loop by observing it).
// Loaded into the long-lived replay JVM (harness Server.java, started with
// -agentpath), it counts the visits of one loop head by one thread with a
// JVMTI breakpoint and, after the wanted number of visits, sends that thread
// the harness's `Enough` exception (StopThread), so the run ends and the JVM
// can take the next claim. The count is the observation; no timer is
// involved. The Java side is jhalt.harness.Agent:
//
//   static native boolean attached();
//   static native void watch(Executable m, int pc, long wanted, Thread t, Throwable enough);
//   static native long unwatch();   // the visits counted
//
// Built without the sanitizers (it lives inside the JVM) and without any
// jhalt library.
#include <jni.h>
#include <jvmti.h>

#include <cstring>

namespace {

jvmtiEnv* g_jvmti = nullptr;
jrawMonitorID g_lock = nullptr;

// The current watch, guarded by g_lock.
struct Watch {
  bool active = false;
  jmethodID method = nullptr;
  jlocation pc = 0;
  jlong wanted = 0;
  jlong visits = 0;
  jthread thread = nullptr;   // global reference
  jobject enough = nullptr;   // global reference
} g_watch;

class Locked {
 public:
  Locked() { g_jvmti->RawMonitorEnter(g_lock); }
  ~Locked() { g_jvmti->RawMonitorExit(g_lock); }
  Locked(const Locked&) = delete;
  Locked& operator=(const Locked&) = delete;
};

void JNICALL onBreakpoint(jvmtiEnv* jvmti, JNIEnv* jni, jthread thread, jmethodID method, jlocation location) {
  Locked lock;
  Watch& w = g_watch;
  if (!w.active || method != w.method || location != w.pc || !jni->IsSameObject(thread, w.thread)) return;
  // Past the wanted visits every further visit stops the thread again: a
  // loop that catches the exception does not escape.
  if (++w.visits >= w.wanted) jvmti->StopThread(thread, w.enough);
}

void clearWatch(JNIEnv* jni) {
  Watch& w = g_watch;
  if (w.active) g_jvmti->ClearBreakpoint(w.method, w.pc);
  if (w.thread) jni->DeleteGlobalRef(w.thread);
  if (w.enough) jni->DeleteGlobalRef(w.enough);
  w = Watch{};
}

}  // namespace

extern "C" {

JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* /*options*/, void* /*reserved*/) {
  if (vm->GetEnv(reinterpret_cast<void**>(&g_jvmti), JVMTI_VERSION_1_2) != JNI_OK) return JNI_ERR;
  jvmtiCapabilities caps;
  std::memset(&caps, 0, sizeof caps);
  caps.can_generate_breakpoint_events = 1;
  caps.can_signal_thread = 1;
  if (g_jvmti->AddCapabilities(&caps) != JVMTI_ERROR_NONE) return JNI_ERR;
  jvmtiEventCallbacks callbacks;
  std::memset(&callbacks, 0, sizeof callbacks);
  callbacks.Breakpoint = &onBreakpoint;
  if (g_jvmti->SetEventCallbacks(&callbacks, sizeof callbacks) != JVMTI_ERROR_NONE) return JNI_ERR;
  if (g_jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_BREAKPOINT, nullptr) != JVMTI_ERROR_NONE)
    return JNI_ERR;
  if (g_jvmti->CreateRawMonitor("jhalt-watch", &g_lock) != JVMTI_ERROR_NONE) return JNI_ERR;
  return JNI_OK;
}

JNIEXPORT jboolean JNICALL Java_jhalt_harness_Agent_attached(JNIEnv*, jclass) {
  return g_jvmti != nullptr ? JNI_TRUE : JNI_FALSE;
}

// Returns false when the breakpoint cannot be set (no such offset).
JNIEXPORT jboolean JNICALL Java_jhalt_harness_Agent_watch(JNIEnv* jni, jclass, jobject executable, jint pc,
                                                           jlong wanted, jthread thread, jobject enough) {
  if (!g_jvmti) return JNI_FALSE;
  Locked lock;
  clearWatch(jni);
  jmethodID method = jni->FromReflectedMethod(executable);
  if (!method || g_jvmti->SetBreakpoint(method, pc) != JVMTI_ERROR_NONE) return JNI_FALSE;
  Watch& w = g_watch;
  w.active = true;
  w.method = method;
  w.pc = pc;
  w.wanted = wanted;
  w.thread = static_cast<jthread>(jni->NewGlobalRef(thread));
  w.enough = jni->NewGlobalRef(enough);
  return JNI_TRUE;
}

JNIEXPORT jlong JNICALL Java_jhalt_harness_Agent_unwatch(JNIEnv* jni, jclass) {
  if (!g_jvmti) return 0;
  Locked lock;
  jlong visits = g_watch.visits;
  clearWatch(jni);
  return visits;
}

}  // extern "C"
