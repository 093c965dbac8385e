// Evaluator core: dispatch to per-family handlers, and the handlers for
// constants, locals, the operand stack, integer arithmetic, conversions,
// comparisons and branches (thesis 002, §1.6; refinements §1.4.1).
#include <bit>
#include <cmath>

#include <fmt/format.h>

#include "eval_internal.h"
#include "jhalt/bytecode/stack_op.h"
#include "jhalt/state/reach.h"
#include "jhalt/util/error.h"

namespace jhalt::seg {

using namespace detail;
using bytecode::Family;

Evaluator::Evaluator(program::Program& program, state::TypeSystem& types, state::RefAllocator& alloc,
                     EvalOptions options)
    : program_(program), types_(types), alloc_(alloc), options_(options) {}

StepResult Evaluator::step(const State& s) {
  if (!external_ || s.finished()) return stepOwn(s);
  std::optional<State> prepared = external_->prepare(s, *this);
  const State& t = prepared ? *prepared : s;
  if (auto r = external_->evaluate(t, *this)) return std::move(*r);
  return stepOwn(t);
}

void Evaluator::collectGarbage(State& s) {
  if (options_.lazy_garbage_collection && s.heap.size() < heap_after_gc_ + heap_after_gc_ / 2 + 64) return;
  s.collectGarbage();
  heap_after_gc_ = s.heap.size();
}

StepResult Evaluator::stepOwn(const State& s) {
  JHALT_ASSERT(!s.finished(), "step of a program end");
  if (s.exception != kNone) return handleException(*this, s);
  if (auto r = initializeEntryClass(*this, s)) return std::move(*r);
  const Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  int32_t index = code.bytecode.indexAt(f.pc);
  JHALT_ASSERT(index >= 0, "state at a position that is no instruction");
  Ctx c(*this, s, *f.method, code, static_cast<uint32_t>(index));
  switch (c.insn.family()) {
    case Family::Nop: c.advance(); return c.finish();
    case Family::Constant: return evalConstant(c);
    case Family::LoadConstant: return evalLoadConstant(c);
    case Family::LocalLoad:
    case Family::LocalStore: return evalLocal(c);
    case Family::Stack: return evalStack(c);
    case Family::Arithmetic: return evalArithmetic(c);
    case Family::Increment: return evalIncrement(c);
    case Family::Conversion: return evalConversion(c);
    case Family::Compare: return evalCompare(c);
    case Family::Branch: return evalBranch(c);
    case Family::Jump: c.jump(static_cast<uint32_t>(c.insn.operand)); return c.finish();
    case Family::Switch: return evalSwitch(c);
    case Family::Return: return evalReturn(c);
    case Family::Field: return evalField(c);
    case Family::Invoke: return evalInvoke(c);
    case Family::New: return evalNew(c);
    case Family::NewArray: return evalNewArray(c);
    case Family::ArrayLength: return evalArrayLength(c);
    case Family::ArrayLoad: return evalArrayLoad(c);
    case Family::ArrayStore: return evalArrayStore(c);
    case Family::Throw: return evalThrow(c);
    case Family::TypeCheck: return evalTypeCheck(c);
    case Family::Monitor: return evalMonitor(c);
    case Family::Subroutine: return unsupported("jsr/ret subroutines (class files before version 50) are not supported");
    case Family::Wide: break;
  }
  return unsupported(fmt::format("instruction {} is not supported", c.insn.info().mnemonic));
}

namespace detail {

Ref Ctx::newInt(Interval iv, char prim) {
  Ref r = ev.alloc().fresh();
  out.put(r, HeapValue::integer(iv, prim));
  return r;
}

Ref Ctx::newConst(int64_t v, char prim) {
  Ref r = newInt(Interval::point(v), prim);
  label.computations.push_back(Computation{r, ArithOp::Const, kNone, kNone, v, prim});
  return r;
}

Ref Ctx::newFloat(std::optional<double> v, char prim) {
  Ref r = ev.alloc().fresh();
  out.put(r, HeapValue::floating(v, prim));
  return r;
}

Ref Ctx::newObject(state::AbstractType type) {
  Ref r = ev.alloc().fresh();
  out.put(r, HeapValue::object(std::move(type)));
  return r;
}

void Ctx::advance() { frame().pc = insn.offset + insn.length; }

// Dead locals of the top frame are dropped (see bytecode/liveness.h) and
// unreachable heap entries collected, so that equal situations give equal states.
void clearDeadLocals(State& s) {
  if (s.frames.empty()) return;
  Frame& f = s.top();
  const program::MethodCode& code = f.method->code();
  int32_t idx = code.bytecode.indexAt(f.pc);
  if (idx < 0) return;
  for (uint32_t j = 0; j < f.locals.size(); ++j)
    if (f.locals[j] != kNone && !code.liveness.live(static_cast<uint32_t>(idx), j)) f.locals[j] = kNone;
}

StepResult Ctx::finish() {
  clearDeadLocals(out);
  ev.collectGarbage(out);
  StepResult r;
  r.successors.push_back(Successor{Successor::Kind::Eval, std::move(out), std::move(label), {}});
  return r;
}

StepResult refinedTo(std::vector<State> states, std::vector<Ref> refined) {
  StepResult r;
  // A case the reachability facts rule out has no concrete state (one is
  // kept when all are).
  for (State& s : states) s.collectGarbage();
  if (states.size() > 1) {
    std::vector<State> possible;
    for (State& s : states)
      if (!state::reachContradiction(s)) possible.push_back(std::move(s));
    if (!possible.empty()) states = std::move(possible);
  }
  for (State& s : states) {
    r.successors.push_back(Successor{Successor::Kind::Refine, std::move(s), {}, refined});
  }
  return r;
}

StepResult unsupported(std::string reason) {
  StepResult r;
  r.unsupported = true;
  r.reason = std::move(reason);
  return r;
}

}  // namespace detail

namespace {

// --- comparisons ---------------------------------------------------------

bool holds(int64_t a, RelOp op, int64_t b) {
  switch (op) {
    case RelOp::Lt: return a < b;
    case RelOp::Le: return a <= b;
    case RelOp::Eq: return a == b;
    case RelOp::Ne: return a != b;
    case RelOp::Ge: return a >= b;
    case RelOp::Gt: return a > b;
  }
  return false;
}

// Decides `x op y` from intervals, if every pair of values agrees.
std::optional<bool> decide(const Interval& x, RelOp op, const Interval& y) {
  switch (op) {
    case RelOp::Lt:
      if (x.hi < y.lo) return true;
      if (x.lo >= y.hi) return false;
      return std::nullopt;
    case RelOp::Le:
      if (x.hi <= y.lo) return true;
      if (x.lo > y.hi) return false;
      return std::nullopt;
    case RelOp::Ge: {
      auto r = decide(x, RelOp::Lt, y);
      return r ? std::optional<bool>(!*r) : std::nullopt;
    }
    case RelOp::Gt: {
      auto r = decide(x, RelOp::Le, y);
      return r ? std::optional<bool>(!*r) : std::nullopt;
    }
    case RelOp::Eq:
      if (x.isPoint() && y.isPoint()) return x.lo == y.lo;
      if (x.hi < y.lo || y.hi < x.lo) return false;
      return std::nullopt;
    case RelOp::Ne: {
      auto r = decide(x, RelOp::Eq, y);
      return r ? std::optional<bool>(!*r) : std::nullopt;
    }
  }
  return std::nullopt;
}

// Parts of interval `x` on which `x op p` is decided (integer refinement
// around the literal p).
std::vector<Interval> partsAround(int64_t p, RelOp op) {
  switch (op) {
    case RelOp::Lt:
    case RelOp::Ge: return {Interval::atMost(p - 1), Interval::atLeast(p)};
    case RelOp::Le:
    case RelOp::Gt: return {Interval::atMost(p), Interval::atLeast(p + 1)};
    case RelOp::Eq:
    case RelOp::Ne: return {Interval::atMost(p - 1), Interval::point(p), Interval::atLeast(p + 1)};
  }
  return {};
}

RelOp flip(RelOp op) {  // a op b  <=>  b flip(op) a
  switch (op) {
    case RelOp::Lt: return RelOp::Gt;
    case RelOp::Le: return RelOp::Ge;
    case RelOp::Ge: return RelOp::Le;
    case RelOp::Gt: return RelOp::Lt;
    default: return op;
  }
}

// Outcome of comparing two integer references a op b (b == kNone: the
// literal `k`). Either the truth value, or the refinement to perform.
struct Comparison {
  std::optional<bool> value;
  std::optional<StepResult> refine;
};

// Decides a op b from the known relations of the state (see IntRelation).
std::optional<bool> decideByRelations(const State& s, Ref a, RelOp op, Ref b) {
  auto yes_no = [](bool yes, bool no) -> std::optional<bool> {
    if (yes) return true;
    if (no) return false;
    return std::nullopt;
  };
  switch (op) {
    case RelOp::Lt: return yes_no(s.holds(a, b, true), s.holds(b, a, false));
    case RelOp::Le: return yes_no(s.holds(a, b, false), s.holds(b, a, true));
    case RelOp::Gt: return yes_no(s.holds(b, a, true), s.holds(a, b, false));
    case RelOp::Ge: return yes_no(s.holds(b, a, false), s.holds(a, b, true));
    case RelOp::Eq: return yes_no(false, s.holds(a, b, true) || s.holds(b, a, true));
    case RelOp::Ne: return yes_no(s.holds(a, b, true) || s.holds(b, a, true), false);
  }
  return std::nullopt;
}

Comparison compareInts(Ctx& c, Ref a, RelOp op, Ref b, int64_t k) {
  const State& s = c.in;
  if (b != kNone && a == b) return {holds(0, op, 0), {}};
  Interval x = s.intervalOf(a);
  Interval y = b == kNone ? Interval::point(k) : s.intervalOf(b);
  if (auto d = decide(x, op, y)) return {d, {}};
  if (b != kNone)
    if (auto d = decideByRelations(s, a, op, b)) return {d, {}};
  // A literal on one side: integer refinement of the other (Def. 1.17).
  if (y.isPoint()) return {{}, refinedTo(state::refineInteger(s, a, partsAround(y.lo, op)), {a})};
  if (x.isPoint()) return {{}, refinedTo(state::refineInteger(s, b, partsAround(x.lo, flip(op))), {b})};
  // Otherwise a boolean split (Def. 1.18), marked T/F as in paper 000, Fig. 4.
  if (s.split < 0) return {{}, refinedTo(state::booleanSplit(s), {a, b})};
  return {s.split == 1, {}};
}

RelOp conditionOf(uint8_t sub) {
  switch (static_cast<bytecode::Condition>(sub & 0xF)) {
    case bytecode::Condition::Eq: return RelOp::Eq;
    case bytecode::Condition::Ne: return RelOp::Ne;
    case bytecode::Condition::Lt: return RelOp::Lt;
    case bytecode::Condition::Ge: return RelOp::Ge;
    case bytecode::Condition::Gt: return RelOp::Gt;
    case bytecode::Condition::Le: return RelOp::Le;
  }
  return RelOp::Eq;
}

__extension__ typedef __int128 Int128;

int64_t wrapTo(char prim, Int128 v) {
  switch (prim) {
    case 'I': return static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v)));
    case 'B': return static_cast<int8_t>(static_cast<uint8_t>(static_cast<uint64_t>(v)));
    case 'S': return static_cast<int16_t>(static_cast<uint16_t>(static_cast<uint64_t>(v)));
    case 'C': return static_cast<uint16_t>(static_cast<uint64_t>(v));
    default: return static_cast<int64_t>(static_cast<uint64_t>(v));
  }
}

}  // namespace

