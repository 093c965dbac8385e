// The methods an invoke instruction may run (JVMS §6.5 invoke*, §5.4.6
// selection) in the closed world of the application's classes: a library
// class cannot extend an application class, so the instantiable application
// subtypes of an application class name every receiver an invokevirtual may
// see. Interfaces are open (lambdas and proxies implement them at run time).
#pragma once

#include <optional>
#include <vector>

#include "jhalt/bytecode/instruction.h"
#include "jhalt/program/program.h"

namespace jhalt::program {

// The application's classes that load, in class-path order (cached by the
// caller if needed; malformed ones are left out).
std::vector<const ClassInfo*> applicationClasses(Program& program);

// The possible targets of the invoke instruction `insn` of `caller`, or
// nullopt when they are not all known (an interface or library receiver, a
// target without code, invokedynamic, or a resolution failure).
std::optional<std::vector<const MethodInfo*>> callTargets(Program& program, const MethodInfo& caller,
                                                          const bytecode::Instruction& insn,
                                                          const std::vector<const ClassInfo*>& application);

}  // namespace jhalt::program
