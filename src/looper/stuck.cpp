// Stuck loops from stack samples, and the other threads (see stuck.h).
#include "jhalt/looper/stuck.h"

#include <algorithm>

#include <fmt/format.h>

namespace jhalt::looper {

bool isServiceThread(const live::ThreadInfo& t, const std::vector<live::FrameInfo>& frames) {
  if (t.agent) return true;
  // The JDK's entry method of the thread (the bottom frame), if it has Java frames.
  std::string entry = frames.empty() ? std::string() : frames.back().cls + "." + frames.back().name;
  auto runs = [&](const char* cls) { return frames.empty() || entry == std::string(cls) + ".run"; };
  if (t.group == "system") {
    if (t.name == "Reference Handler") return runs("java/lang/ref/Reference$ReferenceHandler");
    if (t.name == "Finalizer") return runs("java/lang/ref/Finalizer$FinalizerThread");
    if (t.name == "Signal Dispatcher" || t.name == "Attach Listener" || t.name == "Notification Thread")
      return frames.empty();  // threads of the JVM itself: no Java frames while they run none
    return false;
  }
  if (t.group == "InnocuousThreadGroup" && t.name == "Common-Cleaner") {
    // The JDK's is an InnocuousThread (an application cannot make one
    // without opening java.base); a thread of that name and group that the
    // application made runs from Thread.run.
    bool cleaner = false;
    for (const auto& f : frames) cleaner |= f.cls == "jdk/internal/ref/CleanerImpl";
    return cleaner && entry == "jdk/internal/misc/InnocuousThread.run";
  }
  return t.group == "main" && t.name == "DestroyJavaVM" && frames.empty();
}

namespace {

// The loops of `m` containing the instruction at `pc`, innermost first.
std::vector<const bytecode::Loop*> loopsAt(const program::MethodInfo& m, uint32_t pc) {
  const program::MethodCode& code = m.code();
  int32_t index = code.bytecode.indexAt(pc);
  std::vector<const bytecode::Loop*> out;
  if (index < 0) return out;
  uint32_t block = code.cfg.blockOfInstruction(static_cast<uint32_t>(index));
  for (const auto& l : code.loops)
    if (l.reducible && std::binary_search(l.blocks.begin(), l.blocks.end(), block)) out.push_back(&l);
  std::sort(out.begin(), out.end(), [](const auto* a, const auto* b) { return a->blocks.size() < b->blocks.size(); });
  return out;
}

}  // namespace

std::vector<LoopCandidate> stuckLoops(const std::vector<std::vector<live::FrameInfo>>& samples, uint64_t thread,
                                      const std::string& thread_name, program::Program& program) {
  std::vector<LoopCandidate> out;
  if (samples.empty()) return out;
  // Frames counted from the bottom that every sample shares.
  size_t common = samples.front().size();
  for (const auto& s : samples) common = std::min(common, s.size());
  size_t same = 0;
  for (; same < common; ++same) {
    const live::FrameInfo& f0 = samples.front()[samples.front().size() - 1 - same];
    bool all = std::all_of(samples.begin(), samples.end(), [&](const auto& s) {
      const live::FrameInfo& f = s[s.size() - 1 - same];
      return f.method == f0.method;
    });
    if (!all) break;
  }
  const auto& latest = samples.back();
  // Innermost first: the topmost shared frame first.
  for (size_t k = same; k-- > 0;) {
    const live::FrameInfo& f = latest[latest.size() - 1 - k];
    if (f.native || f.location < 0) continue;
    const program::ClassInfo* cls = nullptr;
    try {
      cls = program.find(f.cls);
    } catch (const Error&) {
      cls = nullptr;
    }
    const program::MethodInfo* m = cls ? cls->declaredMethod(f.name, f.descriptor) : nullptr;
    if (!m || !m->hasCode()) continue;
    const program::MethodCode& code = m->code();
    // Loops containing the offset in every sample.
    std::vector<const bytecode::Loop*> loops = loopsAt(*m, static_cast<uint32_t>(f.location));
    for (const auto& s : samples) {
      const live::FrameInfo& g = s[s.size() - 1 - k];
      std::vector<const bytecode::Loop*> here = loopsAt(*m, static_cast<uint32_t>(std::max<int64_t>(g.location, 0)));
      std::erase_if(loops, [&](const auto* l) { return std::find(here.begin(), here.end(), l) == here.end(); });
    }
    for (const bytecode::Loop* l : loops) {
      LoopCandidate c;
      c.thread = thread;
      c.thread_name = thread_name;
      c.depth = latest.size() - 1 - k;
      c.frames = k + 1;
      c.method_id = f.method;
      c.method = m;
      c.head = code.bytecode.at(code.cfg.block(l->header).first).offset;
      for (uint32_t b : l->blocks)
        for (uint32_t i = code.cfg.block(b).first; i <= code.cfg.block(b).last; ++i)
          c.body.push_back(code.bytecode.at(i).offset);
      std::sort(c.body.begin(), c.body.end());
      c.stack = latest;
      out.push_back(std::move(c));
    }
  }
  return out;
}

OtherThreads otherThreads(const ThreadSample& stuck, const std::vector<ThreadSample>& all,
                          const std::vector<uint64_t>& joiners, bool finalizers, bool notifications, bool signals,
                          bool internals) {
  OtherThreads out;
  for (const ThreadSample& t : all) {
    if (t.info.handle == stuck.info.handle || t.info.agent) continue;
    if (!(t.info.state & live::kThreadAlive) || (t.info.state & live::kThreadTerminated)) continue;
    if (isServiceThread(t.info, t.frames)) {
      if (t.info.name == "Finalizer" && finalizers) {
        out.may_write = true;
        out.why = "the finalizer thread may run finalize() methods that call the application";
        return out;
      }
      if ((t.info.name == "Reference Handler" || t.info.name == "Common-Cleaner") && internals) {
        out.may_write = true;
        out.why = "the application uses the JDK's internal classes (jdk.internal.*), so the JVM's " + t.info.name +
                  " thread may run its code";
        return out;
      }
      if (t.info.name == "Signal Dispatcher" && signals) {
        out.may_write = true;
        out.why = "the JVM's signal dispatcher may start the application's signal handlers (sun.misc.Signal is loaded)";
        return out;
      }
      if (t.info.name == "Notification Thread" && notifications) {
        out.may_write = true;
        out.why = "the JVM's notification thread may run the application's listeners (the management API is loaded)";
        return out;
      }
      continue;
    }
    // Waiting in Thread.join() for the stuck thread.
    bool waiting = (t.info.state & live::kThreadWaitingIndefinitely) && (t.info.state & live::kThreadInObjectWait);
    bool in_join = false;
    for (size_t k = 0; k + 1 < t.frames.size() && k < 3; ++k)
      if (t.frames[k].cls == "java/lang/Object" && t.frames[k].name == "wait")
        for (size_t j = k + 1; j < t.frames.size() && j < k + 3; ++j)
          in_join |= t.frames[j].cls == "java/lang/Thread" && t.frames[j].name == "join";
    if (waiting && in_join && std::find(joiners.begin(), joiners.end(), t.info.handle) != joiners.end()) continue;
    out.may_write = true;
    out.why = fmt::format("thread '{}' is alive and may write the memory the loop reads", t.info.name);
    return out;
  }
  return out;
}

}  // namespace jhalt::looper
