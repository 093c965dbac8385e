// Concolic execution of loop iterations (paper 004, §3.3; see concolic.h).
#include "jhalt/looper/concolic.h"

#include <algorithm>

#include <fmt/format.h>

#include "jhalt/bytecode/stack_op.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/util/error.h"

namespace jhalt::looper {

using bytecode::Family;
using state::HeapValue;
using state::kNone;
using state::kNull;
using state::State;

namespace {

// What a native method's write replaced (unknown to the observer).
constexpr Ref kUnknownValue = 0xFFFFFFFEu;

smt::Term fit(const smt::Term& t, unsigned w) {
  if (t.width() == w) return t;
  if (t.width() < w) return smt::signExtend(t, w - t.width());
  return smt::extract(t, w - 1, 0);
}

bool compare(int64_t a, bytecode::Condition c, int64_t b) {
  switch (c) {
    case bytecode::Condition::Eq: return a == b;
    case bytecode::Condition::Ne: return a != b;
    case bytecode::Condition::Lt: return a < b;
    case bytecode::Condition::Ge: return a >= b;
    case bytecode::Condition::Gt: return a > b;
    case bytecode::Condition::Le: return a <= b;
  }
  return false;
}

smt::Term relation(const smt::Term& a, bytecode::Condition c, const smt::Term& b) {
  switch (c) {
    case bytecode::Condition::Eq: return a == b;
    case bytecode::Condition::Ne: return a != b;
    case bytecode::Condition::Lt: return a < b;
    case bytecode::Condition::Ge: return a >= b;
    case bytecode::Condition::Gt: return a > b;
    case bytecode::Condition::Le: return a <= b;
  }
  return a == b;
}

bytecode::Condition negated(bytecode::Condition c) {
  switch (c) {
    case bytecode::Condition::Eq: return bytecode::Condition::Ne;
    case bytecode::Condition::Ne: return bytecode::Condition::Eq;
    case bytecode::Condition::Lt: return bytecode::Condition::Ge;
    case bytecode::Condition::Ge: return bytecode::Condition::Lt;
    case bytecode::Condition::Gt: return bytecode::Condition::Le;
    case bytecode::Condition::Le: return bytecode::Condition::Gt;
  }
  return c;
}

}  // namespace

Concolic::Concolic(LiveWorld& world, seg::Evaluator& ev, smt::Context& ctx, const program::MethodInfo& method,
                   uint32_t head, ConcolicOptions options)
    : world_(world), ev_(ev), ctx_(ctx), method_(method), head_(head), options_(options) {
  const program::MethodCode& code = method.code();
  int32_t hi = code.bytecode.indexAt(head);
  uint32_t head_block = hi >= 0 ? code.cfg.blockOfInstruction(static_cast<uint32_t>(hi)) : 0;
  // The innermost loop that contains the head.
  const bytecode::Loop* best = nullptr;
  for (const auto& l : code.loops)
    if (std::binary_search(l.blocks.begin(), l.blocks.end(), head_block) && (!best || l.blocks.size() < best->blocks.size()))
      best = &l;
  if (best)
    for (uint32_t b : best->blocks)
      for (uint32_t i = code.cfg.block(b).first; i <= code.cfg.block(b).last; ++i) loop_body_.insert(code.bytecode.at(i).offset);
  world_.setObserver(this);
  ev_.setExternalMemory(this);
}

Concolic::~Concolic() {
  world_.setObserver(nullptr);
  ev_.setExternalMemory(nullptr);
}

void Concolic::abort(std::string why) {
  if (abort_.empty()) abort_ = std::move(why);
}

bool Concolic::preexisting(Ref obj) const { return obj != kNull && (world_.isWorldObject(obj) || obj < first_new_); }

bool Concolic::sharedLocation(const Location& l) const {
  if (!isHeap(l)) return false;
  if (options_.shared_heap) return true;  // final fields too: reflection and System.setOut write them
  // The garbage collector clears references and the Reference Handler
  // thread fills reference queues, whatever the application's threads do.
  if (l.kind == Location::Kind::Field || l.kind == Location::Kind::Static) {
    const state::FieldInfo& fi = ev_.types().fieldInfo(l.field);
    const std::string& owner = fi.owner;
    if (owner == "java/lang/ref/Reference" || owner == "java/lang/ref/ReferenceQueue" ||
        owner == "java/lang/ref/SoftReference")
      return true;
    // The JVM's service threads run the JDK's cleaning actions (the
    // Reference Handler, Common-Cleaner) for objects that became
    // unreachable: what they write that a loop can still reach is the JDK's
    // global state, atomics and volatile statics (direct-memory counts in
    // java.nio.Bits, ...).
    if (owner.starts_with("java/util/concurrent/atomic/")) return true;
    const program::ClassInfo* c = l.kind == Location::Kind::Static ? ev_.program().find(owner) : nullptr;
    if (c && c->origin() != classpath::Origin::Application) {
      const classfile::Field* f = c->declaredField(fi.name, fi.descriptor);
      if (f && (f->access & classfile::kVolatile)) return true;
    }
  }
  return false;
}

smt::Term Concolic::objectTerm(Ref r) { return ctx_.bvNum(objectId(r), 64); }

std::string Concolic::objectName(int64_t id) const {
  return id == 0 ? std::string("null") : world_.describe(static_cast<Ref>(id), last_start_);
}

const Concolic::Sym* Concolic::sym(Ref r) {
  auto it = sym_.find(r);
  if (it == sym_.end()) return nullptr;
  Sym& x = it->second;
  if (x.location && !x.term.valid()) x.term = variable(x.loc, x.width);
  return &x;
}

smt::Term Concolic::variable(const Location& l, unsigned width) {
  auto it = vars_.find(l);
  if (it != vars_.end()) return it->second.var;
  LocationVar v;
  v.heap = isHeap(l);
  v.shared = sharedLocation(l);
  v.name = locationName(l, last_start_);
  v.var = ctx_.bvVar(fmt::format("L{}_{}", vars_.size(), v.name), width);
  return vars_.emplace(l, std::move(v)).first->second.var;
}

std::string Concolic::locationName(const Location& l, const State& s) const {
  const state::TypeSystem& ts = ev_.types();
  switch (l.kind) {
    case Location::Kind::Local: {
      for (const auto& lv : method_.code().attribute.locals)
        if (lv.index == l.index && lv.start_pc <= head_ && head_ < lv.start_pc + lv.length) return std::string(lv.name);
      return fmt::format("local{}", l.index);
    }
    case Location::Kind::Field: return world_.describe(l.object, s) + "." + ts.fieldInfo(l.field).name;
    case Location::Kind::Element: return fmt::format("{}[{}]", world_.describe(l.object, s), l.index);
    case Location::Kind::Static: {
      const state::FieldInfo& fi = ts.fieldInfo(l.field);
      return fi.owner.substr(fi.owner.find_last_of('/') + 1) + "." + fi.name;
    }
  }
  return "?";
}

// --- observer ------------------------------------------------------------

void Concolic::entered(const Location& l, Ref value, int64_t concrete, char prim) {
  start_loc_[value] = l;
  start_values_.emplace(l, concrete);
  Sym x;
  x.value = concrete;
  x.shared = sharedLocation(l);
  x.location = true;
  x.loc = l;
  x.width = prim == 'J' ? 64 : 32;
  sym_[value] = x;
}

void Concolic::constant(Ref value, int64_t concrete) {
  constants_[value] = concrete;
  sym_[value] = Sym::of(ctx_.bvNum(concrete, 32), concrete, true, false);
}

void Concolic::read(const Location& l, Ref value) {
  if (sharedLocation(l)) touched_shared_ = true;
  if (sym_.count(value) || constants_.count(value)) return;  // an integer: its reference says what it is
  if (sharedLocation(l)) shared_ref_values_.insert(value);
  if (written_.count(l)) return;
  if ((l.kind == Location::Kind::Element || l.kind == Location::Kind::Field) &&
      (!preexisting(l.object) || world_.isImmutable(l.object)))
    return;
  ref_reads_.emplace_back(l, value);
}

void Concolic::write(const Location& l) {
  if ((l.kind == Location::Kind::Element || l.kind == Location::Kind::Field) && !preexisting(l.object)) return;
  noteWrite(l, kUnknownValue);  // a native's write: what it replaced is not known here
}

void Concolic::noteWrite(const Location& l, Ref before) {
  if (written_.insert(l).second) replaced_.emplace(l, before);
}

void Concolic::use(Ref object) { used_.insert(object); }

void Concolic::concretize(Ref integer) {
  const Sym* s = sym(integer);
  if (!s || !s->term.valid()) {
    abort("the path depends on a value jhalt cannot express");
    return;
  }
  if (s->constant) return;
  if (s->shared) {
    shared_dependent_ = true;
    shared_reason_ = "the path depends on memory another thread may write";
  }
  phi_.push_back(s->term == ctx_.bvNum(s->value, s->term.width()));
}

// --- one step ------------------------------------------------------------

std::optional<State> Concolic::prepare(const State& s, seg::Evaluator& ev) {
  std::optional<State> t = world_.prepare(s, ev);
  const State& u = t ? *t : s;
  if (abort_.empty() && world_.failure().empty()) observe(u);
  if (abort_.empty()) {
    // Memory something else may write: every read gives a value of its
    // own (a fresh input).
    std::optional<State> fresh = freshRead(u);
    if (fresh) return fresh;
  }
  return t;
}

std::optional<seg::StepResult> Concolic::evaluate(const State& s, seg::Evaluator& ev) {
  return world_.evaluate(s, ev);
}

void Concolic::observe(const State& s) {
  pending_ = Pending::None;
  if (s.exception != kNone) {
    // The handler is chosen by the exception's class.
    use(s.exception);
    return;
  }
  const state::Frame& f = s.top();
  executed_.insert(f.method);
  if (f.method->name() == "<clinit>" && s.frames.size() > 1) {
    abort("a class is initialised during the iteration");
    return;
  }
  const program::MethodCode& code = f.method->code();
  int32_t index = code.bytecode.indexAt(f.pc);
  if (index < 0) return;
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(index));
  decide(s, insn);
  observeHeap(s, insn, s.frames.size() == 1);
}

