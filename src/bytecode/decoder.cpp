// Instruction decoder and the structural checks of JVMS §4.9.1 that a
// disassembler and a control-flow graph rely on.
#include <fmt/format.h>

#include "jhalt/bytecode/instruction.h"
#include "jhalt/util/byte_reader.h"
#include "jhalt/util/error.h"

namespace jhalt::bytecode {
namespace {

using classfile::CpTag;

std::string_view wideMnemonic(uint8_t opcode) {
  switch (opcode) {
    case 0x15: return "iload_w";
    case 0x16: return "lload_w";
    case 0x17: return "fload_w";
    case 0x18: return "dload_w";
    case 0x19: return "aload_w";
    case 0x36: return "istore_w";
    case 0x37: return "lstore_w";
    case 0x38: return "fstore_w";
    case 0x39: return "dstore_w";
    case 0x3a: return "astore_w";
    case 0xa9: return "ret_w";
    case 0x84: return "iinc_w";
    default: return {};
  }
}

class Decoder {
 public:
  Decoder(const classfile::Code& code, const classfile::ConstantPool& pool, Bytecode::Parts& out)
      : code_(code), pool_(pool), bytes_(code.bytecode), out_(out) {}

  void run() {
    out_.index_of_offset.assign(bytes_.size(), -1);
    uint32_t pc = 0;
    while (pc < bytes_.size()) {
      Instruction insn = decodeAt(pc);
      out_.index_of_offset[pc] = static_cast<int32_t>(out_.instructions.size());
      out_.instructions.push_back(insn);
      pc += insn.length;
    }
    checkTargets();
  }

 private:
  [[noreturn]] void fail(uint32_t pc, const std::string& what) const {
    throw FormatError(fmt::format("bad code at offset {}: {}", pc, what));
  }

  void need(uint32_t pc, uint32_t n) const {
    if (uint64_t{pc} + n > bytes_.size())
      fail(pc, fmt::format("instruction '{}' runs past the end of the code",
                           opcodeInfo(bytes_[pc]).mnemonic));
  }
  uint8_t u1(uint32_t at) const { return bytes_[at]; }
  uint16_t u2(uint32_t at) const { return static_cast<uint16_t>(bytes_[at] << 8 | bytes_[at + 1]); }
  int32_t s4(uint32_t at) const {
    return static_cast<int32_t>(uint32_t{bytes_[at]} << 24 | uint32_t{bytes_[at + 1]} << 16 |
                                uint32_t{bytes_[at + 2]} << 8 | uint32_t{bytes_[at + 3]});
  }

  uint32_t target(uint32_t pc, int64_t relative) const {
    int64_t t = int64_t{pc} + relative;
    if (t < 0 || t >= static_cast<int64_t>(bytes_.size()))
      fail(pc, fmt::format("branch target {} outside the code (length {})", t, bytes_.size()));
    return static_cast<uint32_t>(t);
  }

  void checkLocal(uint32_t pc, uint32_t index, char type) const {
    uint32_t last = index + (type == 'J' || type == 'D' ? 1 : 0);
    if (last >= code_.max_locals)
      fail(pc, fmt::format("local variable {} out of range (max_locals {})", index, code_.max_locals));
  }

  void checkPool(uint32_t pc, uint16_t index, std::initializer_list<CpTag> tags) const {
    if (!pool_.valid(index))
      fail(pc, fmt::format("constant pool index {} is out of range or unusable", index));
    CpTag tag = pool_.at(index).tag;
    for (CpTag t : tags)
      if (t == tag) return;
    fail(pc, fmt::format("'{}' refers to constant pool entry {} of kind {}",
                         opcodeInfo(bytes_[pc]).mnemonic, index, classfile::cpTagName(tag)));
  }

  void checkPoolOperand(uint32_t pc, const Instruction& insn) const {
    auto idx = static_cast<uint16_t>(insn.operand);
    switch (insn.family()) {
      case Family::LoadConstant:
        if (insn.info().pushes == 2)
          checkPool(pc, idx, {CpTag::Long, CpTag::Double, CpTag::Dynamic});
        else
          checkPool(pc, idx, {CpTag::Integer, CpTag::Float, CpTag::String, CpTag::Class,
                              CpTag::MethodHandle, CpTag::MethodType, CpTag::Dynamic});
        break;
      case Family::Field:
        checkPool(pc, idx, {CpTag::Fieldref});
        break;
      case Family::Invoke:
        switch (static_cast<InvokeKind>(insn.info().sub)) {
          case InvokeKind::Virtual: checkPool(pc, idx, {CpTag::Methodref}); break;
          case InvokeKind::Special:
          case InvokeKind::Static: checkPool(pc, idx, {CpTag::Methodref, CpTag::InterfaceMethodref}); break;
          case InvokeKind::Interface: checkPool(pc, idx, {CpTag::InterfaceMethodref}); break;
          case InvokeKind::Dynamic: checkPool(pc, idx, {CpTag::InvokeDynamic}); break;
        }
        break;
      default:  // new, anewarray, multianewarray, checkcast, instanceof
        checkPool(pc, idx, {CpTag::Class});
    }
  }

