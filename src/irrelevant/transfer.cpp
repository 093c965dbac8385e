#include "transfer.h"

#include <algorithm>

#include "jhalt/bytecode/stack_op.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/program/call_site.h"
#include "jhalt/program/program.h"
#include "jhalt/state/types.h"

namespace jhalt::irrelevant::detail {

using state::kNone;
using state::kNull;
using state::Ref;
using state::State;

const bytecode::Instruction* instructionAt(const State& s) {
  if (s.finished()) return nullptr;
  const state::Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  int32_t i = code.bytecode.indexAt(f.pc);
  return i < 0 ? nullptr : &code.bytecode.at(static_cast<size_t>(i));
}

namespace {

struct Effect {
  int pops = 0;
  int pushes = 0;
};

int slotsOf(char kind) { return kind == 'J' || kind == 'D' ? 2 : kind == 'V' ? 0 : 1; }

// Stack slots an instruction pops and pushes (JVMS §6.5), descriptors read
// for field accesses, calls and multianewarray.
Effect effect(const bytecode::Instruction& insn, const program::MethodInfo& m) {
  const bytecode::OpcodeInfo& info = insn.info();
  Effect e{info.pops, info.pushes};
  const classfile::ConstantPool& cp = m.owner().file().pool;
  switch (info.family) {
    case bytecode::Family::Field: {
      auto ref = cp.memberRef(static_cast<uint16_t>(insn.operand));
      int size = slotsOf(ref.descriptor[0]);
      switch (static_cast<bytecode::FieldOp>(info.sub)) {
        case bytecode::FieldOp::GetStatic: return {0, size};
        case bytecode::FieldOp::PutStatic: return {size, 0};
        case bytecode::FieldOp::GetField: return {1, size};
        case bytecode::FieldOp::PutField: return {1 + size, 0};
      }
      break;
    }
    case bytecode::Family::Invoke: {
      auto kind = static_cast<bytecode::InvokeKind>(info.sub);
      std::string descriptor;
      if (kind == bytecode::InvokeKind::Dynamic)
        descriptor = program::describeCallSite(m.owner().file(), static_cast<uint16_t>(insn.operand)).descriptor;
      else
        descriptor = std::string(cp.memberRef(static_cast<uint16_t>(insn.operand)).descriptor);
      auto mt = classfile::parseMethodDescriptor(descriptor);
      if (!mt) return {-1, -1};
      int receiver = kind == bytecode::InvokeKind::Static || kind == bytecode::InvokeKind::Dynamic ? 0 : 1;
      return {mt->paramSlots() + receiver, mt->result ? mt->result->slots() : 0};
    }
    case bytecode::Family::NewArray:
      if (info.pops == bytecode::kVariable) return {insn.operand2, 1};
      break;
    default: break;
  }
  return e;
}

bool isObject(const State& s, Ref r) {
  if (r == kNull || r == kNone) return false;
  const state::HeapValue* v = s.find(r);
  return v && v->isObject();
}

// Keys of `post` valid unchanged before a step that leaves the frames
// numbered below `frames_below` alone: their positions, statics, the
// result, all-objects, and objects that exist before the step.
void carry(const Demands& post, const State& s, uint32_t frames_below, Demands& pre, bool keep_exception) {
  for (Key k : post.keys()) {
    switch (kindOf(k)) {
      case Kind::Local:
      case Kind::Stack:
        if (frameOf(k) < frames_below) pre.add(k);
        break;
      case Kind::Object:
        if (isObject(s, indexOf(k))) pre.add(k);
        break;
      case Kind::Exception:
        if (keep_exception) pre.add(k);
        break;
      default: pre.add(k);
    }
  }
}

// The top frame's slots [from, to) of `s`.
void addSlots(Demands& d, const State& s, size_t from, size_t to) {
  uint32_t f = frameNumber(s, 0);
  for (size_t i = from; i < to; ++i) d.add(stack(f, static_cast<uint32_t>(i)));
}

}  // namespace

Transfer::Transfer(const seg::Graph& g, state::TypeSystem& ts, const Outcomes& outcomes)
    : g_(g), ts_(ts), outcomes_(outcomes) {}

bool Transfer::hitsDemanded(const State& s, const std::vector<Ref>& written, const Demands& post) const {
  if (post.has(allObjects())) return !written.empty();
  std::vector<Ref> demanded = reach(s, post.objects());
  for (Ref w : written)
    if (std::binary_search(demanded.begin(), demanded.end(), w)) return true;
  return false;
}

EdgeOutcome Transfer::apply(seg::EdgeId id, const Demands& post, bool forced) const {
  const seg::Edge& e = g_.edge(id);
  if (e.kind == seg::EdgeKind::Refine) return refine(e, post);
  if (e.kind == seg::EdgeKind::Instance) return instance(e, post);
  const State& s = g_.state(e.from);
  const State& t = g_.state(e.to);
  if (s.finished()) return {};
  if (s.exception != kNone) return dispatch(s, t, post);
  if (t.frames.size() > s.frames.size()) return push(s, t, post, forced);
  if (t.frames.size() < s.frames.size()) return leave(s, t, post, forced);
  if (t.exception != kNone) return raise(e, s, t, post, forced);
  if (t.top().pc == s.top().pc && t.top().stack == s.top().stack) {
    // No instruction ran: a class became initialized (the instruction runs
    // next), or a jump to itself.
    EdgeOutcome out;
    for (Key k : post.keys())
      if (kindOf(k) != Kind::Object || isObject(s, indexOf(k))) out.pre.add(k);
    out.relevant = forced;
    return out;
  }
  if (!e.label.library_call.empty()) return library(e, s, t, post, forced);
  return step(e, s, t, post, forced);
}

// The same concrete states, refined (thesis 002, Alg. 19): positions keep
// their values; an object the refinement made (a realized field, Def. 1.22)
// stands for its parent's contents before.
EdgeOutcome Transfer::refine(const seg::Edge& e, const Demands& post) const {
  const State& s = g_.state(e.from);
  const State& t = g_.state(e.to);
  EdgeOutcome out;
  for (Key k : post.keys()) {
    if (kindOf(k) != Kind::Object || isObject(s, indexOf(k))) {
      out.pre.add(k);
      continue;
    }
    bool found = false;
    std::vector<Ref> work{indexOf(k)}, seen;
    while (!work.empty()) {
      Ref r = work.back();
      work.pop_back();
      if (std::find(seen.begin(), seen.end(), r) != seen.end()) continue;
      seen.push_back(r);
      for (const auto& [p, v] : t.heap) {
        bool holds = std::any_of(v->fields.begin(), v->fields.end(), [&](const auto& f) { return f.second == r; }) ||
                     std::find(v->elements.begin(), v->elements.end(), r) != v->elements.end();
        if (!holds) continue;
        if (isObject(s, p)) out.pre.add(object(p)), found = true;
        else work.push_back(p);
      }
    }
    if (!found) out.pre.add(allObjects());
  }
  return out;
}

// s ⊑ t (thesis 002, Def. 1.10): positions are the same; each general object
// stands for the concrete ones mapped to it.
EdgeOutcome Transfer::instance(const seg::Edge& e, const Demands& post) const {
  EdgeOutcome out;
  for (Key k : post.keys()) {
    if (kindOf(k) != Kind::Object) {
      out.pre.add(k);
      continue;
    }
    bool found = false;
    for (const auto& [concrete, general] : e.instance)
      if (general == indexOf(k) && concrete != kNull) out.pre.add(object(concrete)), found = true;
    if (!found) out.pre.add(allObjects());
  }
  return out;
}

// A pending exception: to a handler (the exception becomes stack slot 0),
// out of the frame, or out of the program (thesis 002, §4.3.4).
EdgeOutcome Transfer::dispatch(const State& s, const State& t, const Demands& post) const {
  EdgeOutcome out;
  const uint32_t top = frameNumber(s, 0);
  if (t.finished() || t.frames.size() < s.frames.size()) {
    carry(post, s, top, out.pre, true);
    return out;
  }
  carry(post, s, top, out.pre, false);
  for (Key k : post.keys())
    if (kindOf(k) == Kind::Local && frameOf(k) == top) out.pre.add(k);
  if (post.has(stack(top, 0)) || post.has(exception())) out.pre.add(exception());
  return out;
}

// A call or a class initializer (§4.3.3): the callee's first locals are the
// arguments on the caller's stack.
EdgeOutcome Transfer::push(const State& s, const State& t, const Demands& post, bool forced) const {
  EdgeOutcome out;
  const uint32_t caller = frameNumber(s, 0);
  carry(post, s, caller, out.pre, false);
  const size_t kept = t.frames[1].stack.size();
  for (Key k : post.keys()) {
    if (frameOf(k) != caller) continue;
    if (kindOf(k) == Kind::Local || (kindOf(k) == Kind::Stack && indexOf(k) < kept)) out.pre.add(k);
  }
  const size_t args = s.top().stack.size() - kept;
  for (Key k : post.keys())
    if (kindOf(k) == Kind::Local && frameOf(k) == caller + 1 && indexOf(k) < args)
      out.pre.add(stack(caller, static_cast<uint32_t>(kept + indexOf(k))));
  out.relevant = forced;
  const bytecode::Instruction* insn = instructionAt(s);
  if (forced && insn && insn->info().family == bytecode::Family::Invoke && args > 0) {
    auto kind = static_cast<bytecode::InvokeKind>(insn->info().sub);
    // The receiver selects the method (virtual, interface) and is checked
    // for null (also by invokespecial): a NullPointerException is an outcome.
    if (kind == bytecode::InvokeKind::Virtual || kind == bytecode::InvokeKind::Interface ||
        kind == bytecode::InvokeKind::Special)
      out.pre.add(stack(caller, static_cast<uint32_t>(kept)));
  }
  return out;
}

// A return: the value moves to the caller's stack, or becomes the
// program's result.
EdgeOutcome Transfer::leave(const State& s, const State& t, const Demands& post, bool forced) const {
  EdgeOutcome out;
  const uint32_t top = frameNumber(s, 0);
  const bytecode::Instruction* insn = instructionAt(s);
  const int size = insn && insn->info().family == bytecode::Family::Return ? slotsOf(insn->info().type == 'A' ? 'L' : insn->info().type) : 0;
  const size_t h = s.top().stack.size();
  bool demanded = false;
  if (t.finished()) {
    demanded = size > 0 && post.has(result());
    carry(post, s, top, out.pre, false);
    out.pre.erase(result());
    if (size > 0) out.written.push_back(result());
  } else {
    const uint32_t caller = frameNumber(t, 0);
    const size_t hc = t.top().stack.size();
    for (Key k : post.keys()) {
      bool pushed = kindOf(k) == Kind::Stack && frameOf(k) == caller && indexOf(k) + static_cast<size_t>(size) >= hc &&
                    indexOf(k) < hc;
      if (pushed) demanded = true;
      else if (kindOf(k) != Kind::Local && kindOf(k) != Kind::Stack) {
        if (kindOf(k) != Kind::Object || isObject(s, indexOf(k))) out.pre.add(k);
      } else if (frameOf(k) < top) {
        out.pre.add(k);
      }
    }
    for (int i = 0; i < size; ++i) out.written.push_back(stack(caller, static_cast<uint32_t>(hc - 1 - i)));
    out.pre.erase(exception());
  }
  out.relevant = demanded || forced;
  if (out.relevant && size > 0) addSlots(out.pre, s, h - static_cast<size_t>(size), h);
  return out;
}

// The step raises an exception (a JVM check failed, athrow, or a library
// call throws): relevant when the exception is demanded.
EdgeOutcome Transfer::raise(const seg::Edge& e, const State& s, const State& t, const Demands& post, bool forced) const {
  EdgeOutcome out;
  if (!e.label.library_call.empty() && libraryNeverThrows(e.label.library_call)) {
    out.infeasible = true;
    return out;
  }
  const uint32_t top = frameNumber(s, 0);
  carry(post, s, top, out.pre, false);
  const size_t ht = t.top().stack.size();
  for (Key k : post.keys())
    if (frameOf(k) == top && (kindOf(k) == Kind::Local || (kindOf(k) == Kind::Stack && indexOf(k) < ht)))
      out.pre.add(k);
  out.relevant = post.has(exception()) || forced;
  out.written.push_back(exception());
  if (!out.relevant) return out;
  const bytecode::Instruction* insn = instructionAt(s);
  const size_t h = s.top().stack.size();
  if (!e.label.library_call.empty()) {
    addSlots(out.pre, s, ht, h);
    for (size_t i = ht; i < h; ++i)
      if (isObject(s, s.top().stack[i])) out.pre.add(object(s.top().stack[i]));
  } else if (insn) {
    Effect fx = effect(*insn, *s.top().method);
    size_t pops = fx.pops < 0 ? h : std::min(h, static_cast<size_t>(fx.pops));
    addSlots(out.pre, s, h - pops, h);
    if (insn->opcode == bytecode::op::kAthrow && h > 0 && isObject(s, s.top().stack[h - 1]))
      out.pre.add(object(s.top().stack[h - 1]));
  }
  return out;
}

// One instruction in the same frame (thesis 002, Def. 4.4 and Figs. 4.3,
// 4.5, 4.6): it writes its pushed slots, a local, a static field or an
// object's contents; when any of them is demanded (or `forced`), its
// popped slots, the local or static it reads and the contents of the
// object it reads become demanded instead.
EdgeOutcome Transfer::step(const seg::Edge& e, const State& s, const State& t, const Demands& post, bool forced) const {
  (void)e;
  EdgeOutcome out;
  const uint32_t top = frameNumber(s, 0);
  const bytecode::Instruction* insn = instructionAt(s);
  const auto& st = s.top().stack;
  const size_t h = st.size(), ht = t.top().stack.size();
  carry(post, s, top, out.pre, false);
  out.pre.erase(exception());
  if (!insn) return out;
  const bytecode::OpcodeInfo& info = insn->info();
  if (info.family == bytecode::Family::Stack) {  // pop, dup, swap: slots move
    std::vector<uint32_t> slots(h);
    for (size_t i = 0; i < h; ++i) slots[i] = static_cast<uint32_t>(i);
    bytecode::applyStackOp(static_cast<bytecode::StackOp>(info.sub), slots);
    for (Key k : post.keys()) {
      if (frameOf(k) != top) continue;
      if (kindOf(k) == Kind::Local) out.pre.add(k);
      if (kindOf(k) == Kind::Stack && indexOf(k) < slots.size()) out.pre.add(stack(top, slots[indexOf(k)]));
    }
    out.relevant = forced;
    return out;
  }
  Effect fx = effect(*insn, *s.top().method);
  bool regular = fx.pops >= 0 && static_cast<size_t>(fx.pops) <= h && h - static_cast<size_t>(fx.pops) + static_cast<size_t>(fx.pushes) == ht;
  if (!regular) {  // not expected; stay on the safe side
    for (Key k : post.keys()) if (frameOf(k) == top) out.pre.add(k);
    addSlots(out.pre, s, 0, h);
    for (size_t i = 0; i < s.top().locals.size(); ++i) out.pre.add(local(top, static_cast<uint32_t>(i)));
    out.relevant = true;
    return out;
  }
  const size_t base = h - static_cast<size_t>(fx.pops);
  bool demanded = false;
  for (size_t i = base; i < ht; ++i) out.written.push_back(stack(top, static_cast<uint32_t>(i)));
  // Locals written.
  std::vector<uint32_t> locals_written;
  if (info.family == bytecode::Family::LocalStore) {
    locals_written.push_back(static_cast<uint32_t>(insn->operand));
    if (info.type == 'J' || info.type == 'D') locals_written.push_back(static_cast<uint32_t>(insn->operand) + 1);
  } else if (info.family == bytecode::Family::Increment) {
    locals_written.push_back(static_cast<uint32_t>(insn->operand));
  }
  for (uint32_t l : locals_written) out.written.push_back(local(top, l));
  // Statics written: those whose value changed.
  for (const auto& [f, r] : t.statics)
    if (s.staticField(f) != r) out.written.push_back(staticField(f));
  for (Key k : post.keys()) {
    if (frameOf(k) == top && kindOf(k) == Kind::Local) {
      if (std::find(locals_written.begin(), locals_written.end(), indexOf(k)) != locals_written.end()) demanded = true;
      else out.pre.add(k);
    } else if (frameOf(k) == top && kindOf(k) == Kind::Stack) {
      if (indexOf(k) >= base) demanded = true;
      else out.pre.add(k);
    }
  }
  for (Key w : out.written)
    if (kindOf(w) == Kind::Static && post.has(w)) demanded = true, out.pre.erase(w);
  // Objects written: putfield, array stores.
  std::vector<Ref> objects_written;
  bool field_outcome = false;
  if (info.family == bytecode::Family::ArrayStore ||
      (info.family == bytecode::Family::Field &&
       static_cast<bytecode::FieldOp>(info.sub) == bytecode::FieldOp::PutField)) {
    if (isObject(s, st[base])) objects_written.push_back(st[base]);
    if (info.family == bytecode::Family::Field) {
      auto ref = s.top().method->owner().file().pool.memberRef(static_cast<uint16_t>(insn->operand));
      std::string name = std::string(ref.owner) + "." + std::string(ref.name);
      field_outcome = std::find(outcomes_.fields.begin(), outcomes_.fields.end(), name) != outcomes_.fields.end();
    }
  }
  for (Ref o : objects_written) out.written.push_back(object(o));
  if (hitsDemanded(s, objects_written, post)) demanded = true;
  out.relevant = demanded || forced || field_outcome;
  if (!out.relevant) return out;
  addSlots(out.pre, s, base, h);
  switch (info.family) {
    case bytecode::Family::LocalLoad:
      out.pre.add(local(top, static_cast<uint32_t>(insn->operand)));
      break;
    case bytecode::Family::Increment:
      out.pre.add(local(top, static_cast<uint32_t>(insn->operand)));
      break;
    case bytecode::Family::ArrayLoad:
      if (isObject(s, st[base])) out.pre.add(object(st[base]));
      break;
    case bytecode::Family::ArrayStore:
      if (isObject(s, st[h - 1])) out.pre.add(object(st[h - 1]));
      break;
    case bytecode::Family::Field:
      switch (static_cast<bytecode::FieldOp>(info.sub)) {
        case bytecode::FieldOp::GetField:
          if (isObject(s, st[base])) out.pre.add(object(st[base]));
          break;
        case bytecode::FieldOp::PutField:
          if (fx.pops == 2 && isObject(s, st[h - 1])) out.pre.add(object(st[h - 1]));
          break;
        case bytecode::FieldOp::GetStatic:
          // The static read: the one holding the value pushed.
          if (ht > 0)
            for (const auto& [f, r] : s.statics)
              if (r == t.top().stack[base]) out.pre.add(staticField(f));
          break;
        case bytecode::FieldOp::PutStatic: break;
      }
      break;
    default: break;
  }
  return out;
}

// An unanalysed library call (the graph's over-approximation, seg
// eval_call.cpp): it may change every object reachable from its object
// arguments (not Strings) and, through callbacks, every static field; it
// returns any value; it may act outside the program.
EdgeOutcome Transfer::library(const seg::Edge& e, const State& s, const State& t, const Demands& post, bool forced) const {
  EdgeOutcome out;
  const uint32_t top = frameNumber(s, 0);
  const bytecode::Instruction* insn = instructionAt(s);
  const auto& st = s.top().stack;
  const size_t h = st.size();
  Effect fx = insn ? effect(*insn, *s.top().method) : Effect{-1, -1};
  const size_t pushes = fx.pushes < 0 ? 0 : static_cast<size_t>(fx.pushes);
  const size_t ht = t.top().stack.size();
  const size_t base = ht >= pushes && ht - pushes <= h ? ht - pushes : 0;
  carry(post, s, top, out.pre, false);
  out.pre.erase(exception());
  bool demanded = false;
  for (Key k : post.keys()) {
    if (frameOf(k) != top) continue;
    if (kindOf(k) == Kind::Local) out.pre.add(k);
    if (kindOf(k) == Kind::Stack) {
      if (indexOf(k) >= base) demanded = true;
      else out.pre.add(k);
    }
  }
  for (size_t i = base; i < ht; ++i) out.written.push_back(stack(top, static_cast<uint32_t>(i)));
  const state::TypeId string_type = ts_.intern("java/lang/String");
  std::vector<Ref> roots;
  bool callbacks = false;
  for (size_t i = base; i < h; ++i) {
    Ref a = st[i];
    if (!isObject(s, a)) continue;
    const state::HeapValue& v = s.at(a);
    if (v.type == ts_.exactly(string_type)) continue;
    roots.push_back(a);
    if (v.kind != state::HeapValue::Kind::Array) callbacks = true;
  }
  // The methods known to throw nothing take no application objects: they
  // cannot call back into application code.
  if (libraryNeverThrows(e.label.library_call)) callbacks = false;
  std::vector<Ref> touched = reach(s, roots);
  for (Ref o : touched) out.written.push_back(object(o));
  if (hitsDemanded(s, touched, post)) demanded = true;
  if (callbacks)
    for (Key k : post.keys())
      if (kindOf(k) == Kind::Static || kindOf(k) == Kind::Object || kindOf(k) == Kind::AllObjects) demanded = true;
  bool output = outcomes_.output && !libraryStaysInside(e.label.library_call);
  out.relevant = demanded || forced || output;
  if (!out.relevant) return out;
  addSlots(out.pre, s, base, h);
  for (size_t i = base; i < h; ++i)
    if (isObject(s, st[i])) out.pre.add(object(st[i]));
  if (callbacks) out.pre.add(allObjects());  // callbacks may read anything
  return out;
}

namespace {

bool startsWith(const std::string& s, std::string_view p) { return s.compare(0, p.size(), p) == 0; }

}  // namespace

bool libraryNeverThrows(const std::string& m) {
  static constexpr std::string_view kKnown[] = {
      "java/lang/String.length()I",
      "java/lang/String.isEmpty()Z",
      "java/lang/String.equals(Ljava/lang/Object;)Z",
      "java/lang/String.hashCode()I",
      "java/lang/String.toString()Ljava/lang/String;",
      "java/lang/Integer.intValue()I",
      "java/lang/Integer.valueOf(I)Ljava/lang/Integer;",
      "java/lang/StringBuilder.<init>()V",
      "java/lang/StringBuilder.append(I)Ljava/lang/StringBuilder;",
      "java/lang/StringBuilder.append(C)Ljava/lang/StringBuilder;",
      "java/lang/StringBuilder.append(Ljava/lang/String;)Ljava/lang/StringBuilder;",
      "java/lang/StringBuilder.toString()Ljava/lang/String;",
  };
  for (std::string_view k : kKnown)
    if (m == k) return true;
  // PrintStream never throws (it records I/O errors instead); printing an
  // object calls its toString, which may.
  return startsWith(m, "java/io/PrintStream.print") && m.find("Ljava/lang/Object;") == std::string::npos;
}

bool libraryStaysInside(const std::string& m) {
  static constexpr std::string_view kInside[] = {
      "java/lang/String.",  "java/lang/StringBuilder.", "java/lang/StringBuffer.", "java/lang/Math.",
      "java/lang/StrictMath.", "java/lang/Integer.", "java/lang/Long.", "java/lang/Short.", "java/lang/Byte.",
      "java/lang/Character.", "java/lang/Boolean.", "java/lang/Double.", "java/lang/Float.", "java/lang/Object.",
      "java/lang/Objects.", "java/util/ArrayList.", "java/util/LinkedList.", "java/util/HashMap.",
      "java/util/HashSet.", "java/util/TreeMap.", "java/util/TreeSet.", "java/util/LinkedHashMap.",
      "java/util/LinkedHashSet.", "java/util/ArrayDeque.", "java/util/PriorityQueue.", "java/util/Arrays.",
      "java/util/Collections.", "java/util/List.", "java/util/Map.", "java/util/Set.", "java/util/Collection.",
      "java/util/Iterator.", "java/util/Deque.", "java/util/Queue.", "java/util/Random.", "java/util/Optional.",
      "java/util/Stack.", "java/util/Vector.", "java/util/Map$Entry.",
  };
  for (std::string_view k : kInside)
    if (startsWith(m, k)) return true;
  return false;
}

}  // namespace jhalt::irrelevant::detail
