// The program model: classes loaded from the class path with their
// superclass and superinterfaces linked, subtyping (JVMS §6.5 checkcast),
// method and field resolution (JVMS §5.4.3.2-4), method selection (§5.4.6),
// invokespecial lookup (§6.5 invokespecial) and class initialization (§5.5).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/bytecode/cfg.h"
#include "jhalt/bytecode/liveness.h"
#include "jhalt/classpath/class_path.h"

namespace jhalt::program {

struct ClassInfo;

// Decoded code of one method with its control-flow facts.
struct MethodCode {
  MethodCode(const classfile::Code& code, const classfile::ConstantPool& pool);
  MethodCode(const MethodCode&) = delete;
  MethodCode& operator=(const MethodCode&) = delete;

  const classfile::Code& attribute;
  bytecode::Bytecode bytecode;
  bytecode::ControlFlowGraph cfg;
  bytecode::Dominators dominators;
  std::vector<bytecode::Loop> loops;
  bytecode::Liveness liveness;
  std::vector<bool> loop_head;  // per instruction index: first instruction of a loop header block

  // Source line of an instruction offset, -1 if unknown.
  int32_t line(uint32_t offset) const { return bytecode::sourceLine(attribute, offset); }
};

class MethodInfo {
 public:
  MethodInfo(const ClassInfo* owner, const classfile::Method* method) : owner_(owner), method_(method) {}

  const ClassInfo& owner() const { return *owner_; }
  const classfile::Method& method() const { return *method_; }
  std::string_view name() const { return method_->name; }
  std::string_view descriptor() const { return method_->descriptor; }
  bool isStatic() const { return method_->isStatic(); }
  bool isAbstract() const { return method_->isAbstract(); }
  bool isPrivate() const { return method_->isPrivate(); }
  bool hasCode() const { return method_->code.has_value(); }
  // `pkg/C.m(I)V`
  std::string qualifiedName() const;
  // Decoded on first use. Throws InputError (naming the class file) if the
  // code is malformed; must only be called when hasCode().
  const MethodCode& code() const;

 private:
  const ClassInfo* owner_;
  const classfile::Method* method_;
  mutable std::unique_ptr<MethodCode> code_;
};

struct ClassInfo {
  const classpath::LoadedClass* loaded = nullptr;
  const ClassInfo* super = nullptr;
  std::vector<const ClassInfo*> interfaces;
  std::vector<std::unique_ptr<MethodInfo>> methods;  // declaration order

  const classfile::ClassFile& file() const { return loaded->file; }
  std::string_view name() const { return loaded->file.name; }
  bool isInterface() const { return loaded->file.isInterface(); }
  classpath::Origin origin() const { return loaded->origin; }
  const std::string& location() const { return loaded->location; }
  std::string_view packageName() const;

  const MethodInfo* declaredMethod(std::string_view name, std::string_view descriptor) const;
  const classfile::Field* declaredField(std::string_view name, std::string_view descriptor) const;
  const MethodInfo* classInitializer() const { return declaredMethod("<clinit>", "()V"); }
};

struct ResolvedField {
  const ClassInfo* owner;  // the class or interface that declares the field
  const classfile::Field* field;
};

class Program {
 public:
  explicit Program(classpath::ClassPath& class_path) : class_path_(class_path) {}
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  // The class with its supertypes loaded, or nullptr if the class path does
  // not have it. Throws InputError if it or a supertype is malformed, a
  // supertype is missing, or the hierarchy is circular.
  const ClassInfo* find(std::string_view internal_name);
  // Like find(), but a missing class is an InputError.
  const ClassInfo& get(std::string_view internal_name);

  // Subclass or implemented interface, reflexive and transitive.
  bool isSubtypeOf(const ClassInfo& s, const ClassInfo& t) const;
  // JVMS §6.5 checkcast rules for reference types written as internal class
  // names (`java/lang/String`) or array descriptors (`[I`, `[Ljava/lang/Object;`).
  bool isAssignable(std::string_view s, std::string_view t);

  // JVMS §5.4.3.3 (interface = false) and §5.4.3.4 (interface = true).
  // nullptr if resolution fails (NoSuchMethodError or
  // IncompatibleClassChangeError at run time).
  const MethodInfo* resolveMethod(const ClassInfo& owner, std::string_view name,
                                  std::string_view descriptor, bool interface);
  // JVMS §5.4.6: the method invokevirtual/invokeinterface selects for a
  // receiver of class `receiver`; nullptr if none (AbstractMethodError).
  const MethodInfo* selectMethod(const ClassInfo& receiver, const MethodInfo& resolved);
  // JVMS §6.5 invokespecial: the method invoked from `current` for the
  // resolved method `resolved` named through class `symbolic`.
  const MethodInfo* selectSpecial(const ClassInfo& current, const ClassInfo& symbolic,
                                  const MethodInfo& resolved);
  // JVMS §5.4.3.2.
  std::optional<ResolvedField> resolveField(const ClassInfo& owner, std::string_view name,
                                            std::string_view descriptor);
  // JVMS §5.5 step 7: classes to initialize before `cls` is initialized,
  // outermost first, ending with `cls`: superclasses, then superinterfaces
  // that declare default methods (only those are initialized with a class).
  std::vector<const ClassInfo*> initializationOrder(const ClassInfo& cls) const;

  classpath::ClassPath& classPath() { return class_path_; }

 private:
  const ClassInfo* load(std::string_view name, std::vector<std::string>& loading);
  std::vector<const MethodInfo*> maximallySpecific(const ClassInfo& cls, std::string_view name,
                                                   std::string_view descriptor);
  const MethodInfo* lookupInClassChain(const ClassInfo* cls, std::string_view name,
                                       std::string_view descriptor) const;
  bool overrides(const MethodInfo& m, const MethodInfo& base) const;

  classpath::ClassPath& class_path_;
  std::map<std::string, std::unique_ptr<ClassInfo>, std::less<>> classes_;
  std::map<std::string, bool, std::less<>> missing_;
};

}  // namespace jhalt::program
