#include "jhalt/concrete/entry.h"

#include <map>

#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/util/error.h"

namespace jhalt::concrete {
namespace {

using input::Value;
using state::HeapValue;
using state::Interval;
using state::Ref;
using state::State;

class Builder {
 public:
  Builder(seg::Evaluator& ev, State& s) : ev_(ev), s_(s), ts_(ev.types()) {}
  std::string why;

  Ref integer(int64_t v, char prim) {
    Ref r = ev_.alloc().fresh();
    s_.put(r, HeapValue::integer(Interval::point(v), prim));
    return r;
  }

  Ref floating(double v, char prim) {
    Ref r = ev_.alloc().fresh();
    s_.put(r, HeapValue::floating(v, prim));
    return r;
  }

  // `arr`: the array's reference when it was chosen before its elements
  // were built (a labelled array), else kNone.
  std::optional<Ref> array(const std::string& descriptor, const std::vector<Ref>& elements, Ref arr = state::kNone) {
    if (static_cast<int64_t>(elements.size()) > ev_.options().max_array_contents) {
      why = fmt::format("an array of {} elements (jhalt keeps contents up to {})", elements.size(),
                        ev_.options().max_array_contents);
      return std::nullopt;
    }
    Ref len = integer(static_cast<int64_t>(elements.size()), 'I');
    if (arr == state::kNone) arr = ev_.alloc().fresh();
    HeapValue v = HeapValue::object(ts_.exactly(ts_.intern(descriptor)));
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
    bool model = cls && cls->declaredField("value", "[C");
    if (model)
      for (const auto& f : cls->file().fields)
        if (!(f.access & classfile::kStatic) && !(f.name == "value" && f.descriptor == "[C")) model = false;
    if (!model) {
      why = "strings need jhalt's String model";
      return std::nullopt;
    }
    std::vector<Ref> chars;
    for (unsigned char c : text) chars.push_back(integer(c, 'C'));
    auto value = array("[C", chars);
    if (!value) return std::nullopt;
    Ref str = ev_.alloc().fresh();
    HeapValue v = HeapValue::object(ts_.exactly(ts_.intern("java/lang/String")));
    v.setField(ts_.field("java/lang/String", "value", "[C", false), *value);
    s_.put(str, std::move(v));
    return str;
  }

  // An object allocated without a constructor: every instance field of the
  // class and its superclasses at its default value, then the witness's.
  std::optional<Ref> object(const Value& v) {
    const program::ClassInfo* cls = ev_.program().find(v.type);
    if (!cls) {
      why = fmt::format("class {} not found", v.type);
      return std::nullopt;
    }
    if (cls->file().access & (classfile::kAbstract | classfile::kInterface)) {
      why = fmt::format("{} cannot be instantiated", v.type);
      return std::nullopt;
    }
    // The reference exists before the fields are built: a field may refer
    // back to this object (a labelled value, see input::Value::id).
    Ref r = ev_.alloc().fresh();
    if (v.id) labelled_[v.id] = r;
    HeapValue obj = HeapValue::object(ts_.exactly(ts_.intern(v.type)));
    for (const program::ClassInfo* k = cls; k; k = k->super)
      for (const auto& f : k->file().fields)
        if (!(f.access & classfile::kStatic))
          obj.setField(ts_.field(k->name(), f.name, f.descriptor, false), defaultValue(f.descriptor));
    for (const input::FieldValue& f : v.fields) {
      auto fr = value(f.value, f.descriptor);
      if (!fr) return std::nullopt;
      obj.setField(ts_.field(f.owner, f.name, f.descriptor, false), *fr);
    }
    s_.put(r, std::move(obj));
    return r;
  }

  Ref defaultValue(std::string_view descriptor) {
    char k = descriptor.front();
    if (k == 'L' || k == '[') return state::kNull;
    if (k == 'F' || k == 'D') return floating(0.0, k);
    return integer(0, k == 'J' ? 'J' : 'I');
  }

  // `descriptor`: the declared type the value is stored as.
  std::optional<Ref> value(const Value& v, std::string_view descriptor) {
    char k = descriptor.empty() ? 'L' : descriptor.front();
    switch (v.kind) {
      case Value::Kind::Int:
        if (k == 'L' || k == '[' || k == 'F' || k == 'D') return mismatch(descriptor);
        return integer(v.number, k == 'J' ? 'J' : 'I');  // sub-int types are ints on the JVM's stack
      case Value::Kind::Float:
        if (k != 'F' && k != 'D') return mismatch(descriptor);
        return floating(k == 'F' ? static_cast<float>(v.real) : v.real, k);
      case Value::Kind::Null:
        if (k != 'L' && k != '[') return mismatch(descriptor);
        return state::kNull;
      case Value::Kind::String:
        return string(v.text);
      case Value::Kind::Object:
        return object(v);
      case Value::Kind::Ref: {
        auto it = labelled_.find(v.id);
        if (it == labelled_.end()) {
          why = fmt::format("the witness refers to object o{} before defining it", v.id);
          return std::nullopt;
        }
        return it->second;
      }
      case Value::Kind::Array: {
        std::string_view element = std::string_view(v.type).substr(1);
        Ref arr = ev_.alloc().fresh();
        if (v.id) labelled_[v.id] = arr;
        std::vector<Ref> elems;
        for (const Value& e : v.elements) {
          auto r = value(e, element);
          if (!r) return std::nullopt;
          elems.push_back(*r);
        }
        return array(v.type, elems, arr);
      }
    }
    return std::nullopt;
  }

 private:
  std::optional<Ref> mismatch(std::string_view descriptor) {
    why = fmt::format("a witness value does not fit type {}", descriptor);
    return std::nullopt;
  }

  seg::Evaluator& ev_;
  State& s_;
  state::TypeSystem& ts_;
  std::map<int, Ref> labelled_;  // input::Value::id -> its reference
};

}  // namespace

std::optional<State> entryState(seg::Evaluator& ev, const program::MethodInfo& entry, const input::Witness& w,
                                std::string* why) {
  State s;
  state::Frame f;
  f.method = &entry;
  f.locals.assign(entry.method().code->max_locals, state::kNone);
  Builder b(ev, s);
  auto fail = [&](std::string reason) -> std::optional<State> {
    if (why) *why = reason.empty() ? b.why : reason;
    return std::nullopt;
  };
  if (w.main_args) {
    Value v = Value::array("[Ljava/lang/String;", {});
    for (const auto& a : w.args) v.elements.push_back(Value::string(a));
    auto arr = b.value(v, "[Ljava/lang/String;");
    if (!arr) return fail("");
    f.locals[0] = *arr;
  } else {
    auto mt = classfile::parseMethodDescriptor(entry.descriptor());
    JHALT_ASSERT(mt.has_value(), "descriptor checked by the parser");
    if (mt->params.size() != w.params.size()) return fail("the witness has the wrong number of arguments");
    size_t slot = 0;
    if (!entry.isStatic()) {
      if (!w.receiver || w.receiver->kind != Value::Kind::Object) return fail("an instance method needs a receiver");
      auto r = b.object(*w.receiver);
      if (!r) return fail("");
      f.locals[slot++] = *r;
    }
    for (size_t i = 0; i < w.params.size(); ++i) {
      auto r = b.value(w.params[i], mt->params[i].text);
      if (!r) return fail("");
      f.locals[slot] = *r;
      slot += static_cast<size_t>(mt->params[i].slots());
    }
  }
  s.frames.push_back(std::move(f));
  return s;
}

}  // namespace jhalt::concrete
