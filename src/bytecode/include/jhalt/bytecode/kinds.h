// The kind of every local variable and operand-stack slot before each
// instruction (int, long, float, double, reference; JVMS §4.10.1's types
// without class names): a forward dataflow over the instructions and their
// exception handlers. Reading a frame of a running JVM needs it: JVMTI's
// GetLocal* must be told each slot's type, and only an empty operand stack
// can be taken over from a frame (JVMTI cannot read operand stacks).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "jhalt/bytecode/instruction.h"

namespace jhalt::bytecode {

// Top: unusable (unset, conflicting, or the second slot of a long/double).
enum class Kind : uint8_t { Top, Int, Long, Float, Double, Ref };

struct FrameKinds {
  std::vector<Kind> locals;  // one per slot
  std::vector<Kind> stack;   // bottom first; long/double: the kind, then Top
};

// Kinds before every instruction (by instruction index); nullopt for
// instructions no path reaches, or where paths disagree on the stack depth.
std::vector<std::optional<FrameKinds>> inferKinds(const Bytecode& code, const classfile::Code& attr,
                                                  const classfile::ConstantPool& pool, std::string_view descriptor,
                                                  bool is_static);

// `I` `J` `F` `D` `L` for a kind (the letters of the live agent's requests),
// 0 for Top.
char kindLetter(Kind k);

}  // namespace jhalt::bytecode
