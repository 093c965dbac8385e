#include "jhalt/program/field_values.h"

#include <algorithm>
#include <optional>
#include <set>
#include <unordered_map>

#include <fmt/format.h>

#include "jhalt/bytecode/stack_op.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/program/targets.h"
#include "jhalt/util/error.h"

namespace jhalt::program {

std::string fieldKey(std::string_view owner, std::string_view name, std::string_view descriptor) {
  return fmt::format("{}.{}:{}", owner, name, descriptor);
}

namespace {

using bytecode::Family;
using bytecode::Instruction;

// The classes a slot may hold: a finite set, or any (top). Primitive slots
// and null hold the empty set.
struct Val {
  bool top = false;
  std::vector<uint32_t> ids;  // sorted

  // this := this ∪ o; true when it grew.
  bool join(const Val& o, size_t max_classes) {
    if (top) return false;
    if (o.top) return *this = Val{true, {}}, true;
    std::vector<uint32_t> u;
    std::set_union(ids.begin(), ids.end(), o.ids.begin(), o.ids.end(), std::back_inserter(u));
    if (u.size() == ids.size()) return false;
    if (u.size() > max_classes) return *this = Val{true, {}}, true;
    ids = std::move(u);
    return true;
  }
  bool operator==(const Val&) const = default;
};

const Val kTop{true, {}};

struct Frame {
  std::vector<Val> stack, locals;
  bool operator==(const Frame&) const = default;
};

struct Unsupported {
  std::string why;
};

class Analysis {
 public:
  Analysis(Program& program, const std::vector<const ClassInfo*>& app, const FieldValueOptions& options)
      : program_(program), app_(app), options_(options) {}

  FieldValues run() {
    FieldValues out;
    try {
      findOpenMethods();
      bool changed = true;
      for (size_t round = 0; changed; ++round) {
        if (round >= options_.max_rounds) throw Unsupported{"no fixpoint within the round bound"};
        changed_ = false;
        for (const ClassInfo* c : app_)
          for (const auto& m : c->methods)
            if (m->hasCode() && !serialization_only_.count(m.get())) analyse(*m);
        changed = changed_;
      }
    } catch (const Unsupported& u) {
      out.why_not = u.why;
      out.steps = steps_;
      return out;
    } catch (const InputError& e) {
      out.why_not = e.what();
      out.steps = steps_;
      return out;
    }
    for (const auto& [key, v] : fields_) {
      if (v.top) continue;
      std::vector<std::string>& names = out.known[key];
      for (uint32_t id : v.ids) names.push_back(names_[id]);
      std::sort(names.begin(), names.end());
    }
    out.steps = steps_;
    return out;
  }

 private:
  uint32_t intern(std::string_view name) {
    auto [it, added] = ids_.try_emplace(std::string(name), static_cast<uint32_t>(names_.size()));
    if (added) names_.push_back(it->first);
    return it->second;
  }
  Val only(std::string_view name) { return Val{false, {intern(name)}}; }
  bool isApp(const ClassInfo& c) const { return c.origin() == classpath::Origin::Application; }

  // Methods whose arguments come from call sites the analysis does not see:
  // overrides of library methods (the library calls them back), methods a
  // method handle names (lambda bodies), main, and every application method
  // of the name and descriptor of a call whose targets are not known.
  void findOpenMethods() {
    findLambdaInterfaces();
    std::set<std::pair<std::string_view, std::string_view>> open_names, invoked_names;
    for (const ClassInfo* c : app_) {
      const classfile::ConstantPool& cp = c->file().pool;
      for (uint16_t i = 1; i < cp.size(); ++i) {
        if (!cp.is(i, classfile::CpTag::MethodHandle)) continue;
        const classfile::CpEntry& h = cp.at(i);
        if (h.ref_kind >= static_cast<uint8_t>(classfile::RefKind::InvokeVirtual)) {
          classfile::MemberRef r = cp.memberRef(h.a);
          open_names.emplace(r.name, r.descriptor);
        }
      }
      for (const auto& m : c->methods) {
        if (!m->hasCode()) continue;
        const MethodCode& code = m->code();
        for (const Instruction& insn : code.bytecode.instructions()) {
          if (insn.family() != Family::Invoke) continue;
          auto kind = static_cast<bytecode::InvokeKind>(insn.info().sub);
          if (kind == bytecode::InvokeKind::Dynamic) continue;  // lambda bodies: by their method handles
          classfile::MemberRef r = cp.memberRef(static_cast<uint16_t>(insn.operand));
          invoked_names.emplace(r.name, r.descriptor);
          if (targets(*m, insn)) continue;
          open_names.emplace(r.name, r.descriptor);
        }
      }
    }
    for (const ClassInfo* c : app_)
      for (const auto& m : c->methods) {
        bool open = open_names.count({m->name(), m->descriptor()}) > 0 ||
                    (m->name() == "main" && m->descriptor() == "([Ljava/lang/String;)V") || overridesLibrary(*m);
        if (open) open_.insert(m.get());
        else if (serializationHook(*m) && !invoked_names.count({m->name(), m->descriptor()}))
          serialization_only_.insert(m.get());
      }
    for (const ClassInfo* c : app_) openLibraryImplementations(*c);
  }

