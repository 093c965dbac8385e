// Error tiers (docs/ARCHITECTURE.md, "Errors"):
//  * InputError  - bad user input (malformed class file, missing file, bad jar);
//                  carries the file name and is printed by the CLI in one line,
//                  exit code 2.
//  * Unsupported - well-formed input that uses a feature an engine cannot handle;
//                  engines turn it into a MAYBE with a reason.
//  * assertions  - programmer errors (JHALT_ASSERT), never caused by input.
#pragma once

#include <stdexcept>
#include <string>

namespace jhalt {

// Thrown by parsers that do not know which file they read; the loader adds the
// file name by rethrowing it as an InputError.
class FormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class InputError : public std::runtime_error {
 public:
  InputError(std::string file, const std::string& what)
      : std::runtime_error(what), file_(std::move(file)) {}
  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

class Unsupported : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void assertionFailed(const char* expr, const char* file, int line,
                                  const std::string& msg);

}  // namespace jhalt

// Programmer-error check that stays on in release builds: a broken invariant
// must never turn into a wrong verdict.
#define JHALT_ASSERT(cond, msg)                                              \
  do {                                                                       \
    if (!(cond)) ::jhalt::assertionFailed(#cond, __FILE__, __LINE__, (msg)); \
  } while (false)
