// The native methods a live JVM's memory decides, evaluated on jhalt's
// states (see world.h): identity hash codes (asked of the JVM),
// System.arraycopy (JLS/JavaDoc semantics, checked concretely; a call that
// would throw is not followed), Thread.currentThread and Object.getClass.
#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/looper/world.h"

namespace jhalt::looper {

using state::HeapValue;
using state::Interval;
using state::kNone;
using state::kNull;
using state::State;

bool isWorldNative(std::string_view cls, std::string_view name, std::string_view descriptor) {
  if (cls == "java/lang/System")
    return (name == "arraycopy" && descriptor == "(Ljava/lang/Object;ILjava/lang/Object;II)V") ||
           (name == "identityHashCode" && descriptor == "(Ljava/lang/Object;)I");
  if (cls == "java/lang/Object")
    return (name == "hashCode" && descriptor == "()I") || (name == "getClass" && descriptor == "()Ljava/lang/Class;");
  if (cls == "java/lang/Thread") return name == "currentThread" && descriptor == "()Ljava/lang/Thread;";
  return false;
}

namespace {

seg::StepResult successor(State out, seg::EvalLabel label) {
  seg::StepResult r;
  r.successors.push_back(seg::Successor{seg::Successor::Kind::Eval, std::move(out), std::move(label), {}});
  return r;
}

std::string typeName(state::TypeSystem& ts, const HeapValue& v) {
  return v.type.bounds.empty() ? std::string() : ts.name(v.type.bounds.front().type);
}

}  // namespace

std::optional<seg::StepResult> LiveWorld::evaluate(const State& s, seg::Evaluator& ev) {
  if (!failure_.empty() || s.finished() || s.exception != kNone) return std::nullopt;
  const state::Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  int32_t index = code.bytecode.indexAt(f.pc);
  if (index < 0) return std::nullopt;
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(index));
  if (insn.family() != bytecode::Family::Invoke) return std::nullopt;
  auto kind = static_cast<bytecode::InvokeKind>(insn.info().sub);
  if (kind == bytecode::InvokeKind::Dynamic) return std::nullopt;
  classfile::MemberRef ref = f.method->owner().file().pool.memberRef(static_cast<uint16_t>(insn.operand));
  if (kind == bytecode::InvokeKind::Static && ref.owner == "java/lang/Integer" && ref.name == "valueOf" &&
      ref.descriptor == "(I)Ljava/lang/Integer;")
    return integerValueOf(s, ev);
  const program::ClassInfo* owner = program_.find(ref.owner.front() == '[' ? "java/lang/Object" : ref.owner);
  if (!owner) return std::nullopt;
  const program::MethodInfo* target =
      program_.resolveMethod(*owner, ref.name, ref.descriptor, kind == bytecode::InvokeKind::Interface);
  if (!target) return std::nullopt;
  if (kind == bytecode::InvokeKind::Virtual || kind == bytecode::InvokeKind::Interface) {
    auto mt = classfile::parseMethodDescriptor(ref.descriptor);
    if (!mt) return std::nullopt;
    size_t slots = static_cast<size_t>(mt->paramSlots());
    if (f.stack.size() <= slots) return std::nullopt;
    Ref receiver = f.stack[f.stack.size() - 1 - slots];
    const HeapValue* v = receiver == kNull ? nullptr : s.find(receiver);
    if (!v || v->type.bounds.empty()) return std::nullopt;
    std::string type = typeName(types_, *v);
    const program::ClassInfo* cls = program_.find(type.front() == '[' ? "java/lang/Object" : type);
    if (!cls) return std::nullopt;
    target = program_.selectMethod(*cls, *target);
    if (!target) return std::nullopt;
  }
  if (!isWorldNative(target->owner().name(), target->name(), target->descriptor())) return std::nullopt;
  return native(s, ev, *target);
}

std::optional<seg::StepResult> LiveWorld::native(const State& s, seg::Evaluator& ev, const program::MethodInfo& m) {
  if (m.name() == "arraycopy") return arraycopy(s, ev);
  State out = s;
  state::Frame& f = out.top();
  const bytecode::Instruction& insn = f.method->code().bytecode.at(
      static_cast<size_t>(f.method->code().bytecode.indexAt(f.pc)));
  seg::EvalLabel label;
  Ref result = kNone;
  if (m.name() == "currentThread") {
    live::ObjectInfo info = jvm_.object(thread_);
    live::Value v;
    v.tag = 'L';
    v.handle = thread_;
    v.cls = info.cls;
    result = objectRef(v, ev, out);
    if (observer_) observer_->constantObject(result);
  } else {
    Ref obj = f.stack.back();
    f.stack.pop_back();
    if (m.name() == "getClass") {
      if (observer_) observer_->use(obj);
      // The JVM's own Class object, so that comparing it with one read from
      // memory is what the JVM does.
      std::string cls = types_.name(out.at(obj).type.bounds.front().type);
      uint64_t handle = jvm_.classObject(cls);
      if (handle == 0) {
        fail("class " + cls + " is not loaded in the JVM, or by several class loaders");
        return std::nullopt;
      }
      live::Value v;
      v.tag = 'L';
      v.handle = handle;
      v.cls = "java/lang/Class";
      result = objectRef(v, ev, out);
      if (observer_) observer_->constantObject(result);
    } else {  // hashCode, identityHashCode
      int64_t hash = 0;
      if (obj != kNull) {
        auto h = handleOf(obj);
        if (!h) {
          fail("the identity hash code of an object jhalt made is not known");
          return std::nullopt;
        }
        hash = jvm_.identityHash(*h);
        if (observer_) observer_->use(obj);
      }
      result = ev.alloc().fresh();
      out.put(result, HeapValue::integer(Interval::point(hash)));
      label.computations.push_back(seg::Computation{result, seg::ArithOp::Const, kNone, kNone, hash, 'I'});
    }
  }
  f.stack.push_back(result);
  f.pc = insn.offset + insn.length;
  return successor(std::move(out), std::move(label));
}