  Instruction decodeAt(uint32_t pc) {
    Instruction insn;
    insn.offset = pc;
    insn.opcode = u1(pc);
    const OpcodeInfo& info = opcodeInfo(insn.opcode);
    if (!info.valid()) fail(pc, fmt::format("invalid opcode 0x{:02x}", insn.opcode));
    if (info.has_implicit) insn.operand = info.implicit;
    switch (info.format) {
      case OperandFormat::None:
        insn.length = 1;
        break;
      case OperandFormat::Local:
        need(pc, 2);
        insn.length = 2;
        insn.operand = u1(pc + 1);
        checkLocal(pc, static_cast<uint32_t>(insn.operand), info.type);
        break;
      case OperandFormat::Byte:
        need(pc, 2);
        insn.length = 2;
        insn.operand = static_cast<int8_t>(u1(pc + 1));
        break;
      case OperandFormat::Short:
        need(pc, 3);
        insn.length = 3;
        insn.operand = static_cast<int16_t>(u2(pc + 1));
        break;
      case OperandFormat::PoolIndex1:
        need(pc, 2);
        insn.length = 2;
        insn.operand = u1(pc + 1);
        checkPoolOperand(pc, insn);
        break;
      case OperandFormat::PoolIndex2:
        need(pc, 3);
        insn.length = 3;
        insn.operand = u2(pc + 1);
        checkPoolOperand(pc, insn);
        break;
      case OperandFormat::Increment:
        need(pc, 3);
        insn.length = 3;
        insn.operand = u1(pc + 1);
        insn.operand2 = static_cast<int8_t>(u1(pc + 2));
        checkLocal(pc, static_cast<uint32_t>(insn.operand), 'I');
        break;
      case OperandFormat::Branch2:
        need(pc, 3);
        insn.length = 3;
        insn.operand = static_cast<int32_t>(target(pc, static_cast<int16_t>(u2(pc + 1))));
        break;
      case OperandFormat::Branch4:
        need(pc, 5);
        insn.length = 5;
        insn.operand = static_cast<int32_t>(target(pc, s4(pc + 1)));
        break;
      case OperandFormat::TableSwitch:
      case OperandFormat::LookupSwitch:
        decodeSwitch(pc, insn, info.format == OperandFormat::TableSwitch);
        break;
      case OperandFormat::InvokeInterface:
        need(pc, 5);
        insn.length = 5;
        insn.operand = u2(pc + 1);
        insn.operand2 = u1(pc + 3);
        if (insn.operand2 == 0) fail(pc, "invokeinterface with count 0");
        checkPoolOperand(pc, insn);
        break;
      case OperandFormat::InvokeDynamic:
        need(pc, 5);
        insn.length = 5;
        insn.operand = u2(pc + 1);
        checkPoolOperand(pc, insn);
        break;
      case OperandFormat::MultiANewArray:
        need(pc, 4);
        insn.length = 4;
        insn.operand = u2(pc + 1);
        insn.operand2 = u1(pc + 3);
        if (insn.operand2 == 0) fail(pc, "multianewarray with 0 dimensions");
        checkPoolOperand(pc, insn);
        break;
      case OperandFormat::ArrayType:
        need(pc, 2);
        insn.length = 2;
        insn.operand = u1(pc + 1);
        if (insn.operand < 4 || insn.operand > 11)
          fail(pc, fmt::format("newarray with bad array type {}", insn.operand));
        break;
      case OperandFormat::Wide:
        decodeWide(pc, insn);
        break;
    }
    return insn;
  }

  // JVMS §6.5.wide: the prefixed instruction takes a u2 local index (and an s2
  // constant for iinc); the pair is one instruction at the prefix's offset.
  void decodeWide(uint32_t pc, Instruction& insn) {
    need(pc, 2);
    uint8_t inner = u1(pc + 1);
    if (wideMnemonic(inner).empty())
      fail(pc, fmt::format("wide cannot modify opcode 0x{:02x}", inner));
    insn.opcode = inner;
    insn.wide = true;
    if (inner == op::kIinc) {
      need(pc, 6);
      insn.length = 6;
      insn.operand = u2(pc + 2);
      insn.operand2 = static_cast<int16_t>(u2(pc + 4));
    } else {
      need(pc, 4);
      insn.length = 4;
      insn.operand = u2(pc + 2);
    }
    checkLocal(pc, static_cast<uint32_t>(insn.operand), opcodeInfo(inner).type);
  }

