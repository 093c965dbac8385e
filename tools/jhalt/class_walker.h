// Runs a function over every class of a list of class files, directories,
// jars and jmods, on several threads, and hands the results back in class
// order. Each worker opens its own copy of each source (libzip handles are
// not shared between threads).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "jhalt/classfile/class_file.h"

namespace jhalt::cli {

struct ClassResult {
  std::string text;   // output for this class
  std::string error;  // one-line error (without the "jhalt: error: " prefix), or empty
  size_t counters[4] = {};
};

// `work(classfile, location, result)` fills `result` for one class (it may
// throw FormatError/InputError, which become `result.error`). `done(result)`
// is called in class order, one call at a time (on a worker thread). Returns kExitBadInput if
// any source or class was malformed, else kExitOk.
int walkClasses(const std::vector<std::string>& paths, unsigned jobs,
                const std::function<void(const classfile::ClassFile&, const std::string&, ClassResult&)>& work,
                const std::function<void(ClassResult&)>& done);

}  // namespace jhalt::cli
