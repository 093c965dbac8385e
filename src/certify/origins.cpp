#include "origins.h"

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/bytecode/stack_op.h"
#include "jhalt/bytecode/opcodes.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/program/targets.h"
#include "jhalt/util/error.h"

#include <functional>

namespace jhalt::certify {
namespace {

using bytecode::Family;

int slotsOf(std::string_view descriptor) { return descriptor[0] == 'J' || descriptor[0] == 'D' ? 2 : 1; }

int argumentSlots(std::string_view descriptor) {
  auto mt = classfile::parseMethodDescriptor(descriptor);
  return mt ? mt->paramSlots() : 0;
}

int resultSlots(std::string_view descriptor) {
  auto mt = classfile::parseMethodDescriptor(descriptor);
  return mt && mt->result ? mt->result->slots() : 0;
}

// dup, swap & co. on the origins of the stack slots (JVMS §6.5).
bool stackOp(bytecode::StackOp op, int pops, std::vector<Origin>& st) {
  if (st.size() < static_cast<size_t>(pops)) return false;
  bytecode::applyStackOp(op, st);
  return true;
}

}  // namespace

std::optional<size_t> dereferencedSlot(const program::MethodInfo& m, uint32_t pc) {
  const program::MethodCode& code = m.code();
  int32_t idx = code.bytecode.indexAt(pc);
  if (idx < 0) return std::nullopt;
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(idx));
  const auto& info = insn.info();
  if (!(info.throws & bytecode::kThrowsNullPointer)) return std::nullopt;  // the opcode table
  const classfile::ConstantPool& cp = m.owner().file().pool;
  switch (info.family) {
    case Family::Field: {
      auto op = static_cast<bytecode::FieldOp>(info.sub);
      if (op == bytecode::FieldOp::GetField) return 0;
      if (op == bytecode::FieldOp::PutField)
        return static_cast<size_t>(slotsOf(cp.memberRef(static_cast<uint16_t>(insn.operand)).descriptor));
      return std::nullopt;
    }
    case Family::ArrayLoad: return 1;                                        // ..., array, index
    case Family::ArrayStore: return 1 + static_cast<size_t>(info.type == 'J' || info.type == 'D' ? 2 : 1);
    case Family::ArrayLength:
    case Family::Throw:
    case Family::Monitor: return 0;
    case Family::Invoke: {
      auto kind = static_cast<bytecode::InvokeKind>(info.sub);
      if (kind == bytecode::InvokeKind::Static || kind == bytecode::InvokeKind::Dynamic) return std::nullopt;
      return static_cast<size_t>(argumentSlots(cp.memberRef(static_cast<uint16_t>(insn.operand)).descriptor));
    }
    default: return std::nullopt;
  }
}

std::vector<size_t> decisiveSlots(const program::MethodInfo& m, uint32_t pc) {
  const program::MethodCode& code = m.code();
  int32_t idx = code.bytecode.indexAt(pc);
  if (idx < 0) return {};
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(idx));
  const auto& info = insn.info();
  // The opcode table says which instructions raise which exceptions.
  constexpr uint8_t kDecided = bytecode::kThrowsArithmetic | bytecode::kThrowsArrayIndex |
                               bytecode::kThrowsNegativeArraySize | bytecode::kThrowsClassCast |
                               bytecode::kThrowsArrayStore;
  if (!(info.throws & kDecided)) return {};
  int wide = info.type == 'J' || info.type == 'D' ? 2 : 1;
  switch (info.family) {
    case Family::Arithmetic: return {0};  // the divisor
    case Family::ArrayLoad: return {0, 1};  // index, array
    case Family::ArrayStore: return {static_cast<size_t>(wide), static_cast<size_t>(wide) + 1, 0};  // index, array, value
    case Family::NewArray: {
      size_t dims = insn.opcode == 0xc5 ? static_cast<size_t>(insn.operand2) : 1;
      std::vector<size_t> out;
      for (size_t k = 0; k < dims; ++k) out.push_back(k);
      return out;
    }
    case Family::TypeCheck: return {0};
    default: return {};
  }
}