  // JVMS §6.5.tableswitch / lookupswitch: 0-3 padding bytes so that the
  // operands start at a multiple of 4 from the start of the code.
  void decodeSwitch(uint32_t pc, Instruction& insn, bool table) {
    uint32_t p = (pc + 4) & ~3u;
    need(pc, p - pc + 8);
    SwitchTable sw;
    sw.is_table = table;
    sw.default_target = target(pc, s4(p));
    if (table) {
      need(pc, p - pc + 12);
      sw.low = s4(p + 4);
      sw.high = s4(p + 8);
      if (sw.low > sw.high) fail(pc, fmt::format("tableswitch with low {} > high {}", sw.low, sw.high));
      uint64_t n = uint64_t(int64_t{sw.high} - sw.low) + 1;
      if (n > bytes_.size()) fail(pc, "tableswitch runs past the end of the code");
      need(pc, static_cast<uint32_t>(p - pc + 12 + 4 * n));
      sw.cases.reserve(n);
      for (uint64_t k = 0; k < n; ++k)
        sw.cases.emplace_back(static_cast<int32_t>(sw.low + static_cast<int64_t>(k)),
                              target(pc, s4(static_cast<uint32_t>(p + 12 + 4 * k))));
      insn.length = static_cast<uint16_t>(p - pc + 12 + 4 * n);
    } else {
      int32_t npairs = s4(p + 4);
      if (npairs < 0) fail(pc, fmt::format("lookupswitch with {} pairs", npairs));
      if (static_cast<uint64_t>(npairs) > bytes_.size()) fail(pc, "lookupswitch runs past the end of the code");
      need(pc, static_cast<uint32_t>(p - pc + 8 + 8 * uint64_t(npairs)));
      sw.cases.reserve(static_cast<size_t>(npairs));
      for (int32_t k = 0; k < npairs; ++k) {
        uint32_t at = p + 8 + 8 * static_cast<uint32_t>(k);
        int32_t key = s4(at);
        if (k > 0 && key <= sw.cases.back().first) fail(pc, "lookupswitch keys are not sorted");
        sw.cases.emplace_back(key, target(pc, s4(at + 4)));
      }
      insn.length = static_cast<uint16_t>(p - pc + 8 + 8 * uint32_t(npairs));
    }
    insn.operand = static_cast<int32_t>(out_.switches.size());
    out_.switches.push_back(std::move(sw));
  }

  bool isStart(uint32_t offset) const {
    return offset < out_.index_of_offset.size() && out_.index_of_offset[offset] >= 0;
  }

  void checkTargets() const {
    std::vector<uint32_t> ts;
    for (const Instruction& insn : out_.instructions) {
      ts.clear();
      Bytecode::collectTargets(insn, out_.switches, ts);
      for (uint32_t t : ts)
        if (!isStart(t))
          fail(insn.offset, fmt::format("branch target {} is not the start of an instruction", t));
    }
    const Instruction& last = out_.instructions.back();
    if (last.info().falls_through || (last.family() == Family::Subroutine && last.opcode != op::kRet))
      fail(last.offset, "execution can fall off the end of the code");
    for (const auto& h : code_.handlers) {
      if (!isStart(h.start_pc) || !isStart(h.handler_pc) ||
          (h.end_pc != bytes_.size() && !isStart(h.end_pc)))
        throw FormatError(fmt::format("exception handler [{}, {}) -> {} is not on instruction boundaries",
                                      h.start_pc, h.end_pc, h.handler_pc));
    }
  }

  const classfile::Code& code_;
  const classfile::ConstantPool& pool_;
  std::span<const uint8_t> bytes_;
  Bytecode::Parts& out_;
};

}  // namespace

std::string_view javapMnemonic(const Instruction& insn) {
  return insn.wide ? wideMnemonic(insn.opcode) : insn.info().mnemonic;
}

void Bytecode::collectTargets(const Instruction& insn, const std::vector<SwitchTable>& switches,
                              std::vector<uint32_t>& out) {
  switch (insn.info().format) {
    case OperandFormat::Branch2:
    case OperandFormat::Branch4:
      out.push_back(static_cast<uint32_t>(insn.operand));
      break;
    case OperandFormat::TableSwitch:
    case OperandFormat::LookupSwitch: {
      const SwitchTable& sw = switches[static_cast<size_t>(insn.operand)];
      out.push_back(sw.default_target);
      for (const auto& c : sw.cases) out.push_back(c.second);
      break;
    }
    default:
      break;
  }
}

void Bytecode::targets(const Instruction& insn, std::vector<uint32_t>& out) const {
  collectTargets(insn, parts_.switches, out);
}

Bytecode Bytecode::decode(const classfile::Code& code, const classfile::ConstantPool& pool) {
  Bytecode b;
  Decoder(code, pool, b.parts_).run();
  return b;
}

}  // namespace jhalt::bytecode
