// Static int fields that the CLP translation threads through the
// predicates (issue 5, item 1; issue 13 for the main class's fields): which
// fields, their slots, and which a callee may write.
#pragma once

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "jhalt/program/program.h"

namespace jhalt::clp::detail {

struct TrackedStatic {
  const program::ClassInfo* owner;
  std::string name;
  std::string label;              // pkg.C.f
  bool unknown_at_entry = false;  // a main class's field its initializer may have set
};

class StaticFields {
 public:
  // `app_classes`: the closed world (empty when it could not be loaded),
  // filled before collect() is called.
  StaticFields(program::Program& program, const std::vector<const program::ClassInfo*>& app_classes,
               size_t max_statics)
      : program_(program), app_classes_(app_classes), max_statics_(max_statics) {}

  // The int-like static fields of application classes without a static
  // initializer (0 at the entry) that application methods the entry may run
  // read or write, and those of `initialized_main` (the main class under
  // termination proofs; null otherwise), which the JVM initialises before
  // main (JVMS §5.2): unknown at the entry. Fields another class initializer
  // or a finalizer may write are left out; at most max_statics.
  void collect(const program::MethodInfo& entry, const program::ClassInfo* initialized_main,
               std::vector<std::string>& notes);

  const std::vector<TrackedStatic>& fields() const { return statics_; }
  size_t size() const { return statics_.size(); }
  // The slot of the field a getstatic/putstatic names, -1 if untracked.
  std::function<int(const classfile::MemberRef&)> slotFunction();
  // Per slot: may `m`, or anything it may run, write the field? (A library
  // call outside clp::libraryTerminates may call back anywhere: all.)
  const std::vector<bool>& writtenBy(const program::MethodInfo& m);

 private:
  bool callsApplication(const bytecode::Instruction& insn, const classfile::ConstantPool& cp);
  std::vector<const program::MethodInfo*> mayRun(const program::MethodInfo& entry);
  const program::ClassInfo* declaringClass(const classfile::MemberRef& ref);
  // The tracked-kind static fields `root` and what it may run write; `any`
  // when a library call or unreadable code may write anything.
  void staticWrites(const program::MethodInfo& root, std::set<std::pair<const program::ClassInfo*, std::string>>& fields,
                    bool& any, bool skip_main_init);
  static bool hasConstantValue(const program::ClassInfo& c, const std::string& name);

  program::Program& program_;
  const std::vector<const program::ClassInfo*>& app_classes_;
  size_t max_statics_;
  const program::ClassInfo* initialized_main_ = nullptr;
  std::vector<TrackedStatic> statics_;
  std::map<const program::MethodInfo*, std::vector<bool>> written_;
};

}  // namespace jhalt::clp::detail
