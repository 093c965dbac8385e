// A running JVM's memory read into jhalt's states on demand (see world.h).
#include "jhalt/looper/world.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>

#include <fmt/format.h>

#include "jhalt/bytecode/kinds.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/live/wire.h"
#include "jhalt/util/error.h"
#include "jhalt/util/mutf8.h"

namespace jhalt::looper {

using state::HeapValue;
using state::Interval;
using state::kNone;
using state::kNull;
using state::State;

namespace {

// Application and model classes have their initialization tracked by
// jhalt's states; JDK classes are taken as initialised (seg/eval_call.cpp).
bool tracked(const program::ClassInfo& c) {
  return c.origin() != classpath::Origin::Jdk && c.location().find(".jmod!") == std::string::npos;
}

char primOf(std::string_view descriptor) {
  char p = descriptor.empty() ? 'V' : descriptor[0];
  return p == '[' ? 'L' : p;
}

// Modified UTF-8 (class files) to UTF-16 code units.
std::u16string decodeModifiedUtf8(std::string_view b) {
  std::u16string out;
  for (size_t i = 0; i < b.size();) {
    auto c = static_cast<unsigned char>(b[i]);
    if (c < 0x80) {
      out.push_back(c);
      i += 1;
    } else if ((c & 0xE0) == 0xC0 && i + 1 < b.size()) {
      out.push_back(static_cast<char16_t>(((c & 0x1F) << 6) | (static_cast<unsigned char>(b[i + 1]) & 0x3F)));
      i += 2;
    } else if (i + 2 < b.size()) {
      out.push_back(static_cast<char16_t>(((c & 0x0F) << 12) | ((static_cast<unsigned char>(b[i + 1]) & 0x3F) << 6) |
                                          (static_cast<unsigned char>(b[i + 2]) & 0x3F)));
      i += 3;
    } else {
      break;
    }
  }
  return out;
}

}  // namespace

LiveWorld::LiveWorld(live::Connection& jvm, uint64_t thread, program::Program& program, state::TypeSystem& types)
    : jvm_(jvm), thread_(thread), program_(program), types_(types) {}

bool LiveWorld::fail(std::string why) {
  if (failure_.empty()) failure_ = std::move(why);
  return false;
}

std::optional<uint64_t> LiveWorld::handleOf(Ref r) const {
  auto it = handles_.find(r);
  if (it == handles_.end()) return std::nullopt;
  return it->second;
}

std::optional<int64_t> LiveWorld::originalInt(const Location& l) const {
  auto it = original_ints_.find(l);
  if (it == original_ints_.end()) return std::nullopt;
  return it->second;
}

std::optional<Ref> LiveWorld::originalRef(const Location& l) const {
  auto it = original_refs_.find(l);
  if (it == original_refs_.end()) return std::nullopt;
  return it->second;
}

std::string LiveWorld::describe(Ref r, const State& s) const {
  if (r == kNull) return "null";
  auto [it, fresh] = numbers_.emplace(r, static_cast<int>(numbers_.size()) + 1);
  (void)fresh;
  std::string type = "Object";
  const HeapValue* v = s.find(r);
  std::optional<state::TypeId> known;
  if (v && !v->type.bounds.empty()) known = v->type.bounds.front().type;
  if (auto t = types_of_.find(r); !known && t != types_of_.end()) known = t->second;
  if (known) {
    type = types_.name(*known);
    if (type.front() == '[') {
      type = classfile::javaTypeName(*classfile::parseFieldDescriptor(type));
    } else {
      type = type.substr(type.find_last_of('/') + 1);
      std::replace(type.begin(), type.end(), '$', '.');
    }
  }
  std::string text;
  if (type == "String") {
    if (const HeapValue* str = s.find(r)) {
      Ref arr = str->field(types_.field("java/lang/String", "value", "[C", false));
      const HeapValue* a = arr == kNone ? nullptr : s.find(arr);
      if (a && a->has_elements) {
        text = " \"";
        for (size_t k = 0; k < a->elements.size() && k < 40; ++k) {
          const HeapValue* c = s.find(a->elements[k]);
          int64_t ch = c ? c->interval.lo : '?';
          if (ch == '"' || ch == '\\') text += '\\';
          text += ch >= 32 && ch < 127 ? static_cast<char>(ch) : '?';
        }
        text += a->elements.size() > 40 ? "...\"" : "\"";
      }
    }
  }
  return fmt::format("{}#{}{}{}", type, it->second, text, ghosts_.count(r) ? " (a literal)" : "");
}

void LiveWorld::pin(State& s, Ref r) {
  auto it = std::lower_bound(s.pinned.begin(), s.pinned.end(), r);
  if (it == s.pinned.end() || *it != r) {
    s.pinned.insert(it, r);
    ++edits_;
  }
}

Ref LiveWorld::objectRef(const live::Value& v, seg::Evaluator& ev, State& s) {
  if (v.handle == 0) return kNull;
  Ref r;
  if (auto it = refs_.find(v.handle); it != refs_.end()) {
    r = it->second;
  } else {
    r = ev.alloc().fresh();
    refs_[v.handle] = r;
    handles_[r] = v.handle;
  }
  if (!s.find(r)) {
    state::TypeId t = types_.intern(v.cls);
    types_of_[r] = t;
    HeapValue hv = HeapValue::object(types_.exactly(t));
    if (types_.isArray(t)) hv.kind = HeapValue::Kind::Array;
    s.put(r, std::move(hv));
    ++edits_;
  }
  pin(s, r);
  return r;
}

Ref LiveWorld::valueRef(const live::Value& v, char prim, const Location& where, seg::Evaluator& ev, State& s) {
  switch (v.tag) {
    case 'E':
      fail(fmt::format("the JVM did not give a value (JVMTI error {})", v.error));
      return kNone;
    case 'L': {
      Ref r = objectRef(v, ev, s);
      original_refs_.emplace(where, r);
      return r;
    }
    case 'F': {
      float f;
      auto bits = static_cast<uint32_t>(v.bits);
      std::memcpy(&f, &bits, 4);
      Ref r = ev.alloc().fresh();
      s.put(r, HeapValue::floating(static_cast<double>(f), 'F'));
      return r;
    }
    case 'D': {
      double d;
      std::memcpy(&d, &v.bits, 8);
      Ref r = ev.alloc().fresh();
      s.put(r, HeapValue::floating(d, 'D'));
      return r;
    }
    default: {
      Ref r = ev.alloc().fresh();
      char p = prim == 'J' ? 'J' : (prim == 'Z' || prim == 'B' || prim == 'C' || prim == 'S') ? prim : 'I';
      s.put(r, HeapValue::integer(Interval::point(v.i), p));
      original_ints_.emplace(where, v.i);
      if (observer_) observer_->entered(where, r, v.i, p);
      return r;
    }
  }
}

State LiveWorld::frameState(seg::Evaluator& ev, const program::MethodInfo& method, uint32_t pc, uint32_t depth) {
  const program::MethodCode& code = method.code();
  int32_t index = code.bytecode.indexAt(pc);
  if (index < 0) throw Unsupported(fmt::format("offset {} is no instruction of {}", pc, method.qualifiedName()));
  auto kinds = bytecode::inferKinds(code.bytecode, code.attribute, method.owner().file().pool, method.descriptor(),
                                    method.isStatic());
  const auto& at = kinds[static_cast<size_t>(index)];
  if (!at) throw Unsupported(fmt::format("the slot kinds at {}:{} are unknown", method.qualifiedName(), pc));
  if (!at->stack.empty())
    throw Unsupported(fmt::format("the operand stack at {}:{} is not empty (JVMTI cannot read it)", method.qualifiedName(), pc));
  std::vector<live::LocalRequest> wanted;
  for (size_t slot = 0; slot < at->locals.size(); ++slot) {
    char k = bytecode::kindLetter(at->locals[slot]);
    if (k && code.liveness.live(static_cast<uint32_t>(index), static_cast<uint32_t>(slot)))
      wanted.push_back({static_cast<uint16_t>(slot), k});
  }
  std::vector<live::Value> values = jvm_.locals(thread_, depth, wanted);
  State s;
  state::Frame f;
  f.method = &method;
  f.pc = pc;
  f.locals.assign(code.attribute.max_locals, kNone);
  s.frames.push_back(f);
  for (size_t k = 0; k < wanted.size() && k < values.size(); ++k) {
    Location where{Location::Kind::Local, kNone, wanted[k].slot, 0};
    Ref r = valueRef(values[k], wanted[k].kind, where, ev, s);
    if (r == kNone) throw Unsupported(failure_);
    s.frames.front().locals[wanted[k].slot] = r;
  }
  // The method's class is initialised or being initialised by this thread.
  for (const program::ClassInfo* k : program_.initializationOrder(method.owner()))
    if (tracked(*k)) s.setInit(types_.intern(k->name()), state::InitStatus::Running);
  ensureInitialized(method.owner(), s, ev);
  return s;
}

bool LiveWorld::ensureInitialized(const program::ClassInfo& cls, State& s, seg::Evaluator&) {
  if (!tracked(cls)) return true;
  if (!class_status_loaded_) {
    class_status_loaded_ = true;
    for (const auto& c : jvm_.loadedClasses()) {
      auto [it, fresh] = class_status_.emplace(c.name, c.status);
      if (!fresh) it->second &= c.status;  // several loaders: initialised only if all are
    }
  }
  for (const program::ClassInfo* k : program_.initializationOrder(cls)) {
    if (!tracked(*k)) continue;
    state::TypeId id = types_.intern(k->name());
    if (s.initStatus(id) != state::InitStatus::No) continue;
    auto it = class_status_.find(std::string(k->name()));
    if (it != class_status_.end() && (it->second & live::kClassInitialized)) {
      s.setInit(id, state::InitStatus::Yes);
      ++edits_;
    }
  }
  return true;
}

bool LiveWorld::ensureStatic(state::FieldId f, const program::ClassInfo& owner, seg::Evaluator& ev, State& s) {
  if (s.staticField(f) != kNone) return true;
  if (tracked(owner) && s.initStatus(types_.intern(owner.name())) == state::InitStatus::No) return true;
  const state::FieldInfo& fi = types_.fieldInfo(f);
  live::StaticValue v = jvm_.staticField(fi.owner, fi.name, fi.descriptor);
  if (!v.class_found) return fail(fmt::format("class {} is not loaded in the JVM, or by several class loaders", fi.owner));
  if (!(v.status & live::kClassInitialized)) return fail(fmt::format("class {} is not initialised in the JVM", fi.owner));
  if (!v.field_found) return fail(fmt::format("the JVM's class {} has no static field {}", fi.owner, fi.name));
  Ref r = valueRef(v.value, primOf(fi.descriptor), Location{Location::Kind::Static, kNone, 0, f}, ev, s);
  if (r == kNone) return false;
  s.setStatic(f, r);
  ++edits_;
  return true;
}

bool LiveWorld::materialize(Ref obj, seg::Evaluator& ev, State& s) {
  auto h = handles_.find(obj);
  if (h == handles_.end()) return true;  // made by jhalt: complete
  const HeapValue* v = s.find(obj);
  if (!v) return fail("an object of the JVM is missing from the state");
  state::TypeId t = v->type.bounds.front().type;
  const std::string type = types_.name(t);
  if (types_.isArray(t)) return v->has_elements || materializeArray(obj, h->second, ev, s);
  if (type == "java/lang/String") {
    state::FieldId value = types_.field("java/lang/String", "value", "[C", false);
    return v->field(value) != kNone || materializeString(obj, h->second, ev, s);
  }
  if (type == "java/lang/StringBuilder" && program_.find(type)->origin() == classpath::Origin::Model)
    return !v->fields.empty() || materializeBuilder(obj, h->second, ev, s);
  auto fields = types_.instanceFields(t);
  if (!fields) return fail(fmt::format("class {} is not on jhalt's class path", type));
  if (fields->empty() || !v->fields.empty()) return true;
  live::ObjectInfo info = jvm_.object(h->second);
  std::vector<std::pair<state::FieldId, Ref>> values;
  for (state::FieldId f : *fields) {
    const state::FieldInfo& fi = types_.fieldInfo(f);
    auto it = std::find_if(info.fields.begin(), info.fields.end(), [&](const live::FieldValue& x) {
      return x.owner == fi.owner && x.name == fi.name && x.descriptor == fi.descriptor;
    });
    if (it == info.fields.end())
      return fail(fmt::format("the JVM's {} has no field {}.{} (jhalt's class differs from the JVM's)", type, fi.owner,
                              fi.name));
    Ref r = valueRef(it->value, primOf(fi.descriptor), Location{Location::Kind::Field, obj, 0, f}, ev, s);
    if (r == kNone) return false;
    values.emplace_back(f, r);
  }
  HeapValue& m = s.atMutable(obj);
  for (const auto& [f, r] : values) m.setField(f, r);
  ++edits_;
  return true;
}

// An immutable char array of `text` (a String's contents), its length and
// characters constants.
Ref LiveWorld::constantChars(const std::u16string& text, seg::Evaluator& ev, State& s) {
  Ref arr = ev.alloc().fresh();
  HeapValue av = HeapValue::object(types_.exactly(types_.intern("[C")));
  av.kind = HeapValue::Kind::Array;
  av.length = ev.alloc().fresh();
  s.put(av.length, HeapValue::integer(Interval::point(static_cast<int64_t>(text.size()))));
  if (observer_) observer_->constant(av.length, static_cast<int64_t>(text.size()));
  av.has_elements = true;
  for (char16_t c : text) {
    Ref e = ev.alloc().fresh();
    s.put(e, HeapValue::integer(Interval::point(c), 'C'));
    if (observer_) observer_->constant(e, c);
    av.elements.push_back(e);
  }
  s.put(arr, std::move(av));
  immutable_.insert(arr);
  derived_.insert(arr);
  return arr;
}

bool LiveWorld::materializeString(Ref obj, uint64_t handle, seg::Evaluator& ev, State& s) {
  std::u16string text = jvm_.string(handle);
  if (static_cast<int64_t>(text.size()) > ev.options().arrayContentsLimit())
    return fail(fmt::format("a String of {} characters", text.size()));
  Ref arr = constantChars(text, ev, s);
  s.atMutable(obj).setField(types_.field("java/lang/String", "value", "[C", false), arr);
  immutable_.insert(obj);
  ++edits_;
  return true;
}

// A StringBuilder of the JVM (JDK 17: a byte[] in LATIN1 or UTF16, a coder,
// a count) as the model's (a char[] of the same capacity, a count). jhalt's
// writes stay in its states.
bool LiveWorld::materializeBuilder(Ref obj, uint64_t handle, seg::Evaluator& ev, State& s) {
  live::ObjectInfo info = jvm_.object(handle);
  const live::Value* bytes = nullptr;
  int64_t coder = -1, count = -1;
  for (const auto& f : info.fields) {
    if (f.owner != "java/lang/AbstractStringBuilder") continue;
    if (f.name == "value") bytes = &f.value;
    if (f.name == "coder") coder = f.value.i;
    if (f.name == "count") count = f.value.i;
  }
  if (!bytes || bytes->isNull() || (coder != 0 && coder != 1) || count < 0)
    return fail("the JVM's StringBuilder is not laid out as in JDK 17");
  std::vector<live::Value> all;
  for (;;) {
    live::ArrayChunk chunk = jvm_.array(bytes->handle, static_cast<uint32_t>(all.size()), live::wire::kMaxArrayChunk);
    all.insert(all.end(), chunk.values.begin(), chunk.values.end());
    if (all.size() >= chunk.length || chunk.values.empty()) break;
  }
  size_t capacity = coder == 0 ? all.size() : all.size() / 2;
  if (static_cast<int64_t>(capacity) > ev.options().arrayContentsLimit())
    return fail(fmt::format("a StringBuilder of capacity {}", capacity));
  Ref arr = ev.alloc().fresh();
  HeapValue av = HeapValue::object(types_.exactly(types_.intern("[C")));
  av.kind = HeapValue::Kind::Array;
  av.length = ev.alloc().fresh();
  s.put(av.length, HeapValue::integer(Interval::point(static_cast<int64_t>(capacity))));
  if (observer_) observer_->constant(av.length, static_cast<int64_t>(capacity));
  av.has_elements = true;
  s.put(arr, std::move(av));
  std::vector<Ref> elems;
  for (size_t k = 0; k < capacity; ++k) {
    // UTF16 in the JVM's (little-endian) byte order.
    int64_t c = coder == 0 ? (all[k].i & 0xFF) : ((all[2 * k].i & 0xFF) | ((all[2 * k + 1].i & 0xFF) << 8));
    live::Value v;
    v.tag = 'C';
    v.i = c;
    elems.push_back(valueRef(v, 'C', Location{Location::Kind::Element, arr, static_cast<uint32_t>(k), 0}, ev, s));
  }
  s.atMutable(arr).elements = std::move(elems);
  derived_.insert(arr);  // the JVM's memory: it existed before any iteration
  pin(s, arr);
  live::Value n;
  n.tag = 'I';
  n.i = count;
  state::FieldId count_field = types_.field("java/lang/StringBuilder", "count", "I", false);
  Ref count_ref = valueRef(n, 'I', Location{Location::Kind::Field, obj, 0, count_field}, ev, s);
  HeapValue& m = s.atMutable(obj);
  m.setField(types_.field("java/lang/StringBuilder", "value", "[C", false), arr);
  m.setField(count_field, count_ref);
  ++edits_;
  return true;
}

bool LiveWorld::materializeArray(Ref obj, uint64_t handle, seg::Evaluator& ev, State& s) {
  live::ArrayChunk first = jvm_.array(handle, 0, live::wire::kMaxArrayChunk);
  if (static_cast<int64_t>(first.length) > ev.options().arrayContentsLimit())
    return fail(fmt::format("an array of {} elements (more than jhalt follows)", first.length));
  std::vector<live::Value> all = std::move(first.values);
  while (all.size() < first.length) {
    live::ArrayChunk more = jvm_.array(handle, static_cast<uint32_t>(all.size()), live::wire::kMaxArrayChunk);
    if (more.values.empty()) return fail("the JVM gave fewer array elements than its length");
    all.insert(all.end(), more.values.begin(), more.values.end());
  }
  char prim = primOf(std::string_view(first.cls).substr(1));
  std::vector<Ref> elems;
  for (size_t i = 0; i < all.size(); ++i) {
    Ref r = valueRef(all[i], prim, Location{Location::Kind::Element, obj, static_cast<uint32_t>(i), 0}, ev, s);
    if (r == kNone) return false;
    elems.push_back(r);
  }
  Ref len = ev.alloc().fresh();
  s.put(len, HeapValue::integer(Interval::point(first.length)));
  if (observer_) observer_->constant(len, first.length);
  HeapValue& m = s.atMutable(obj);
  m.kind = HeapValue::Kind::Array;
  m.length = len;
  m.has_elements = true;
  m.elements = std::move(elems);
  ++edits_;
  return true;
}

bool LiveWorld::ensureLiteral(const std::string& text, seg::Evaluator& ev, State& s) {
  std::string utf8 = modifiedUtf8ToUtf8(text);  // the evaluator's key for the pool
  state::FieldId pooled = types_.field(state::kStringPoolOwner, utf8, "Ljava/lang/String;", true);
  auto it = std::lower_bound(s.string_pool.begin(), s.string_pool.end(), pooled,
                             [](const auto& e, state::FieldId f) { return e.first < f; });
  if (it != s.string_pool.end() && it->first == pooled) return true;
  size_t at = static_cast<size_t>(it - s.string_pool.begin());
  std::u16string units = decodeModifiedUtf8(text);
  Ref str = ev.alloc().fresh();
  s.put(str, HeapValue::object(types_.exactly(types_.intern("java/lang/String"))));
  Ref arr = constantChars(units, ev, s);
  s.atMutable(str).setField(types_.field("java/lang/String", "value", "[C", false), arr);
  s.string_pool.insert(s.string_pool.begin() + static_cast<std::ptrdiff_t>(at), {pooled, str});
  ghosts_.insert(str);
  immutable_.insert(str);
  pin(s, str);
  return true;
}

bool LiveWorld::isMaterialized(Ref obj, const State& s) {
  if (!handles_.count(obj)) return true;  // made by jhalt: complete
  const HeapValue* v = s.find(obj);
  if (!v || v->type.bounds.empty()) return false;
  state::TypeId t = v->type.bounds.front().type;
  if (types_.isArray(t)) return v->has_elements;
  if (types_.name(t) == "java/lang/String")
    return v->field(types_.field("java/lang/String", "value", "[C", false)) != kNone;
  if (types_.name(t) == "java/lang/StringBuilder") return !v->fields.empty();
  if (!v->fields.empty()) return true;
  auto it = field_counts_.find(t);
  if (it == field_counts_.end()) {
    auto fields = types_.instanceFields(t);
    it = field_counts_.emplace(t, fields ? fields->size() : 1).first;
  }
  return it->second == 0;
}

bool LiveWorld::initializedHere(const program::ClassInfo& cls, const State& s) {
  if (!tracked(cls)) return true;
  if (!class_status_loaded_) {
    class_status_loaded_ = true;
    for (const auto& c : jvm_.loadedClasses()) {
      auto [it, fresh] = class_status_.emplace(c.name, c.status);
      if (!fresh) it->second &= c.status;  // several loaders: initialised only if all are
    }
  }
  for (const program::ClassInfo* k : program_.initializationOrder(cls)) {
    if (!tracked(*k) || s.initStatus(types_.intern(k->name())) != state::InitStatus::No) continue;
    auto it = class_status_.find(std::string(k->name()));
    if (it != class_status_.end() && (it->second & live::kClassInitialized)) return false;
  }
  return true;
}

// What the next instruction of `view` reads that the state does not show;
// `edit()` gives the state to add it to (a copy made on first use).
bool LiveWorld::prepareInstruction(const State& view, const std::function<State&()>& edit, seg::Evaluator& ev) {
  if (view.exception != kNone) return true;
  const state::Frame& f = view.top();
  const program::MethodCode& code = f.method->code();
  int32_t index = code.bytecode.indexAt(f.pc);
  if (index < 0) return true;
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(index));
  const classfile::ConstantPool& pool = f.method->owner().file().pool;
  const auto st = f.stack;
  auto peek = [&](size_t k) { return k < st.size() ? st[st.size() - 1 - k] : kNone; };
  auto need = [&](Ref r) {
    return r == kNone || r == kNull || isMaterialized(r, view) || materialize(r, ev, edit());
  };
  auto initialized = [&](const program::ClassInfo& c) {
    if (!initializedHere(c, view)) ensureInitialized(c, edit(), ev);
  };
  auto index16 = static_cast<uint16_t>(insn.operand);
  switch (insn.family()) {
    case bytecode::Family::Field: {
      classfile::MemberRef ref = pool.memberRef(index16);
      const program::ClassInfo* owner = program_.find(ref.owner);
      if (!owner) return fail(fmt::format("class {} not found", ref.owner));
      auto resolved = program_.resolveField(*owner, ref.name, ref.descriptor);
      if (!resolved) return true;
      auto op = static_cast<bytecode::FieldOp>(insn.info().sub);
      if (op == bytecode::FieldOp::GetStatic || op == bytecode::FieldOp::PutStatic) {
        initialized(*resolved->owner);
        state::FieldId id = types_.field(resolved->owner->name(), ref.name, ref.descriptor, true);
        if (view.staticField(id) != kNone) return true;
        return ensureStatic(id, *resolved->owner, ev, edit());
      }
      size_t value_slots = (ref.descriptor[0] == 'J' || ref.descriptor[0] == 'D') ? 2 : 1;
      return need(peek(op == bytecode::FieldOp::GetField ? 0 : value_slots));
    }
    case bytecode::Family::ArrayLoad: return need(peek(1));
    case bytecode::Family::ArrayStore: return need(peek(insn.info().type == 'J' || insn.info().type == 'D' ? 3 : 2));
    case bytecode::Family::ArrayLength: return need(peek(0));
    case bytecode::Family::New: {
      if (const program::ClassInfo* cls = program_.find(pool.className(index16))) initialized(*cls);
      return true;
    }
    case bytecode::Family::LoadConstant: {
      if (pool.at(index16).tag != classfile::CpTag::String) return true;
      std::string text(pool.string(index16));
      state::FieldId pooled = types_.field(state::kStringPoolOwner, modifiedUtf8ToUtf8(text), "Ljava/lang/String;", true);
      for (const auto& [k, r] : view.string_pool)
        if (k == pooled) return true;
      return ensureLiteral(text, ev, edit());
    }
    case bytecode::Family::Invoke: {
      auto kind = static_cast<bytecode::InvokeKind>(insn.info().sub);
      if (kind == bytecode::InvokeKind::Dynamic) {
        // String concatenation reads its String arguments' contents.
        auto mt = classfile::parseMethodDescriptor(pool.nameAndType(pool.at(index16).b).descriptor);
        if (!mt) return true;
        size_t slot = 0;
        for (size_t k = mt->params.size(); k-- > 0;) {
          if (mt->params[k].isReference() && !need(peek(slot))) return false;
          slot += static_cast<size_t>(mt->params[k].slots());
        }
        return true;
      }
      classfile::MemberRef ref = pool.memberRef(index16);
      if (kind == bytecode::InvokeKind::Static) {
        if (const program::ClassInfo* owner = program_.find(ref.owner)) initialized(*owner);
        if (ref.owner == "java/lang/System" && ref.name == "arraycopy") return need(peek(4)) && need(peek(2));
      }
      return true;
    }
    default: return true;
  }
}