// Integer.valueOf as JDK 17 has it (the model makes a new box each time):
// values of IntegerCache's range are the JVM's cached boxes, so that `==`
// on boxes is what the JVM does; others are new boxes (the model's code).
std::optional<seg::StepResult> LiveWorld::integerValueOf(const State& s, seg::Evaluator& ev) {
  const std::string cache_class = "java/lang/Integer$IntegerCache";
  if (!integer_cache_) {
    live::StaticValue low = jvm_.staticField(cache_class, "low", "I");
    live::StaticValue high = jvm_.staticField(cache_class, "high", "I");
    live::StaticValue cache = jvm_.staticField(cache_class, "cache", "[Ljava/lang/Integer;");
    if (!low.field_found || !high.field_found || !cache.field_found || !(cache.status & live::kClassInitialized)) {
      fail("the JVM's Integer cache is not readable");
      return std::nullopt;
    }
    integer_cache_ = IntegerCache{low.value.i, high.value.i, cache.value.handle};
  }
  Ref arg = s.top().stack.back();
  int64_t v = s.intervalOf(arg).lo;
  if (observer_) observer_->concretize(arg);
  if (v < integer_cache_->low || v > integer_cache_->high) return std::nullopt;  // a new box
  live::ArrayChunk one = jvm_.array(integer_cache_->array, static_cast<uint32_t>(v - integer_cache_->low), 1);
  if (one.values.size() != 1 || one.values[0].isNull()) {
    fail("the JVM's Integer cache has no box for " + std::to_string(v));
    return std::nullopt;
  }
  State out = s;
  state::Frame& f = out.top();
  const bytecode::Instruction& insn = f.method->code().bytecode.at(
      static_cast<size_t>(f.method->code().bytecode.indexAt(f.pc)));
  f.stack.pop_back();
  Ref box = objectRef(one.values[0], ev, out);
  if (observer_) observer_->constantObject(box);
  f.stack.push_back(box);
  f.pc = insn.offset + insn.length;
  return successor(std::move(out), seg::EvalLabel{});
}

std::optional<seg::StepResult> LiveWorld::arraycopy(const State& s, seg::Evaluator&) {
  State out = s;
  state::Frame& f = out.top();
  const bytecode::Instruction& insn = f.method->code().bytecode.at(
      static_cast<size_t>(f.method->code().bytecode.indexAt(f.pc)));
  auto& st = f.stack;
  Ref length = st[st.size() - 1], dest_pos = st[st.size() - 2], dest = st[st.size() - 3],
      src_pos = st[st.size() - 4], src = st[st.size() - 5];
  if (src == kNull || dest == kNull) {
    fail("System.arraycopy would throw NullPointerException");
    return std::nullopt;
  }
  const HeapValue& sv = out.at(src);
  const HeapValue& dv = out.at(dest);
  if (sv.kind != HeapValue::Kind::Array || dv.kind != HeapValue::Kind::Array || !sv.has_elements || !dv.has_elements) {
    fail("System.arraycopy on values that are not arrays jhalt knows");
    return std::nullopt;
  }
  int64_t sp = out.intervalOf(src_pos).lo, dp = out.intervalOf(dest_pos).lo, n = out.intervalOf(length).lo;
  auto slen = static_cast<int64_t>(sv.elements.size()), dlen = static_cast<int64_t>(dv.elements.size());
  if (sp < 0 || dp < 0 || n < 0 || sp > slen - n || dp > dlen - n) {
    fail("System.arraycopy would throw IndexOutOfBoundsException");
    return std::nullopt;
  }
  std::string stype = typeName(types_, sv), dtype = typeName(types_, dv);
  bool prim_s = stype.size() == 2 && stype[1] != 'L' && stype[1] != '[';
  bool prim_d = dtype.size() == 2 && dtype[1] != 'L' && dtype[1] != '[';
  std::vector<Ref> moved(sv.elements.begin() + sp, sv.elements.begin() + sp + n);
  if (prim_s || prim_d) {
    if (stype != dtype) {
      fail("System.arraycopy would throw ArrayStoreException");
      return std::nullopt;
    }
  } else {
    std::string component = dtype.substr(1);
    if (component.front() == 'L') component = component.substr(1, component.size() - 2);
    for (Ref e : moved) {
      if (e == kNull) continue;
      std::string et = typeName(types_, out.at(e));
      if (!program_.isAssignable(et, component)) {
        fail("System.arraycopy would throw ArrayStoreException");
        return std::nullopt;
      }
      if (observer_) observer_->use(e);
    }
  }
  if (observer_) {
    observer_->use(src);
    observer_->use(dest);
    observer_->concretize(src_pos);
    observer_->concretize(dest_pos);
    observer_->concretize(length);
    for (int64_t k = 0; k < n; ++k) {
      observer_->read(Location{Location::Kind::Element, src, static_cast<uint32_t>(sp + k), 0}, moved[static_cast<size_t>(k)]);
      observer_->write(Location{Location::Kind::Element, dest, static_cast<uint32_t>(dp + k), 0});
    }
  }
  HeapValue& d = out.atMutable(dest);
  for (int64_t k = 0; k < n; ++k) d.elements[static_cast<size_t>(dp + k)] = moved[static_cast<size_t>(k)];
  st.resize(st.size() - 5);
  f.pc = insn.offset + insn.length;
  return successor(std::move(out), seg::EvalLabel{});
}

}  // namespace jhalt::looper
