#include "origins.h"

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/classfile/descriptor.h"

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

}  // namespace

std::optional<size_t> dereferencedSlot(const program::MethodInfo& m, uint32_t pc) {
  const program::MethodCode& code = m.code();
  int32_t idx = code.bytecode.indexAt(pc);
  if (idx < 0) return std::nullopt;
  const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(idx));
  const auto& info = insn.info();
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

Origins::Origins(const program::MethodInfo& m) : m_(m) {
  const program::MethodCode& code = m.code();
  const classfile::ConstantPool& cp = m.owner().file().pool;
  before_.resize(code.bytecode.size());
  Frame start;
  start.reached = true;
  start.locals.assign(code.attribute.max_locals, Origin{0, true});
  int params = argumentSlots(m.descriptor()) + (m.isStatic() ? 0 : 1);
  for (int k = 0; k < params && k < static_cast<int>(start.locals.size()); ++k)
    start.locals[static_cast<size_t>(k)] = k < 64 ? Origin{uint64_t{1} << k, false} : Origin{0, true};
  std::vector<uint32_t> work;
  auto flow = [&](uint32_t index, const Frame& f) {
    Frame& t = before_[index];
    if (!t.reached) {
      t = f;
      work.push_back(index);
      return;
    }
    if (t.stack.size() != f.stack.size() || t.locals.size() != f.locals.size()) {
      gave_up_ = true;  // verified code never does this
      return;
    }
    bool changed = false;
    for (size_t k = 0; k < f.locals.size(); ++k)
      if (Origin j = t.locals[k].join(f.locals[k]); !(j == t.locals[k])) t.locals[k] = j, changed = true;
    for (size_t k = 0; k < f.stack.size(); ++k)
      if (Origin j = t.stack[k].join(f.stack[k]); !(j == t.stack[k])) t.stack[k] = j, changed = true;
    if (changed) work.push_back(index);
  };
  auto indexOf = [&](uint32_t offset) { return static_cast<uint32_t>(code.bytecode.indexAt(offset)); };
  flow(0, start);
  const Origin other{0, true};
  while (!work.empty() && !gave_up_) {
    uint32_t i = work.back();
    work.pop_back();
    Frame f = before_[i];
    const bytecode::Instruction& insn = code.bytecode.at(i);
    const auto& info = insn.info();
    // Handlers see this instruction's locals and a fresh exception on the stack.
    for (const auto& h : code.attribute.handlers)
      if (insn.offset >= h.start_pc && insn.offset < h.end_pc) flow(indexOf(h.handler_pc), Frame{true, f.locals, {other}});
    auto pop = [&](size_t n) {
      if (f.stack.size() < n) {
        gave_up_ = true;
        return;
      }
      f.stack.resize(f.stack.size() - n);
    };
    auto push = [&](Origin o, int n) {
      for (int k = 0; k < n; ++k) f.stack.push_back(o);
    };
    switch (info.family) {
      case Family::LocalLoad: {
        int n = info.type == 'J' || info.type == 'D' ? 2 : 1;
        for (int k = 0; k < n; ++k) f.stack.push_back(f.locals[static_cast<size_t>(insn.operand + k)]);
        break;
      }
      case Family::LocalStore: {
        int n = info.type == 'J' || info.type == 'D' ? 2 : 1;
        if (f.stack.size() < static_cast<size_t>(n)) {
          gave_up_ = true;
          break;
        }
        for (int k = n - 1; k >= 0; --k) {
          f.locals[static_cast<size_t>(insn.operand + k)] = f.stack.back();
          f.stack.pop_back();
        }
        break;
      }
      case Family::Stack: {
        auto take = [&](size_t n) {
          std::vector<Origin> v(f.stack.end() - static_cast<ptrdiff_t>(n), f.stack.end());
          f.stack.resize(f.stack.size() - n);
          return v;
        };
        auto put = [&](std::initializer_list<std::vector<Origin>> parts) {
          for (const auto& p : parts) f.stack.insert(f.stack.end(), p.begin(), p.end());
        };
        size_t need = static_cast<size_t>(info.pops);
        if (f.stack.size() < need) {
          gave_up_ = true;
          break;
        }
        switch (static_cast<bytecode::StackOp>(info.sub)) {
          case bytecode::StackOp::Pop: take(1); break;
          case bytecode::StackOp::Pop2: take(2); break;
          case bytecode::StackOp::Dup: { auto a = take(1); put({a, a}); break; }
          case bytecode::StackOp::DupX1: { auto a = take(1), b = take(1); put({a, b, a}); break; }
          case bytecode::StackOp::DupX2: { auto a = take(1), b = take(2); put({a, b, a}); break; }
          case bytecode::StackOp::Dup2: { auto a = take(2); put({a, a}); break; }
          case bytecode::StackOp::Dup2X1: { auto a = take(2), b = take(1); put({a, b, a}); break; }
          case bytecode::StackOp::Dup2X2: { auto a = take(2), b = take(2); put({a, b, a}); break; }
          case bytecode::StackOp::Swap: { auto a = take(1), b = take(1); put({a, b}); break; }
        }
        break;
      }
      case Family::Field: {
        auto op = static_cast<bytecode::FieldOp>(info.sub);
        std::string_view d = cp.memberRef(static_cast<uint16_t>(insn.operand)).descriptor;
        int n = slotsOf(d);
        if (op == bytecode::FieldOp::GetField) {
          if (f.stack.empty()) {
            gave_up_ = true;
            break;
          }
          Origin obj = f.stack.back();  // a field of an object inherits its origin
          pop(1);
          push(obj, n);
        } else if (op == bytecode::FieldOp::GetStatic) {
          push(other, n);
        } else {
          pop(static_cast<size_t>(n + (op == bytecode::FieldOp::PutField ? 1 : 0)));
        }
        break;
      }
      case Family::ArrayLoad: {
        if (f.stack.size() < 2) {
          gave_up_ = true;
          break;
        }
        Origin arr = f.stack[f.stack.size() - 2];  // an element inherits the array's origin
        pop(2);
        push(arr, info.type == 'J' || info.type == 'D' ? 2 : 1);
        break;
      }
      case Family::TypeCheck:
        if (insn.opcode == 0xc1) {  // instanceof
          pop(1);
          push(other, 1);
        }
        break;  // checkcast keeps the value
      case Family::Invoke: {
        auto kind = static_cast<bytecode::InvokeKind>(info.sub);
        auto index = static_cast<uint16_t>(insn.operand);
        std::string_view d = kind == bytecode::InvokeKind::Dynamic ? cp.nameAndType(cp.at(index).b).descriptor
                                                                   : cp.memberRef(index).descriptor;
        bool receiver = kind != bytecode::InvokeKind::Static && kind != bytecode::InvokeKind::Dynamic;
        pop(static_cast<size_t>(argumentSlots(d) + (receiver ? 1 : 0)));
        push(other, resultSlots(d));
        break;
      }
      case Family::NewArray:
        pop(insn.opcode == 0xc5 ? static_cast<size_t>(insn.operand2) : 1);
        push(other, 1);
        break;
      case Family::Subroutine:
        gave_up_ = true;
        break;
      default:
        if (info.pops == bytecode::kVariable || info.pushes == bytecode::kVariable) {
          gave_up_ = true;
          break;
        }
        pop(static_cast<size_t>(info.pops));
        push(other, info.pushes);
        break;
    }
    if (gave_up_) break;
    // Successors.
    if (info.family == Family::Switch) {
      const auto& t = code.bytecode.switchOf(insn);
      flow(indexOf(t.default_target), f);
      for (const auto& [key, target] : t.cases) flow(indexOf(target), f);
      continue;
    }
    if (info.family == Family::Branch || info.family == Family::Jump) flow(indexOf(static_cast<uint32_t>(insn.operand)), f);
    if (info.falls_through && i + 1 < code.bytecode.size()) flow(i + 1, f);
  }
}

std::optional<Origin> Origins::stack(uint32_t pc, size_t depth) const {
  if (gave_up_) return std::nullopt;
  int32_t idx = m_.code().bytecode.indexAt(pc);
  if (idx < 0) return std::nullopt;
  const Frame& f = before_[static_cast<size_t>(idx)];
  if (!f.reached || depth >= f.stack.size()) return std::nullopt;
  return f.stack[f.stack.size() - 1 - depth];
}

}  // namespace jhalt::certify