  // The application methods that implement a library method for instances
  // of class c, inherited ones included (a review's wrong YES: `Setter.compare`
  // with no library supertype, inherited by `Cmp implements Comparator`, which
  // a model's `Comparator.compare` call runs).
  void openLibraryImplementations(const ClassInfo& c) {
    if (c.file().access & (classfile::kInterface | classfile::kAbstract)) return;
    std::vector<const ClassInfo*> work{&c};
    std::set<const ClassInfo*> seen;
    while (!work.empty()) {
      const ClassInfo* k = work.back();
      work.pop_back();
      if (!seen.insert(k).second) continue;
      if (!k->super && k->name() != "java/lang/Object" && !k->isInterface())
        throw Unsupported{fmt::format("a superclass of {} is missing", c.name())};
      if (k->interfaces.size() != k->file().interfaces.size())
        throw Unsupported{fmt::format("an interface of {} is missing", c.name())};
      if (k->super) work.push_back(k->super);
      for (const ClassInfo* i : k->interfaces) work.push_back(i);
      if (isApp(*k)) continue;
      for (const auto& lm : k->methods) {
        if (lm->isStatic() || lm->isPrivate() || lm->name().starts_with('<')) continue;
        const MethodInfo* impl = program_.selectMethod(c, *lm);
        if (impl && isApp(impl->owner())) open_.insert(impl);
      }
    }
  }

  // A method that Java serialization runs (java.io.Serializable: readObject,
  // readObjectNoData, writeObject, readResolve, writeReplace). When the
  // program never calls one itself, it runs only inside a library call that
  // gets a stream or the object, after which the caller does not use these
  // values (field_values.h), so its stores are left out.
  static bool serializationHook(const MethodInfo& m) {
    static constexpr std::pair<std::string_view, std::string_view> kHooks[] = {
        {"readObject", "(Ljava/io/ObjectInputStream;)V"},
        {"readObjectNoData", "()V"},
        {"writeObject", "(Ljava/io/ObjectOutputStream;)V"},
        {"readResolve", "()Ljava/lang/Object;"},
        {"writeReplace", "()Ljava/lang/Object;"},
    };
    if (m.isStatic()) return false;
    for (const auto& [name, desc] : kHooks)
      if (m.name() == name && m.descriptor() == desc) return true;
    return false;
  }

  // The application interfaces a lambda may implement: the type an
  // invokedynamic produces and every class its bootstrap arguments name
  // (marker interfaces of LambdaMetafactory.altMetafactory), with their
  // superinterfaces. Proxies (Proxy, MethodHandleProxies) need a library
  // call that gets a Class or a MethodHandle, after which the caller does not
  // use these values (field_values.h). CONSTANT_Dynamic values are any value
  // (loadConstant); the SEG evaluator runs no lambda or dynamic constant
  // today, so revisit this when it learns to.
  void findLambdaInterfaces() {
    std::vector<const ClassInfo*> work;
    auto mark = [&](std::string_view name) {
      if (name.starts_with('[')) return;
      if (const ClassInfo* c = program_.find(name); c && isApp(*c) && c->isInterface()) work.push_back(c);
    };
    for (const ClassInfo* c : app_) {
      const classfile::ClassFile& cf = c->file();
      for (const classfile::BootstrapMethod& b : cf.bootstrap_methods)
        for (uint16_t arg : b.arguments)
          if (arg < cf.pool.size() && cf.pool.is(arg, classfile::CpTag::Class)) mark(cf.pool.className(arg));
      for (uint16_t i = 1; i < cf.pool.size(); ++i) {
        if (!cf.pool.is(i, classfile::CpTag::InvokeDynamic)) continue;
        std::string_view desc = cf.pool.nameAndType(cf.pool.at(i).b).descriptor;
        size_t close = desc.rfind(')');
        if (close != std::string_view::npos && desc.substr(close + 1).starts_with('L') && desc.ends_with(';'))
          mark(desc.substr(close + 2, desc.size() - close - 3));
      }
    }
    while (!work.empty()) {
      const ClassInfo* i = work.back();
      work.pop_back();
      if (!lambda_interfaces_.insert(i).second) continue;
      for (const ClassInfo* super : i->interfaces) work.push_back(super);
    }
  }

