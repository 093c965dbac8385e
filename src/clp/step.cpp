#include "step.h"

#include <fmt/format.h>

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/bytecode/stack_op.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/clp/library.h"
#include "jhalt/util/error.h"

namespace jhalt::clp::detail {
namespace {

using bytecode::Family;
using K = Kind::K;

uint32_t indexOf(const program::MethodCode& code, uint32_t offset) {
  int32_t i = code.bytecode.indexAt(offset);
  if (i < 0) throw Unsupported("branch target is not an instruction");
  return static_cast<uint32_t>(i);
}

// The path cannot be followed (an unsupported value or instruction).
Step end(std::string reason, bool exact = false) {
  Step s;
  s.type = Step::Type::End;
  s.exact = exact;
  s.reason = std::move(reason);
  return s;
}

Step inexact(Step s, std::string reason) {
  if (s.exact) {
    s.exact = false;
    s.reason = std::move(reason);
  }
  return s;
}

Step next() { return Step{}; }


Step branches(std::vector<Step::Alt> alts) {
  Step s;
  s.type = Step::Type::Branches;
  s.alts = std::move(alts);
  return s;
}

// Alternatives of `a cond b` (Condition order: Eq, Ne, Lt, Ge, Gt, Le):
// the taken branch first, then the fall-through; `!=` is split into `<`
// and `>` so that every alternative is a conjunction.
std::vector<Step::Alt> compare(int cond, const LinExpr& a, const LinExpr& b, uint32_t taken, uint32_t fall) {
  auto one = [](LinCon c, uint32_t t) { return Step::Alt{{std::move(c)}, t}; };
  switch (cond) {
    case 0: return {one(eq(a, b), taken), one(lt(a, b), fall), one(gt(a, b), fall)};
    case 1: return {one(lt(a, b), taken), one(gt(a, b), taken), one(eq(a, b), fall)};
    case 2: return {one(lt(a, b), taken), one(ge(a, b), fall)};
    case 3: return {one(ge(a, b), taken), one(lt(a, b), fall)};
    case 4: return {one(gt(a, b), taken), one(le(a, b), fall)};
    default: return {one(le(a, b), taken), one(gt(a, b), fall)};
  }
}

// Truncating division by a non-zero constant (JVMS idiv): q with
// |d|*q' <= x <= |d|*q' + |d| - 1 for x >= 0 and the mirror for x < 0,
// where q' = q * sign(d). Two alternatives by the sign of x.
std::vector<Step::Alt> divide(const LinExpr& x, int64_t d, const LinExpr& q, uint32_t next_index) {
  int64_t m = d < 0 ? -d : d;
  LinExpr qq = d < 0 ? q.scaled(-1) : q;
  Step::Alt pos{{ge(x, LinExpr::num(0)), le(qq.scaled(m), x), le(x, qq.scaled(m) + LinExpr::num(m - 1))},
                next_index};
  LinExpr nx = x.scaled(-1), nq = qq.scaled(-1);
  Step::Alt neg{{lt(x, LinExpr::num(0)), le(nq.scaled(m), nx), le(nx, nq.scaled(m) + LinExpr::num(m - 1))},
                next_index};
  return {pos, neg};
}

// `st` with `e` recorded as an int result that may wrap on the JVM.
Step wraps(Step st, const LinExpr& e) {
  st.int_results.push_back(e);
  return st;
}

Val freshOf(char type, Sym& s) {
  if (intLike(type)) return intVal(LinExpr::var(s.fresh()));
  return refVal(K::Maybe);
}

// A value the clauses do not know (Top): an int of unknown value, or a
// reference of unknown nullness. Producing one is exact; every step whose
// effect depends on it (a branch, a call argument, a return, an array
// index, a division) is not, and a cut point does not carry it.
Val unknownOf(char type) { return intLike(type) ? Val{} : refVal(K::Maybe); }

// The method every instantiable application subtype of `owner` selects for
// `resolved`, if it is the same for all (closed world; see StepContext).
const program::MethodInfo* uniqueTarget(StepContext& ctx, const program::ClassInfo& owner,
                                        const program::MethodInfo& resolved) {
  if (owner.origin() != classpath::Origin::Application) return nullptr;
  // Lambdas and proxies may implement an application interface at run time.
  if (owner.file().access & classfile::kInterface) return nullptr;
  const program::MethodInfo* target = nullptr;
  for (const program::ClassInfo* c : ctx.app_classes) {
    if (c->file().access & (classfile::kInterface | classfile::kAbstract)) continue;
    if (!ctx.program.isSubtypeOf(*c, owner)) continue;
    const program::MethodInfo* selected = ctx.program.selectMethod(*c, resolved);
    if (!selected || (target && target != selected)) return nullptr;
    target = selected;
  }
  return target;
}

// getstatic/putstatic initialize the class or interface that declares the
// resolved field (JVMS §6.5); an unresolvable field throws.
bool staticAccessMayInitialize(StepContext& ctx, const classfile::MemberRef& ref) {
  const program::ClassInfo* owner = ctx.program.find(ref.owner);
  if (!owner) return true;
  auto field = ctx.program.resolveField(*owner, ref.name, ref.descriptor);
  if (!field || !field->owner) return true;
  return mayInitialize(ctx.program, *field->owner, ctx.method);
}

}  // namespace

Kind join(const Kind& a, const Kind& b) {
  if (a == b) return a;
  if (a.k == K::Int && b.k == K::Int) return Kind{K::Int};  // different constants: some int
  if (a.k == K::Int || b.k == K::Int || a.k == K::Top || b.k == K::Top) return Kind{};
  if (a.nonNull() && b.nonNull()) {
    Kind k{K::NonNull};
    if (a.k == K::NonNull && b.k == K::NonNull && a.cls == b.cls) k.cls = a.cls;
    return k;
  }
  return Kind{K::Maybe};
}

bool mayInitialize(program::Program& program, const program::ClassInfo& cls, const program::MethodInfo& current) {
  // JVMS §5.5: initializing `cls` initializes its superclasses and the
  // superinterfaces that declare default methods first.
  for (const program::ClassInfo* c : program.initializationOrder(cls)) {
    if (c->origin() != classpath::Origin::Application) continue;
    if (!c->classInitializer()) continue;
    // Classes of the running method and its superclasses are initialized.
    bool initialized = false;
    for (const program::ClassInfo* o = &current.owner(); o; o = o->super) initialized |= o == c;
    if (!initialized) return true;
  }
  return false;
}

namespace {

// The instruction being translated and the slots it works on.
struct Cx {
  StepContext& ctx;
  const bytecode::Instruction& insn;
  const bytecode::OpcodeInfo& info;
  const classfile::ConstantPool& cp;
  Sym& s;
  uint32_t after;  // the next instruction's index

