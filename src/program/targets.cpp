#include "jhalt/program/targets.h"

#include <algorithm>

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/util/error.h"

namespace jhalt::program {

std::vector<const ClassInfo*> applicationClasses(Program& program) {
  std::vector<const ClassInfo*> out;
  for (classpath::ClassSource* src : program.classPath().sources(classpath::Origin::Application))
    for (const std::string& name : src->classNames()) {
      try {
        if (const ClassInfo* c = program.find(name)) out.push_back(c);
      } catch (const InputError&) {
        // It cannot be loaded on the JVM either: no instance of it exists.
      }
    }
  return out;
}

std::optional<std::vector<const MethodInfo*>> callTargets(Program& program, const MethodInfo& caller,
                                                          const bytecode::Instruction& insn,
                                                          const std::vector<const ClassInfo*>& application) {
  auto kind = static_cast<bytecode::InvokeKind>(insn.info().sub);
  if (kind == bytecode::InvokeKind::Dynamic) return std::nullopt;
  const classfile::ConstantPool& cp = caller.owner().file().pool;
  auto index = static_cast<uint16_t>(insn.operand);
  classfile::MemberRef ref = cp.memberRef(index);
  if (ref.owner.starts_with('[')) return std::nullopt;  // array methods (clone): library
  const ClassInfo* owner = program.find(ref.owner);
  if (!owner) return std::nullopt;
  bool interface_ref = cp.at(index).tag == classfile::CpTag::InterfaceMethodref;
  const MethodInfo* resolved = program.resolveMethod(*owner, ref.name, ref.descriptor, interface_ref);
  if (!resolved) return std::nullopt;
  std::vector<const MethodInfo*> out;
  if (kind == bytecode::InvokeKind::Static) {
    out.push_back(resolved);
  } else if (kind == bytecode::InvokeKind::Special) {
    if (const MethodInfo* m = program.selectSpecial(caller.owner(), *owner, *resolved)) out.push_back(m);
  } else if (resolved->isPrivate() || (resolved->method().access & classfile::kFinal) ||
             (resolved->owner().file().access & classfile::kFinal)) {
    out.push_back(resolved);
  } else {
    if (owner->origin() != classpath::Origin::Application || owner->isInterface()) return std::nullopt;
    for (const ClassInfo* c : application) {
      if (c->file().access & (classfile::kInterface | classfile::kAbstract)) continue;
      if (!program.isSubtypeOf(*c, *owner)) continue;
      const MethodInfo* m = program.selectMethod(*c, *resolved);
      if (!m) return std::nullopt;
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    }
  }
  if (out.empty()) return std::nullopt;
  for (const MethodInfo* m : out)
    if (!m->hasCode()) return std::nullopt;
  return out;
}

}  // namespace jhalt::program