  // The targets of a call (program::callTargets), and besides those of an
  // interface method of the application that no lambda implements: the
  // implementations of the application's classes (no library class
  // implements an application interface). A target may be a library
  // method an application class inherits: the call's result is then any
  // value (invoke), and what that method passes on reaches only methods that
  // override a library method, whose parameters are open already.
  std::optional<std::vector<const MethodInfo*>> targets(const MethodInfo& caller, const Instruction& insn) {
    if (auto t = callTargets(program_, caller, insn, app_)) return t;
    auto kind = static_cast<bytecode::InvokeKind>(insn.info().sub);
    if (kind != bytecode::InvokeKind::Interface && kind != bytecode::InvokeKind::Virtual) return std::nullopt;
    const classfile::ConstantPool& cp = caller.owner().file().pool;
    auto index = static_cast<uint16_t>(insn.operand);
    classfile::MemberRef ref = cp.memberRef(index);
    if (ref.owner.starts_with('[')) return std::nullopt;
    const ClassInfo* owner = program_.find(ref.owner);
    if (!owner || !isApp(*owner) || !owner->isInterface() || lambda_interfaces_.count(owner)) return std::nullopt;
    bool interface_ref = cp.at(index).tag == classfile::CpTag::InterfaceMethodref;
    const MethodInfo* resolved = program_.resolveMethod(*owner, ref.name, ref.descriptor, interface_ref);
    if (!resolved || resolved->isStatic() || resolved->isPrivate()) return std::nullopt;
    std::vector<const MethodInfo*> out;
    for (const ClassInfo* c : app_) {
      if (c->file().access & (classfile::kInterface | classfile::kAbstract)) continue;
      if (!program_.isSubtypeOf(*c, *owner)) continue;
      const MethodInfo* m = program_.selectMethod(*c, *resolved);
      if (!m || !m->hasCode()) return std::nullopt;
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    }
    if (out.empty()) return std::nullopt;
    return out;
  }

  // The classes an element of an array in `arrays` may have: the
  // instantiable application subclasses of its component class (the JVM's
  // array store check, JVMS §6.5 aastore, holds for library code too).
  // Arrays of interfaces, of library classes or of arrays: any value.
  Val elementsOf(const Val& arrays) {
    if (arrays.top) return kTop;
    Val out;
    for (uint32_t id : arrays.ids) {
      std::string_view name = names_[id];
      if (!name.starts_with("[L") || !name.ends_with(';')) return kTop;
      const ClassInfo* c = program_.find(name.substr(2, name.size() - 3));
      if (!c || !isApp(*c) || c->isInterface()) return kTop;
      out.join(instancesOf(*c), options_.max_classes);
      if (out.top) return kTop;
    }
    return out;
  }

  // A virtual method that a library supertype declares too (or whose
  // supertypes are not all known).
  bool overridesLibrary(const MethodInfo& m) {
    if (m.isStatic() || m.isPrivate() || m.name().starts_with('<')) return false;
    std::vector<const ClassInfo*> work{&m.owner()};
    std::set<const ClassInfo*> seen;
    while (!work.empty()) {
      const ClassInfo* c = work.back();
      work.pop_back();
      if (!seen.insert(c).second) continue;
      if (!isApp(*c) && c->declaredMethod(m.name(), m.descriptor())) return true;
      if (!c->super && c->name() != "java/lang/Object" && !c->isInterface()) return true;
      if (c->super) work.push_back(c->super);
      if (c->interfaces.size() != c->file().interfaces.size()) return true;  // one is missing
      for (const ClassInfo* i : c->interfaces) work.push_back(i);
    }
    return false;
  }