  Val pop() {
    if (s.stack.empty()) throw Unsupported("operand stack underflow (unverified code)");
    Val v = std::move(s.stack.back());
    s.stack.pop_back();
    return v;
  }
  void push(Val v) { s.stack.push_back(std::move(v)); }
  Val& local(size_t n) {
    if (n >= s.locals.size()) throw Unsupported("local index out of range (unverified code)");
    return s.locals[n];
  }
};

Step stepWide(Cx&) { return next(); }  // nop and the wide prefix

Step stepConstant(Cx& c) {
  if (c.info.type == 'I') {
    c.push(intVal(LinExpr::num(c.insn.operand)));
    return next();
  }
  if (c.info.type == 'A') {
    c.push(refVal(K::Null));
    return next();
  }
  return end("long, float and double values are not translated");
}

Step stepLoadConstant(Cx& c) {
  auto tag = c.cp.at(static_cast<uint16_t>(c.insn.operand)).tag;
  if (tag == classfile::CpTag::Integer) {
    c.push(intVal(LinExpr::num(c.cp.intValue(static_cast<uint16_t>(c.insn.operand)))));
    return next();
  }
  if (tag == classfile::CpTag::String || tag == classfile::CpTag::Class) {
    c.push(refVal(K::NonNull));
    return next();
  }
  return end("long, float and double values are not translated");
}

Step stepLocalLoad(Cx& c) {
  auto n = static_cast<size_t>(c.insn.operand);
  if (c.info.type == 'I') {
    Val v = c.local(n);
    c.push(v.kind.k == K::Int ? v : Val{});  // an unknown int stays unknown
    return next();
  }
  if (c.info.type == 'A') {
    Val v = c.local(n);
    if (!v.kind.isRef()) v = refVal(K::Maybe);
    c.push(v);
    return next();
  }
  return end("long, float and double values are not translated");
}

Step stepLocalStore(Cx& c) {
  if (c.info.type == 'I' || c.info.type == 'A') {
    c.local(static_cast<size_t>(c.insn.operand)) = c.pop();
    return next();
  }
  return end("long, float and double values are not translated");
}

Step stepIncrement(Cx& c) {
  Val& v = c.local(static_cast<size_t>(c.insn.operand));
  if (v.kind.k != K::Int) {
    v = Val{};
    return next();
  }
  v.expr = v.expr + LinExpr::num(c.insn.operand2);
  return wraps(next(), v.expr);
}

Step stepArithmetic(Cx& c) {
  if (c.info.type != 'I') return end("long, float and double arithmetic is not translated");
  auto op = static_cast<bytecode::ArithOp>(c.info.sub);
  if (op == bytecode::ArithOp::Neg) {
    Val a = c.pop();
    if (a.kind.k != K::Int) {
      c.push(Val{});
      return next();
    }
    c.push(intVal(a.expr.scaled(-1)));
    return wraps(next(), c.s.stack.back().expr);
  }
  Val b = c.pop(), a = c.pop();
  const bool divides = op == bytecode::ArithOp::Div || op == bytecode::ArithOp::Rem;
  if (a.kind.k != K::Int || b.kind.k != K::Int) {
    c.push(Val{});
    // Only a division can throw (by zero); the other results are merely unknown.
    bool known_divisor = b.kind.k == K::Int && b.expr.isConstant() && b.expr.constant != 0;
    return divides && !known_divisor ? inexact(next(), "division by an unknown value") : next();
  }
  const LinExpr& x = a.expr;
  const LinExpr& y = b.expr;
  switch (op) {
    case bytecode::ArithOp::Add: c.push(intVal(x + y)); return wraps(next(), c.s.stack.back().expr);
    case bytecode::ArithOp::Sub: c.push(intVal(x - y)); return wraps(next(), c.s.stack.back().expr);
    case bytecode::ArithOp::Mul:
      if (y.isConstant() || x.isConstant()) {
        c.push(intVal(y.isConstant() ? x.scaled(y.constant) : y.scaled(x.constant)));
        return wraps(next(), c.s.stack.back().expr);
      }
      break;
    case bytecode::ArithOp::Div:
    case bytecode::ArithOp::Rem:
      if (y.isConstant() && y.constant != 0) {
        LinExpr q = LinExpr::var(c.s.fresh());
        auto alts = divide(x, y.constant, q, c.after);
        c.push(intVal(op == bytecode::ArithOp::Div ? q : x - q.scaled(y.constant)));
        Step st = branches(std::move(alts));
        // Only MIN_VALUE / -1 wraps (its quotient is -x); a remainder never does.
        if (op == bytecode::ArithOp::Div && y.constant == -1) st.int_results.push_back(x.scaled(-1));
        return st;
      }
      break;
    case bytecode::ArithOp::Shl:
      if (y.isConstant()) {
        int64_t k = y.constant & 31;
        c.push(intVal(x.scaled(int64_t{1} << k)));
        return wraps(next(), c.s.stack.back().expr);
      }
      break;
    case bytecode::ArithOp::Shr:
      if (y.isConstant()) {
        // Arithmetic shift: floor(x / 2^k), i.e. 2^k q <= x <= 2^k q + 2^k - 1.
        int64_t m = int64_t{1} << (y.constant & 31);
        LinExpr q = LinExpr::var(c.s.fresh());
        c.push(intVal(q));
        Step st = next();
        st.cons = {le(q.scaled(m), x), le(x, q.scaled(m) + LinExpr::num(m - 1))};
        return st;
      }
      break;
    default:
      break;
  }
  c.push(Val{});  // not linear: unknown (exact unless it may divide by zero)
  return divides ? inexact(next(), "division by an unknown value") : next();
}

Step stepConversion(Cx& c) {
  if (c.info.type == 'I' && (c.info.result == 'B' || c.info.result == 'C' || c.info.result == 'S')) {
    c.pop();
    c.push(Val{});  // not linear: unknown
    return next();
  }
  return end("long, float and double values are not translated");
}

Step stepCompare(Cx&) { return end("long, float and double comparisons are not translated"); }

Step stepBranch(Cx& c) {
  auto kind = static_cast<bytecode::BranchKind>(c.info.sub >> 4);
  int cond = c.info.sub & 15;
  uint32_t taken = indexOf(c.ctx.code, static_cast<uint32_t>(c.insn.operand));
  if (kind == bytecode::BranchKind::CompareZero || kind == bytecode::BranchKind::CompareInts) {
    Val b = kind == bytecode::BranchKind::CompareZero ? intVal(LinExpr::num(0)) : c.pop();
    Val a = c.pop();
    if (a.kind.k != K::Int || b.kind.k != K::Int)
      return inexact(branches({{{}, taken}, {{}, c.after}}), "comparison of unknown values");
    return branches(compare(cond, a.expr, b.expr, taken, c.after));
  }
  if (kind == bytecode::BranchKind::CompareNull) {
    Val a = c.pop();
    bool is_null_branch = cond == 0;  // ifnull
    if (a.kind.k == K::Null) return branches({{{}, is_null_branch ? taken : c.after}});
    if (a.kind.nonNull()) return branches({{{}, is_null_branch ? c.after : taken}});
    return inexact(branches({{{}, taken}, {{}, c.after}}), "null test of a reference of unknown nullness");
  }
  Val b = c.pop(), a = c.pop();  // if_acmpeq / if_acmpne
  bool eq_branch = cond == 0;
  if (a.kind.k == K::Null && b.kind.k == K::Null) return branches({{{}, eq_branch ? taken : c.after}});
  if ((a.kind.k == K::Null && b.kind.nonNull()) || (b.kind.k == K::Null && a.kind.nonNull()))
    return branches({{{}, eq_branch ? c.after : taken}});
  return inexact(branches({{{}, taken}, {{}, c.after}}), "reference comparison");
}

Step stepJump(Cx& c) {
  Step st;
  st.type = Step::Type::Jump;
  st.target = indexOf(c.ctx.code, static_cast<uint32_t>(c.insn.operand));
  return st;
}

Step stepSubroutine(Cx&) { return end("jsr/ret are not translated"); }

Step stepReturn(Cx& c) {
  Step st;
  st.type = Step::Type::Return;
  if (c.info.type == 'I') {
    Val v = c.pop();
    if (v.kind.k != K::Int) {
      st.result = LinExpr::var(c.s.fresh());
      return inexact(st, "returns an unknown value");
    }
    st.result = v.expr;
  }
  return st;
}

Step stepSwitch(Cx& c) {
  Val v = c.pop();
  const bytecode::SwitchTable& t = c.ctx.code.bytecode.switchOf(c.insn);
  uint32_t dflt = indexOf(c.ctx.code, t.default_target);
  std::vector<Step::Alt> alts;
  if (v.kind.k != K::Int) {
    alts.push_back({{}, dflt});
    for (const auto& [key, target] : t.cases) alts.push_back({{}, indexOf(c.ctx.code, target)});
    return inexact(branches(std::move(alts)), "switch on an unknown value");
  }
  const LinExpr& x = v.expr;
  for (const auto& [key, target] : t.cases) alts.push_back({{eq(x, LinExpr::num(key))}, indexOf(c.ctx.code, target)});
  // The default: below the smallest key, between keys, above the largest.
  if (t.cases.empty()) {
    alts.push_back({{}, dflt});
  } else {
    alts.push_back({{lt(x, LinExpr::num(t.cases.front().first))}, dflt});
    for (size_t i = 0; i + 1 < t.cases.size(); ++i) {
      int64_t lo = int64_t{t.cases[i].first} + 1, hi = int64_t{t.cases[i + 1].first} - 1;
      if (lo <= hi) alts.push_back({{ge(x, LinExpr::num(lo)), le(x, LinExpr::num(hi))}, dflt});
    }
    alts.push_back({{gt(x, LinExpr::num(t.cases.back().first))}, dflt});
  }
  return branches(std::move(alts));
}

Step stepField(Cx& c) {
  auto op = static_cast<bytecode::FieldOp>(c.info.sub);
  classfile::MemberRef ref = c.cp.memberRef(static_cast<uint16_t>(c.insn.operand));
  char type = ref.descriptor.front();
  if (type == 'J' || type == 'D' || type == 'F') return end("long, float and double fields are not translated");
  switch (op) {
    case bytecode::FieldOp::GetStatic: {
      int slot = c.ctx.static_slot ? c.ctx.static_slot(ref) : -1;
      if (slot < 0)
        c.push(unknownOf(type));  // not tracked: the value is unknown (see unknownOf)
      else if (static_cast<size_t>(slot) < c.s.statics.size())
        c.push(c.s.statics[static_cast<size_t>(slot)]);
      else
        c.push(intVal(LinExpr::var(c.s.fresh())));  // the kinds dataflow: only the kind matters
      if (staticAccessMayInitialize(c.ctx, ref)) return inexact(next(), "getstatic may initialize a class");
      return next();
    }
    case bytecode::FieldOp::GetField: {
      Val obj = c.pop();
      c.push(unknownOf(type));
      if (!obj.kind.nonNull()) return inexact(next(), "getfield on a reference of unknown nullness");
      return next();
    }
    case bytecode::FieldOp::PutField: {
      c.pop();
      Val obj = c.pop();
      // Fields are not arguments: writing one changes nothing the
      // clauses speak about, once the receiver is known to exist.
      if (!obj.kind.nonNull()) return inexact(next(), "putfield on a reference of unknown nullness");
      return next();
    }
    case bytecode::FieldOp::PutStatic: {
      Val value = c.pop();
      int slot = c.ctx.static_slot ? c.ctx.static_slot(ref) : -1;
      if (slot >= 0 && static_cast<size_t>(slot) < c.s.statics.size())
        c.s.statics[static_cast<size_t>(slot)] = value.kind.k == K::Int ? value : Val{};
      if (staticAccessMayInitialize(c.ctx, ref)) return inexact(next(), "putstatic may initialize a class");
      return next();
    }
  }
  return end("unknown field instruction");
}

Step stepInvoke(Cx& c) {
  auto kind = static_cast<bytecode::InvokeKind>(c.info.sub);
  if (kind == bytecode::InvokeKind::Dynamic) return end("invokedynamic is not translated");
  auto index16 = static_cast<uint16_t>(c.insn.operand);
  classfile::MemberRef ref = c.cp.memberRef(index16);
  bool interface_ref = c.cp.at(index16).tag == classfile::CpTag::InterfaceMethodref;
  auto mt = classfile::parseMethodDescriptor(ref.descriptor);
  if (!mt) return end("bad descriptor");
  char ret = ref.descriptor.back() == 'V' ? 'V' : ref.descriptor[ref.descriptor.find(')') + 1];
  for (const auto& p : mt->params)
    if (p.isWide() || p.kind() == 'F') return end("long, float and double arguments are not translated");
  if (ret == 'J' || ret == 'D' || ret == 'F') return end("long, float and double results are not translated");
  bool has_receiver = kind != bytecode::InvokeKind::Static;
  std::vector<Val> args(mt->params.size());
  for (size_t i = args.size(); i-- > 0;) args[i] = c.pop();
  Val receiver = has_receiver ? c.pop() : Val{};
  // A whitelisted method is known to terminate only if no application class
  // can override it (PrintStream is not final: an application subclass's
  // println may loop; closed world as in uniqueTarget).
  bool terminates = libraryTerminates(ref.owner, ref.name, ref.descriptor);
  if (terminates && kind != bytecode::InvokeKind::Static && kind != bytecode::InvokeKind::Special)
    if (const program::ClassInfo* declared = c.ctx.program.find(ref.owner)) {
      if (c.ctx.app_classes.empty() && !(declared->file().access & classfile::kFinal)) terminates = false;
      for (const program::ClassInfo* app : c.ctx.app_classes)
        if (c.ctx.program.isSubtypeOf(*app, *declared)) terminates = false;
    }
  auto library = [&](std::string why) {
    if (ret != 'V') c.push(freshOf(ret, c.s));
    Step s = inexact(next(), std::move(why));
    s.gap = !terminates;
    return s;
  };
  const bool maybe_null = has_receiver && !receiver.kind.nonNull();
  if (maybe_null && !c.ctx.for_termination) return library("call on a reference of unknown nullness");
  if (ref.owner.starts_with('[')) return library("method of an array");
  const program::ClassInfo* owner = c.ctx.program.find(ref.owner);
  if (!owner) return end(fmt::format("class {} not found", ref.owner));
  const program::MethodInfo* resolved = c.ctx.program.resolveMethod(*owner, ref.name, ref.descriptor, interface_ref);
  if (!resolved) return library(fmt::format("{}.{} not resolved", ref.owner, ref.name));
  std::string_view rowner = resolved->owner().name();
  if (rowner == "java/lang/Object" && ref.name == "<init>") return next();  // does nothing
  if (rowner == "java/lang/String" && ref.name == "length" && receiver.kind.k == K::ArgString &&
      static_cast<size_t>(receiver.kind.index) + 1 < c.ctx.inputs.values.size()) {
    c.push(intVal(c.ctx.inputs.values[static_cast<size_t>(receiver.kind.index) + 1]));
    return next();
  }
  const program::MethodInfo* target = nullptr;
  if (kind == bytecode::InvokeKind::Static) {
    target = resolved;
  } else if (kind == bytecode::InvokeKind::Special) {
    target = c.ctx.program.selectSpecial(c.ctx.method.owner(), *owner, *resolved);
  } else if (resolved->isPrivate() || (resolved->method().access & classfile::kFinal) ||
             (resolved->owner().file().access & classfile::kFinal)) {
    target = resolved;
  } else if (receiver.kind.k == K::NonNull && receiver.kind.exact_class && receiver.kind.cls) {
    target = c.ctx.program.selectMethod(*receiver.kind.cls, *resolved);
  } else if (const program::MethodInfo* unique = uniqueTarget(c.ctx, *owner, *resolved)) {
    target = unique;
  } else {
    return library("virtual call whose target is not unique");
  }
  if (!target || !target->hasCode() || target->owner().origin() != classpath::Origin::Application)
    return library("call of a library method");
  Step st;
  st.type = Step::Type::Call;
  st.callee = target;
  if (maybe_null) {  // the other outcome, a NullPointerException, ends the run
    st.exact = false;
    st.reason = "call on a reference of unknown nullness";
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (!intLike(mt->params[i].kind())) continue;
    if (args[i].kind.k != K::Int) {
      st.exact = false;
      st.reason = "int argument of unknown value";
      args[i] = intVal(LinExpr::var(c.s.fresh()));
    }
    st.call_args.push_back(args[i].expr);
  }
  if (kind == bytecode::InvokeKind::Static && mayInitialize(c.ctx.program, target->owner(), c.ctx.method)) {
    st.exact = false;
    st.reason = "the call may run a class initializer";
  }
  st.call_returns_int = intLike(ret);
  if (ret != 'V') c.push(freshOf(ret, c.s));
  return st;
}

Step stepNew(Cx& c) {
  const program::ClassInfo* cls = c.ctx.program.find(c.cp.className(static_cast<uint16_t>(c.insn.operand)));
  Val v = refVal(K::NonNull);
  v.kind.cls = cls;
  v.kind.exact_class = cls != nullptr;
  c.push(v);
  if (!cls || mayInitialize(c.ctx.program, *cls, c.ctx.method)) return inexact(next(), "new may initialize a class");
  return next();
}

Step stepNewArray(Cx& c) {
  std::vector<LinCon> cons;
  bool known = true;
  int dims = c.insn.opcode == 0xc5 ? c.insn.operand2 : 1;  // multianewarray
  for (int d = 0; d < dims; ++d) {
    Val n = c.pop();
    if (n.kind.k == K::Int)
      cons.push_back(ge(n.expr, LinExpr::num(0)));  // otherwise NegativeArraySizeException
    else
      known = false;
  }
  c.push(refVal(K::NonNull));
  Step st = next();
  st.cons = std::move(cons);
  return known ? st : inexact(st, "array size of unknown value");
}

Step stepArrayLength(Cx& c) {
  Val a = c.pop();
  if (a.kind.k == K::Args && !c.ctx.inputs.values.empty()) {
    c.push(intVal(c.ctx.inputs.values[0]));
    return next();
  }
  Var n = c.s.fresh();
  c.push(intVal(LinExpr::var(n)));
  Step st = next();
  st.cons = {ge(LinExpr::var(n), LinExpr::num(0))};
  return inexact(st, "length of an array whose length is not tracked");
}

Step stepArrayLoad(Cx& c) {
  if (c.info.type == 'J' || c.info.type == 'D' || c.info.type == 'F') return end("long, float and double arrays are not translated");
  Val idx = c.pop(), arr = c.pop();
  if (c.info.type == 'A' && arr.kind.k == K::Args && idx.kind.k == K::Int && idx.expr.isConstant() &&
      idx.expr.constant >= 0 && static_cast<size_t>(idx.expr.constant) < c.ctx.max_arg_strings &&
      !c.ctx.inputs.values.empty()) {
    Val v = refVal(K::ArgString);
    v.kind.index = static_cast<int32_t>(idx.expr.constant);
    c.push(v);
    Step st = next();
    st.cons = {gt(c.ctx.inputs.values[0], idx.expr)};  // otherwise ArrayIndexOutOfBoundsException
    return st;
  }
  c.push(freshOf(c.info.type == 'A' ? 'A' : 'I', c.s));
  return inexact(next(), "array contents are not tracked");
}

Step stepArrayStore(Cx& c) {
  if (c.info.type == 'J' || c.info.type == 'D' || c.info.type == 'F') return end("long, float and double arrays are not translated");
  c.pop();
  c.pop();
  c.pop();
  return inexact(next(), "array contents are not tracked");
}

Step stepStack(Cx& c) {
  if (c.s.stack.size() < static_cast<size_t>(c.info.pops)) throw Unsupported("operand stack underflow (unverified code)");
  bytecode::applyStackOp(static_cast<bytecode::StackOp>(c.info.sub), c.s.stack);
  return next();
}

Step stepThrow(Cx&) { return end("throws an exception (the path ends)", true); }

Step stepTypeCheck(Cx& c) {
  bool is_checkcast = c.insn.opcode == 0xc0;
  Val v = c.pop();
  if (is_checkcast) {
    c.push(v);
    return v.kind.k == K::Null ? next() : inexact(next(), "checkcast");
  }
  if (v.kind.k == K::Null) {
    c.push(intVal(LinExpr::num(0)));
    return next();
  }
  c.push(Val{});  // instanceof never throws; its result is unknown
  return next();
}

Step stepMonitor(Cx& c) {
  c.pop();
  return inexact(next(), "monitors");
}

// One handler per instruction family, in bytecode::Family's order.
using Handler = Step (*)(Cx&);
constexpr Handler kHandlers[] = {
    stepWide,  // Nop
    stepConstant,  // Constant
    stepLoadConstant,  // LoadConstant
    stepLocalLoad,  // LocalLoad
    stepLocalStore,  // LocalStore
    stepArrayLoad,  // ArrayLoad
    stepArrayStore,  // ArrayStore
    stepStack,  // Stack
    stepArithmetic,  // Arithmetic
    stepIncrement,  // Increment
    stepConversion,  // Conversion
    stepCompare,  // Compare
    stepBranch,  // Branch
    stepJump,  // Jump
    stepSubroutine,  // Subroutine
    stepReturn,  // Return
    stepSwitch,  // Switch
    stepField,  // Field
    stepInvoke,  // Invoke
    stepNew,  // New
    stepNewArray,  // NewArray
    stepArrayLength,  // ArrayLength
    stepThrow,  // Throw
    stepTypeCheck,  // TypeCheck
    stepMonitor,  // Monitor
    stepWide,  // Wide
};
static_assert(sizeof(kHandlers) / sizeof(kHandlers[0]) == static_cast<size_t>(Family::Wide) + 1);

}  // namespace

Step step(StepContext& ctx, uint32_t index, Sym& s) {
  const bytecode::Instruction& insn = ctx.code.bytecode.at(index);
  Cx c{ctx, insn, insn.info(), ctx.method.owner().file().pool, s, index + 1};
  return kHandlers[static_cast<size_t>(insn.family())](c);
}

}  // namespace jhalt::clp::detail
