#include "jhalt/concrete/witness.h"

#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/util/error.h"

namespace jhalt::concrete {
namespace {

using state::HeapValue;
using state::Interval;
using state::Ref;
using state::State;

std::string quoteShell(const std::string& s) {
  if (!s.empty() && s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./") ==
                        std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string quoteJava(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

class Builder {
 public:
  Builder(seg::Evaluator& ev, State& s) : ev_(ev), s_(s), ts_(ev.types()) {}

  Ref integer(int64_t v, char prim = 'I') {
    Ref r = ev_.alloc().fresh();
    s_.put(r, HeapValue::integer(Interval::point(v), prim == 'J' ? 'J' : 'I'));
    return r;
  }

  std::optional<Ref> array(const std::string& type, const std::vector<Ref>& elements) {
    if (static_cast<int64_t>(elements.size()) > ev_.options().max_array_contents) return std::nullopt;
    Ref len = integer(static_cast<int64_t>(elements.size()));
    Ref arr = ev_.alloc().fresh();
    HeapValue v = HeapValue::object(ts_.exactly(ts_.intern(type)));
    v.kind = HeapValue::Kind::Array;
    v.length = len;
    v.has_elements = true;
    v.elements = elements;
    s_.put(arr, std::move(v));
    return arr;
  }

  // A String of the model: its `value` is a char[] holding the characters.
  std::optional<Ref> string(const std::string& text) {
    const program::ClassInfo* cls = ev_.program().find("java/lang/String");
    if (!cls || !cls->declaredField("value", "[C")) return std::nullopt;
    for (const auto& f : cls->file().fields)
      if (!(f.access & classfile::kStatic) && !(f.name == "value" && f.descriptor == "[C"))
        return std::nullopt;  // a String class with other fields is not the model
    std::vector<Ref> chars;
    for (unsigned char c : text) {
      Ref r = ev_.alloc().fresh();
      s_.put(r, HeapValue::integer(Interval::point(c), 'C'));
      chars.push_back(r);
    }
    auto value = array("[C", chars);
    if (!value) return std::nullopt;
    Ref str = ev_.alloc().fresh();
    HeapValue v = HeapValue::object(ts_.exactly(ts_.intern("java/lang/String")));
    v.setField(ts_.field("java/lang/String", "value", "[C", false), *value);
    s_.put(str, std::move(v));
    return str;
  }

  std::optional<Ref> value(const Value& v, char prim) {
    switch (v.kind) {
      case Value::Kind::Int: return integer(v.number, prim);
      case Value::Kind::Null: return state::kNull;
      case Value::Kind::String: return string(v.text);
      case Value::Kind::IntArray: {
        std::vector<Ref> elems;
        for (int64_t x : v.ints) elems.push_back(integer(x));
        return array("[I", elems);
      }
      case Value::Kind::StringArray: {
        std::vector<Ref> elems;
        for (const auto& x : v.strings) {
          if (!x) {
            elems.push_back(state::kNull);
            continue;
          }
          auto str = string(*x);
          if (!str) return std::nullopt;
          elems.push_back(*str);
        }
        return array("[Ljava/lang/String;", elems);
      }
    }
    return std::nullopt;
  }

 private:
  seg::Evaluator& ev_;
  State& s_;
  state::TypeSystem& ts_;
};

}  // namespace

std::string Witness::describe() const {
  if (main_args) {
    std::string out;
    for (const auto& a : args) out += (out.empty() ? "" : " ") + quoteShell(a);
    return fmt::format("args [{}]", out);
  }
  std::string out;
  for (const Value& v : params) {
    if (!out.empty()) out += ", ";
    switch (v.kind) {
      case Value::Kind::Int: out += std::to_string(v.number); break;
      case Value::Kind::Null: out += "null"; break;
      case Value::Kind::String: out += quoteJava(v.text); break;
      case Value::Kind::IntArray: {
        out += "new int[]{";
        for (size_t i = 0; i < v.ints.size(); ++i) out += (i ? ", " : "") + std::to_string(v.ints[i]);
        out += "}";
        break;
      }
      case Value::Kind::StringArray: {
        out += "new String[]{";
        for (size_t i = 0; i < v.strings.size(); ++i)
          out += (i ? ", " : "") + (v.strings[i] ? quoteJava(*v.strings[i]) : std::string("null"));
        out += "}";
        break;
      }
    }
  }
  return "(" + out + ")";
}

std::optional<State> entryState(seg::Evaluator& ev, const program::MethodInfo& entry, const Witness& w) {
  State s;
  state::Frame f;
  f.method = &entry;
  f.locals.assign(entry.method().code->max_locals, state::kNone);
  Builder b(ev, s);
  if (w.main_args) {
    Value v;
    v.kind = Value::Kind::StringArray;
    for (const auto& a : w.args) v.strings.emplace_back(a);
    auto arr = b.value(v, 'L');
    if (!arr) return std::nullopt;
    f.locals[0] = *arr;
  } else {
    if (!entry.isStatic()) return std::nullopt;
    auto mt = classfile::parseMethodDescriptor(entry.descriptor());
    JHALT_ASSERT(mt.has_value(), "descriptor checked by the parser");
    if (mt->params.size() != w.params.size()) return std::nullopt;
    size_t slot = 0;
    for (size_t i = 0; i < w.params.size(); ++i) {
      auto r = b.value(w.params[i], mt->params[i].kind());
      if (!r) return std::nullopt;
      f.locals[slot] = *r;
      slot += static_cast<size_t>(mt->params[i].slots());
    }
  }
  s.frames.push_back(std::move(f));
  return s;
}

}  // namespace jhalt::concrete
