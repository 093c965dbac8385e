// Live local variables before each instruction (backward data-flow over the
// CFG, exception edges included). Abstract states drop dead locals, so that
// states at the same program position hold values in the same slots and
// stale values do not keep heap structures alive.
#pragma once

#include <cstdint>
#include <vector>

#include "jhalt/bytecode/cfg.h"

namespace jhalt::bytecode {

class Liveness {
 public:
  Liveness(const Bytecode& code, const ControlFlowGraph& cfg, uint16_t max_locals);
  // Is local `slot` live before the instruction with index `insn`?
  bool live(uint32_t insn, uint32_t slot) const {
    return slot < slots_ && (bits_[insn * words_ + slot / 64] >> (slot % 64)) & 1u;
  }

 private:
  uint32_t slots_;
  uint32_t words_;
  std::vector<uint64_t> bits_;  // per instruction, `words_` words
};

}  // namespace jhalt::bytecode