std::string LiveWorld::verifyCode(const std::set<const program::MethodInfo*>& methods) {
  for (const program::MethodInfo* m : methods) {
    if (!m->hasCode() || m->owner().origin() == classpath::Origin::Model) continue;  // jhalt's models by design
    std::string key = m->qualifiedName();
    if (verified_.count(key)) continue;
    auto code = jvm_.methodCode(std::string(m->owner().name()), std::string(m->name()), std::string(m->descriptor()));
    auto span = m->code().attribute.bytecode;
    if (!code) return "the JVM has no unique class with " + key + " (not loaded, or by several class loaders)";
    if (!std::equal(code->begin(), code->end(), span.begin(), span.end()))
      return "the JVM runs other bytecode for " + key + " than jhalt reads (another version of the class, or instrumented)";
    verified_.insert(key);
  }
  return "";
}

std::optional<State> LiveWorld::prepare(const State& s, seg::Evaluator& ev) {
  if (!failure_.empty() || s.finished()) return std::nullopt;
  std::optional<State> copy;
  edit_made_ = false;
  auto edit = [&]() -> State& {
    if (!copy) {
      copy = s;
      edit_made_ = true;
    }
    return *copy;
  };
  if (!prepareInstruction(s, edit, ev)) return std::nullopt;
  return copy;
}

}  // namespace jhalt::looper