  // The application's non-abstract subclasses of c (c included): the
  // classes `this` may have in c's methods.
  Val instancesOf(const ClassInfo& c) {
    if (!isApp(c) || c.isInterface()) return kTop;  // lambdas and proxies implement interfaces
    Val v;
    for (const ClassInfo* a : app_) {
      if (a->file().access & (classfile::kInterface | classfile::kAbstract)) continue;
      if (program_.isSubtypeOf(*a, c)) v.join(only(a->name()), options_.max_classes);
    }
    return v;
  }

  std::vector<Val>& params(const MethodInfo& m) {
    auto [it, added] = params_.try_emplace(&m);
    if (added) {
      it->second.resize(m.code().attribute.max_locals);
      if (open_.count(&m))
        for (Val& v : it->second) v = kTop;
    }
    return it->second;
  }

  void joinGlobal(Val& into, const Val& v) {
    if (into.join(v, options_.max_classes)) changed_ = true;
  }

  // One pass over m's instructions to a local fixpoint under the current
  // parameters, fields and results.
  void analyse(const MethodInfo& m) {
    const MethodCode& code = m.code();
    const size_t n = code.bytecode.size();
    std::vector<std::optional<Frame>> in(n);
    Frame entry;
    entry.locals = params(m);
    entry.locals.resize(code.attribute.max_locals);
    if (!m.isStatic() && !entry.locals.empty()) entry.locals[0] = instancesOf(m.owner());
    std::vector<uint32_t> work;
    auto flow = [&](uint32_t i, const Frame& f) {
      if (i >= n) throw Unsupported{fmt::format("{}: control leaves the code", m.qualifiedName())};
      if (!in[i]) {
        in[i] = f;
      } else {
        Frame& g = *in[i];
        if (g.stack.size() != f.stack.size()) throw Unsupported{fmt::format("{}: stack heights differ", m.qualifiedName())};
        bool grew = false;
        for (size_t k = 0; k < f.stack.size(); ++k) grew |= g.stack[k].join(f.stack[k], options_.max_classes);
        for (size_t k = 0; k < f.locals.size(); ++k) grew |= g.locals[k].join(f.locals[k], options_.max_classes);
        if (!grew) return;
      }
      work.push_back(i);
    };
    flow(0, entry);
    std::vector<uint32_t> targets;
    while (!work.empty()) {
      uint32_t i = work.back();
      work.pop_back();
      if (++steps_ > options_.max_steps) throw Unsupported{"too much code"};
      const Instruction& insn = code.bytecode.at(i);
      const Frame& before = *in[i];
      const bytecode::BasicBlock& block = code.cfg.block(code.cfg.blockOfInstruction(i));
      for (const bytecode::ExceptionEdge& h : block.handlers) flow(code.cfg.block(h.handler).first, Frame{{kTop}, before.locals});
      Frame f = before;
      step(m, insn, f);
      if (insn.info().falls_through) flow(i + 1, f);
      targets.clear();
      code.bytecode.targets(insn, targets);
      for (uint32_t t : targets) {
        int32_t j = code.bytecode.indexAt(t);
        if (j < 0) throw Unsupported{fmt::format("{}: a branch into an instruction", m.qualifiedName())};
        flow(static_cast<uint32_t>(j), f);
      }
    }
  }

  static Val pop(Frame& f) {
    if (f.stack.empty()) throw Unsupported{"stack underflow"};
    Val v = std::move(f.stack.back());
    f.stack.pop_back();
    return v;
  }
  static void popSlots(Frame& f, int k) {
    for (int i = 0; i < k; ++i) pop(f);
  }
  static void pushSlots(Frame& f, int k) {
    for (int i = 0; i < k; ++i) f.stack.emplace_back();
  }
  static void pushTyped(Frame& f, char kind, const Val& v) {
    if (kind == 'L' || kind == '[') {
      f.stack.push_back(v);
    } else {
      pushSlots(f, kind == 'J' || kind == 'D' ? 2 : 1);
    }
  }

