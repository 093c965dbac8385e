// The one error model of jhalt (docs/ARCHITECTURE.md, "Errors"). Libraries
// throw these; only the command line turns them into messages and exit
// codes, and the analysis of one method turns Unsupported/ResourceLimit
// into MAYBE and InternalError into an `error` result (the run goes on).
//
//  * FormatError   - malformed bytes, thrown where the file is not known; the
//                    loader rethrows it as an InputError naming the file.
//  * InputError    - bad input: a malformed class file, a missing file or
//                    class, a bad option value. Exit code 2.
//  * Unsupported   - well-formed input that uses a feature jhalt cannot
//                    handle. The affected path or method becomes MAYBE.
//  * ResourceLimit - a configured limit (memory, steps, time) was reached.
//                    The affected method becomes MAYBE.
//  * InternalError - a broken invariant: a bug in jhalt, never caused by
//                    input (JHALT_ASSERT). The method's result is `error`.
#pragma once

#include <stdexcept>
#include <string>

namespace jhalt {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class FormatError : public Error {
 public:
  using Error::Error;
};

class InputError : public Error {
 public:
  InputError(std::string file, const std::string& what) : Error(what), file_(std::move(file)) {}
  const std::string& file() const { return file_; }

 private:
  std::string file_;
};

class Unsupported : public Error {
 public:
  using Error::Error;
};

class ResourceLimit : public Error {
 public:
  using Error::Error;
};

class InternalError : public Error {
 public:
  using Error::Error;
};

[[noreturn]] void assertionFailed(const char* expr, const char* file, int line, const std::string& msg);

}  // namespace jhalt

// Programmer-error check that stays on in release builds: a broken invariant
// must never turn into a wrong verdict. Throws InternalError.
#define JHALT_ASSERT(cond, msg)                                              \
  do {                                                                       \
    if (!(cond)) ::jhalt::assertionFailed(#cond, __FILE__, __LINE__, (msg)); \
  } while (false)