void Concolic::decide(const State& s, const bytecode::Instruction& insn) {
  const auto& st = s.top().stack;
  auto peek = [&](size_t k) { return st[st.size() - 1 - k]; };
  const bytecode::OpcodeInfo& info = insn.info();
  auto valueOf = [&](Ref r) { return s.intervalOf(r).lo; };
  auto need = [&](Ref r) -> const Sym* {
    const Sym* x = sym(r);
    if (!x || !x->term.valid()) {
      abort("the path depends on a value jhalt cannot express");
      return nullptr;
    }
    if (x->shared) {
      shared_dependent_ = true;
      shared_reason_ = "the path depends on memory another thread may write";
    }
    return x;
  };
  if (insn.family() == Family::Branch) {
    auto kind = static_cast<bytecode::BranchKind>(info.sub >> 4);
    auto cond = static_cast<bytecode::Condition>(info.sub & 0xF);
    if (kind != bytecode::BranchKind::CompareInts && kind != bytecode::BranchKind::CompareZero) return;
    Ref a = kind == bytecode::BranchKind::CompareInts ? peek(1) : peek(0);
    Ref b = kind == bytecode::BranchKind::CompareInts ? peek(0) : kNone;
    const Sym* sa = need(a);
    const Sym* sb = b == kNone ? nullptr : need(b);
    if (!sa || (b != kNone && !sb)) return;
    if (sa->constant && (b == kNone || sb->constant)) return;
    int64_t va = valueOf(a), vb = b == kNone ? 0 : valueOf(b);
    smt::Term tb = b == kNone ? ctx_.bvNum(0, sa->term.width()) : fit(sb->term, sa->term.width());
    bool taken = compare(va, cond, vb);
    phi_.push_back(relation(sa->term, taken ? cond : negated(cond), tb));
  } else if (insn.family() == Family::Compare && info.type == 'J') {
    // lcmp: its outcome (-1, 0, 1) is a constant once Φ says which it is.
    Ref b = peek(1), a = peek(3);
    const Sym* sa = need(a);
    const Sym* sb = need(b);
    if (!sa || !sb || (sa->constant && sb->constant)) return;
    int64_t va = valueOf(a), vb = valueOf(b);
    smt::Term x = sa->term, y = sb->term;
    phi_.push_back(va < vb ? x < y : va == vb ? x == y : x > y);
  } else if (insn.family() == Family::Compare || (insn.family() == Family::Conversion &&
                                                   (info.type == 'F' || info.type == 'D'))) {
    pending_ = Pending::Opaque;  // fcmp, dcmp, f2i, d2l, ...: results of floats
  } else if (insn.family() == Family::Conversion && info.result != 'F' && info.result != 'D') {
    pending_ = Pending::Convert;
    pending_operand_ = info.type == 'J' ? peek(1) : peek(0);
    pending_prim_ = info.result;
  } else if (insn.family() == Family::Switch) {
    Ref x = peek(0);
    const Sym* sx = need(x);
    if (!sx || sx->constant) return;
    int64_t v = valueOf(x);
    const auto& table = s.top().method->code().bytecode.switchOf(insn);
    bool matched = false;
    for (const auto& [key, target] : table.cases) matched |= key == v;
    if (matched) {
      phi_.push_back(sx->term == ctx_.bvNum(v, 32));
    } else {
      for (const auto& [key, target] : table.cases) phi_.push_back(sx->term != ctx_.bvNum(key, 32));
    }
  } else if (insn.family() == Family::Arithmetic &&
             (static_cast<bytecode::ArithOp>(info.sub) == bytecode::ArithOp::Div ||
              static_cast<bytecode::ArithOp>(info.sub) == bytecode::ArithOp::Rem) &&
             (info.type == 'I' || info.type == 'J')) {
    Ref b = info.type == 'J' ? peek(1) : peek(0);
    const Sym* sb = need(b);
    if (!sb || sb->constant) return;
    smt::Term zero = ctx_.bvNum(0, sb->term.width());
    phi_.push_back(valueOf(b) == 0 ? sb->term == zero : sb->term != zero);
  }
}