  void step(const MethodInfo& m, const Instruction& insn, Frame& f) {
    const bytecode::OpcodeInfo& info = insn.info();
    const classfile::ConstantPool& cp = m.owner().file().pool;
    switch (info.family) {
      case Family::Constant:
        popSlots(f, info.pops);
        pushSlots(f, info.pushes);  // aconst_null: the empty set
        return;
      case Family::LoadConstant: return loadConstant(cp, insn, f);
      case Family::LocalLoad: {
        size_t idx = static_cast<size_t>(info.has_implicit ? info.implicit : insn.operand);
        if (idx >= f.locals.size()) throw Unsupported{"local out of range"};
        if (info.type == 'A') f.stack.push_back(f.locals[idx]);
        else pushSlots(f, info.pushes);
        return;
      }
      case Family::LocalStore: {
        size_t idx = static_cast<size_t>(info.has_implicit ? info.implicit : insn.operand);
        if (idx + (info.pops == 2 ? 1 : 0) >= f.locals.size()) throw Unsupported{"local out of range"};
        if (info.type == 'A') {
          f.locals[idx] = pop(f);
        } else {
          popSlots(f, info.pops);
          f.locals[idx] = Val{};
          if (info.pops == 2) f.locals[idx + 1] = Val{};
        }
        return;
      }
      case Family::ArrayLoad:
        if (info.type == 'A') {
          pop(f);  // the index
          Val arrays = pop(f);
          f.stack.push_back(elementsOf(arrays));
        } else {
          popSlots(f, info.pops);
          pushSlots(f, info.pushes);
        }
        return;
      case Family::Stack: bytecode::applyStackOp(static_cast<bytecode::StackOp>(info.sub), f.stack); return;
      case Family::Subroutine: throw Unsupported{fmt::format("{}: jsr/ret", m.qualifiedName())};
      case Family::Return:
        if (info.type == 'A') joinGlobal(returned_[&m], pop(f));
        return;
      case Family::Field: return field(cp, insn, f);
      case Family::Invoke: return invoke(m, insn, f);
      case Family::New:
        f.stack.push_back(only(cp.className(static_cast<uint16_t>(insn.operand))));
        return;
      case Family::NewArray: return newArray(cp, insn, f);
      case Family::TypeCheck:
        if (insn.opcode == 0xc1) {  // instanceof
          pop(f);
          pushSlots(f, 1);
        }  // checkcast leaves the value (a subset of it passes)
        return;
      default:
        if (info.pops == bytecode::kVariable || info.pushes == bytecode::kVariable)
          throw Unsupported{fmt::format("{}: opcode {}", m.qualifiedName(), info.mnemonic)};
        popSlots(f, info.pops);
        pushSlots(f, info.pushes);
        return;
    }
  }

  void loadConstant(const classfile::ConstantPool& cp, const Instruction& insn, Frame& f) {
    auto idx = static_cast<uint16_t>(insn.operand);
    switch (cp.at(idx).tag) {
      case classfile::CpTag::String: f.stack.push_back(only("java/lang/String")); return;
      case classfile::CpTag::Class: f.stack.push_back(only("java/lang/Class")); return;
      case classfile::CpTag::MethodType: f.stack.push_back(only("java/lang/invoke/MethodType")); return;
      case classfile::CpTag::Long:
      case classfile::CpTag::Double: pushSlots(f, 2); return;
      case classfile::CpTag::Integer:
      case classfile::CpTag::Float: pushSlots(f, 1); return;
      case classfile::CpTag::Dynamic:
        if (insn.info().pushes == 2) pushSlots(f, 2);
        else f.stack.push_back(kTop);
        return;
      default: f.stack.push_back(kTop); return;
    }
  }

  void newArray(const classfile::ConstantPool& cp, const Instruction& insn, Frame& f) {
    static constexpr std::string_view kPrimitive[] = {"", "", "", "", "[Z", "[C", "[F", "[D", "[B", "[S", "[I", "[J"};
    if (insn.opcode == 0xbc) {  // newarray
      pop(f);
      auto t = static_cast<size_t>(insn.operand);
      if (t < 4 || t > 11) throw Unsupported{"newarray of an unknown type"};
      f.stack.push_back(only(kPrimitive[t]));
    } else if (insn.opcode == 0xbd) {  // anewarray
      pop(f);
      std::string_view e = cp.className(static_cast<uint16_t>(insn.operand));
      f.stack.push_back(only(e.starts_with('[') ? "[" + std::string(e) : fmt::format("[L{};", e)));
    } else {  // multianewarray
      popSlots(f, insn.operand2);
      f.stack.push_back(only(cp.className(static_cast<uint16_t>(insn.operand))));
    }
  }

