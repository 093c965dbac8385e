#include "statics.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "jhalt/clp/library.h"
#include "jhalt/util/error.h"
#include "step.h"

namespace jhalt::clp::detail {

// Static int fields threaded through the predicates (issue 5, item 1):
// those of application classes without a static initializer (their value
// at the entry is then 0), read or written by some application method; at
// most max_statics. Others stay unknown values.
void StaticFields::collect(const program::MethodInfo& entry, const program::ClassInfo* initialized_main,
                           std::vector<std::string>& notes) {
  initialized_main_ = initialized_main;
  // Without the closed world, the class initializers are not all known.
  if (app_classes_.empty()) return;
  // A field that a static initializer, or a method one may call, writes
  // does not start at 0: not tracked.
  std::set<std::pair<const program::ClassInfo*, std::string>> seen;
  // Finalizers run on the JVM's finalizer thread at any time: the fields
  // they (or what they call) write are not tracked either.
  std::vector<const program::MethodInfo*> roots;
  for (const program::ClassInfo* c : app_classes_) {
    // The main class's initializer has run before the entry; its writes
    // (and what it calls) are the unknown values the entry starts from.
    // Its code is translated as an initializer (planInitializers), so a
    // library call there that could go on writing is a gap.
    if (const program::MethodInfo* init = c->classInitializer(); init && c != initialized_main_)
      roots.push_back(init);
    if (const program::MethodInfo* fin = c->declaredMethod("finalize", "()V"); fin && !fin->isStatic())
      roots.push_back(fin);
  }
  for (const program::MethodInfo* root : roots) {
    for (const program::MethodInfo* m : mayRun(*root)) {
      if (initialized_main_ && m == initialized_main_->classInitializer()) continue;  // it ran once, before
      try {
        const program::MethodCode& code = m->code();
        const classfile::ConstantPool& cp = m->owner().file().pool;
        for (size_t i = 0; i < code.bytecode.size(); ++i) {
          const auto& insn = code.bytecode.at(i);
          if (insn.family() == bytecode::Family::Invoke && !callsApplication(insn, cp))
            return;  // a library call or a lambda may call back into code that writes anything
          if (insn.family() == bytecode::Family::Field &&
              static_cast<bytecode::FieldOp>(insn.info().sub) == bytecode::FieldOp::PutStatic) {
            auto ref = cp.memberRef(static_cast<uint16_t>(insn.operand));
            if (const program::ClassInfo* owner = declaringClass(ref)) seen.insert({owner, std::string(ref.name)});
          }
        }
      } catch (const InputError&) {
        return;  // an initializer we cannot read may write anything: track nothing
      }
    }
  }
  // What the main class's initializer, with everything it runs, set before
  // the entry: those fields start unknown, whatever class declares them (a
  // library call there may call back anywhere: then all of them).
  std::set<std::pair<const program::ClassInfo*, std::string>> set_before;
  bool set_any = false;
  if (const program::MethodInfo* init = initialized_main_ ? initialized_main_->classInitializer() : nullptr)
    staticWrites(*init, set_before, set_any, /*skip_main_init=*/false);
  std::vector<const program::MethodInfo*> methods = mayRun(entry);
  for (const program::MethodInfo* m : methods) {
    const program::MethodCode* code = nullptr;
    try {
      code = &m->code();
    } catch (const InputError&) {
      continue;
    }
    const classfile::ConstantPool& cp = m->owner().file().pool;
    for (size_t i = 0; i < code->bytecode.size(); ++i) {
      const auto& insn = code->bytecode.at(i);
      if (insn.family() != bytecode::Family::Field) continue;
      auto op = static_cast<bytecode::FieldOp>(insn.info().sub);
      if (op != bytecode::FieldOp::GetStatic && op != bytecode::FieldOp::PutStatic) continue;
      const program::ClassInfo* owner = declaringClass(cp.memberRef(static_cast<uint16_t>(insn.operand)));
      if (!owner) continue;
      std::string name(cp.memberRef(static_cast<uint16_t>(insn.operand)).name);
      if (!seen.insert({owner, name}).second) continue;
      if (statics_.size() >= max_statics_) {
        notes.push_back(
            fmt::format("more than {} static int fields: the rest are unknown values", max_statics_));
        return;
      }
      std::string label = fmt::format("{}.{}", owner->name(), name);
      std::replace(label.begin(), label.end(), '/', '.');
      bool unknown = set_any || set_before.count({owner, name}) ||
                     (owner == initialized_main_ && (owner->classInitializer() || hasConstantValue(*owner, name)));
      statics_.push_back({owner, name, label, unknown});
    }
  }
}

// Does invoke instruction `insn` call application code only (so that
// mayRun follows it)? invokedynamic and library methods (except
// Object.<init>) do not count: they may call back anywhere.
bool StaticFields::callsApplication(const bytecode::Instruction& insn, const classfile::ConstantPool& cp) {
  if (static_cast<bytecode::InvokeKind>(insn.info().sub) == bytecode::InvokeKind::Dynamic) return false;
  auto ref = cp.memberRef(static_cast<uint16_t>(insn.operand));
  if (ref.owner == "java/lang/Object" && ref.name == "<init>") return true;
  const program::ClassInfo* owner = nullptr;
  try {
    owner = program_.find(ref.owner);
  } catch (const InputError&) {
    return false;
  }
  if (!owner || owner->origin() != classpath::Origin::Application) return false;
  // An inherited library method (e.g. toString of Object) runs library code.
  bool interface_ref = cp.at(static_cast<uint16_t>(insn.operand)).tag == classfile::CpTag::InterfaceMethodref;
  const program::MethodInfo* resolved = program_.resolveMethod(*owner, ref.name, ref.descriptor, interface_ref);
  return resolved && resolved->owner().origin() == classpath::Origin::Application;
}

// The application methods the entry may run: a call may reach every
// application method of the same name and descriptor (over-approximating
// virtual dispatch).
std::vector<const program::MethodInfo*> StaticFields::mayRun(const program::MethodInfo& entry) {
  std::set<std::pair<std::string, std::string>> signatures;
  std::set<const program::MethodInfo*> found{&entry};
  std::vector<const program::MethodInfo*> order{&entry}, work{&entry};
  while (!work.empty()) {
    const program::MethodInfo* m = work.back();
    work.pop_back();
    std::vector<std::pair<std::string, std::string>> calls;
    try {
      const program::MethodCode& code = m->code();
      const classfile::ConstantPool& cp = m->owner().file().pool;
      for (size_t i = 0; i < code.bytecode.size(); ++i) {
        const auto& insn = code.bytecode.at(i);
        if (insn.family() != bytecode::Family::Invoke ||
            static_cast<bytecode::InvokeKind>(insn.info().sub) == bytecode::InvokeKind::Dynamic)
          continue;
        auto ref = cp.memberRef(static_cast<uint16_t>(insn.operand));
        calls.emplace_back(std::string(ref.name), std::string(ref.descriptor));
      }
    } catch (const InputError&) {
      continue;
    }
    for (auto& sig : calls) {
      if (!signatures.insert(sig).second) continue;
      for (const program::ClassInfo* c : app_classes_)
        for (const auto& cand : c->methods)
          if (cand->hasCode() && cand->name() == sig.first && cand->descriptor() == sig.second &&
              found.insert(cand.get()).second) {
            order.push_back(cand.get());
            work.push_back(cand.get());
          }
    }
  }
  // Static initializers may run too.
  for (const program::ClassInfo* c : app_classes_)
    if (const program::MethodInfo* init = c->classInitializer(); init && found.insert(init).second)
      order.push_back(init);
  return order;
}

// The application class without static initializer that declares the
// int-like static field `ref` names, or nullptr.
const program::ClassInfo* StaticFields::declaringClass(const classfile::MemberRef& ref) {
  if (ref.descriptor.empty() || !detail::intLike(ref.descriptor.front())) return nullptr;
  const program::ClassInfo* named = nullptr;
  try {
    named = program_.find(ref.owner);
  } catch (const InputError&) {
    return nullptr;
  }
  if (!named) return nullptr;
  auto f = program_.resolveField(*named, ref.name, ref.descriptor);
  if (!f || !f->owner || !(f->field->access & classfile::kStatic)) return nullptr;
  if (f->owner == initialized_main_) return f->owner;
  // A ConstantValue attribute sets the field when its class is prepared
  // (JVMS §5.5), final or not.
  if (f->field->constant_value != 0 || (f->field->access & classfile::kFinal)) return nullptr;
  if (f->owner->origin() != classpath::Origin::Application || f->owner->classInitializer()) return nullptr;
  return f->owner;
}

void StaticFields::staticWrites(const program::MethodInfo& root,
                                std::set<std::pair<const program::ClassInfo*, std::string>>& fields, bool& any,
                                bool skip_main_init) {
  for (const program::MethodInfo* m : mayRun(root)) {
    // The main class's initializer ran before the entry, and only once.
    if (skip_main_init && initialized_main_ && m == initialized_main_->classInitializer()) continue;
    try {
      const program::MethodCode& code = m->code();
      const classfile::ConstantPool& cp = m->owner().file().pool;
      for (size_t i = 0; i < code.bytecode.size(); ++i) {
        const auto& insn = code.bytecode.at(i);
        if (insn.family() == bytecode::Family::Invoke && !callsApplication(insn, cp)) {
          // invokedynamic names a call site, not a member (JVMS §4.4.10).
          if (static_cast<bytecode::InvokeKind>(insn.info().sub) == bytecode::InvokeKind::Dynamic) {
            any = true;
            continue;
          }
          auto ref = cp.memberRef(static_cast<uint16_t>(insn.operand));
          if (!libraryTerminates(ref.owner, ref.name, ref.descriptor)) any = true;
        }
        if (insn.family() == bytecode::Family::Field &&
            static_cast<bytecode::FieldOp>(insn.info().sub) == bytecode::FieldOp::PutStatic) {
          auto ref = cp.memberRef(static_cast<uint16_t>(insn.operand));
          if (const program::ClassInfo* owner = declaringClass(ref)) fields.insert({owner, std::string(ref.name)});
        }
      }
    } catch (const InputError&) {
      any = true;
    }
  }
}

bool StaticFields::hasConstantValue(const program::ClassInfo& c, const std::string& name) {
  for (const auto& f : c.file().fields)
    if (f.name == name && f.constant_value != 0) return true;
  return false;
}

// Which tracked statics `m` may write, with everything it may run (a
// library call may call back anywhere: all of them).
const std::vector<bool>& StaticFields::writtenBy(const program::MethodInfo& m) {
  if (auto it = written_.find(&m); it != written_.end()) return it->second;
  std::set<std::pair<const program::ClassInfo*, std::string>> fields;
  bool any = false;
  staticWrites(m, fields, any, /*skip_main_init=*/true);
  std::vector<bool> out(statics_.size(), any);
  for (size_t k = 0; k < statics_.size(); ++k)
    if (fields.count({statics_[k].owner, statics_[k].name})) out[k] = true;
  return written_[&m] = std::move(out);
}

std::function<int(const classfile::MemberRef&)> StaticFields::slotFunction() {
  return [this](const classfile::MemberRef& ref) -> int {
    if (statics_.empty()) return -1;
    const program::ClassInfo* owner = declaringClass(ref);
    for (size_t k = 0; k < statics_.size(); ++k)
      if (statics_[k].owner == owner && statics_[k].name == ref.name) return static_cast<int>(k);
    return -1;
  };
}


}  // namespace jhalt::clp::detail
