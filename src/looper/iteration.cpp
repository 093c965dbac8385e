// Running iterations and summing each up as (Φ_i, M_i) (paper 004, §3.3,
// Def. 3.4): the run loop, the start of an iteration (every integer
// location gets a reference of its own, so that a reference names the
// location it was read from), the symbolic values of computations (the
// evaluator's edge labels as bit-vector terms), and the end of an
// iteration (the memory map of what it wrote, and the object constraints).
#include <fmt/format.h>

#include "jhalt/looper/concolic.h"

namespace jhalt::looper {

using state::HeapValue;
using state::Interval;
using state::kNone;
using state::kNull;
using state::State;

namespace {

smt::Term fit(const smt::Term& t, unsigned w) {
  if (t.width() == w) return t;
  if (t.width() < w) return smt::signExtend(t, w - t.width());
  return smt::extract(t, w - 1, 0);
}

}  // namespace

ConcolicResult Concolic::run(State start, const std::function<bool(const std::vector<Iteration>&)>& after) {
  ConcolicResult res;
  State s = std::move(start);
  std::map<std::string, size_t> seen;  // fingerprints of the heads so far
  size_t total = 0;
  for (size_t round = 0; round < options_.max_iterations; ++round) {
    if (!options_.shared_heap && !touched_shared_) {
      auto [it, fresh] = seen.emplace(fingerprint(s), round);
      if (!fresh) {
        res.repeated = true;
        res.repeat_from = it->second;
        res.repeat_to = round;
        res.stopped = fmt::format("the memory at the loop head after iteration {} is what it was after iteration {}",
                                  round, it->second);
        return res;
      }
    }
    beginIteration(s);
    size_t steps = 0;
    for (;;) {
      if (std::chrono::steady_clock::now() >= options_.deadline) {
        res.stopped = "the time limit was reached";
        return res;
      }
      if (total >= options_.max_total_steps) {
        res.stopped = fmt::format("the iterations take more than {} steps in all", options_.max_total_steps);
        return res;
      }
      if (steps >= options_.max_steps_per_iteration) {
        res.stopped = fmt::format("an iteration takes more than {} steps", options_.max_steps_per_iteration);
        return res;
      }
      const state::Frame& before = s.top();
      std::string where = fmt::format("{} at offset {}", before.method->qualifiedName(), before.pc);
      const bool raising = s.exception == kNone && !atThrow(s);
      seg::StepResult r = ev_.step(s);
      if (!world_.failure().empty()) {
        res.stopped = world_.failure();
        return res;
      }
      if (!abort_.empty()) {
        res.stopped = abort_;
        return res;
      }
      if (r.unsupported) {
        res.stopped = r.reason;
        return res;
      }
      if (r.successors.size() != 1 || r.successors[0].kind != seg::Successor::Kind::Eval) {
        res.stopped = "jhalt cannot follow " + where + " concretely (a native or library method it does not know)";
        return res;
      }
      seg::Successor& next = r.successors[0];
      if (!next.label.library_call.empty()) {
        res.stopped = "the loop calls " + next.label.library_call + ", which jhalt does not follow";
        return res;
      }
      compute(next.label, next.state);
      s = std::move(next.state);
      if (raising && s.exception != kNone) {
        const HeapValue* e = s.find(s.exception);
        res.stopped = fmt::format(
            "{} throws {} in the JVM's own code: HotSpot may throw one preallocated object without a message "
            "(OmitStackTraceInFastThrow), which jhalt does not model",
            where, e && !e->type.bounds.empty() ? ev_.types().name(e->type.bounds.front().type) : "an exception");
        return res;
      }
      if (std::string deep = stackTooDeep(s); !deep.empty()) {
        res.stopped = deep;
        return res;
      }
      ++steps;
      ++total;
      if (s.finished()) {
        res.exited = true;
        res.stopped = "the loop's method ends (returns or throws)";
        return res;
      }
      if (s.frames.size() == 1 && s.exception == kNone) {
        uint32_t pc = s.top().pc;
        if (!loop_body_.empty() && !loop_body_.count(pc)) {
          res.exited = true;
          res.stopped = "the run leaves the loop";
          return res;
        }
        if (pc == head_) break;
      }
    }
    Iteration it = finishIteration(s);
    if (!abort_.empty()) {
      res.stopped = abort_;
      return res;
    }
    it.steps = steps;
    res.iterations.push_back(std::move(it));
    if (after && after(res.iterations)) {
      res.stopped_by_callback = true;
      return res;
    }
  }
  res.stopped = fmt::format("no proof within {} iterations", options_.max_iterations);
  return res;
}

bool Concolic::atThrow(const State& s) const {
  if (s.frames.empty()) return false;
  const state::Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  int32_t index = code.bytecode.indexAt(f.pc);
  return index >= 0 && code.bytecode.at(static_cast<size_t>(index)).family() == bytecode::Family::Throw;
}

// HotSpot's interpreter frame of a method: its locals and operand stack,
// and about 12 words of its own (x86-64); the thread's frames below the
// loop at 256 bytes each. Beyond options_.max_stack_bytes the JVM may throw
// StackOverflowError where jhalt's evaluator goes on.
std::string Concolic::stackTooDeep(const State& s) const {
  size_t bytes = options_.frames_below * 256;
  for (const state::Frame& f : s.frames) {
    const auto& code = f.method->method().code;
    bytes += 8 * (12 + (code ? code->max_locals + code->max_stack : 0));
  }
  if (bytes <= options_.max_stack_bytes) return {};
  return fmt::format("the iteration calls {} frames deep (about {} KiB of stack with the thread's {} frames below the "
                     "loop): the JVM may throw StackOverflowError, which jhalt does not model",
                     s.frames.size(), bytes / 1024, options_.frames_below);
}

void Concolic::beginIteration(State& s) {
  first_new_ = ev_.alloc().peek();
  sym_.clear();
  start_loc_.clear();
  ref_reads_.clear();
  written_.clear();
  replaced_.clear();
  used_.clear();
  phi_.clear();
  abort_.clear();
  array_bytes_ = 0;
  shared_dependent_ = false;
  shared_reason_.clear();
  shared_ref_values_.clear();
  start_values_.clear();
  last_start_ = s;
  for (const auto& [r, v] : constants_) sym_[r] = Sym::of(ctx_.bvNum(v, 32), v, true, false);
  // Each integer location gets a reference of its own.
  auto renamed = [&](Ref r, const Location& l) -> Ref {
    const HeapValue* v = s.find(r);
    if (!v || v->kind != HeapValue::Kind::Integer) return r;
    Ref fresh = ev_.alloc().fresh();
    HeapValue copy = *v;
    s.put(fresh, copy);
    entered(l, fresh, copy.interval.lo, copy.prim);
    return fresh;
  };
  state::Frame& f = s.frames.front();
  for (size_t slot = 0; slot < f.locals.size(); ++slot)
    if (f.locals[slot] != kNone) f.locals[slot] = renamed(f.locals[slot], Location{Location::Kind::Local, kNone, static_cast<uint32_t>(slot), 0});
  std::vector<Ref> objects;
  for (const auto& [r, v] : s.heap)
    if (v->isObject() && !world_.isImmutable(r)) objects.push_back(r);
  for (Ref obj : objects) {
    HeapValue copy = s.at(obj);
    bool changed = false;
    for (auto& [fid, r] : copy.fields) {
      Ref n = renamed(r, Location{Location::Kind::Field, obj, 0, fid});
      changed |= n != r;
      r = n;
    }
    for (size_t i = 0; i < copy.elements.size(); ++i) {
      Ref n = renamed(copy.elements[i], Location{Location::Kind::Element, obj, static_cast<uint32_t>(i), 0});
      changed |= n != copy.elements[i];
      copy.elements[i] = n;
    }
    if (copy.kind == HeapValue::Kind::Array && copy.length != kNull && s.find(copy.length)) {
      int64_t len = s.intervalOf(copy.length).lo;
      sym_[copy.length] = Sym::of(ctx_.bvNum(len, 32), len, true, false);
    }
    if (changed) s.atMutable(obj) = std::move(copy);
  }
  for (auto& [fid, r] : s.statics) r = renamed(r, Location{Location::Kind::Static, kNone, 0, fid});
}

Iteration Concolic::finishIteration(const State& s) {
  Iteration it;
  const state::Frame& f = s.frames.front();
  auto valueAt = [&](const Location& l) -> Ref {
    switch (l.kind) {
      case Location::Kind::Local: return l.index < f.locals.size() ? f.locals[l.index] : kNone;
      case Location::Kind::Field: {
        const HeapValue* v = s.find(l.object);
        return v ? v->field(l.field) : kNone;
      }
      case Location::Kind::Element: {
        const HeapValue* v = s.find(l.object);
        return v && l.index < v->elements.size() ? v->elements[l.index] : kNone;
      }
      case Location::Kind::Static: return s.staticField(l.field);
    }
    return kNone;
  };
  for (const Location& l : written_) {
    Ref v = valueAt(l);
    Update u;
    const HeapValue* hv = v == kNone || v == kNull ? nullptr : s.find(v);
    if (v == kNull) {
      u.value = objectTerm(kNull);
      u.object = kNull;
      used_.insert(kNull);
    } else if (!hv || hv->kind == HeapValue::Kind::Float) {
      u.bottom = true;
    } else if (hv->kind == HeapValue::Kind::Integer) {
      const Sym* x = sym(v);
      if (x && x->term.valid())
        u.value = x->term;
      else
        u.bottom = true;
    } else if (!preexisting(v)) {
      u.bottom = true;  // a new object: ⊥ (paper 004, §3.3, change 3)
      // A new object that refers to the one it replaces: a chain that
      // grows with every iteration, which the JVM's memory bounds.
      auto before = replaced_.find(l);
      Ref old = before == replaced_.end() ? kNone : before->second;
      // A native's write (old value not known) counts as growing.
      if (old == 0xFFFFFFFEu || (old != kNone && old != kNull && reaches(s, v, old))) it.grows = true;
    } else {
      u.value = objectTerm(v);
      u.object = v;
      used_.insert(v);
    }
    it.writes[l] = u;
  }
  // Each object the iteration depends on is the one it was, at every
  // location it was read from (the source is one of them).
  std::set<Ref> justified;
  for (const auto& [l, v] : ref_reads_) {
    if (!used_.count(v)) continue;
    justified.insert(v);
    auto found = vars_.find(l);
    if (found == vars_.end()) {
      LocationVar lv;
      lv.reference = true;
      lv.heap = isHeap(l);
      lv.shared = sharedLocation(l);
      lv.name = locationName(l, last_start_);
      lv.var = ctx_.bvVar(fmt::format("L{}_{}", vars_.size(), lv.name), 64);
      found = vars_.emplace(l, std::move(lv)).first;
    }
    phi_.push_back(found->second.var == objectTerm(v));
    if (found->second.shared) {
      shared_dependent_ = true;
      shared_reason_ = "the path depends on an object read from memory something else may write";
    }
  }
  for (Ref x : used_) {
    // The contents of a String the iteration used (its char array) follow
    // from the String, which is constrained where it was read.
    if (x == kNull || justified.count(x) || !preexisting(x) || world_.isGhost(x) || world_.isImmutable(x) ||
        constant_objects_.count(x))
      continue;
    abort("the iteration uses an object whose origin jhalt did not see");
  }
  // Each condition once (a value may be checked again and again).
  std::set<unsigned> seen;
  for (const smt::Term& t : phi_)
    if (seen.insert(t.id()).second) it.phi.push_back(t);
  for (const auto& [l, v] : ref_reads_) it.start_refs.emplace(l, v);
  it.shared_dependent = shared_dependent_;
  it.shared_reason = shared_reason_;
  it.start_values = start_values_;
  return it;
}

bool Concolic::reaches(const State& s, Ref from, Ref to) const {
  std::set<Ref> seen;
  std::vector<Ref> work{from};
  while (!work.empty()) {
    Ref r = work.back();
    work.pop_back();
    if (r == to) return true;
    if (r == kNull || r == kNone || !seen.insert(r).second) continue;
    const HeapValue* v = s.find(r);
    if (!v || !v->isObject()) continue;
    for (const auto& f : v->fields) work.push_back(f.second);
    for (Ref e : v->elements) work.push_back(e);
  }
  return false;
}

void Concolic::compute(const seg::EvalLabel& label, const State& after) {
  for (const seg::Computation& c : label.computations) sym_[c.result] = encode(c, after);
  if (pending_ == Pending::None || after.finished()) return;
  const auto& st = after.top().stack;
  bool wide = pending_prim_ == 'J';
  if (st.size() < (wide ? 2u : 1u)) return;
  Ref result = st[st.size() - (wide ? 2 : 1)];
  if (pending_ == Pending::Opaque) {
    sym_.erase(result);
  } else {
    // A conversion between integer types (JLS §5.1.2, §5.1.3).
    const Sym* a = sym(pending_operand_);
    Sym out;
    const HeapValue* rv = after.find(result);
    if (a && a->term.valid() && rv && rv->kind == HeapValue::Kind::Integer) {
      out.value = rv->interval.lo;
      out.shared = a->shared;
      out.constant = a->constant;
      smt::Term x = a->term;
      switch (pending_prim_) {
        case 'B': out.term = smt::signExtend(smt::extract(x, 7, 0), 24); break;
        case 'S': out.term = smt::signExtend(smt::extract(x, 15, 0), 16); break;
        case 'C': out.term = smt::zeroExtend(smt::extract(x, 15, 0), 16); break;
        case 'J': out.term = fit(x, 64); break;
        default: out.term = fit(x, 32); break;
      }
    }
    sym_[result] = out;
  }
  pending_ = Pending::None;
}

Concolic::Sym Concolic::encode(const seg::Computation& c, const State& after) {
  Sym out;
  const HeapValue* rv = after.find(c.result);
  if (!rv || rv->kind != HeapValue::Kind::Integer || !rv->interval.isPoint()) return out;  // opaque
  out.value = rv->interval.lo;
  unsigned w = c.prim == 'J' ? 64 : 32;
  if (c.op == seg::ArithOp::Const) {
    out.term = ctx_.bvNum(c.value, w);
    out.constant = true;
    return out;
  }
  if (c.op == seg::ArithOp::Unknown || c.a == kNone) return out;
  const Sym* sa = sym(c.a);
  if (!sa || !sa->term.valid()) return out;
  Sym lit;
  const Sym* sb = nullptr;
  if (c.b != kNone) {
    sb = sym(c.b);
    if (!sb || !sb->term.valid()) return out;
  } else {
    lit = Sym::of(ctx_.bvNum(c.value, w), c.value, true, false);
    sb = &lit;
  }
  out.shared = sa->shared || sb->shared;
  bool binary = c.op != seg::ArithOp::Neg && c.op != seg::ArithOp::Copy && c.op != seg::ArithOp::Convert;
  if (sa->constant && (!binary || sb->constant)) {
    out.term = ctx_.bvNum(out.value, w);
    out.constant = true;
    return out;
  }
  // Looper's concretization of what linear arithmetic cannot say (§3.3):
  // the second operand of a product of two unknowns, a divisor, a shift
  // distance take their values, and Φ says so.
  smt::Term b = sb->term;
  bool concretize_b = binary && !sb->constant &&
                      ((c.op == seg::ArithOp::Mul && !sa->constant) || c.op == seg::ArithOp::Div ||
                       c.op == seg::ArithOp::Rem || c.op == seg::ArithOp::Shl || c.op == seg::ArithOp::Shr ||
                       c.op == seg::ArithOp::Ushr);
  if (concretize_b) {
    if (sb->shared) {
      shared_dependent_ = true;
      shared_reason_ = "the path depends on memory another thread may write";
    }
    phi_.push_back(sb->term == ctx_.bvNum(sb->value, sb->term.width()));
    b = ctx_.bvNum(sb->value, sb->term.width());
  }
  smt::Term a = sa->term;
  switch (c.op) {
    case seg::ArithOp::Add: out.term = fit(a, w) + fit(b, w); break;
    case seg::ArithOp::Sub: out.term = fit(a, w) - fit(b, w); break;
    case seg::ArithOp::Mul: out.term = fit(a, w) * fit(b, w); break;
    case seg::ArithOp::Div: out.term = smt::javaDiv(fit(a, w), fit(b, w)); break;
    case seg::ArithOp::Rem: out.term = smt::javaRem(fit(a, w), fit(b, w)); break;
    case seg::ArithOp::Neg: out.term = -fit(a, w); break;
    case seg::ArithOp::And: out.term = smt::bitAnd(fit(a, w), fit(b, w)); break;
    case seg::ArithOp::Or: out.term = smt::bitOr(fit(a, w), fit(b, w)); break;
    case seg::ArithOp::Xor: out.term = smt::bitXor(fit(a, w), fit(b, w)); break;
    case seg::ArithOp::Shl:
    case seg::ArithOp::Shr:
    case seg::ArithOp::Ushr: {
      smt::Term d = smt::bitAnd(fit(b, w), ctx_.bvNum(w - 1, w));
      out.term = c.op == seg::ArithOp::Shl   ? smt::shiftLeft(fit(a, w), d)
                 : c.op == seg::ArithOp::Shr ? smt::shiftRightArithmetic(fit(a, w), d)
                                             : smt::shiftRightLogical(fit(a, w), d);
      break;
    }
    case seg::ArithOp::Copy: out.term = fit(a, w); break;
    case seg::ArithOp::Convert: {
      smt::Term x = fit(a, a.width());
      switch (c.prim) {
        case 'B': out.term = smt::signExtend(smt::extract(x, 7, 0), 24); break;
        case 'S': out.term = smt::signExtend(smt::extract(x, 15, 0), 16); break;
        case 'C': out.term = smt::zeroExtend(smt::extract(x, 15, 0), 16); break;
        default: out.term = fit(x, w); break;
      }
      break;
    }
    case seg::ArithOp::Cmp: {
      unsigned wa = std::max(a.width(), b.width());
      smt::Term x = fit(a, wa), y = fit(b, wa);
      out.term = smt::ite(x < y, ctx_.bvNum(-1, 32), smt::ite(x == y, ctx_.bvNum(0, 32), ctx_.bvNum(1, 32)));
      break;
    }
    default: return Sym{};
  }
  return out;
}

std::string Concolic::fingerprint(const State& s) const {
  std::string out;
  std::map<Ref, int> names;  // objects jhalt made, in the order met
  std::vector<Ref> work;
  std::set<Ref> done;
  auto name = [&](Ref r) -> std::string {
    if (r == kNull) return "null";
    if (r == kNone) return "_";
    const HeapValue* v = s.find(r);
    if (!v) return "?";
    if (v->kind == HeapValue::Kind::Integer) return fmt::format("{}{}", v->prim, v->interval.lo);
    if (v->kind == HeapValue::Kind::Float) return v->literal ? fmt::format("F{}", *v->literal) : "F?";
    if (!done.count(r)) work.push_back(r);
    if (world_.isWorldObject(r)) return fmt::format("J{}", r);
    auto [it, fresh] = names.emplace(r, static_cast<int>(names.size()));
    (void)fresh;
    return fmt::format("N{}", it->second);
  };
  const state::Frame& f = s.frames.front();
  out += fmt::format("pc{};", f.pc);
  for (Ref r : f.locals) out += name(r) + ",";
  out += ";";
  for (const auto& [fid, r] : s.statics) out += fmt::format("s{}={},", fid, name(r));
  for (const auto& [cls, status] : s.init) out += fmt::format("i{}={},", cls, static_cast<int>(status));
  // What jhalt wrote into the JVM's objects counts even where the state no
  // longer reaches them: the JVM may reach them again.
  for (Ref r : s.pinned) name(r);
  while (!work.empty()) {
    Ref r = work.back();
    work.pop_back();
    if (!done.insert(r).second) continue;
    const HeapValue& v = s.at(r);
    out += "{" + name(r) + ":" + std::to_string(v.type.bounds.empty() ? 0 : v.type.bounds.front().type);
    for (const auto& [fid, x] : v.fields) out += fmt::format(" {}={}", fid, name(x));
    if (v.kind == HeapValue::Kind::Array) {
      out += " len=" + name(v.length);
      for (Ref e : v.elements) out += " " + name(e);
    }
    out += "}";
  }
  return out;
}

std::optional<State> Concolic::freshRead(const State& s) {
  if (s.exception != kNone || s.finished()) return std::nullopt;
  const state::Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  int32_t index = code.bytecode.indexAt(f.pc);
  if (index < 0) return std::nullopt;
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(index));
  const auto& st = f.stack;
  auto peek = [&](size_t k) { return k < st.size() ? st[st.size() - 1 - k] : kNone; };
  Location l;
  Ref current = kNone;
  if (insn.family() == bytecode::Family::Field) {
    classfile::MemberRef ref = f.method->owner().file().pool.memberRef(static_cast<uint16_t>(insn.operand));
    auto op = static_cast<bytecode::FieldOp>(insn.info().sub);
    if (op != bytecode::FieldOp::GetField && op != bytecode::FieldOp::GetStatic) return std::nullopt;
    const program::ClassInfo* owner = ev_.program().find(ref.owner);
    auto resolved = owner ? ev_.program().resolveField(*owner, ref.name, ref.descriptor) : std::nullopt;
    if (!resolved) return std::nullopt;
    bool is_static = op == bytecode::FieldOp::GetStatic;
    state::FieldId fid = ev_.types().field(resolved->owner->name(), ref.name, ref.descriptor, is_static);
    if (is_static) {
      l = Location{Location::Kind::Static, kNone, 0, fid};
      current = s.staticField(fid);
    } else {
      Ref obj = peek(0);
      const HeapValue* v = obj == kNull ? nullptr : s.find(obj);
      if (!v || world_.isImmutable(obj)) return std::nullopt;
      l = Location{Location::Kind::Field, obj, 0, fid};
      current = v->field(fid);
    }
  } else if (insn.family() == bytecode::Family::ArrayLoad) {
    Ref arr = peek(1);
    const HeapValue* v = arr == kNull ? nullptr : s.find(arr);
    if (!v || !v->has_elements || world_.isImmutable(arr)) return std::nullopt;
    int64_t i = s.intervalOf(peek(0)).lo;
    if (i < 0 || i >= static_cast<int64_t>(v->elements.size())) return std::nullopt;
    l = Location{Location::Kind::Element, arr, static_cast<uint32_t>(i), 0};
    current = v->elements[static_cast<size_t>(i)];
  } else {
    return std::nullopt;
  }
  if (!sharedLocation(l)) return std::nullopt;
  const HeapValue* cv = current == kNone || current == kNull ? nullptr : s.find(current);
  if (!cv || cv->kind != HeapValue::Kind::Integer) return std::nullopt;
  State t = s;
  Ref fresh = ev_.alloc().fresh();
  t.put(fresh, *cv);
  switch (l.kind) {
    case Location::Kind::Static: t.setStatic(l.field, fresh); break;
    case Location::Kind::Field: t.atMutable(l.object).setField(l.field, fresh); break;
    default: t.atMutable(l.object).elements[l.index] = fresh; break;
  }
  touched_shared_ = true;
  unsigned w = cv->prim == 'J' ? 64 : 32;
  sym_[fresh] = Sym::of(ctx_.bvVar(fmt::format("read{}", fresh_++), w), cv->interval.lo, false, true);
  return t;
}

}  // namespace jhalt::looper