void Concolic::observeHeap(const State& s, const bytecode::Instruction& insn, bool loop_frame) {
  const state::Frame& f = s.top();
  const auto& st = f.stack;
  auto peek = [&](size_t k) { return k < st.size() ? st[st.size() - 1 - k] : kNone; };
  const bytecode::OpcodeInfo& info = insn.info();
  const classfile::ConstantPool& pool = f.method->owner().file().pool;
  auto index16 = static_cast<uint16_t>(insn.operand);
  auto refRead = [&](const Location& l, Ref value) {
    if (sharedLocation(l)) {
      shared_ref_values_.insert(value);
      touched_shared_ = true;
    }
    if (!written_.count(l)) ref_reads_.emplace_back(l, value);
  };
  switch (insn.family()) {
    case Family::LocalLoad:
      if (loop_frame && info.type == 'A') {
        auto slot = static_cast<uint32_t>(insn.operand);
        refRead(Location{Location::Kind::Local, kNone, slot, 0}, f.locals[slot]);
      }
      return;
    case Family::LocalStore:
    case Family::Increment:
      if (loop_frame) {
        // What the local held when the iteration began (here it may already
        // be dead and cleared: `head = new Node(head)`).
        auto slot = static_cast<uint32_t>(insn.operand);
        const auto& start = last_start_.frames.front().locals;
        noteWrite(Location{Location::Kind::Local, kNone, slot, 0}, slot < start.size() ? start[slot] : kNone);
      }
      return;
    case Family::Field: {
      classfile::MemberRef ref = pool.memberRef(index16);
      const program::ClassInfo* owner = ev_.program().find(ref.owner);
      auto resolved = owner ? ev_.program().resolveField(*owner, ref.name, ref.descriptor) : std::nullopt;
      if (!resolved) return;
      auto op = static_cast<bytecode::FieldOp>(info.sub);
      bool is_static = op == bytecode::FieldOp::GetStatic || op == bytecode::FieldOp::PutStatic;
      state::FieldId fid = ev_.types().field(resolved->owner->name(), ref.name, ref.descriptor, is_static);
      bool is_ref = ref.descriptor[0] == 'L' || ref.descriptor[0] == '[';
      size_t value_slots = (ref.descriptor[0] == 'J' || ref.descriptor[0] == 'D') ? 2 : 1;
      if (op == bytecode::FieldOp::GetStatic) {
        if (is_ref) refRead(Location{Location::Kind::Static, kNone, 0, fid}, s.staticField(fid));
      } else if (op == bytecode::FieldOp::PutStatic) {
        noteWrite(Location{Location::Kind::Static, kNone, 0, fid}, s.staticField(fid));
      } else if (op == bytecode::FieldOp::GetField) {
        Ref obj = peek(0);
        use(obj);
        const HeapValue* v = obj == kNull ? nullptr : s.find(obj);
        Location l{Location::Kind::Field, obj, 0, fid};
        if (is_ref && v && !world_.isImmutable(obj)) {
          if (preexisting(obj))
            refRead(l, v->field(fid));
          else if (options_.shared_heap)
            shared_ref_values_.insert(v->field(fid));
        }
      } else {
        Ref obj = peek(value_slots);
        use(obj);
        const HeapValue* ov = obj == kNull ? nullptr : s.find(obj);
        if (preexisting(obj)) noteWrite(Location{Location::Kind::Field, obj, 0, fid}, ov ? ov->field(fid) : kNone);
      }
      return;
    }
    case Family::ArrayLoad:
    case Family::ArrayStore: {
      bool store = insn.family() == Family::ArrayStore;
      size_t value_slots = store ? (info.type == 'J' || info.type == 'D' ? 2 : 1) : 0;
      Ref arr = peek(value_slots + 1), idx = peek(value_slots);
      use(arr);
      concretize(idx);
      if (store && info.type == 'A') use(peek(0));
      const HeapValue* v = arr == kNull ? nullptr : s.find(arr);
      int64_t i = s.intervalOf(idx).lo;
      if (!v || !v->has_elements || i < 0 || i >= static_cast<int64_t>(v->elements.size())) return;
      Location l{Location::Kind::Element, arr, static_cast<uint32_t>(i), 0};
      if (!preexisting(arr)) {
        if (!store && info.type == 'A' && options_.shared_heap) shared_ref_values_.insert(v->elements[static_cast<size_t>(i)]);
        return;
      }
      if (store)
        noteWrite(l, v->elements[static_cast<size_t>(i)]);
      else if (info.type == 'A' && !world_.isImmutable(arr))
        refRead(l, v->elements[static_cast<size_t>(i)]);
      return;
    }
    case Family::ArrayLength:
    case Family::TypeCheck:
    case Family::Monitor:
    case Family::Throw: use(peek(0)); return;
    case Family::Branch: {
      auto kind = static_cast<bytecode::BranchKind>(info.sub >> 4);
      if (kind == bytecode::BranchKind::CompareNull) use(peek(0));
      if (kind == bytecode::BranchKind::CompareRefs) {
        Ref a = peek(0), b = peek(1);
        use(a);
        use(b);
        // Strings that jhalt made (its library models' results, literals)
        // need not have the JDK's identities: `s.substring(3, 3) == ""`
        // holds on JDK 17, `Integer.toString(0) == "0"` does not.
        auto string = [&](Ref r) {
          const HeapValue* v = r == kNull ? nullptr : s.find(r);
          return v && !v->type.bounds.empty() && ev_.types().name(v->type.bounds.front().type) == "java/lang/String";
        };
        auto jvms = [&](Ref r) { return world_.isWorldObject(r) && !world_.isGhost(r); };
        if (a != kNull && b != kNull && (string(a) || string(b)) && !(jvms(a) && jvms(b)))
          abort("the identity of a String jhalt made (a literal or a library result) is compared: the JDK's may "
                "differ");
      }
      return;
    }
    case Family::Invoke: {
      auto kind = static_cast<bytecode::InvokeKind>(info.sub);
      if (kind == bytecode::InvokeKind::Static || kind == bytecode::InvokeKind::Dynamic) return;
      auto mt = classfile::parseMethodDescriptor(pool.memberRef(index16).descriptor);
      if (mt) use(peek(static_cast<size_t>(mt->paramSlots())));
      return;
    }
    case Family::NewArray: {
      int dims = insn.opcode == 0xc5 ? insn.operand2 : 1;
      // Bytes of the new arrays: element size times the product of the
      // counts (8 for references and multi-dimensional levels).
      size_t bytes = 8;
      if (insn.opcode == 0xbc) {
        static constexpr size_t kSize[] = {0, 0, 0, 0, 1, 2, 4, 8, 1, 2, 4, 8};  // newarray's atype 4..11
        bytes = insn.operand >= 4 && insn.operand <= 11 ? kSize[insn.operand] : 8;
      }
      for (int k = 0; k < dims; ++k) {
        Ref count = peek(static_cast<size_t>(k));
        concretize(count);
        int64_t n = std::max<int64_t>(0, s.intervalOf(count).hi);
        bytes = n > 0 && bytes > (SIZE_MAX / 2) / static_cast<size_t>(n) ? SIZE_MAX / 2 : bytes * static_cast<size_t>(n);
      }
      array_bytes_ = std::min(SIZE_MAX / 2, array_bytes_ + bytes);
      if (array_bytes_ > options_.max_array_bytes)
        abort(fmt::format("the iteration allocates arrays of more than {} KiB: on the JVM it may throw "
                          "OutOfMemoryError, which jhalt does not model", options_.max_array_bytes / 1024));
      return;
    }
    case Family::LoadConstant: {
      classfile::CpTag tag = pool.at(index16).tag;
      if (tag != classfile::CpTag::Integer && tag != classfile::CpTag::Float && tag != classfile::CpTag::Long &&
          tag != classfile::CpTag::Double && tag != classfile::CpTag::String)
        abort("a constant of kind " + std::string(classfile::cpTagName(tag)) + " (its object is not the JVM's)");
      return;
    }
    default: return;
  }
}

}  // namespace jhalt::looper
