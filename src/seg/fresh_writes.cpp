#include "fresh_writes.h"

#include <optional>
#include <set>

#include "jhalt/bytecode/kinds.h"
#include "jhalt/bytecode/opcodes.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/util/error.h"

namespace jhalt::seg::detail {
namespace {

using Kinds = std::vector<std::optional<bytecode::FrameKinds>>;

int slotsOf(char kind) { return kind == 'V' ? 0 : (kind == 'J' || kind == 'D') ? 2 : 1; }

// Stack slots the instruction pushes; -1 when unknown.
int pushes(const bytecode::Instruction& insn, const classfile::ConstantPool& pool) {
  const bytecode::OpcodeInfo& info = insn.info();
  if (info.pushes != bytecode::kVariable) return info.pushes;
  try {
    if (insn.family() == bytecode::Family::Field) {
      auto op = static_cast<bytecode::FieldOp>(info.sub);
      if (op == bytecode::FieldOp::PutField || op == bytecode::FieldOp::PutStatic) return 0;
      return slotsOf(pool.memberRef(static_cast<uint16_t>(insn.operand)).descriptor.front());
    }
    if (insn.family() == bytecode::Family::Invoke &&
        static_cast<bytecode::InvokeKind>(info.sub) != bytecode::InvokeKind::Dynamic) {
      std::string_view d = pool.memberRef(static_cast<uint16_t>(insn.operand)).descriptor;
      size_t close = d.find(')');
      return close == std::string_view::npos || close + 1 >= d.size() ? -1 : slotsOf(d[close + 1]);
    }
  } catch (const InputError&) {
  }
  return -1;
}

// The instruction that pushed stack slot `depth` (0 = bottom) as instruction
// i sees it, in i's basic block (a `dup`'s copy counts as its original);
// -1 when not found.
int64_t producer(const program::MethodCode& code, const Kinds& kinds, const classfile::ConstantPool& pool, size_t i,
                 size_t depth) {
  const uint32_t block = code.cfg.blockOfInstruction(static_cast<uint32_t>(i));
  for (size_t k = i; k-- > code.cfg.block(block).first;) {
    if (!kinds[k] || !kinds[k + 1]) return -1;
    const bytecode::Instruction& insn = code.bytecode.at(k);
    const size_t after = kinds[k + 1]->stack.size();
    const int pushed = pushes(insn, pool);
    if (pushed < 0 || static_cast<size_t>(pushed) > after) return -1;
    if (after - static_cast<size_t>(pushed) > depth) continue;  // below what k touched
    if (after <= depth) return -1;
    if (insn.family() == bytecode::Family::Stack && static_cast<bytecode::StackOp>(insn.info().sub) == bytecode::StackOp::Dup) {
      depth = after - 2;  // both copies are the value below
      continue;
    }
    return static_cast<int64_t>(k);
  }
  return -1;
}

}  // namespace

FreshWrites freshWrites(const program::MethodInfo& m) {
  FreshWrites out;
  if (!m.hasCode()) return out;
  const program::MethodCode& code = m.code();
  const size_t n = code.bytecode.size();
  out.fresh.assign(n, false);
  const classfile::ConstantPool& pool = m.owner().file().pool;
  auto type = classfile::parseMethodDescriptor(m.descriptor());
  if (!type) return out;
  const int params = type->paramSlots() + (m.isStatic() ? 0 : 1);
  Kinds kinds;
  try {
    kinds = bytecode::inferKinds(code.bytecode, code.attribute, pool, m.descriptor(), m.isStatic());
  } catch (const InputError&) {
    return out;
  }
  // Locals every store into which is a new object; locals ever stored to.
  std::set<int32_t> stored, not_new;
  for (size_t i = 0; i < n; ++i) {
    const bytecode::Instruction& insn = code.bytecode.at(i);
    if (insn.family() == bytecode::Family::Subroutine) return out;
    if (insn.family() != bytecode::Family::LocalStore) continue;
    stored.insert(insn.operand);
    if (insn.info().type != 'A' || !kinds[i] || kinds[i]->stack.empty()) {
      not_new.insert(insn.operand);
      continue;
    }
    int64_t p = producer(code, kinds, pool, i, kinds[i]->stack.size() - 1);
    if (p < 0 || code.bytecode.at(static_cast<size_t>(p)).opcode != bytecode::op::kNew) not_new.insert(insn.operand);
  }
  const bool constructor = m.name() == "<init>";
  for (size_t i = 0; i < n; ++i) {
    const bytecode::Instruction& insn = code.bytecode.at(i);
    if (insn.family() != bytecode::Family::Field ||
        static_cast<bytecode::FieldOp>(insn.info().sub) != bytecode::FieldOp::PutField || !kinds[i])
      continue;
    int value = 0;
    try {
      value = slotsOf(pool.memberRef(static_cast<uint16_t>(insn.operand)).descriptor.front());
    } catch (const InputError&) {
      continue;
    }
    const size_t size = kinds[i]->stack.size();
    if (size < static_cast<size_t>(value) + 1) continue;
    int64_t p = producer(code, kinds, pool, i, size - static_cast<size_t>(value) - 1);
    if (p < 0) continue;
    const bytecode::Instruction& load = code.bytecode.at(static_cast<size_t>(p));
    if (load.family() != bytecode::Family::LocalLoad || load.info().type != 'A') continue;
    const int32_t local = load.operand;
    if (constructor && local == 0 && !stored.count(0)) {
      out.fresh[i] = true;
      out.ctor_this = true;
    } else if (local >= params && stored.count(local) && !not_new.count(local)) {
      out.fresh[i] = true;
    }
  }
  return out;
}

}  // namespace jhalt::seg::detail
