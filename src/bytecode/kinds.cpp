// Slot kinds by forward dataflow (see kinds.h). Values of the opcode table
// give the pops and the operand types; descriptors give fields, calls and
// constants of kind Dynamic.
#include "jhalt/bytecode/kinds.h"

#include <deque>

#include "jhalt/bytecode/stack_op.h"
#include "jhalt/classfile/descriptor.h"

namespace jhalt::bytecode {

namespace {

Kind kindOfType(char t) {
  switch (t) {
    case 'I': case 'B': case 'C': case 'S': case 'Z': return Kind::Int;
    case 'J': return Kind::Long;
    case 'F': return Kind::Float;
    case 'D': return Kind::Double;
    case 'A': case 'L': case '[': return Kind::Ref;
    default: return Kind::Top;
  }
}

void push(std::vector<Kind>& st, Kind k) {
  st.push_back(k);
  if (k == Kind::Long || k == Kind::Double) st.push_back(Kind::Top);
}

void pop(std::vector<Kind>& st, size_t n) { st.resize(st.size() >= n ? st.size() - n : 0); }

size_t slotsOf(std::string_view descriptor) {
  char c = descriptor.empty() ? 'V' : descriptor[0];
  return c == 'J' || c == 'D' ? 2 : 1;
}

// The effect of one instruction on `f`; false when it cannot be followed
// (malformed, or a stack underflow).
bool apply(const Instruction& insn, const classfile::ConstantPool& pool, FrameKinds& f) {
  const OpcodeInfo& info = insn.info();
  auto& st = f.stack;
  auto needs = [&](size_t n) { return st.size() >= n; };
  if (info.pops != kVariable) {
    if (!needs(static_cast<size_t>(info.pops))) return false;
  }
  auto index = static_cast<uint16_t>(insn.operand);
  switch (info.family) {
    case Family::Nop: case Family::Jump: case Family::Increment: return true;
    case Family::Constant: push(st, kindOfType(info.type)); return true;
    case Family::LoadConstant: {
      const classfile::CpEntry& e = pool.at(index);
      switch (e.tag) {
        case classfile::CpTag::Integer: push(st, Kind::Int); break;
        case classfile::CpTag::Float: push(st, Kind::Float); break;
        case classfile::CpTag::Long: push(st, Kind::Long); break;
        case classfile::CpTag::Double: push(st, Kind::Double); break;
        case classfile::CpTag::Dynamic: push(st, kindOfType(pool.nameAndType(e.b).descriptor[0])); break;
        default: push(st, Kind::Ref); break;
      }
      return true;
    }
    case Family::LocalLoad: {
      auto slot = static_cast<size_t>(insn.operand);
      if (slot >= f.locals.size()) return false;
      push(st, kindOfType(info.type));
      return true;
    }
    case Family::LocalStore: {
      auto slot = static_cast<size_t>(insn.operand);
      Kind k = kindOfType(info.type);
      size_t width = k == Kind::Long || k == Kind::Double ? 2 : 1;
      if (slot + width > f.locals.size()) return false;
      pop(st, width);
      // A store breaks a long/double that started one slot before.
      if (slot > 0 && (f.locals[slot - 1] == Kind::Long || f.locals[slot - 1] == Kind::Double))
        f.locals[slot - 1] = Kind::Top;
      f.locals[slot] = k;
      if (width == 2) f.locals[slot + 1] = Kind::Top;
      return true;
    }
    case Family::Stack: applyStackOp(static_cast<StackOp>(info.sub), st); return true;
    case Family::ArrayLoad: pop(st, 2); push(st, kindOfType(info.type)); return true;
    case Family::ArrayStore:
    case Family::Branch:
    case Family::Switch:
    case Family::Monitor: pop(st, static_cast<size_t>(info.pops)); return true;
    case Family::Arithmetic:
    case Family::Conversion:
    case Family::Compare:
    case Family::ArrayLength: {
      pop(st, static_cast<size_t>(info.pops));
      char t = info.family == Family::Conversion ? info.result
               : info.family == Family::Arithmetic ? info.type
                                                    : 'I';
      push(st, kindOfType(t));
      return true;
    }
    case Family::Field: {
      classfile::MemberRef ref = pool.memberRef(index);
      auto op = static_cast<FieldOp>(info.sub);
      size_t value = slotsOf(ref.descriptor);
      switch (op) {
        case FieldOp::GetStatic: push(st, kindOfType(ref.descriptor[0])); break;
        case FieldOp::PutStatic: if (!needs(value)) return false; pop(st, value); break;
        case FieldOp::GetField: if (!needs(1)) return false; pop(st, 1); push(st, kindOfType(ref.descriptor[0])); break;
        case FieldOp::PutField: if (!needs(value + 1)) return false; pop(st, value + 1); break;
      }
      return true;
    }
    case Family::Invoke: {
      auto kind = static_cast<InvokeKind>(info.sub);
      std::string_view desc = kind == InvokeKind::Dynamic ? pool.nameAndType(pool.at(index).b).descriptor
                                                           : pool.memberRef(index).descriptor;
      auto mt = classfile::parseMethodDescriptor(desc);
      if (!mt) return false;
      size_t n = static_cast<size_t>(mt->paramSlots()) +
                 (kind == InvokeKind::Static || kind == InvokeKind::Dynamic ? 0 : 1);
      if (!needs(n)) return false;
      pop(st, n);
      if (mt->result) push(st, kindOfType(mt->result->kind()));
      return true;
    }
    case Family::New: push(st, Kind::Ref); return true;
    case Family::NewArray: {
      size_t n = info.pops == kVariable ? static_cast<size_t>(insn.operand2) : static_cast<size_t>(info.pops);
      if (!needs(n)) return false;
      pop(st, n);
      push(st, Kind::Ref);
      return true;
    }
    case Family::TypeCheck:
      pop(st, 1);
      push(st, info.pops == 1 && info.pushes == 1 && insn.opcode == 0xc0 ? Kind::Ref : Kind::Int);
      return true;
    case Family::Subroutine:
      if (insn.opcode == op::kRet) return true;
      push(st, Kind::Top);  // returnAddress
      return true;
    case Family::Return:
    case Family::Throw:
    case Family::Wide: return true;
  }
  return false;
}

// Merges `in` into `at`; true when `at` changed. Disagreeing depths make
// the point unusable.
bool merge(std::optional<FrameKinds>& at, const FrameKinds& in, std::vector<bool>& broken, size_t i) {
  if (!at) {
    at = in;
    return true;
  }
  if (at->stack.size() != in.stack.size()) {
    if (!broken[i]) {
      broken[i] = true;
      return true;
    }
    return false;
  }
  bool changed = false;
  auto meet = [&](Kind& a, Kind b) {
    if (a != b && a != Kind::Top) {
      a = Kind::Top;
      changed = true;
    }
  };
  for (size_t k = 0; k < at->locals.size(); ++k) meet(at->locals[k], in.locals[k]);
  for (size_t k = 0; k < at->stack.size(); ++k) meet(at->stack[k], in.stack[k]);
  return changed;
}

}  // namespace

char kindLetter(Kind k) {
  switch (k) {
    case Kind::Int: return 'I';
    case Kind::Long: return 'J';
    case Kind::Float: return 'F';
    case Kind::Double: return 'D';
    case Kind::Ref: return 'L';
    case Kind::Top: return 0;
  }
  return 0;
}

std::vector<std::optional<FrameKinds>> inferKinds(const Bytecode& code, const classfile::Code& attr,
                                                  const classfile::ConstantPool& pool, std::string_view descriptor,
                                                  bool is_static) {
  std::vector<std::optional<FrameKinds>> at(code.size());
  std::vector<bool> broken(code.size(), false);
  if (code.size() == 0) return at;
  FrameKinds entry;
  entry.locals.assign(attr.max_locals, Kind::Top);
  size_t slot = 0;
  if (!is_static && slot < entry.locals.size()) entry.locals[slot++] = Kind::Ref;
  if (auto mt = classfile::parseMethodDescriptor(descriptor)) {
    for (const auto& p : mt->params) {
      if (slot >= entry.locals.size()) break;
      entry.locals[slot] = kindOfType(p.kind());
      slot += static_cast<size_t>(p.slots());
    }
  }
  at[0] = entry;
  std::deque<size_t> work{0};
  std::vector<uint32_t> targets;
  while (!work.empty()) {
    size_t i = work.front();
    work.pop_front();
    if (!at[i] || broken[i]) continue;
    const Instruction& insn = code.at(i);
    // Handlers covering this instruction see its locals and one reference.
    for (const auto& h : attr.handlers) {
      if (insn.offset < h.start_pc || insn.offset >= h.end_pc) continue;
      int32_t hi = code.indexAt(h.handler_pc);
      if (hi < 0) continue;
      FrameKinds hf{at[i]->locals, {Kind::Ref}};
      if (merge(at[static_cast<size_t>(hi)], hf, broken, static_cast<size_t>(hi))) work.push_back(static_cast<size_t>(hi));
    }
    FrameKinds out = *at[i];
    if (!apply(insn, pool, out)) continue;
    targets.clear();
    code.targets(insn, targets);
    if (insn.info().falls_through && i + 1 < code.size()) targets.push_back(code.at(i + 1).offset);
    for (uint32_t t : targets) {
      int32_t ti = code.indexAt(t);
      if (ti < 0) continue;
      if (merge(at[static_cast<size_t>(ti)], out, broken, static_cast<size_t>(ti))) work.push_back(static_cast<size_t>(ti));
    }
  }
  for (size_t i = 0; i < at.size(); ++i)
    if (broken[i]) at[i].reset();
  return at;
}

}  // namespace jhalt::bytecode
