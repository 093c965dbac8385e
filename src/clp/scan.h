// Scans of a method's bytecode that the translation needs (private to clp).
#pragma once

#include <set>
#include <string>

#include "jhalt/bytecode/instruction.h"
#include "jhalt/program/program.h"

namespace jhalt::clp::detail {

// Whether main may change the array `args` (see translate.cpp,
// countArgStrings): then args[k] is not the k-th command-line string.
bool argsMayChange(const bytecode::Bytecode& bc);

// Classes an instruction of `m` may initialize: "C" for new and static
// calls, "C.name:descriptor" for static field accesses (the field's
// declaring class is initialized too).
std::set<std::string> classesNamed(const program::MethodInfo& m);

}  // namespace jhalt::clp::detail
