#include "jhalt/program/program.h"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

#include "jhalt/util/error.h"

namespace jhalt::program {

using classfile::kPrivate;
using classfile::kProtected;
using classfile::kPublic;
using classfile::kStatic;

MethodCode::MethodCode(const classfile::Code& code, const classfile::ConstantPool& pool)
    : attribute(code),
      bytecode(bytecode::Bytecode::decode(code, pool)),
      cfg(bytecode::ControlFlowGraph::build(bytecode, code, pool)),
      dominators(cfg),
      loops(bytecode::findLoops(cfg, dominators)),
      liveness(bytecode, cfg, code.max_locals),
      loop_head(bytecode.size(), false) {
  for (const auto& loop : loops) loop_head[cfg.block(loop.header).first] = true;
}

std::string MethodInfo::qualifiedName() const {
  return fmt::format("{}.{}{}", owner_->name(), name(), descriptor());
}

const MethodCode& MethodInfo::code() const {
  JHALT_ASSERT(hasCode(), "code() of a method without code: " + qualifiedName());
  if (!code_) {
    try {
      code_ = std::make_unique<MethodCode>(*method_->code, owner_->file().pool);
    } catch (const FormatError& e) {
      throw InputError(owner_->location(),
                       fmt::format("method {}{}: {}", name(), descriptor(), e.what()));
    }
  }
  return *code_;
}

std::string_view ClassInfo::packageName() const {
  std::string_view n = name();
  size_t slash = n.rfind('/');
  return slash == std::string_view::npos ? std::string_view{} : n.substr(0, slash);
}

const MethodInfo* ClassInfo::declaredMethod(std::string_view n, std::string_view d) const {
  for (const auto& m : methods)
    if (m->name() == n && m->descriptor() == d) return m.get();
  return nullptr;
}

const classfile::Field* ClassInfo::declaredField(std::string_view n, std::string_view d) const {
  for (const auto& f : file().fields)
    if (f.name == n && f.descriptor == d) return &f;
  return nullptr;
}

const ClassInfo* Program::find(std::string_view name) {
  std::vector<std::string> loading;
  return load(name, loading);
}

const ClassInfo& Program::get(std::string_view name) {
  const ClassInfo* c = find(name);
  if (c == nullptr) throw InputError(std::string(name), "class not found on the class path");
  return *c;
}

// Loads `name` and its supertypes; `loading` holds the classes whose
// supertypes are being loaded, to detect circularity (JVMS §5.3.5 step 3).
const ClassInfo* Program::load(std::string_view name, std::vector<std::string>& loading) {
  if (auto it = classes_.find(name); it != classes_.end()) return it->second.get();
  if (missing_.contains(name)) return nullptr;
  if (std::find(loading.begin(), loading.end(), name) != loading.end())
    throw InputError(std::string(name), "class circularity: the class is its own supertype");
  const classpath::LoadedClass* loaded = class_path_.find(name);
  if (loaded == nullptr) {
    missing_.emplace(std::string(name), true);
    return nullptr;
  }
  auto info = std::make_unique<ClassInfo>();
  info->loaded = loaded;
  loading.emplace_back(name);
  auto supertype = [&](std::string_view super_name, std::string_view role) {
    const ClassInfo* s = load(super_name, loading);
    if (s == nullptr)
      throw InputError(loaded->location,
                       fmt::format("{} {} of {} not found on the class path", role, super_name, name));
    return s;
  };
  if (loaded->file.super) {
    info->super = supertype(*loaded->file.super, "superclass");
    if (info->super->isInterface())
      throw InputError(loaded->location, fmt::format("superclass {} is an interface", info->super->name()));
  } else if (name != "java/lang/Object") {
    throw InputError(loaded->location, "class has no superclass but is not java/lang/Object");
  }
  for (std::string_view i : loaded->file.interfaces) {
    const ClassInfo* s = supertype(i, "interface");
    if (!s->isInterface())
      throw InputError(loaded->location, fmt::format("{} is listed as an interface but is a class", i));
    info->interfaces.push_back(s);
  }
  loading.pop_back();
  for (const auto& m : loaded->file.methods)
    info->methods.push_back(std::make_unique<MethodInfo>(info.get(), &m));
  const ClassInfo* result = info.get();
  classes_.emplace(std::string(name), std::move(info));
  return result;
}

bool Program::isSubtypeOf(const ClassInfo& s, const ClassInfo& t) const {
  if (&s == &t) return true;
  if (s.super && isSubtypeOf(*s.super, t)) return true;
  for (const ClassInfo* i : s.interfaces)
    if (isSubtypeOf(*i, t)) return true;
  return false;
}

bool Program::isAssignable(std::string_view s, std::string_view t) {
  if (s == t) return true;
  if (s.starts_with('[')) {
    if (!t.starts_with('['))
      return t == "java/lang/Object" || t == "java/lang/Cloneable" || t == "java/io/Serializable";
    std::string_view sc = s.substr(1), tc = t.substr(1);
    bool s_ref = sc[0] == 'L' || sc[0] == '[';
    bool t_ref = tc[0] == 'L' || tc[0] == '[';
    if (!s_ref || !t_ref) return sc == tc;
    auto strip = [](std::string_view c) { return c[0] == 'L' ? c.substr(1, c.size() - 2) : c; };
    return isAssignable(strip(sc), strip(tc));
  }
  if (t.starts_with('[')) return false;
  const ClassInfo& sc = get(s);
  const ClassInfo& tc = get(t);
  if (sc.isInterface() && !tc.isInterface()) return t == "java/lang/Object";
  return isSubtypeOf(sc, tc);
}

const MethodInfo* Program::lookupInClassChain(const ClassInfo* cls, std::string_view name,
                                              std::string_view descriptor) const {
  for (; cls != nullptr; cls = cls->super)
    if (const MethodInfo* m = cls->declaredMethod(name, descriptor)) return m;
  return nullptr;
}

// JVMS §5.4.3.3: the maximally-specific superinterface methods of `cls`:
// non-private, non-static methods declared in a superinterface for which no
// other candidate is declared in a subinterface of its class.
std::vector<const MethodInfo*> Program::maximallySpecific(const ClassInfo& cls, std::string_view name,
                                                          std::string_view descriptor) {
  std::vector<const ClassInfo*> supers;
  std::vector<const ClassInfo*> work;
  for (const ClassInfo* c = &cls; c != nullptr; c = c->super)
    for (const ClassInfo* i : c->interfaces) work.push_back(i);
  while (!work.empty()) {
    const ClassInfo* i = work.back();
    work.pop_back();
    if (std::find(supers.begin(), supers.end(), i) != supers.end()) continue;
    supers.push_back(i);
    for (const ClassInfo* j : i->interfaces) work.push_back(j);
  }
  std::vector<const MethodInfo*> candidates;
  for (const ClassInfo* i : supers) {
    const MethodInfo* m = i->declaredMethod(name, descriptor);
    if (m && !(m->method().access & (kPrivate | kStatic))) candidates.push_back(m);
  }
  std::vector<const MethodInfo*> result;
  for (const MethodInfo* m : candidates) {
    bool shadowed = std::any_of(candidates.begin(), candidates.end(), [&](const MethodInfo* o) {
      return o != m && &o->owner() != &m->owner() && isSubtypeOf(o->owner(), m->owner());
    });
    if (!shadowed) result.push_back(m);
  }
  return result;
}

const MethodInfo* Program::resolveMethod(const ClassInfo& owner, std::string_view name,
                                         std::string_view descriptor, bool interface) {
  if (owner.isInterface() != interface) return nullptr;  // IncompatibleClassChangeError
  if (!interface) {
    if (const MethodInfo* m = lookupInClassChain(&owner, name, descriptor)) return m;
  } else {
    if (const MethodInfo* m = owner.declaredMethod(name, descriptor)) return m;
    // Public instance methods of Object are members of every interface.
    if (const ClassInfo* object = find("java/lang/Object")) {
      const MethodInfo* m = object->declaredMethod(name, descriptor);
      if (m && (m->method().access & kPublic) && !m->isStatic()) return m;
    }
  }
  std::vector<const MethodInfo*> ms = maximallySpecific(owner, name, descriptor);
  const MethodInfo* concrete = nullptr;
  int n_concrete = 0;
  for (const MethodInfo* m : ms)
    if (!m->isAbstract()) concrete = m, ++n_concrete;
  if (n_concrete == 1) return concrete;
  return ms.empty() ? nullptr : ms.front();  // JVMS: an arbitrary one of them
}

// JVMS §5.4.5.
bool Program::overrides(const MethodInfo& m, const MethodInfo& base) const {
  if (m.name() != base.name() || m.descriptor() != base.descriptor()) return false;
  if (m.isPrivate() || m.isStatic()) return false;
  if (base.method().access & (kPublic | kProtected)) return true;
  if (base.isPrivate()) return false;
  if (m.owner().packageName() == base.owner().packageName() &&
      m.owner().loaded->origin == base.owner().loaded->origin)
    return true;
  // JVMS §5.4.5: or transitively, through a method mB of a class between
  // (C.m overrides a public B.m that overrides the package-private A.m).
  for (const ClassInfo* b = m.owner().super; b != nullptr && b != &base.owner(); b = b->super) {
    const MethodInfo* mb = b->declaredMethod(m.name(), m.descriptor());
    if (mb && mb != &m && !mb->isStatic() && overrides(m, *mb) && overrides(*mb, base)) return true;
  }
  return false;
}

const MethodInfo* Program::selectMethod(const ClassInfo& receiver, const MethodInfo& resolved) {
  if (resolved.isPrivate()) return &resolved;
  for (const ClassInfo* c = &receiver; c != nullptr; c = c->super) {
    const MethodInfo* m = c->declaredMethod(resolved.name(), resolved.descriptor());
    if (m && !m->isStatic() && (m == &resolved || overrides(*m, resolved))) return m;
  }
  std::vector<const MethodInfo*> ms = maximallySpecific(receiver, resolved.name(), resolved.descriptor());
  const MethodInfo* concrete = nullptr;
  int n_concrete = 0;
  for (const MethodInfo* m : ms)
    if (!m->isAbstract()) concrete = m, ++n_concrete;
  return n_concrete == 1 ? concrete : nullptr;
}

const MethodInfo* Program::selectSpecial(const ClassInfo& current, const ClassInfo& symbolic,
                                         const MethodInfo& resolved) {
  const ClassInfo* c = &symbolic;
  // JVMS §4.1: since Java SE 8 the JVM takes ACC_SUPER as set in every class
  // file, whatever the flag says (a review's wrong YES ran A.m where the JVM
  // runs B.m for a class file with the flag cleared).
  bool super_call = resolved.name() != "<init>" && !symbolic.isInterface() && &symbolic != &current &&
                    isSubtypeOf(current, symbolic);
  if (super_call) c = current.super;
  if (c == nullptr) return nullptr;
  if (!c->isInterface()) {
    if (const MethodInfo* m = lookupInClassChain(c, resolved.name(), resolved.descriptor())) return m;
  } else {
    if (const MethodInfo* m = c->declaredMethod(resolved.name(), resolved.descriptor())) return m;
    if (const ClassInfo* object = find("java/lang/Object")) {
      const MethodInfo* m = object->declaredMethod(resolved.name(), resolved.descriptor());
      if (m && (m->method().access & kPublic)) return m;
    }
  }
  std::vector<const MethodInfo*> ms = maximallySpecific(*c, resolved.name(), resolved.descriptor());
  const MethodInfo* concrete = nullptr;
  int n_concrete = 0;
  for (const MethodInfo* m : ms)
    if (!m->isAbstract()) concrete = m, ++n_concrete;
  return n_concrete == 1 ? concrete : nullptr;
}

std::optional<ResolvedField> Program::resolveField(const ClassInfo& owner, std::string_view name,
                                                   std::string_view descriptor) {
  if (const classfile::Field* f = owner.declaredField(name, descriptor)) return ResolvedField{&owner, f};
  for (const ClassInfo* i : owner.interfaces)
    if (auto r = resolveField(*i, name, descriptor)) return r;
  if (owner.super) return resolveField(*owner.super, name, descriptor);
  return std::nullopt;
}

std::vector<const ClassInfo*> Program::initializationOrder(const ClassInfo& cls) const {
  if (cls.isInterface()) return {&cls};  // initializing an interface initializes no supertype
  std::vector<const ClassInfo*> order;
  auto add = [&](const ClassInfo* c) {
    if (std::find(order.begin(), order.end(), c) == order.end()) order.push_back(c);
  };
  // Interfaces are initialized with a class only when they declare
  // non-abstract, non-static methods (JVMS §5.5 step 7).
  auto declaresDefaults = [](const ClassInfo& i) {
    return std::any_of(i.methods.begin(), i.methods.end(), [](const auto& m) {
      return !m->isAbstract() && !m->isStatic() && m->name() != "<clinit>";
    });
  };
  // Superinterfaces in the order of JVMS §5.5 step 7: for each direct
  // interface, its superinterfaces first (recursively), then itself.
  std::function<void(const ClassInfo*)> enumerate = [&](const ClassInfo* i) {
    for (const ClassInfo* j : i->interfaces) enumerate(j);
    if (declaresDefaults(*i)) add(i);
  };
  std::vector<const ClassInfo*> chain;
  for (const ClassInfo* c = &cls; c != nullptr; c = c->super) chain.push_back(c);
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (!(*it)->isInterface())
      for (const ClassInfo* i : (*it)->interfaces) enumerate(i);
    add(*it);
  }
  return order;
}

}  // namespace jhalt::program
