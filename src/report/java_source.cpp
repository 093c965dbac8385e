#include "jhalt/report/java_source.h"

#include <map>

#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"
#include "reflective.h"

namespace jhalt::report {
namespace {

using input::Value;

// A class's name in Java source: pkg.Outer.Inner.
std::string sourceName(std::string_view internal) { return input::javaClassName(internal, false); }

// Statements that build the values of a witness. `reflective`: objects by
// Unsafe and reflection (the reproducer); else `new C()` and assignments.
class Writer {
 public:
  explicit Writer(bool reflective) : reflective_(reflective) {}
  std::vector<std::string> setup;

  // An expression for `v` stored as `descriptor`, with the statements it
  // needs appended to `setup`.
  std::string expr(const Value& v, std::string_view descriptor) {
    switch (v.kind) {
      case Value::Kind::Ref: return name(v.id);
      case Value::Kind::Object: return object(v);
      case Value::Kind::Array:
        if (!v.id && plain(v)) return input::javaText(v);
        return array(v);
      case Value::Kind::Int:
        // A boolean or char stored in a wider type keeps its Java type.
        if (!descriptor.empty() && descriptor.front() == 'Z') return v.number ? "true" : "false";
        return input::javaText(v);
      default: return input::javaText(v);
    }
  }

 private:
  // Arrays of primitives and strings without sharing: one literal.
  static bool plain(const Value& v) {
    for (const Value& e : v.elements)
      if (e.kind == Value::Kind::Object || e.kind == Value::Kind::Ref || e.kind == Value::Kind::Array) return false;
    return !(v.type.size() > 1 && v.type[1] == 'L' && v.type != "[Ljava/lang/String;");
  }

  std::string name(int id) {
    auto it = names_.find(id);
    return it != names_.end() ? it->second : fmt::format("o{}", id);
  }

  std::string fresh(int id) {
    std::string n = fmt::format("o{}", ++count_);
    if (id) names_[id] = n;
    return n;
  }

  std::string object(const Value& v) {
    std::string var = fresh(v.id);
    if (reflective_) {
      setup.push_back(fmt::format("Object {} = allocate(\"{}\");", var, input::javaClassName(v.type, true)));
    } else {
      std::string cls = sourceName(v.type);
      setup.push_back(fmt::format("{} {} = new {}(); // allocated without running a constructor", cls, var, cls));
    }
    for (const input::FieldValue& f : v.fields) {
      std::string value = expr(f.value, f.descriptor);
      if (reflective_)
        setup.push_back(fmt::format("setField({}, \"{}\", \"{}\", {});", var, input::javaClassName(f.owner, true),
                                    f.name, value));
      else
        setup.push_back(fmt::format("{}.{} = {};", var, f.name, value));
    }
    return var;
  }

  std::string array(const Value& v) {
    std::string var = fresh(v.id);
    std::string element = v.type.substr(1);
    if (reflective_) {
      setup.push_back(fmt::format("Object {} = java.lang.reflect.Array.newInstance(type(\"{}\"), {});", var, element,
                                  v.elements.size()));
    } else {
      auto t = classfile::parseFieldDescriptor(v.type);
      std::string type = t ? classfile::javaTypeName(*t) : "Object[]";
      for (char& c : type)
        if (c == '$') c = '.';
      std::string inner = type.substr(0, type.size() - 2);
      setup.push_back(fmt::format("{} {} = new {}[{}]{};", type, var, inner.substr(0, inner.find('[')),
                                  v.elements.size(), inner.find('[') == std::string::npos ? "" : inner.substr(inner.find('['))));
    }
    for (size_t i = 0; i < v.elements.size(); ++i) {
      const Value& e = v.elements[i];
      if (e.kind == Value::Kind::Null || (e.kind == Value::Kind::Int && e.number == 0)) continue;
      std::string value = expr(e, element);
      if (reflective_)
        setup.push_back(fmt::format("java.lang.reflect.Array.set({}, {}, {});", var, i, value));
      else
        setup.push_back(fmt::format("{}[{}] = {};", var, i, value));
    }
    return var;
  }

  bool reflective_;
  int count_ = 0;
  std::map<int, std::string> names_;
};

std::vector<std::string> parameterDescriptors(const EntrySignature& e) {
  std::vector<std::string> out;
  if (auto mt = classfile::parseMethodDescriptor(e.descriptor))
    for (const auto& p : mt->params) out.emplace_back(p.text);
  return out;
}

std::string stringArray(const std::vector<std::string>& args) {
  std::string out = "new String[]{";
  for (size_t i = 0; i < args.size(); ++i) out += (i ? ", " : "") + input::javaStringLiteral(args[i]);
  return out + "}";
}

// The argument expressions of the call, in order.
std::vector<std::string> arguments(Writer& w, const input::Witness& wit, const EntrySignature& e) {
  if (wit.main_args) return {stringArray(wit.args)};
  std::vector<std::string> descriptors = parameterDescriptors(e);
  std::vector<std::string> out;
  for (size_t i = 0; i < wit.params.size(); ++i)
    out.push_back(w.expr(wit.params[i], i < descriptors.size() ? descriptors[i] : ""));
  return out;
}

std::string joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

EntrySignature EntrySignature::parse(const std::string& internal_method) {
  EntrySignature e;
  size_t paren = internal_method.find('(');
  size_t dot = internal_method.rfind('.', paren);
  if (paren == std::string::npos || dot == std::string::npos) return e;
  e.cls = internal_method.substr(0, dot);
  e.name = internal_method.substr(dot + 1, paren - dot - 1);
  e.descriptor = internal_method.substr(paren);
  return e;
}

JavaCall javaCall(const input::Witness& w, const EntrySignature& entry) {
  Writer writer(false);
  JavaCall out;
  std::string receiver;
  if (w.receiver) receiver = writer.expr(*w.receiver, "");
  std::string args = joined(arguments(writer, w, entry));
  out.setup = std::move(writer.setup);
  std::string cls = sourceName(entry.cls);
  if (entry.name == "<init>")
    out.call = fmt::format("new {}({})", cls, args);
  else
    out.call = fmt::format("{}.{}({})", w.receiver ? receiver : cls, entry.name, args);
  return out;
}

detail::ReflectiveCall detail::reflectiveCall(const input::Witness& w, const EntrySignature& entry) {
  Writer writer(true);
  ReflectiveCall out;
  if (w.receiver) out.receiver = writer.expr(*w.receiver, "");
  out.args = arguments(writer, w, entry);
  out.setup = std::move(writer.setup);
  return out;
}

}  // namespace jhalt::report
