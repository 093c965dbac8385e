// Analysis of a running JVM's stuck threads (see live_driver.h).
#include "live_driver.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "jhalt/certify/certifier.h"
#include "jhalt/live/wire.h"
#include "jhalt/looper/engine.h"
#include "jhalt/looper/world.h"
#include "jhalt/seg/evaluator.h"
#include "cli_common.h"

namespace jhalt::cli {

namespace fs = std::filesystem;

classpath::ClassPathOptions jvmClassPath(const live::Hello& hello, const std::string& models_jar) {
  classpath::ClassPathOptions o;
  auto add = [&](const std::string& list) {
    size_t start = 0;
    while (start <= list.size()) {
      size_t end = list.find(':', start);
      if (end == std::string::npos) end = list.size();
      std::string entry = list.substr(start, end - start);
      fs::path p = entry.empty() ? fs::path(hello.user_dir) : fs::path(entry);
      if (p.is_relative()) p = fs::path(hello.user_dir) / p;
      std::error_code ec;
      if (fs::exists(p, ec)) o.application.push_back(p.lexically_normal().string());
      start = end + 1;
    }
  };
  add(hello.class_path);
  if (!hello.module_path.empty()) add(hello.module_path);
  if (!models_jar.empty()) o.models_jar = models_jar;
  std::error_code ec;
  if (!fs::is_directory(fs::path(hello.java_home) / "jmods", ec))
    throw live::TargetError("the JVM's JDK (" + hello.java_home +
                            ") has no jmods/ directory, where jhalt reads the JDK's classes");
  o.jdk_home = hello.java_home;
  return o;
}

LiveDriver::LiveDriver(live::Connection& jvm, LiveSettings settings) : jvm_(jvm), settings_(std::move(settings)) {
  class_path_ = std::make_unique<classpath::ClassPath>(jvmClassPath(jvm_.hello(), settings_.models_jar));
  program_ = std::make_unique<program::Program>(*class_path_);
  types_ = std::make_unique<state::TypeSystem>(*program_);
}

LiveDriver::~LiveDriver() = default;

std::vector<looper::ThreadSample> LiveDriver::sample() {
  std::vector<looper::ThreadSample> out;
  for (const live::ThreadInfo& t : jvm_.threads()) {
    if (t.agent || t.daemon || !(t.state & live::kThreadAlive)) continue;
    // A thread that waits (for a lock, a notification, a timer) is not in a loop.
    if (t.state & (live::kThreadWaiting | live::kThreadBlockedOnMonitor)) continue;
    looper::ThreadSample s;
    s.info = t;
    try {
      s.frames = jvm_.stack(t.handle);
    } catch (const live::TargetError&) {
      continue;  // ended meanwhile
    }
    if (looper::isServiceThread(t, s.frames)) continue;
    out.push_back(std::move(s));
  }
  return out;
}

void LiveDriver::scanLoadedClasses() {
  if (finalizers_ >= 0) return;
  finalizers_ = 0;
  notifications_ = 0;
  signals_ = 0;
  internals_ = 0;
  for (const live::LoadedClass& c : jvm_.loadedClasses()) {
    if (c.name.empty() || c.name.front() == '[') continue;
    if (c.name == "java/lang/management/ManagementFactory") notifications_ = 1;
    if (c.name == "sun/misc/Signal") signals_ = 1;
    const program::ClassInfo* k = nullptr;
    try {
      k = program_->find(c.name);
    } catch (const Error&) {
      continue;
    }
    if (!k || k->isInterface()) continue;
    if (k->origin() != classpath::Origin::Application) {
      // A JDK finalizer that calls methods may call the application's
      // (javax.imageio.spi.ServiceRegistry's calls its providers).
      const program::MethodInfo* f = k->declaredMethod("finalize", "()V");
      if (f && f->hasCode() && k->name() != "java/lang/Object") {
        for (const auto& insn : f->code().bytecode.instructions())
          if (insn.family() == bytecode::Family::Invoke) finalizers_ = 1;
      }
      continue;
    }
    // An application that uses the JDK's internals (jdk.internal.*) may
    // register its code with the JDK's cleaners, which run on the JVM's
    // service threads.
    const classfile::ConstantPool& pool = k->file().pool;
    for (uint16_t i = 1; i < pool.size() && !internals_; ++i)
      if (pool.is(i, classfile::CpTag::Class) && pool.className(i).starts_with("jdk/internal/")) internals_ = 1;
    // A finalize() other than Object's, declared or inherited from the JDK,
    // that does something (Enum's is empty).
    const program::MethodInfo* f = program_->resolveMethod(*k, "finalize", "()V", false);
    bool empty = f && f->hasCode() && f->code().attribute.bytecode.size() == 1;  // just `return`
    if (f && f->owner().name() != "java/lang/Object" && !empty) finalizers_ = 1;
  }
}

std::vector<engine::Location> LiveDriver::stackOf(const std::vector<live::FrameInfo>& frames) {
  std::vector<engine::Location> out;
  for (const live::FrameInfo& f : frames) {
    const program::MethodInfo* m = nullptr;
    try {
      if (const program::ClassInfo* c = program_->find(f.cls)) m = c->declaredMethod(f.name, f.descriptor);
    } catch (const Error&) {
      m = nullptr;
    }
    if (m && m->hasCode() && f.location >= 0) {
      out.push_back(engine::locate(*m, static_cast<uint32_t>(f.location)));
    } else {
      engine::Location l;
      l.cls = f.cls;
      l.method = f.name;
      l.descriptor = f.descriptor;
      l.pc = f.location < 0 ? 0 : static_cast<uint32_t>(f.location);
      out.push_back(l);
    }
  }
  return out;
}

engine::Result LiveDriver::analyzeLoop(const looper::LoopCandidate& c, double seconds) {
  engine::Result res;
  const live::Hello& hello = jvm_.hello();
  if (!hello.has(live::wire::kCapLocals) || !hello.has(live::wire::kCapBreakpoints)) {
    res.notes.push_back(
        "the JVM was started without jhalt's agent, so its local variables cannot be read and no thread can be stopped "
        "at a loop head (HotSpot grants both only at start-up): restart it under `jhalt run -- java ...` or with "
        "-agentpath:" +
        std::string("<jhalt>/lib/jhalt/libjhalt-live.so"));
    return res;
  }
  // jhalt must read the bytecode the JVM runs.
  std::vector<uint8_t> code = jvm_.bytecodes(c.method_id);
  auto span = c.method->code().attribute.bytecode;
  if (!std::equal(code.begin(), code.end(), span.begin(), span.end())) {
    res.notes.push_back(fmt::format("the JVM runs other bytecode for {} than jhalt reads (instrumented or recompiled)",
                                    c.method->qualifiedName()));
    return res;
  }
  if (!jvm_.breakAt(c.thread, c.method_id, c.head, static_cast<uint32_t>(c.frames), settings_.head_wait_ms)) {
    res.notes.push_back(fmt::format("the thread did not come back to the loop head within {} ms",
                                    settings_.head_wait_ms));
    return res;
  }
  // The thread is stopped at the head; stop the others while jhalt reads.
  jvm_.suspendAll({});
  // Afterwards every thread runs again, and jhalt holds no object alive.
  struct Resume {
    live::Connection& jvm;
    ~Resume() {
      try {
        jvm.resumeAll();
        jvm.release();
      } catch (const Error&) {
      }
    }
  } resume{jvm_};
  std::vector<looper::ThreadSample> all;
  looper::ThreadSample stuck;
  for (const live::ThreadInfo& t : jvm_.threads()) {
    looper::ThreadSample s;
    s.info = t;
    if (!t.agent) s.frames = jvm_.stack(t.handle);
    if (t.handle == c.thread) stuck = s;
    all.push_back(std::move(s));
  }
  stuck.frames = jvm_.stack(c.thread);
  std::vector<uint64_t> joiners;
  if (hello.has(live::wire::kCapMonitors)) joiners = jvm_.monitor(c.thread).waiting;
  scanLoadedClasses();
  looper::OtherThreads others = looper::otherThreads(stuck, all, joiners, finalizers_ != 0, notifications_ != 0, signals_ != 0,
                                                     internals_ != 0);

  state::RefAllocator alloc;
  seg::EvalOptions eo;
  eo.concrete = true;
  eo.jvm_int_semantics = true;
  eo.max_concrete_array_contents = 1 << 16;
  eo.follow_jdk = true;
  eo.write_predicates = false;
  eo.lazy_garbage_collection = true;
  seg::Evaluator ev(*program_, *types_, alloc, eo);
  looper::LiveWorld world(jvm_, c.thread, *program_, *types_);
  state::State start;
  try {
    start = world.frameState(ev, *c.method, c.head, 0);
  } catch (const Unsupported& e) {
    res.notes.push_back(e.what());
    return res;
  }
  engine::LiveLoop loop;
  loop.thread = c.thread_name;
  loop.stack = stackOf(stuck.frames);
  loop.head = c.head;
  loop.body = c.body;
  loop.start = &start;
  loop.evaluator = &ev;
  loop.shared_heap = others.may_write;
  loop.shared_why = others.why;
  engine::Entry entry{*program_, *c.method, false, engine::Semantics::Jvm, &loop};
  engine::Budget budget(seconds, settings_.effort, int64_t{1024} << 20);
  looper::LooperOptions lo;
  lo.solver.dump_dir = settings_.dump_smt;
  lo.trace = traceFor("JHALT_DEBUG_LOOPER");
  looper::LooperEngine engine(world, lo);
  certify::Options co;
  co.replay = false;
  co.deadline = budget.deadline();
  certify::DefaultCertifier certifier(co);
  res = engine.analyze(entry, engine::Goal{}, budget, certifier);
  if (others.may_write && res.findings.empty()) res.notes.push_back("another thread may write the heap: " + others.why);
  return res;
}

report::LiveThreadReport LiveDriver::analyzeThread(uint64_t thread, const std::string& name,
                                                   const std::vector<std::vector<live::FrameInfo>>& samples,
                                                   std::chrono::steady_clock::time_point deadline) {
  report::LiveThreadReport out;
  out.thread = name;
  out.result.engine = "looper";
  std::vector<looper::LoopCandidate> loops = looper::stuckLoops(samples, thread, name, *program_);
  if (loops.empty()) {
    out.result.notes.push_back("the thread stayed in no loop of a method jhalt can read while it was observed");
    return out;
  }
  for (const looper::LoopCandidate& c : loops) {
    double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) {
      out.result.notes.push_back("no time left for the other loops");
      break;
    }
    engine::Location l = engine::locate(*c.method, c.head);
    out.loops.push_back(fmt::format("{} ({}:{})", l.javaName(), l.source_file.empty() ? "?" : l.source_file, l.line));
    engine::Result r = analyzeLoop(c, std::min(left, settings_.loop_seconds));
    for (auto& f : r.findings) out.result.findings.push_back(std::move(f));
    for (auto& u : r.unconfirmed) out.result.unconfirmed.push_back(std::move(u));
    for (auto& n : r.notes) out.result.notes.push_back(l.javaName() + ": " + n);
    if (!out.result.findings.empty()) {
      out.result.answer = engine::Answer::No;
      break;
    }
  }
  return out;
}

void LiveDriver::analyze(const std::map<uint64_t, std::vector<std::vector<live::FrameInfo>>>& samples,
                         const std::map<uint64_t, std::string>& names, report::LiveReport& report) {
  auto deadline = std::chrono::steady_clock::now() +
                  std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                      std::chrono::duration<double>(settings_.total_seconds));
  for (const auto& [thread, ss] : samples) {
    auto name = names.find(thread);
    report.threads.push_back(analyzeThread(thread, name == names.end() ? "?" : name->second, ss, deadline));
  }
}

}  // namespace jhalt::cli