  void field(const classfile::ConstantPool& cp, const Instruction& insn, Frame& f) {
    classfile::MemberRef r = cp.memberRef(static_cast<uint16_t>(insn.operand));
    auto op = static_cast<bytecode::FieldOp>(insn.info().sub);
    const char kind = r.descriptor.empty() ? 'V' : r.descriptor[0];
    const int slots = kind == 'J' || kind == 'D' ? 2 : 1;
    const bool reference = kind == 'L' || kind == '[';
    Val* stored = nullptr;
    bool constant = false;
    const ClassInfo* owner = r.owner.starts_with('[') || !reference ? nullptr : program_.find(r.owner);
    if (owner)
      if (auto res = program_.resolveField(*owner, r.name, r.descriptor); res && isApp(*res->owner)) {
        stored = &fields_[fieldKey(res->owner->name(), r.name, r.descriptor)];
        constant = res->field->constant_value != 0;
        if (constant) joinGlobal(*stored, kTop);
      }
    if (op == bytecode::FieldOp::GetStatic || op == bytecode::FieldOp::GetField) {
      if (op == bytecode::FieldOp::GetField) pop(f);
      // A constant (ConstantValue attribute) is set by the JVM, not by a putstatic.
      pushTyped(f, kind, stored && !constant ? *stored : kTop);
      return;
    }
    Val v = reference ? pop(f) : (popSlots(f, slots), Val{});
    if (op == bytecode::FieldOp::PutField) pop(f);
    if (stored) joinGlobal(*stored, v);
  }

  void invoke(const MethodInfo& caller, const Instruction& insn, Frame& f) {
    const classfile::ConstantPool& cp = caller.owner().file().pool;
    auto kind = static_cast<bytecode::InvokeKind>(insn.info().sub);
    std::string_view desc = kind == bytecode::InvokeKind::Dynamic
                                ? cp.nameAndType(cp.at(static_cast<uint16_t>(insn.operand)).b).descriptor
                                : cp.memberRef(static_cast<uint16_t>(insn.operand)).descriptor;
    auto mt = classfile::parseMethodDescriptor(desc);
    if (!mt) throw Unsupported{"a malformed method descriptor"};
    // The arguments by local slot of the callee (receiver first).
    std::vector<Val> args;
    for (auto p = mt->params.rbegin(); p != mt->params.rend(); ++p) {
      if (p->isWide()) {
        popSlots(f, 2);
        args.emplace_back();
        args.emplace_back();
      } else {
        args.push_back(pop(f));
      }
    }
    bool receiver = kind != bytecode::InvokeKind::Static && kind != bytecode::InvokeKind::Dynamic;
    if (receiver) args.push_back(pop(f));
    std::reverse(args.begin(), args.end());
    Val result;
    std::optional<std::vector<const MethodInfo*>> callees;
    if (kind != bytecode::InvokeKind::Dynamic) callees = targets(caller, insn);
    bool known = callees.has_value();
    if (callees)
      for (const MethodInfo* t : *callees) {
        if (!isApp(t->owner())) {
          known = false;
          continue;
        }
        std::vector<Val>& ps = params(*t);
        for (size_t k = 0; k < args.size() && k < ps.size(); ++k) joinGlobal(ps[k], args[k]);
        result.join(returned_[t], options_.max_classes);
      }
    if (!mt->result) return;
    pushTyped(f, mt->result->kind(), known ? result : kTop);
  }

  Program& program_;
  const std::vector<const ClassInfo*>& app_;
  const FieldValueOptions& options_;
  std::unordered_map<std::string, uint32_t> ids_;
  std::vector<std::string> names_;
  std::set<const MethodInfo*> open_;
  std::set<const MethodInfo*> serialization_only_;  // serializationHook, never called by the program
  std::set<const ClassInfo*> lambda_interfaces_;     // findLambdaInterfaces
  std::map<std::string, Val> fields_;
  std::map<const MethodInfo*, std::vector<Val>> params_;
  std::map<const MethodInfo*, Val> returned_;
  bool changed_ = false;
  size_t steps_ = 0;
};

}  // namespace

FieldValues storedFieldValues(Program& program, const std::vector<const ClassInfo*>& application,
                              const FieldValueOptions& options) {
  Analysis a(program, application, options);
  return a.run();
}

}  // namespace jhalt::program
