#include "jhalt/state/types.h"

#include <algorithm>

#include <fmt/format.h>

#include "jhalt/program/targets.h"
#include "jhalt/util/error.h"

namespace jhalt::state {

TypeSystem::TypeSystem(program::Program& program) : program_(program) {
  intern("");  // id 0: no type
}

TypeId TypeSystem::intern(std::string_view type_name) {
  auto it = ids_.find(std::string(type_name));
  if (it != ids_.end()) return it->second;
  TypeId id = static_cast<TypeId>(names_.size());
  names_.emplace_back(type_name);
  ids_.emplace(std::string(type_name), id);
  return id;
}

FieldId TypeSystem::field(std::string_view owner, std::string_view name, std::string_view descriptor,
                          bool is_static) {
  std::string key = fmt::format("{}.{}:{}", owner, name, descriptor);
  auto it = field_ids_.find(key);
  if (it != field_ids_.end()) return it->second;
  FieldId id = static_cast<FieldId>(fields_.size());
  fields_.push_back(FieldInfo{std::string(owner), std::string(name), std::string(descriptor), is_static});
  field_ids_.emplace(std::move(key), id);
  return id;
}

bool TypeSystem::isSubtype(TypeId t1, TypeId t2) {
  if (t1 == t2) return true;
  uint64_t key = (uint64_t{t1} << 32) | t2;
  if (auto it = subtype_cache_.find(key); it != subtype_cache_.end()) return it->second;
  bool result = false;
  try {
    result = program_.isAssignable(names_[t1], names_[t2]);
  } catch (const InputError&) {
    result = false;  // a missing class: not known to be a subtype
  }
  subtype_cache_.emplace(key, result);
  return result;
}

// Can one object have both types? Two classes share an instance only if one
// is a subclass of the other; an interface may be implemented by a subclass
// of any class; a type whose class is missing may be anything.
bool TypeSystem::mayOverlap(const AbstractType& x, const AbstractType& y) {
  auto known = [&](TypeId t) {
    if (isArray(t)) return true;
    try {
      return program_.find(name(t)) != nullptr;
    } catch (const InputError&) {
      return false;
    }
  };
  for (const TypeBound& a : x.bounds)
    for (const TypeBound& b : y.bounds) {
      if (!known(a.type) || !known(b.type)) return true;
      // Arrays are covariant in their element types, which may be
      // interfaces: two array bounds overlap unless both are exact.
      if ((isArray(a.type) || isArray(b.type)) && !(a.exact && b.exact)) {
        if (!a.exact && !b.exact) return true;
        if (a.exact ? isSubtype(a.type, b.type) : isSubtype(b.type, a.type)) return true;
        continue;
      }
      if (a.exact && b.exact) {
        if (a.type == b.type) return true;
      } else if (a.exact || b.exact) {
        if (a.exact ? isSubtype(a.type, b.type) : isSubtype(b.type, a.type)) return true;
      } else if (isSubtype(a.type, b.type) || isSubtype(b.type, a.type) || isInterface(a.type) ||
                 isInterface(b.type)) {
        return true;
      }
    }
  return false;
}

bool TypeSystem::isInterface(TypeId t) {
  if (isArray(t)) return false;
  const program::ClassInfo* c = program_.find(names_[t]);
  return c != nullptr && c->isInterface();
}

bool TypeSystem::isAbstractClass(TypeId t) {
  if (isArray(t)) return false;
  const program::ClassInfo* c = program_.find(names_[t]);
  return c != nullptr && (c->file().access & (classfile::kAbstract | classfile::kInterface));
}

std::optional<std::vector<FieldId>> TypeSystem::instanceFields(TypeId t) {
  if (isArray(t)) return std::nullopt;
  const program::ClassInfo* c = program_.find(names_[t]);
  if (!c) return std::nullopt;
  std::vector<FieldId> out;
  for (const program::ClassInfo* k = c; k != nullptr; k = k->super)
    for (const auto& f : k->file().fields)
      if (!(f.access & classfile::kStatic)) out.push_back(field(k->name(), f.name, f.descriptor, false));
  return out;
}

bool TypeSystem::boundContains(const TypeBound& b, TypeId t) {
  if (b.exact) return b.type == t;
  if (!isSubtype(t, b.type)) return false;
  for (TypeId x : b.excluded)
    if (isSubtype(t, x)) return false;
  return true;
}

bool TypeSystem::boundEmpty(const TypeBound& b) {
  if (b.exact) return false;
  for (TypeId x : b.excluded)
    if (isSubtype(b.type, x)) return true;  // everything below `type` is excluded
  return false;
}

bool TypeSystem::contains(const AbstractType& a, TypeId concrete) {
  return std::any_of(a.bounds.begin(), a.bounds.end(), [&](const TypeBound& b) { return boundContains(b, concrete); });
}

bool TypeSystem::isSubset(const AbstractType& a, const AbstractType& b) {
  for (const TypeBound& x : a.bounds) {
    bool covered = false;
    for (const TypeBound& y : b.bounds) {
      if (x.exact) {
        covered = boundContains(y, x.type);
      } else if (!y.exact && isSubtype(x.type, y.type)) {
        // Each part e that y excludes must be disjoint from x: x already
        // excludes a supertype of e, or e and x.type are unrelated classes.
        covered = std::all_of(y.excluded.begin(), y.excluded.end(), [&](TypeId e) {
          if (std::any_of(x.excluded.begin(), x.excluded.end(), [&](TypeId xe) { return isSubtype(e, xe); }))
            return true;
          return !isSubtype(e, x.type) && !isSubtype(x.type, e) && !isInterface(e) && !isInterface(x.type);
        });
      }
      if (covered) break;
    }
    if (!covered) return false;
  }
  return true;
}

AbstractType TypeSystem::unite(const AbstractType& a, const AbstractType& b) {
  AbstractType out = a;
  for (const TypeBound& y : b.bounds) {
    AbstractType single{{y}};
    if (!isSubset(single, out)) out.bounds.push_back(y);
  }
  // Drop bounds subsumed by others.
  AbstractType pruned;
  for (size_t i = 0; i < out.bounds.size(); ++i) {
    AbstractType single{{out.bounds[i]}};
    AbstractType rest;
    for (size_t j = 0; j < out.bounds.size(); ++j)
      if (j != i && !(j > i && out.bounds[j] == out.bounds[i])) rest.bounds.push_back(out.bounds[j]);
    bool subsumed = false;
    for (const TypeBound& r : rest.bounds) {
      if (r == out.bounds[i]) continue;
      if (isSubset(single, AbstractType{{r}})) subsumed = true;
    }
    if (!subsumed) pruned.bounds.push_back(out.bounds[i]);
  }
  return pruned;
}

AbstractType TypeSystem::restrictTo(const AbstractType& a, TypeId t) {
  AbstractType out;
  for (const TypeBound& b : a.bounds) {
    if (b.exact) {
      if (isSubtype(b.type, t)) out.bounds.push_back(b);
    } else if (isSubtype(b.type, t)) {
      out.bounds.push_back(b);
    } else if (isSubtype(t, b.type) || isInterface(t) || isInterface(b.type)) {
      // Some subtypes of b.type may be subtypes of t: keep those of t that are
      // also allowed by b (t's subtypes minus b's exclusions; when neither is
      // a subtype of the other, t's subtypes are an over-approximation).
      TypeBound nb{t, false, b.excluded};
      if (!boundEmpty(nb)) out.bounds.push_back(std::move(nb));
    }
  }
  return out;
}

AbstractType TypeSystem::exclude(const AbstractType& a, TypeId t) {
  AbstractType out;
  for (const TypeBound& b : a.bounds) {
    if (b.exact) {
      if (!isSubtype(b.type, t)) out.bounds.push_back(b);
    } else if (isSubtype(b.type, t)) {
      continue;  // all of it is excluded
    } else {
      TypeBound nb = b;
      if (isSubtype(t, b.type) || isInterface(t) || isInterface(b.type)) {
        nb.excluded.push_back(t);
        std::sort(nb.excluded.begin(), nb.excluded.end());
        nb.excluded.erase(std::unique(nb.excluded.begin(), nb.excluded.end()), nb.excluded.end());
      }
      out.bounds.push_back(std::move(nb));
    }
  }
  return out;
}

bool TypeSystem::allSubtypesOf(const AbstractType& a, TypeId t) {
  return std::all_of(a.bounds.begin(), a.bounds.end(), [&](const TypeBound& b) { return isSubtype(b.type, t); });
}

bool TypeSystem::noneSubtypeOf(const AbstractType& a, TypeId t) {
  for (const TypeBound& b : a.bounds) {
    if (b.exact) {
      if (isSubtype(b.type, t)) return false;
      continue;
    }
    if (isSubtype(b.type, t)) return false;
    bool excluded = std::any_of(b.excluded.begin(), b.excluded.end(), [&](TypeId e) { return isSubtype(t, e); });
    if (excluded) continue;
    // Unrelated classes (neither an interface) have no common subtype.
    if (isSubtype(t, b.type) || isInterface(t) || isInterface(b.type)) return false;
  }
  return true;
}

TypeId TypeSystem::someConcrete(const AbstractType& a) {
  for (const TypeBound& b : a.bounds)
    if (!isAbstractClass(b.type) && boundContains(b, b.type)) return b.type;
  return 0;
}

std::optional<std::vector<TypeId>> TypeSystem::runtimeClasses(const AbstractType& a) {
  std::vector<TypeId> out;
  for (const TypeBound& b : a.bounds) {
    if (isArray(b.type)) return std::nullopt;
    if (b.exact) {
      if (!isAbstractClass(b.type)) out.push_back(b.type);
      continue;
    }
    const program::ClassInfo* c = nullptr;
    try {
      c = program_.find(names_[b.type]);
    } catch (const InputError&) {
    }
    if (!c || c->isInterface()) return std::nullopt;
    const bool final_class = c->file().access & classfile::kFinal;
    if (final_class) {
      if (boundContains(b, b.type)) out.push_back(b.type);
      continue;
    }
    if (c->origin() != classpath::Origin::Application) return std::nullopt;
    if (!application_) {
      application_.emplace();
      for (const program::ClassInfo* k : program::applicationClasses(program_)) application_->push_back(intern(k->name()));
    }
    for (TypeId t : *application_)
      if (!isAbstractClass(t) && boundContains(b, t)) out.push_back(t);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::optional<AbstractType> TypeSystem::storedValues(FieldId f) {
  if (!field_values_) return std::nullopt;
  if (auto it = stored_.find(f); it != stored_.end()) return it->second;
  std::optional<AbstractType>& out = stored_[f];
  const FieldInfo& fi = fields_[f];
  auto it = field_values_->known.find(program::fieldKey(fi.owner, fi.name, fi.descriptor));
  if (it == field_values_->known.end() || it->second.empty()) return out;
  out.emplace();
  for (const std::string& c : it->second) out->bounds.push_back(TypeBound{intern(c), true, {}});
  return out;
}

std::string TypeSystem::describe(const AbstractType& a) const {
  std::string out;
  for (size_t i = 0; i < a.bounds.size(); ++i) {
    if (i) out += " | ";
    const TypeBound& b = a.bounds[i];
    out += names_[b.type];
    if (!b.exact) out += "+";
    for (TypeId e : b.excluded) out += " \\ " + names_[e];
  }
  return out.empty() ? "none" : out;
}

}  // namespace jhalt::state
