// Internals of jhalt's live agent shared by its files (agent/live_agent.cpp:
// the listening thread, events and the dispatch of requests;
// agent/agent_reads.cpp: the requests that read the JVM's memory).
#pragma once

#include <jni.h>
#include <jvmti.h>

#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "jhalt/live/wire.h"

namespace jhalt_agent {

using namespace jhalt::live;

struct Breakpoint {
  bool armed = false;
  bool hit = false;
  jmethodID method = nullptr;
  jlocation location = 0;
  jobject thread = nullptr;  // global reference
  jint frames = 0;           // 0: any depth
};

struct Agent {
  JavaVM* vm = nullptr;
  jvmtiEnv* jvmti = nullptr;
  bool loaded_at_start = false;
  bool server_started = false;
  std::string socket_path;
  int listen_fd = -1;
  std::mutex ready_mutex;
  bool vm_ready = false;
  bool vm_dead = false;
  jvmtiCapabilities wanted{};  // what a connection asks for
  jrawMonitorID lock = nullptr;  // guards `bp`
  Breakpoint bp;
};


// One connection: jhalt's requests until it detaches or goes away.

extern Agent g;

class Session {
 public:
  Session(JNIEnv* jni, int fd) : jni_(jni), fd_(fd) {}
  void serve();

 private:
  using Writer = wire::Writer;
  using Reader = wire::Reader;

  bool readFrame(std::string& payload);
  bool writeFrame(const Writer& w);
  // Handles one request; false ends the connection.
  bool handle(Reader& r, Writer& out, std::string& error);
  void cleanup();

  uint64_t handleOf(jobject obj);
  jobject objectOf(uint64_t h) const { return h == 0 || h > handles_.size() ? nullptr : handles_[h - 1]; }
  jclass thread_class_ = nullptr;  // java.lang.Thread (global reference)
  void putValue(Writer& w, char kind, jvalue v);
  void putObject(Writer& w, jobject obj);
  std::string classSignature(jclass k);
  jclass findClass(const std::string& sig);
  bool knownMethod(uint64_t m) const { return methods_.count(m) > 0; }

  bool hello(Reader& r, Writer& out, std::string& error);
  bool threads(Writer& out, std::string& error);
  bool stack(Reader& r, Writer& out, std::string& error);
  bool suspendAll(Reader& r, Writer& out, std::string& error);
  bool breakpoint(Reader& r, Writer& out, std::string& error);
  bool locals(Reader& r, Writer& out, std::string& error);
  bool object(Reader& r, Writer& out, std::string& error);
  bool array(Reader& r, Writer& out, std::string& error);
  bool staticField(Reader& r, Writer& out, std::string& error);
  bool classes(Writer& out, std::string& error);
  bool string(Reader& r, Writer& out, std::string& error);
  bool monitor(Reader& r, Writer& out, std::string& error);
  bool methodCode(Reader& r, Writer& out, std::string& error);
  void release();

  JNIEnv* jni_;
  int fd_;
  std::vector<jobject> handles_;  // global references; handle = index + 1
  std::vector<jobject> suspended_;  // threads this connection suspended (handles' references)
  std::set<uint64_t> methods_;      // method ids handed out (the only ones accepted back)
  std::map<std::string, jclass> class_cache_;
  bool classes_loaded_ = false;
  jvmtiCapabilities held_{};
};

// JVMTI error to `error` ("what: NAME"); true if there was one.
bool failed(jvmtiError e, const char* what, std::string& error);

template <class T>
void deallocate(T* p) {
  if (p) g.jvmti->Deallocate(reinterpret_cast<unsigned char*>(p));
}

}  // namespace jhalt_agent
