// Decoded instructions of one method (JVMS §6.5, §4.10.1 structural rules).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "jhalt/bytecode/opcodes.h"
#include "jhalt/classfile/class_file.h"

namespace jhalt::bytecode {

struct SwitchTable {
  uint32_t default_target = 0;  // absolute offset
  bool is_table = false;        // tableswitch (else lookupswitch)
  int32_t low = 0, high = 0;    // tableswitch bounds
  std::vector<std::pair<int32_t, uint32_t>> cases;  // (key, absolute target), keys ascending
};

struct Instruction {
  uint32_t offset = 0;
  uint16_t length = 0;
  uint8_t opcode = 0;
  bool wide = false;
  // By operand format: Local: index; Byte/Short: value; PoolIndex*/Invoke*/
  // MultiANewArray: constant-pool index; Branch*: absolute target offset;
  // ArrayType: atype; switches: index into Bytecode::switches().
  // Instructions with an implicit operand (iload_1, iconst_m1) store it here too.
  int32_t operand = 0;
  // Increment: the constant; InvokeInterface: count; MultiANewArray: dimensions.
  int32_t operand2 = 0;

  const OpcodeInfo& info() const { return opcodeInfo(opcode); }
  Family family() const { return info().family; }
};

// The mnemonic `javap -c` prints: the wide forms print as `iload_w`, `iinc_w`.
std::string_view javapMnemonic(const Instruction& insn);

class Bytecode {
 public:
  struct Parts {
    std::vector<Instruction> instructions;
    std::vector<SwitchTable> switches;
    std::vector<int32_t> index_of_offset;  // -1 where no instruction starts
  };

  // Decodes and structurally checks `code` (valid opcodes, operands inside the
  // code, branch targets and handler ranges on instruction boundaries,
  // constant-pool operands of the right kind, local indices below max_locals,
  // no falling off the end). Throws FormatError.
  static Bytecode decode(const classfile::Code& code, const classfile::ConstantPool& pool);

  std::span<const Instruction> instructions() const { return parts_.instructions; }
  const Instruction& at(size_t index) const { return parts_.instructions[index]; }
  size_t size() const { return parts_.instructions.size(); }
  const std::vector<SwitchTable>& switches() const { return parts_.switches; }
  const SwitchTable& switchOf(const Instruction& insn) const {
    return parts_.switches[static_cast<size_t>(insn.operand)];
  }

  // Index of the instruction starting at `offset`, or -1.
  int32_t indexAt(uint32_t offset) const {
    return offset < parts_.index_of_offset.size() ? parts_.index_of_offset[offset] : -1;
  }
  // Branch targets (absolute offsets) of `insn`: jump/branch target, switch
  // targets (default first), jsr target. Fall-through is not included.
  void targets(const Instruction& insn, std::vector<uint32_t>& out) const;
  static void collectTargets(const Instruction& insn, const std::vector<SwitchTable>& switches,
                             std::vector<uint32_t>& out);

 private:
  Parts parts_;
};

}  // namespace jhalt::bytecode
