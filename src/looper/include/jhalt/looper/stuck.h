// Which loop a thread of a running JVM is stuck in, and whether other
// threads may change the memory it reads (issue 15, item 2 and the thread
// rule of item 3).
//
// Loops (paper 004, §4 "Loop Head Selection": a statement the execution
// keeps returning to): from stack samples of a thread, the frames that
// stay the same in every sample (counted from the bottom of the stack, so
// a loop that calls into other methods or the JDK keeps its frame), and
// for each such frame the loops of its method (the CFG's natural loops)
// that contain the frame's offset in every sample, innermost first.
//
// Threads: the heap counts as the stuck thread's own only when no other
// thread can run: the JVM's service threads that run no application code,
// threads that are finished, and threads waiting in Thread.join() for the
// stuck thread (join waits again after any wake-up while that thread is
// alive) qualify; the finalizer thread only while no loaded class of the
// application has a finalizer. Every other live thread may write any field,
// element or static, volatile or not.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jhalt/live/connection.h"
#include "jhalt/program/program.h"

namespace jhalt::looper {

struct ThreadSample {
  live::ThreadInfo info;
  std::vector<live::FrameInfo> frames;  // top first
};

// A JVM thread that runs no application code: by group and name, and by
// its frames (none, or the JDK's own entry method), so that an application
// thread that takes such a name does not pass.
bool isServiceThread(const live::ThreadInfo& t, const std::vector<live::FrameInfo>& frames);

struct LoopCandidate {
  uint64_t thread = 0;
  std::string thread_name;
  size_t depth = 0;            // the loop's frame, from the top of the latest sample
  size_t frames = 0;           // frames on the stack when the loop's frame is the top one
  uint64_t method_id = 0;      // the JVM's method
  const program::MethodInfo* method = nullptr;
  uint32_t head = 0;           // the loop head's offset
  std::vector<uint32_t> body;  // offsets of the loop's instructions, sorted
  std::vector<live::FrameInfo> stack;  // the latest sample
};

// The loops one thread stayed in over `samples` (oldest first, each top
// first), innermost first. Frames of methods jhalt cannot find or that have
// no code are skipped.
std::vector<LoopCandidate> stuckLoops(const std::vector<std::vector<live::FrameInfo>>& samples, uint64_t thread,
                                      const std::string& thread_name, program::Program& program);

struct OtherThreads {
  bool may_write = false;  // some other thread may change the heap
  std::string why;         // which one, for reports
};

// `joiners`: threads waiting for notification on the stuck thread's
// Thread object (the JVM's monitor information); `finalizers`: some loaded
// application class has a finalize() other than Object's (its own or a JDK
// superclass's, which may call the application's methods), or a loaded JDK
// class has one that calls methods (`ServiceRegistry`'s calls the
// application's providers); `notifications`: the management API is loaded,
// so application listeners may run on the JVM's notification thread;
// `signals`: `sun.misc.Signal` is loaded, so the signal dispatcher may
// start an application's handler; `internals`: an application class uses
// jdk.internal.*, so the JDK's cleaners (Reference Handler, Common-Cleaner)
// may run its code.
OtherThreads otherThreads(const ThreadSample& stuck, const std::vector<ThreadSample>& all,
                          const std::vector<uint64_t>& joiners, bool finalizers, bool notifications,
                          bool signals = false, bool internals = false);

}  // namespace jhalt::looper
