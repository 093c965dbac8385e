// `analyze --emit-tests DIR`: one runnable reproducer per finding
// (report/java_source.h), written as DIR/<ClassName>.java.
#pragma once

#include <mutex>
#include <string>

#include "jhalt/report/report.h"

namespace jhalt::cli {

class TestEmitter {
 public:
  // Creates `dir` if needed; throws InputError when it cannot.
  explicit TestEmitter(std::string dir);
  // Writes the reproducers of `rep`'s findings; thread-safe.
  void emit(const report::EntryReport& rep);
  size_t written() const { return written_; }

 private:
  std::string dir_;
  std::mutex mutex_;
  size_t written_ = 0;
};

}  // namespace jhalt::cli
