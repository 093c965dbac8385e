// Types and field identifiers of abstract states (thesis 002, Def. 1.1:
// Types, FieldIDs). Type and field names are interned to small integers;
// an abstract type is a finite union of type bounds, each either one exact
// type or all subtypes of a type minus the subtypes of some excluded types.
// The thesis uses explicit finite sets of types (Ch. 2.1 expands them
// lazily); the bounds here describe the same sets without enumerating every
// class of the JDK.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "jhalt/program/field_values.h"
#include "jhalt/program/program.h"

namespace jhalt::state {

using TypeId = uint32_t;   // interned internal class name or array descriptor
using FieldId = uint32_t;  // interned field identifier (class, name, descriptor)

struct TypeBound {
  TypeId type = 0;
  bool exact = false;              // exactly `type`; otherwise any subtype of it
  std::vector<TypeId> excluded;    // minus the subtypes of these (sorted)
  bool operator==(const TypeBound&) const = default;
};

// The bounds of an abstract type, shared copy-on-write: states are copied
// at every evaluation step, and types change rarely.
class BoundList {
 public:
  BoundList() = default;
  BoundList(std::initializer_list<TypeBound> init)
      : v_(init.size() ? std::make_shared<std::vector<TypeBound>>(init) : nullptr) {}
  using const_iterator = std::vector<TypeBound>::const_iterator;
  const_iterator begin() const { return v_ ? v_->begin() : empty_.begin(); }
  const_iterator end() const { return v_ ? v_->end() : empty_.end(); }
  bool empty() const { return !v_ || v_->empty(); }
  size_t size() const { return v_ ? v_->size() : 0; }
  const TypeBound& front() const { return v_->front(); }
  const TypeBound& operator[](size_t i) const { return (*v_)[i]; }
  void push_back(TypeBound b) {
    if (!v_)
      v_ = std::make_shared<std::vector<TypeBound>>();
    else if (v_.use_count() > 1)
      v_ = std::make_shared<std::vector<TypeBound>>(*v_);
    v_->push_back(std::move(b));
  }
  bool operator==(const BoundList& o) const {
    if (v_ == o.v_) return true;
    return std::equal(begin(), end(), o.begin(), o.end());
  }

 private:
  std::shared_ptr<std::vector<TypeBound>> v_;
  static inline const std::vector<TypeBound> empty_{};
};

// A set of possible runtime types of an object or array (never contains
// primitive types: those only occur as array elements, e.g. `[I`).
struct AbstractType {
  BoundList bounds;  // union; empty = no possible type
  bool empty() const { return bounds.empty(); }
  bool operator==(const AbstractType&) const = default;
};

// The owner of the pseudo fields that name the texts of a concrete run's
// string pool (State::string_pool).
inline constexpr std::string_view kStringPoolOwner = "<string pool>";

struct FieldInfo {
  std::string owner;       // declaring class
  std::string name;
  std::string descriptor;  // field descriptor, e.g. I or Ljava/lang/String;
  bool isStatic = false;
  char kind() const { return descriptor[0]; }  // I J F D Z B C S L [
  bool isReference() const { return kind() == 'L' || kind() == '['; }
};

// Interning and subtype queries, backed by the program model. One per
// analysis; not thread-safe.
class TypeSystem {
 public:
  explicit TypeSystem(program::Program& program);

  TypeId intern(std::string_view type_name);
  const std::string& name(TypeId id) const { return names_[id]; }
  FieldId field(std::string_view owner, std::string_view name, std::string_view descriptor, bool is_static);
  const FieldInfo& fieldInfo(FieldId id) const { return fields_[id]; }

  // t1 <: t2 (reflexive; JVMS §6.5 checkcast rules). Missing classes make
  // the answer conservative: false for `isSubtype`, true for `mayOverlap`.
  bool isSubtype(TypeId t1, TypeId t2);
  bool isInterface(TypeId t);
  bool isAbstractClass(TypeId t);  // abstract class or interface
  // Can one object have a type of `x` and one of `y`? Two classes share an
  // instance only if one is a subclass of the other; an interface may be
  // implemented by a subclass of any class; a missing class may be anything.
  bool mayOverlap(const AbstractType& x, const AbstractType& y);
  // The instance fields of class t and its superclasses (as `new` sets
  // them); nullopt for an array or a class that is not found.
  std::optional<std::vector<FieldId>> instanceFields(TypeId t);
  bool isArray(TypeId t) const { return !names_[t].empty() && names_[t][0] == '['; }

  // Abstract types.
  AbstractType exactly(TypeId t) { return AbstractType{{TypeBound{t, true, {}}}}; }
  AbstractType subtypesOf(TypeId t) { return AbstractType{{TypeBound{t, false, {}}}}; }
  bool contains(const AbstractType& a, TypeId concrete);
  // a ⊆ b (sufficient check; false when unsure).
  bool isSubset(const AbstractType& a, const AbstractType& b);
  AbstractType unite(const AbstractType& a, const AbstractType& b);
  // The part of `a` whose types are subtypes of `t`, and the part that is not.
  AbstractType restrictTo(const AbstractType& a, TypeId t);
  AbstractType exclude(const AbstractType& a, TypeId t);
  // True if every type in `a` is a subtype of `t` / none is.
  bool allSubtypesOf(const AbstractType& a, TypeId t);
  bool noneSubtypeOf(const AbstractType& a, TypeId t);
  // The classes a value of type `a` may have at run time, when that set is
  // closed: exact types, and application classes with their application
  // subclasses (no library class extends an application class). Interfaces,
  // library classes that are not final and arrays are open: nullopt.
  // Abstract classes are left out (they have no instances).
  std::optional<std::vector<TypeId>> runtimeClasses(const AbstractType& a);
  // The classes the values of reference field f may have by the stored-value
  // analysis (program/field_values.h), when it is in use and knows them
  // (non-null values only); nullopt: any value of the declared type.
  void useFieldValues(std::shared_ptr<const program::FieldValues> values) {
    field_values_ = std::move(values);
    stored_.clear();
  }
  std::optional<AbstractType> storedValues(FieldId f);
  // A concrete (non-abstract) type in `a`, for witnesses; 0 if none known.
  TypeId someConcrete(const AbstractType& a);
  std::string describe(const AbstractType& a) const;

  program::Program& program() { return program_; }

 private:
  bool boundContains(const TypeBound& b, TypeId t);
  bool boundEmpty(const TypeBound& b);

  program::Program& program_;
  std::vector<std::string> names_;
  std::unordered_map<std::string, TypeId> ids_;
  std::vector<FieldInfo> fields_;
  std::unordered_map<std::string, FieldId> field_ids_;
  std::unordered_map<uint64_t, bool> subtype_cache_;
  std::optional<std::vector<TypeId>> application_;  // loaded on first use
  std::shared_ptr<const program::FieldValues> field_values_;
  std::unordered_map<FieldId, std::optional<AbstractType>> stored_;
};

}  // namespace jhalt::state
