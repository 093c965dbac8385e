#include "class_walker.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include <fmt/format.h>

#include "cli_common.h"
#include "jhalt/classfile/parser.h"
#include "jhalt/classpath/class_source.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {
namespace {

// Classes are handed out in chunks; a worker processes a chunk, waits for
// its turn (chunks are delivered in order), delivers its results on its own
// thread and frees them there. Delivering on the producing thread avoids
// freeing memory across threads, which contends on the allocator's locks.
constexpr size_t kChunk = 64;

// Processes the classes of one source.
class SourceWalk {
 public:
  SourceWalk(const std::string& path, std::vector<std::string> names, unsigned jobs)
      : path_(path), names_(std::move(names)), n_chunks_((names_.size() + kChunk - 1) / kChunk), jobs_(jobs) {}

  void run(const std::function<void(const classfile::ClassFile&, const std::string&, ClassResult&)>& work,
           const std::function<void(ClassResult&)>& done) {
    std::vector<std::thread> workers;
    for (unsigned w = 1; w < jobs_; ++w) workers.emplace_back([&] { worker(work, done); });
    worker(work, done);
    for (auto& t : workers) t.join();
  }

 private:
  void worker(const std::function<void(const classfile::ClassFile&, const std::string&, ClassResult&)>& work,
              const std::function<void(ClassResult&)>& done) {
    std::unique_ptr<classpath::ClassSource> source;
    std::string open_error;
    try {
      source = classpath::openClassSource(path_);
    } catch (const InputError& e) {
      open_error = fmt::format("{}: {}", e.file(), e.what());
    }
    while (true) {
      size_t c = next_.fetch_add(1);
      if (c >= n_chunks_) return;
      std::vector<ClassResult> results(std::min(kChunk, names_.size() - c * kChunk));
      for (size_t k = 0; k < results.size(); ++k)
        process(source.get(), open_error, c * kChunk + k, work, results[k]);
      std::unique_lock lock(mutex_);
      turn_changed_.wait(lock, [&] { return delivered_ == c; });
      lock.unlock();
      for (ClassResult& r : results) done(r);
      lock.lock();
      delivered_ = c + 1;
      turn_changed_.notify_all();
    }
  }

  void process(classpath::ClassSource* source, const std::string& open_error, size_t i,
               const std::function<void(const classfile::ClassFile&, const std::string&, ClassResult&)>& work,
               ClassResult& r) {
    if (!source) {
      r.error = open_error;
      return;
    }
    std::string location = source->location(names_[i]);
    try {
      if (auto bytes = source->read(names_[i])) {
        classfile::ClassFile cf = classfile::parseClassFile(std::move(*bytes));
        work(cf, location, r);
      }
    } catch (const FormatError& e) {
      r = ClassResult{};
      r.error = fmt::format("{}: {}", location, e.what());
    } catch (const InputError& e) {
      r = ClassResult{};
      r.error = fmt::format("{}: {}", e.file(), e.what());
    }
  }

  std::string path_;
  std::vector<std::string> names_;
  size_t n_chunks_;
  unsigned jobs_;
  std::atomic<size_t> next_{0};
  std::mutex mutex_;
  std::condition_variable turn_changed_;
  size_t delivered_ = 0;  // chunks delivered so far
};

}  // namespace

int walkClasses(const std::vector<std::string>& paths, unsigned jobs,
                const std::function<void(const classfile::ClassFile&, const std::string&, ClassResult&)>& work,
                const std::function<void(ClassResult&)>& done) {
  bool bad = false;
  for (const std::string& path : paths) {
    std::vector<std::string> names;
    try {
      names = classpath::openClassSource(path)->classNames();
    } catch (const InputError& e) {
      printError(e.file(), e.what());
      bad = true;
      continue;
    }
    // Small inputs are not worth a second thread.
    unsigned n = names.size() < 64 ? 1 : std::max(1u, jobs);
    SourceWalk(path, std::move(names), n).run(work, [&](ClassResult& r) {
      if (!r.error.empty()) {
        printError(r.error);
        bad = true;
      }
      done(r);
    });
  }
  return bad ? kExitBadInput : kExitOk;
}

}  // namespace jhalt::cli
