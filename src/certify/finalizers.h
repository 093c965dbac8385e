// Finalizers (private to the certify module): the JVM runs an object's
// finalize() on its finalizer thread at any time after the object became
// unreachable, so a finalizer may change what a loop of the main thread
// waits for. jhalt's runs follow one thread: where the program may create
// an object with a finalizer, a run proves no endless loop.
#pragma once

#include <string>

#include "jhalt/program/program.h"

namespace jhalt::certify {

// The Java name of an application class with a finalizer that `entry` may
// instantiate, or "" if none. Over-approximated: the methods `entry` may
// run are found by name and descriptor among the application's classes
// (every call to a library method may call back each application method
// that overrides a library one), and every class initializer may run.
std::string finalizerClassCreated(program::Program& program, const program::MethodInfo& entry);

}  // namespace jhalt::certify
