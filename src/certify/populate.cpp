#include "populate.h"

#include "jhalt/classfile/descriptor.h"
#include "jhalt/concrete/candidates.h"

namespace jhalt::certify {
namespace {

constexpr int kDepth = 3;  // objects filled inside objects, at most

class Filler {
 public:
  explicit Filler(program::Program& p) : p_(p) {}
  bool changed = false;

  // `v` stored as `descriptor`.
  void fill(input::Value& v, std::string_view descriptor, int depth) {
    using K = input::Value::Kind;
    if (v.kind == K::Null) {
      if (auto x = nonNull(descriptor, depth)) {
        v = std::move(*x);
        changed = true;
      }
      return;
    }
    if (v.kind == K::Array) {
      std::string_view element = std::string_view(v.type).substr(1);
      for (auto& e : v.elements) fill(e, element, depth);
    } else if (v.kind == K::Object && depth < kDepth) {
      fillFields(v, depth + 1);
    }
  }

 private:
  std::optional<input::Value> nonNull(std::string_view descriptor, int depth) {
    if (descriptor == "Ljava/lang/String;") return input::Value::string("");
    if (descriptor.starts_with('[')) return input::Value::array(std::string(descriptor), {});
    if (!descriptor.starts_with('L') || depth >= kDepth) return std::nullopt;
    std::string cls(descriptor.substr(1, descriptor.size() - 2));
    if (!concrete::instantiable(p_, cls)) return std::nullopt;
    input::Value o = input::Value::object(cls);
    fillFields(o, depth + 1);
    return o;
  }

  // Every reference field of the object's class and superclasses that the
  // witness leaves null (its default) gets a value.
  void fillFields(input::Value& obj, int depth) {
    const program::ClassInfo* c = p_.find(obj.type);
    for (const program::ClassInfo* k = c; k; k = k->super)
      for (const auto& f : k->file().fields) {
        if ((f.access & classfile::kStatic) || (f.descriptor[0] != 'L' && f.descriptor[0] != '[')) continue;
        input::FieldValue* set = nullptr;
        for (auto& fv : obj.fields)
          if (fv.owner == k->name() && fv.name == f.name) set = &fv;
        if (set) {
          fill(set->value, f.descriptor, depth);
        } else if (auto v = nonNull(f.descriptor, depth)) {
          obj.fields.push_back({std::string(k->name()), std::string(f.name), std::string(f.descriptor), std::move(*v)});
          changed = true;
        }
      }
  }

  program::Program& p_;
};

}  // namespace

bool withoutNulls(program::Program& program, const program::MethodInfo& entry, input::Witness& w) {
  if (w.main_args) return false;  // main's arguments are never null
  Filler f(program);
  if (w.receiver) f.fill(*w.receiver, "L" + std::string(entry.owner().name()) + ";", 0);
  auto mt = classfile::parseMethodDescriptor(entry.descriptor());
  if (!mt || mt->params.size() != w.params.size()) return false;
  for (size_t i = 0; i < w.params.size(); ++i) f.fill(w.params[i], mt->params[i].text, 0);
  return f.changed;
}

}  // namespace jhalt::certify
