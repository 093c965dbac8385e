#include "finalizers.h"

#include <set>
#include <utility>
#include <vector>

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/input/input.h"
#include "jhalt/program/targets.h"
#include "jhalt/util/error.h"

namespace jhalt::certify {
namespace {

using Signature = std::pair<std::string, std::string>;

bool hasFinalizer(const program::ClassInfo* c) {
  for (; c && c->origin() == classpath::Origin::Application; c = c->super)
    if (const program::MethodInfo* fin = c->declaredMethod("finalize", "()V"); fin && !fin->isStatic()) return true;
  return false;
}

// Does an application method override a method that a library supertype
// of its class declares (a library call may call it back)?
bool overridesLibrary(const program::ClassInfo& c, const program::MethodInfo& m) {
  if (m.isStatic() || m.name() == "<init>" || m.name() == "finalize") return false;
  std::vector<const program::ClassInfo*> work{&c};
  std::set<const program::ClassInfo*> seen;
  while (!work.empty()) {
    const program::ClassInfo* k = work.back();
    work.pop_back();
    if (!k || !seen.insert(k).second) continue;
    if (k->origin() != classpath::Origin::Application && k->declaredMethod(m.name(), m.descriptor())) return true;
    work.push_back(k->super);
    work.insert(work.end(), k->interfaces.begin(), k->interfaces.end());
  }
  return false;
}

}  // namespace

std::string finalizerClassCreated(program::Program& program, const program::MethodInfo& entry) {
  std::vector<const program::ClassInfo*> app = program::applicationClasses(program);
  bool any = false;
  for (const program::ClassInfo* c : app) any = any || hasFinalizer(c);
  if (!any) return "";
  std::set<const program::MethodInfo*> found{&entry};
  std::vector<const program::MethodInfo*> work{&entry};
  for (const program::ClassInfo* c : app)
    if (const program::MethodInfo* init = c->classInitializer(); init && found.insert(init).second) work.push_back(init);
  std::set<Signature> called;
  bool callbacks = false;
  auto reach = [&](const Signature& sig) {
    for (const program::ClassInfo* c : app)
      for (const auto& m : c->methods)
        if (m->hasCode() && m->name() == sig.first && m->descriptor() == sig.second && found.insert(m.get()).second)
          work.push_back(m.get());
  };
  while (!work.empty()) {
    const program::MethodInfo* m = work.back();
    work.pop_back();
    if (!m->hasCode()) continue;
    try {
      const program::MethodCode& code = m->code();
      const classfile::ConstantPool& cp = m->owner().file().pool;
      for (size_t i = 0; i < code.bytecode.size(); ++i) {
        const bytecode::Instruction& insn = code.bytecode.at(i);
        if (insn.opcode == 0xbb) {  // new
          const program::ClassInfo* c = program.find(cp.className(static_cast<uint16_t>(insn.operand)));
          if (hasFinalizer(c)) return input::javaClassName(c->name());
        } else if (insn.family() == bytecode::Family::Invoke &&
                   static_cast<bytecode::InvokeKind>(insn.info().sub) != bytecode::InvokeKind::Dynamic) {
          auto ref = cp.memberRef(static_cast<uint16_t>(insn.operand));
          const program::ClassInfo* owner = program.find(ref.owner);
          if (!owner || owner->origin() != classpath::Origin::Application) callbacks = true;
          if (Signature sig{std::string(ref.name), std::string(ref.descriptor)}; called.insert(sig).second) reach(sig);
        } else if (insn.family() == bytecode::Family::Invoke) {
          callbacks = true;  // invokedynamic: a lambda may run any method
        }
      }
    } catch (const InputError&) {
      return "a class that cannot be read";  // unknown code: assume the worst
    }
    if (work.empty() && callbacks) {
      callbacks = false;
      for (const program::ClassInfo* c : app)
        for (const auto& cand : c->methods)
          if (cand->hasCode() && overridesLibrary(*c, *cand) && found.insert(cand.get()).second)
            work.push_back(cand.get());
    }
  }
  return "";
}

}  // namespace jhalt::certify