namespace detail {

// The result of an int or long operation (paper 000, §2.1 treats integers
// as unbounded; issue 10 adds the JVM's): over mathematical integers it is
// kept; with JVM semantics a single value wraps to 32/64 bits and a range
// that leaves the type's range becomes the whole range (wrapping may give
// any value), so the graph over-approximates the JVM's runs. Either way a
// single value that leaves the range is counted (Evaluator::wraps): a
// concrete run without such a value is the same under both semantics.
Interval fitToType(Ctx& c, Interval result, char type) {
  Interval range = Interval::ofType(type == 'J' ? 'J' : 'I');
  if (result.isPoint()) {
    int64_t wrapped = wrapTo(type, result.lo);
    if (wrapped != result.lo) c.ev.noteWrap();
    return c.ev.options().jvm_int_semantics ? Interval::point(wrapped) : result;
  }
  if (!c.ev.options().jvm_int_semantics) {
    // In a concrete run every result is a single value, unless it left the
    // 64 bits intervals are kept in (they saturate, interval.h).
    if (c.ev.options().concrete && !result.isPoint()) c.ev.noteOverflow();
    return result;
  }
  // Long bounds saturate at ±∞ (interval.h), so an infinite bound may hide
  // a wrap: only a finite long range is kept.
  if (type == 'J') return result.finiteLo() && result.finiteHi() ? result : range;
  return result.subsetOf(range) ? result : range;
}

// Records that a op b holds in `s` (after a split decided it).
void recordRelation(State& s, Ref a, RelOp op, Ref b) {
  switch (op) {
    case RelOp::Lt: s.addRelation(a, b, true); break;
    case RelOp::Le: s.addRelation(a, b, false); break;
    case RelOp::Gt: s.addRelation(b, a, true); break;
    case RelOp::Ge: s.addRelation(b, a, false); break;
    case RelOp::Eq:
      // Equal values: one reference, with the intersection of both intervals.
      if (auto m = s.intervalOf(a).meet(s.intervalOf(b))) {
        s.atMutable(a).interval = *m;
        s.replace(b, a);
      }
      break;
    case RelOp::Ne: break;
  }
}

StepResult evalConstant(Ctx& c) {
  const auto& info = c.insn.info();
  if (info.type == 'A') {
    c.push(kNull);
  } else if (info.type == 'F' || info.type == 'D') {
    c.pushValue(c.newFloat(static_cast<double>(c.insn.operand), info.type), info.type);
  } else {
    c.pushValue(c.newConst(c.insn.operand, info.type == 'J' ? 'J' : 'I'), info.type);
  }
  c.advance();
  return c.finish();
}

StepResult evalLocal(Ctx& c) {
  const auto& info = c.insn.info();
  auto slot = static_cast<size_t>(c.insn.operand);
  auto& locals = c.frame().locals;
  bool wide = info.type == 'J' || info.type == 'D';
  if (info.family == Family::LocalLoad) {
    Ref r = locals[slot];
    if (r == kNone) return unsupported("read of an unset local variable");
    c.pushValue(r, info.type);
  } else {
    Ref r = c.popValue(info.type);
    // Overwriting the second half of a long/double invalidates it (JVMS §2.6.1).
    if (slot > 0 && locals[slot - 1] != kNone) {
      const HeapValue* prev = c.out.find(locals[slot - 1]);
      if (prev && (prev->prim == 'J' || prev->prim == 'D')) locals[slot - 1] = kNone;
    }
    locals[slot] = r;
    if (wide) locals[slot + 1] = kNone;
  }
  c.advance();
  return c.finish();
}

StepResult evalStack(Ctx& c) {
  if (c.frame().stack.size() < static_cast<size_t>(c.insn.info().pops)) return unsupported("operand stack underflow");
  bytecode::applyStackOp(static_cast<bytecode::StackOp>(c.insn.info().sub), c.frame().stack);
  c.advance();
  return c.finish();
}

namespace {

Interval bitwiseInterval(bytecode::ArithOp op, const Interval& x, const Interval& y, char prim) {
  if (x.isPoint() && y.isPoint()) {
    int64_t a = x.lo, b = y.lo, r = 0;
    switch (op) {
      case bytecode::ArithOp::And: r = a & b; break;
      case bytecode::ArithOp::Or: r = a | b; break;
      case bytecode::ArithOp::Xor: r = a ^ b; break;
      default: break;
    }
    return Interval::point(wrapTo(prim, r));
  }
  if (op == bytecode::ArithOp::And) {
    // x & y with a non-negative operand lies in [0, that operand's max].
    if (x.lo >= 0 && y.lo >= 0) return Interval::range(0, std::min(x.hi, y.hi));
    if (x.lo >= 0) return Interval::range(0, x.hi);
    if (y.lo >= 0) return Interval::range(0, y.hi);
  } else if (x.lo >= 0 && y.lo >= 0 && x.finiteHi() && y.finiteHi()) {
    int bits = 64 - std::countl_zero(static_cast<uint64_t>(std::max(x.hi, y.hi)));
    return Interval::range(0, bits >= 63 ? Interval::kPlusInf : (int64_t{1} << bits) - 1);
  }
  return Interval::ofType(prim);
}

Interval shiftInterval(bytecode::ArithOp op, const Interval& x, const Interval& amount, char prim) {
  if (!amount.isPoint()) return Interval::ofType(prim);
  int s = static_cast<int>(amount.lo & (prim == 'J' ? 63 : 31));
  if (op == bytecode::ArithOp::Shl) {
    if (x.isPoint()) return Interval::point(wrapTo(prim, static_cast<Int128>(x.lo) << s));
    return Interval::ofType(prim);  // shifting out bits wraps
  }
  if (op == bytecode::ArithOp::Shr || x.lo >= 0) {  // >> is floor division by 2^s
    return {x.finiteLo() ? (x.lo >> s) : Interval::kMinusInf, x.finiteHi() ? (x.hi >> s) : Interval::kPlusInf};
  }
  if (x.isPoint()) {
    uint64_t v = prim == 'J' ? static_cast<uint64_t>(x.lo) : static_cast<uint32_t>(x.lo);
    return Interval::point(static_cast<int64_t>(v >> s));
  }
  return s == 0 ? Interval::ofType(prim)
                : Interval::range(0, prim == 'J' ? (int64_t(1) << (64 - s)) - 1 : (int64_t(1) << (32 - s)) - 1);
}

std::optional<double> floatOp(bytecode::ArithOp op, std::optional<double> a, std::optional<double> b, char prim) {
  if (!a || (op != bytecode::ArithOp::Neg && !b)) return std::nullopt;
  double r = 0;
  switch (op) {
    case bytecode::ArithOp::Add: r = *a + *b; break;
    case bytecode::ArithOp::Sub: r = *a - *b; break;
    case bytecode::ArithOp::Mul: r = *a * *b; break;
    case bytecode::ArithOp::Div: r = *a / *b; break;
    case bytecode::ArithOp::Rem: r = std::fmod(*a, *b); break;
    case bytecode::ArithOp::Neg: r = -*a; break;
    default: return std::nullopt;
  }
  if (prim == 'F') r = static_cast<float>(r);
  return r;
}

}  // namespace

StepResult evalArithmetic(Ctx& c) {
  const auto& info = c.insn.info();
  auto op = static_cast<bytecode::ArithOp>(info.sub);
  char type = info.type;
  if (type == 'F' || type == 'D') {
    Ref b = op == bytecode::ArithOp::Neg ? kNone : c.popValue(type);
    Ref a = c.popValue(type);
    auto lit = floatOp(op, c.in.at(a).literal, b == kNone ? std::nullopt : c.in.at(b).literal, type);
    c.pushValue(c.newFloat(lit, type), type);
    c.advance();
    return c.finish();
  }
  bool shift = op == bytecode::ArithOp::Shl || op == bytecode::ArithOp::Shr || op == bytecode::ArithOp::Ushr;
  if (op == bytecode::ArithOp::Neg) {
    Ref a = c.popValue(type);
    Ref r = c.newInt(fitToType(c, c.in.intervalOf(a).neg(), type), type);
    c.label.computations.push_back(Computation{r, ArithOp::Neg, a, kNone, 0, type});
    c.pushValue(r, type);
    c.advance();
    return c.finish();
  }
  // Operands: shifts take an int amount on top of a value of `type`.
  Ref b = shift ? c.pop() : c.popValue(type);
  Ref a = c.popValue(type);
  Interval x = c.in.intervalOf(a), y = c.in.intervalOf(b);
  Interval result;
  ArithOp lop = ArithOp::Unknown;
  switch (op) {
    case bytecode::ArithOp::Add: result = x.add(y); lop = ArithOp::Add; break;
    case bytecode::ArithOp::Sub: result = x.sub(y); lop = ArithOp::Sub; break;
    case bytecode::ArithOp::Mul: result = x.mul(y); lop = ArithOp::Mul; break;
    case bytecode::ArithOp::Div:
    case bytecode::ArithOp::Rem: {
      if (y == Interval::point(0)) return raise(c, "java/lang/ArithmeticException");
      if (y.contains(0))  // refine the divisor around 0 (thesis §1.4.1)
        return refinedTo(state::refineInteger(c.in, b, partsAround(0, RelOp::Eq)), {b});
      c.label.relations.push_back(Relation{b, RelOp::Ne, kNone, 0});
      result = op == bytecode::ArithOp::Div ? x.div(y) : x.rem(y);
      lop = op == bytecode::ArithOp::Div ? ArithOp::Div : ArithOp::Rem;
      break;
    }
    case bytecode::ArithOp::Shl: result = shiftInterval(op, x, y, type); lop = ArithOp::Shl; break;
    case bytecode::ArithOp::Shr: result = shiftInterval(op, x, y, type); lop = ArithOp::Shr; break;
    case bytecode::ArithOp::Ushr: result = shiftInterval(op, x, y, type); lop = ArithOp::Ushr; break;
    case bytecode::ArithOp::And: result = bitwiseInterval(op, x, y, type); lop = ArithOp::And; break;
    case bytecode::ArithOp::Or: result = bitwiseInterval(op, x, y, type); lop = ArithOp::Or; break;
    case bytecode::ArithOp::Xor: result = bitwiseInterval(op, x, y, type); lop = ArithOp::Xor; break;
    case bytecode::ArithOp::Neg: break;
  }
  Ref r = c.newInt(fitToType(c, result, type), type);
  c.label.computations.push_back(Computation{r, lop, a, b, 0, type});
  c.pushValue(r, type);
  c.advance();
  return c.finish();
}

StepResult evalIncrement(Ctx& c) {
  auto slot = static_cast<size_t>(c.insn.operand);
  Ref a = c.frame().locals[slot];
  Ref r = c.newInt(fitToType(c, c.in.intervalOf(a).add(Interval::point(c.insn.operand2)), 'I'), 'I');
  c.label.computations.push_back(Computation{r, ArithOp::Add, a, kNone, c.insn.operand2, 'I'});
  c.frame().locals[slot] = r;
  c.advance();
  return c.finish();
}

StepResult evalConversion(Ctx& c) {
  const auto& info = c.insn.info();
  char from = info.type, to = info.result;
  Ref a = c.popValue(from);
  bool from_float = from == 'F' || from == 'D', to_float = to == 'F' || to == 'D';
  Ref r;
  if (from_float && to_float) {
    auto lit = c.in.at(a).literal;
    if (lit && to == 'F') lit = static_cast<float>(*lit);
    r = c.newFloat(lit, to);
  } else if (to_float) {
    Interval x = c.in.intervalOf(a);
    r = c.newFloat(x.isPoint() ? std::optional<double>(static_cast<double>(x.lo)) : std::nullopt, to);
  } else if (from_float) {
    auto lit = c.in.at(a).literal;
    Interval range = Interval::ofType(to);
    if (lit) {
      // JVMS d2i/f2i: NaN gives 0, out of range values saturate.
      double v = std::isnan(*lit) ? 0 : std::trunc(*lit);
      v = std::max(std::min(v, static_cast<double>(range.hi)), static_cast<double>(range.lo));
      r = c.newConst(static_cast<int64_t>(v), to);
    } else {
      r = c.newInt(range, to);
      c.label.computations.push_back(Computation{r, ArithOp::Unknown, kNone, kNone, 0, to});
    }
  } else {
    Interval x = c.in.intervalOf(a);
    char target = to == 'J' ? 'J' : (to == 'B' || to == 'C' || to == 'S') ? to : 'I';
    Interval range = Interval::ofType(target);
    if (to == 'J' || x.subsetOf(range)) {
      r = c.newInt(x, to == 'J' ? 'J' : 'I');
      c.label.computations.push_back(Computation{r, ArithOp::Copy, a, kNone, 0, to == 'J' ? 'J' : 'I'});
    } else if (x.isPoint()) {
      r = c.newConst(wrapTo(target, x.lo), 'I');
    } else {
      r = c.newInt(range, 'I');
      c.label.computations.push_back(Computation{r, ArithOp::Convert, a, kNone, 0, target});
    }
  }
  c.pushValue(r, to == 'J' || to == 'D' ? to : (to == 'F' ? 'F' : 'I'));
  c.advance();
  return c.finish();
}

StepResult evalCompare(Ctx& c) {
  const auto& info = c.insn.info();
  char type = info.type;
  if (type == 'F' || type == 'D') {
    Ref b = c.popValue(type), a = c.popValue(type);
    auto x = c.in.at(a).literal, y = c.in.at(b).literal;
    Ref r;
    if (x && y) {
      bool nan_is_greater = c.insn.opcode == 0x96 || c.insn.opcode == 0x98;  // fcmpg, dcmpg
      int v = std::isnan(*x) || std::isnan(*y) ? (nan_is_greater ? 1 : -1) : (*x < *y ? -1 : *x > *y ? 1 : 0);
      r = c.newConst(v);
    } else {
      r = c.newInt(Interval::range(-1, 1));
      c.label.computations.push_back(Computation{r, ArithOp::Unknown});
    }
    c.push(r);
    c.advance();
    return c.finish();
  }
  // lcmp: decide, refine around a literal, or split three ways.
  Ref b = c.peekValue(0, 'J'), a = c.peekValue(2, 'J');
  Interval x = c.in.intervalOf(a), y = c.in.intervalOf(b);
  std::optional<int> outcome;
  if (a == b) outcome = 0;
  else if (auto lt = decide(x, RelOp::Lt, y); lt && *lt) outcome = -1;
  else if (auto gt = decide(x, RelOp::Gt, y); gt && *gt) outcome = 1;
  else if (x.isPoint() && y.isPoint()) outcome = 0;
  if (!outcome) {
    if (y.isPoint()) return refinedTo(state::refineInteger(c.in, a, partsAround(y.lo, RelOp::Eq)), {a});
    if (x.isPoint()) return refinedTo(state::refineInteger(c.in, b, partsAround(x.lo, RelOp::Eq)), {b});
    if (c.in.split < 0) return refinedTo(state::caseSplit(c.in, 3), {a, b});
    outcome = c.in.split - 1;  // split 0: a < b, 1: a == b, 2: a > b
  }
  c.popWide();
  c.popWide();
  c.label.relations.push_back(Relation{a, *outcome < 0 ? RelOp::Lt : *outcome == 0 ? RelOp::Eq : RelOp::Gt, b});
  c.push(c.newConst(*outcome));
  c.advance();
  return c.finish();
}

StepResult evalBranch(Ctx& c) {
  const auto& info = c.insn.info();
  auto kind = static_cast<bytecode::BranchKind>(info.sub >> 4);
  RelOp op = conditionOf(info.sub);
  auto target = static_cast<uint32_t>(c.insn.operand);
  bool taken = false;
  if (kind == bytecode::BranchKind::CompareZero || kind == bytecode::BranchKind::CompareInts) {
    Ref b = kind == bytecode::BranchKind::CompareInts ? c.peek(0) : kNone;
    Ref a = kind == bytecode::BranchKind::CompareInts ? c.peek(1) : c.peek(0);
    Comparison cmp = compareInts(c, a, op, b, 0);
    if (cmp.refine) return std::move(*cmp.refine);
    taken = *cmp.value;
    c.label.relations.push_back(Relation{a, taken ? op : negate(op), b, 0});
    c.pop();
    if (b != kNone) {
      c.pop();
      recordRelation(c.out, a, taken ? op : negate(op), b);
    }
  } else if (kind == bytecode::BranchKind::CompareNull) {
    Ref r = c.peek(0);
    if (r != kNull && c.in.maybeExisting(r)) return refinedTo(state::refineExistence(c.in, r), {r});
    bool is_null = r == kNull;
    taken = (op == RelOp::Eq) == is_null;
    c.pop();
  } else {  // if_acmpeq / if_acmpne
    Ref b = c.peek(0), a = c.peek(1);
    bool same;
    if (a == b) {
      same = true;
    } else if (a == kNull || b == kNull) {
      Ref obj = a == kNull ? b : a;
      if (c.in.maybeExisting(obj)) return refinedTo(state::refineExistence(c.in, obj), {obj});
      same = false;
    } else if (c.in.maybeExisting(a) && c.in.maybeExisting(b)) {
      // Both may be null, so they may be equal without a =? between them:
      // decide a's existence first (thesis §1.4.2, null refinement).
      return refinedTo(state::refineExistence(c.in, a), {a});
    } else if (c.in.maybeEqual(a, b)) {
      return refinedTo(state::refineEquality(c.in, a, b, c.ev.types()), {a, b});
    } else {
      same = false;
    }
    taken = (op == RelOp::Eq) == same;
    c.pop();
    c.pop();
  }
  if (taken)
    c.jump(target);
  else
    c.advance();
  return c.finish();
}

StepResult evalSwitch(Ctx& c) {
  Ref r = c.peek(0);
  const bytecode::SwitchTable& sw = c.code.bytecode.switchOf(c.insn);
  Interval x = c.in.intervalOf(r);
  bool key_inside = false;
  for (const auto& [key, target] : sw.cases) key_inside |= x.contains(key);
  if (!x.isPoint() && !key_inside) {  // every value goes to the default
    c.pop();
    c.jump(sw.default_target);
    return c.finish();
  }
  if (!x.isPoint()) {
    // Integer refinement: one part per case key inside the interval, the
    // gaps between them going to the default (thesis §1.4.1).
    std::vector<Interval> parts;
    int64_t next = x.lo;
    for (const auto& [key, target] : sw.cases) {
      if (key < x.lo || key > x.hi) continue;
      if (next < key) parts.push_back(Interval::range(next, key - 1));
      parts.push_back(Interval::point(key));
      next = key + 1;
    }
    if (next <= x.hi || !x.finiteHi()) parts.push_back(Interval{next, x.hi});
    return refinedTo(state::refineInteger(c.in, r, parts), {r});
  }
  uint32_t target = sw.default_target;
  for (const auto& [key, t] : sw.cases)
    if (key == x.lo) target = t;
  for (const auto& [key, t] : sw.cases)
    if (key == x.lo) c.label.relations.push_back(Relation{r, RelOp::Eq, kNone, key});
  c.pop();
  c.jump(target);
  return c.finish();
}

}  // namespace detail
}  // namespace jhalt::seg
