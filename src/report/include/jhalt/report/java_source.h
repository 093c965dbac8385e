// Witnesses as Java source (issue 12): the call a user can paste into a
// test, and a runnable reproducer per finding (`analyze --emit-tests DIR`).
//
// Objects of a witness are allocated without running a constructor (as the
// replay harness does). The pasteable text writes them as `new C()` plus
// field assignments, which is what the witness means when C has such a
// constructor and its fields are accessible; the reproducer is exact
// whatever the access: it allocates with sun.misc.Unsafe, sets fields and
// calls the method by reflection, and needs only the JDK.
#pragma once

#include <string>
#include <vector>

#include "jhalt/engine/result.h"
#include "jhalt/input/input.h"

namespace jhalt::report {

// The method a witness is an input of.
struct EntrySignature {
  std::string cls;         // internal name: pkg/Outer$Inner
  std::string name;        // m, or <init>
  std::string descriptor;  // (I[I)V
  // From the internal form `pkg/C.m(I)V` (EntryReport::method).
  static EntrySignature parse(const std::string& internal_method);
};

struct JavaCall {
  std::vector<std::string> setup;  // statements building the inputs
  std::string call;                // the call, without `;`
};

// `Witnesses.Cell o1 = new Witnesses.Cell();`, `o1.head = 77;`, then
// `Witnesses.second(o1)`.
JavaCall javaCall(const input::Witness& w, const EntrySignature& entry);

// A complete Java source file declaring public class `class_name` (default
// package) whose main runs the witness and says whether the finding
// reproduced: "REPRODUCED: ..." and exit status 0, else "NOT REPRODUCED:
// ..." and 1. An exception must be thrown with the same class, at the
// finding's method and line. A non-terminating loop is watched through the
// JDK's debugger interface (com.sun.jdi): the reproducer starts the run in
// a second JVM, counts the visits of the loop head's bytecode offset, and
// succeeds when the run is still inside the loop after `iterations`
// visits (a count, never a time).
std::string reproducer(const engine::Finding& f, const EntrySignature& entry, const std::string& class_name,
                       int iterations = 10000);

}  // namespace jhalt::report