namespace {

constexpr int kMaxCallDepth = 6;  // callee summaries followed at most this deep
const Origin kOther{0, true};

// The effect of one instruction on the origins (the stack shapes follow
// the opcode table); calls are resolved by `call`. False: give up.
bool transfer(const program::MethodInfo& m, const bytecode::Instruction& insn, OriginAnalysis::Frame& f,
              const std::function<Origin(const OriginAnalysis::Frame&)>& call) {
  const auto& info = insn.info();
  const classfile::ConstantPool& cp = m.owner().file().pool;
  auto pop = [&](size_t n) {
    if (f.stack.size() < n) return false;
    f.stack.resize(f.stack.size() - n);
    return true;
  };
  auto push = [&](Origin o, int n) {
    for (int k = 0; k < n; ++k) f.stack.push_back(o);
    return true;
  };
  int wide = info.type == 'J' || info.type == 'D' ? 2 : 1;
  switch (info.family) {
    case Family::LocalLoad:
      for (int k = 0; k < wide; ++k) f.stack.push_back(f.locals[static_cast<size_t>(insn.operand + k)]);
      return true;
    case Family::LocalStore:
      if (f.stack.size() < static_cast<size_t>(wide)) return false;
      for (int k = wide - 1; k >= 0; --k) {
        f.locals[static_cast<size_t>(insn.operand + k)] = f.stack.back();
        f.stack.pop_back();
      }
      return true;
    case Family::Stack: return stackOp(static_cast<bytecode::StackOp>(info.sub), info.pops, f.stack);
    case Family::Field: {
      auto op = static_cast<bytecode::FieldOp>(info.sub);
      int n = slotsOf(cp.memberRef(static_cast<uint16_t>(insn.operand)).descriptor);
      if (op == bytecode::FieldOp::GetField) {
        if (f.stack.empty()) return false;
        Origin obj = f.stack.back();  // a field of an object inherits its origin
        obj.field = true;
        return pop(1) && push(obj, n);
      }
      if (op == bytecode::FieldOp::GetStatic) return push(kOther, n);
      return pop(static_cast<size_t>(n + (op == bytecode::FieldOp::PutField ? 1 : 0)));
    }
    case Family::ArrayLoad: {
      if (f.stack.size() < 2) return false;
      Origin arr = f.stack[f.stack.size() - 2];  // an element inherits the array's origin
      return pop(2) && push(arr, wide);
    }
    case Family::TypeCheck:
      if (insn.opcode == 0xc1) return pop(1) && push(kOther, 1);  // instanceof
      return true;                                                  // checkcast keeps the value
    case Family::Invoke: {
      auto kind = static_cast<bytecode::InvokeKind>(info.sub);
      auto index = static_cast<uint16_t>(insn.operand);
      std::string_view d = kind == bytecode::InvokeKind::Dynamic ? cp.nameAndType(cp.at(index).b).descriptor
                                                                 : cp.memberRef(index).descriptor;
      bool receiver = kind != bytecode::InvokeKind::Static && kind != bytecode::InvokeKind::Dynamic;
      Origin result = kind == bytecode::InvokeKind::Dynamic ? kOther : call(f);
      return pop(static_cast<size_t>(argumentSlots(d) + (receiver ? 1 : 0))) && push(result, resultSlots(d));
    }
    case Family::Conversion: {  // i2l, l2i, ...: the same value, another width
      if (f.stack.empty()) return false;
      Origin v = f.stack.back();
      return pop(static_cast<size_t>(info.pops)) && push(v, info.pushes);
    }
    case Family::NewArray:
      return pop(insn.opcode == 0xc5 ? static_cast<size_t>(insn.operand2) : 1) && push(kOther, 1);
    case Family::Subroutine: return false;
    default:
      if (info.pops == bytecode::kVariable || info.pushes == bytecode::kVariable) return false;
      return pop(static_cast<size_t>(info.pops)) && push(kOther, info.pushes);
  }
}

// Joins `f` into `t`; true if `t` changed. False in `ok` when the shapes differ.
bool joinInto(OriginAnalysis::Frame& t, const OriginAnalysis::Frame& f, bool& ok) {
  if (!t.reached) {
    t = f;
    return true;
  }
  if (t.stack.size() != f.stack.size() || t.locals.size() != f.locals.size()) {
    ok = false;  // verified code never does this
    return false;
  }
  bool changed = false;
  for (size_t k = 0; k < f.locals.size(); ++k)
    if (Origin j = t.locals[k].join(f.locals[k]); !(j == t.locals[k])) t.locals[k] = j, changed = true;
  for (size_t k = 0; k < f.stack.size(); ++k)
    if (Origin j = t.stack[k].join(f.stack[k]); !(j == t.stack[k])) t.stack[k] = j, changed = true;
  return changed;
}

OriginAnalysis::Frame entryFrame(const program::MethodInfo& m) {
  OriginAnalysis::Frame start;
  start.reached = true;
  start.locals.assign(m.code().attribute.max_locals, kOther);
  int params = argumentSlots(m.descriptor()) + (m.isStatic() ? 0 : 1);
  for (int k = 0; k < params && k < static_cast<int>(start.locals.size()); ++k)
    start.locals[static_cast<size_t>(k)] = k < 64 ? Origin{uint64_t{1} << k, false} : kOther;
  return start;
}

}  // namespace

