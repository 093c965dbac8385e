#include "jhalt/bytecode/liveness.h"

namespace jhalt::bytecode {
namespace {

using Bits = std::vector<uint64_t>;

void set(Bits& b, uint32_t slot) { b[slot / 64] |= uint64_t{1} << (slot % 64); }
void clear(Bits& b, uint32_t slot) { b[slot / 64] &= ~(uint64_t{1} << (slot % 64)); }
bool unite(Bits& into, const Bits& from) {
  bool changed = false;
  for (size_t i = 0; i < into.size(); ++i) {
    uint64_t v = into[i] | from[i];
    changed |= v != into[i];
    into[i] = v;
  }
  return changed;
}

// Applies one instruction backwards: live-before = (live-after - defs) + uses.
void transfer(const Instruction& insn, Bits& live, uint32_t slots) {
  const OpcodeInfo& info = insn.info();
  auto width = [&] { return info.type == 'J' || info.type == 'D' ? 2u : 1u; };
  auto slot = static_cast<uint32_t>(insn.operand);
  switch (info.family) {
    case Family::LocalStore:
      for (uint32_t k = 0; k < width() && slot + k < slots; ++k) clear(live, slot + k);
      break;
    case Family::LocalLoad:
      for (uint32_t k = 0; k < width() && slot + k < slots; ++k) set(live, slot + k);
      break;
    case Family::Increment:
      if (slot < slots) set(live, slot);
      break;
    case Family::Subroutine:
      if (insn.opcode == op::kRet && slot < slots) set(live, slot);
      break;
    default:
      break;
  }
}

}  // namespace

Liveness::Liveness(const Bytecode& code, const ControlFlowGraph& cfg, uint16_t max_locals)
    : slots_(max_locals), words_((max_locals + 63) / 64 == 0 ? 1 : (max_locals + 63) / 64) {
  const size_t nb = cfg.size();
  std::vector<Bits> live_in(nb, Bits(words_, 0));
  bool changed = true;
  while (changed) {
    changed = false;
    const auto& rpo = cfg.reversePostOrder();
    for (auto it = rpo.rbegin(); it != rpo.rend(); ++it) {
      uint32_t b = *it;
      const BasicBlock& bb = cfg.block(b);
      Bits live(words_, 0);
      for (uint32_t s : bb.successors) unite(live, live_in[s]);
      Bits handler_live(words_, 0);
      for (const auto& e : bb.handlers) unite(handler_live, live_in[e.handler]);
      unite(live, handler_live);
      for (uint32_t i = bb.last + 1; i-- > bb.first;) {
        transfer(code.at(i), live, slots_);
        unite(live, handler_live);  // any instruction of the block may throw
      }
      changed |= unite(live_in[b], live);
    }
  }
  bits_.assign(static_cast<size_t>(code.size()) * words_, 0);
  for (uint32_t b = 0; b < cfg.size(); ++b) {
    const BasicBlock& bb = cfg.block(b);
    Bits live(words_, 0);
    for (uint32_t s : bb.successors) unite(live, live_in[s]);
    Bits handler_live(words_, 0);
    for (const auto& e : bb.handlers) unite(handler_live, live_in[e.handler]);
    unite(live, handler_live);
    for (uint32_t i = bb.last + 1; i-- > bb.first;) {
      transfer(code.at(i), live, slots_);
      unite(live, handler_live);
      std::copy(live.begin(), live.end(), bits_.begin() + static_cast<ptrdiff_t>(i) * words_);
    }
  }
}

}  // namespace jhalt::bytecode
