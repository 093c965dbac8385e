// Scans of a method's bytecode for the translation (scan.h).
#include "scan.h"

#include "jhalt/bytecode/opcodes.h"

namespace jhalt::clp::detail {

// The array `args` may be written (an element replaced, here or by a
// method it escapes to), so args[k] is not the k-th command-line string:
// main stores into some array, stores into local 0, or uses local 0 other
// than for `args.length` and `args[constant]`.
bool argsMayChange(const bytecode::Bytecode& bc) {
  for (size_t i = 0; i < bc.size(); ++i) {
    const auto& insn = bc.at(i);
    if (insn.family() == bytecode::Family::ArrayStore && insn.info().type == 'A') return true;
    if (insn.family() == bytecode::Family::LocalStore && insn.operand == 0) return true;
    if (insn.family() != bytecode::Family::LocalLoad || insn.info().type != 'A' || insn.operand != 0) continue;
    if (i + 1 < bc.size() && bc.at(i + 1).family() == bytecode::Family::ArrayLength) continue;
    if (i + 2 < bc.size() && bc.at(i + 1).family() == bytecode::Family::Constant &&
        bc.at(i + 1).info().type == 'I' && bc.at(i + 2).family() == bytecode::Family::ArrayLoad)
      continue;
    return true;
  }
  return false;
}

// Classes an instruction of `m` may initialize (new, static fields, static calls).
std::set<std::string> classesNamed(const program::MethodInfo& m) {
  std::set<std::string> out;
  const program::MethodCode& code = m.code();
  const classfile::ConstantPool& cp = m.owner().file().pool;
  for (size_t i = 0; i < code.bytecode.size(); ++i) {
    const bytecode::Instruction& insn = code.bytecode.at(i);
    auto index = static_cast<uint16_t>(insn.operand);
    switch (insn.family()) {
      case bytecode::Family::New: out.insert(std::string(cp.className(index))); break;
      case bytecode::Family::Field:
        // The class named, and (planInitializers) the one that declares
        // the field: a superinterface's constant initializes it.
        if (insn.info().sub == static_cast<uint8_t>(bytecode::FieldOp::GetStatic) ||
            insn.info().sub == static_cast<uint8_t>(bytecode::FieldOp::PutStatic))
          out.insert(std::string(cp.memberRef(index).owner) + "." + std::string(cp.memberRef(index).name) + ":" +
                     std::string(cp.memberRef(index).descriptor));
        break;
      case bytecode::Family::Invoke:
        if (insn.info().sub == static_cast<uint8_t>(bytecode::InvokeKind::Static))
          out.insert(std::string(cp.memberRef(index).owner));
        break;
      default: break;
    }
  }
  return out;
}

}  // namespace jhalt::clp::detail