const OriginAnalysis::Method& OriginAnalysis::analyse(const program::MethodInfo& m, int depth) {
  if (auto it = cache_.find(&m); it != cache_.end()) return *it->second;
  auto result = std::make_unique<Method>();
  Method& r = *result;
  in_progress_.insert(&m);
  const program::MethodCode& code = m.code();
  r.before.resize(code.bytecode.size());
  std::vector<uint32_t> work;
  bool ok = true;
  auto flow = [&](uint32_t index, const Frame& f) {
    if (joinInto(r.before[index], f, ok)) work.push_back(index);
  };
  auto indexOf = [&](uint32_t offset) { return static_cast<uint32_t>(code.bytecode.indexAt(offset)); };
  flow(0, entryFrame(m));
  Origin returned{0, false};
  while (!work.empty() && ok) {
    uint32_t i = work.back();
    work.pop_back();
    Frame f = r.before[i];
    const bytecode::Instruction& insn = code.bytecode.at(i);
    // Handlers see this instruction's locals and a fresh exception on the stack.
    for (const auto& h : code.attribute.handlers)
      if (insn.offset >= h.start_pc && insn.offset < h.end_pc) flow(indexOf(h.handler_pc), Frame{true, f.locals, {kOther}});
    if (insn.family() == Family::Return) {
      if (!f.stack.empty()) returned = returned.join(f.stack.back());
      continue;
    }
    auto call = [&](const Frame& before) { return callResult(m, insn, before, depth); };
    if (!transfer(m, insn, f, call)) {
      ok = false;
      break;
    }
    if (insn.family() == Family::Switch) {
      const auto& t = code.bytecode.switchOf(insn);
      flow(indexOf(t.default_target), f);
      for (const auto& [key, target] : t.cases) flow(indexOf(target), f);
      continue;
    }
    if (insn.family() == Family::Branch || insn.family() == Family::Jump)
      flow(indexOf(static_cast<uint32_t>(insn.operand)), f);
    if (insn.info().falls_through && i + 1 < code.bytecode.size()) flow(i + 1, f);
  }
  r.gave_up = !ok;
  r.returned = ok ? returned : kOther;
  in_progress_.erase(&m);
  return *cache_.emplace(&m, std::move(result)).first->second;
}

// The origin of a call's result: the callees' return summaries with their
// parameters replaced by the call's arguments.
Origin OriginAnalysis::callResult(const program::MethodInfo& caller, const bytecode::Instruction& insn,
                                  const Frame& before, int depth) {
  if (depth >= kMaxCallDepth) return kOther;
  if (!application_) application_ = program::applicationClasses(program_);
  std::optional<std::vector<const program::MethodInfo*>> targets;
  try {
    targets = program::callTargets(program_, caller, insn, *application_);
  } catch (const InputError&) {
    return kOther;
  }
  if (!targets) return kOther;
  Origin out{0, false};
  for (const program::MethodInfo* t : *targets) {
    if (in_progress_.count(t)) return kOther;  // recursion
    const Method& summary = analyse(*t, depth + 1);
    if (summary.returned.other) return kOther;
    int total = argumentSlots(t->descriptor()) + (t->isStatic() ? 0 : 1);
    for (int k = 0; k < 64 && k < total; ++k) {
      if (!((summary.returned.params >> k) & 1)) continue;
      size_t d = static_cast<size_t>(total - 1 - k);
      if (d >= before.stack.size()) return kOther;
      out = out.join(before.stack[before.stack.size() - 1 - d]);
    }
  }
  return out;
}

std::optional<Origin> OriginAnalysis::stack(const program::MethodInfo& m, uint32_t pc, size_t depth) {
  const Method& r = analyse(m, 0);
  if (r.gave_up) return std::nullopt;
  int32_t idx = m.code().bytecode.indexAt(pc);
  if (idx < 0) return std::nullopt;
  const Frame& f = r.before[static_cast<size_t>(idx)];
  if (!f.reached || depth >= f.stack.size()) return std::nullopt;
  return f.stack[f.stack.size() - 1 - depth];
}

}  // namespace jhalt::certify
