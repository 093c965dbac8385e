#include "jhalt/disasm/disassembler.h"

#include <charconv>
#include <iterator>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "jhalt/bytecode/cfg.h"
#include "jhalt/util/error.h"
#include "jhalt/util/mutf8.h"

namespace jhalt::disasm {
namespace {

using bytecode::Instruction;
using bytecode::OperandFormat;
using classfile::CpTag;

std::string text(std::string_view mutf8) { return modifiedUtf8ToUtf8(mutf8); }

std::string constantText(const classfile::ConstantPool& cp, uint16_t index) {
  const classfile::CpEntry& e = cp.at(index);
  switch (e.tag) {
    case CpTag::Integer: return fmt::format("int {}", cp.intValue(index));
    case CpTag::Float: return fmt::format("float {}", cp.floatValue(index));
    case CpTag::Long: return fmt::format("long {}", cp.longValue(index));
    case CpTag::Double: return fmt::format("double {}", cp.doubleValue(index));
    case CpTag::String: return fmt::format("String \"{}\"", text(cp.string(index)));
    case CpTag::Class: return fmt::format("class {}", text(cp.className(index)));
    case CpTag::MethodType: return fmt::format("MethodType {}", text(cp.utf8(e.a)));
    case CpTag::MethodHandle: {
      auto m = cp.memberRef(e.a);
      return fmt::format("MethodHandle {}.{}:{}", text(m.owner), text(m.name), text(m.descriptor));
    }
    case CpTag::Dynamic: {
      auto nat = cp.nameAndType(e.b);
      return fmt::format("Dynamic #{}:{}:{}", e.a, text(nat.name), text(nat.descriptor));
    }
    case CpTag::Fieldref:
    case CpTag::Methodref:
    case CpTag::InterfaceMethodref: {
      auto m = cp.memberRef(index);
      return fmt::format("{}.{}:{}", text(m.owner), text(m.name), text(m.descriptor));
    }
    case CpTag::InvokeDynamic: {
      auto nat = cp.nameAndType(e.b);
      return fmt::format("InvokeDynamic #{}:{}:{}", e.a, text(nat.name), text(nat.descriptor));
    }
    default:
      return std::string(classfile::cpTagName(e.tag));
  }
}

std::string operandText(const Instruction& insn, const bytecode::Bytecode& code,
                        const classfile::ConstantPool& cp) {
  static constexpr std::string_view kArrayTypes[] = {"", "", "", "", "boolean", "char",
                                                     "float", "double", "byte", "short", "int", "long"};
  switch (insn.info().format) {
    case OperandFormat::None:
    case OperandFormat::Wide:
      return {};
    case OperandFormat::Local:
    case OperandFormat::Byte:
    case OperandFormat::Short:
    case OperandFormat::Branch2:
    case OperandFormat::Branch4:
      return fmt::format("{}", insn.operand);
    case OperandFormat::Increment:
      return fmt::format("{}, {}", insn.operand, insn.operand2);
    case OperandFormat::ArrayType:
      return std::string(kArrayTypes[insn.operand]);
    case OperandFormat::PoolIndex1:
    case OperandFormat::PoolIndex2:
    case OperandFormat::InvokeDynamic:
      return fmt::format("#{} {}", insn.operand, constantText(cp, static_cast<uint16_t>(insn.operand)));
    case OperandFormat::InvokeInterface:
      return fmt::format("#{}, {} {}", insn.operand, insn.operand2,
                         constantText(cp, static_cast<uint16_t>(insn.operand)));
    case OperandFormat::MultiANewArray:
      return fmt::format("#{}, {} {}", insn.operand, insn.operand2,
                         constantText(cp, static_cast<uint16_t>(insn.operand)));
    case OperandFormat::TableSwitch:
    case OperandFormat::LookupSwitch: {
      const bytecode::SwitchTable& sw = code.switchOf(insn);
      std::string s = "{";
      for (const auto& [key, target] : sw.cases) fmt::format_to(std::back_inserter(s), " {}: {};", key, target);
      fmt::format_to(std::back_inserter(s), " default: {} }}", sw.default_target);
      return s;
    }
  }
  return {};
}

void appendBlocksAndLoops(const classfile::Code& attr, const bytecode::Bytecode& code,
                          const bytecode::ControlFlowGraph& cfg, const std::vector<bytecode::Loop>& loops,
                          std::string& out) {
  auto it = std::back_inserter(out);
  for (uint32_t b = 0; b < cfg.size(); ++b) {
    const auto& bb = cfg.block(b);
    fmt::format_to(it, "  BLOCK {} [{}..{}]", b, code.at(bb.first).offset, code.at(bb.last).offset);
    if (!cfg.reachable(b)) fmt::format_to(it, " unreachable");
    if (!bb.successors.empty()) fmt::format_to(it, " -> {}", fmt::join(bb.successors, ","));
    for (const auto& h : bb.handlers)
      fmt::format_to(it, " catch {} -> {}", h.catch_type.empty() ? "any" : text(h.catch_type), h.handler);
    out += '\n';
  }
  for (const auto& loop : loops) {
    uint32_t head = code.at(cfg.block(loop.header).first).offset;
    fmt::format_to(it, "  LOOP head {} (block {}, line {}) blocks {}{}\n", head, loop.header,
                   bytecode::sourceLine(attr, head), fmt::join(loop.blocks, ","),
                   loop.reducible ? "" : " irreducible");
  }
}

// Decodes a method's code; errors name the method.
bytecode::Bytecode decodeMethod(const classfile::ClassFile& cls, const classfile::Method& m) {
  try {
    return bytecode::Bytecode::decode(*m.code, cls.pool);
  } catch (const FormatError& e) {
    throw FormatError(fmt::format("method {}{}: {}", text(m.name), text(m.descriptor), e.what()));
  }
}

}  // namespace

void disassemble(const classfile::ClassFile& cls, const Options& options, std::string& out) {
  const size_t start = out.size();
  try {
    auto it = std::back_inserter(out);
    for (const auto& m : cls.methods) {
      if (!m.code) continue;
      bytecode::Bytecode code = decodeMethod(cls, m);
      out += "METHOD ";
      out += cls.name;
      out += '.';
      out += m.name;
      out += m.descriptor;
      out += '\n';
      if (!options.verbose) {
        for (const Instruction& insn : code.instructions()) {
          char digits[16];
          auto end = std::to_chars(digits, digits + sizeof digits, insn.offset).ptr;
          out.append(digits, end);
          out += ' ';
          out += bytecode::javapMnemonic(insn);
          out += '\n';
        }
        continue;
      }
      auto cfg = bytecode::ControlFlowGraph::build(code, *m.code, cls.pool);
      bytecode::Dominators dom(cfg);
      auto loops = bytecode::findLoops(cfg, dom);
      for (size_t i = 0; i < code.size(); ++i) {
        const Instruction& insn = code.at(i);
        fmt::format_to(it, "{} {}", insn.offset, bytecode::javapMnemonic(insn));
        std::string ops = operandText(insn, code, cls.pool);
        if (!ops.empty()) fmt::format_to(it, " {}", ops);
        fmt::format_to(it, " ; line {} ; block {}\n", bytecode::sourceLine(*m.code, insn.offset),
                       cfg.blockOfInstruction(static_cast<uint32_t>(i)));
      }
      appendBlocksAndLoops(*m.code, code, cfg, loops, out);
    }
  } catch (...) {
    out.resize(start);
    throw;
  }
}

ClassSummary summarize(const classfile::ClassFile& cls, std::string& out) {
  ClassSummary s;
  std::string body;
  auto it = std::back_inserter(body);
  for (const auto& m : cls.methods) {
    ++s.methods;
    if (!m.code) continue;
    ++s.methods_with_code;
    bytecode::Bytecode code = decodeMethod(cls, m);
    auto cfg = bytecode::ControlFlowGraph::build(code, *m.code, cls.pool);
    bytecode::Dominators dom(cfg);
    auto loops = bytecode::findLoops(cfg, dom);
    s.instructions += code.size();
    s.loops += loops.size();
    fmt::format_to(it, "  method {}{}: {} instructions, {} blocks, {} loop{}\n", text(m.name),
                   text(m.descriptor), code.size(), cfg.size(), loops.size(), loops.size() == 1 ? "" : "s");
    for (const auto& loop : loops) {
      uint32_t head = code.at(cfg.block(loop.header).first).offset;
      int32_t lo = -1, hi = -1;
      for (uint32_t b : loop.blocks) {
        for (uint32_t i = cfg.block(b).first; i <= cfg.block(b).last; ++i) {
          int32_t line = bytecode::sourceLine(*m.code, code.at(i).offset);
          if (line < 0) continue;
          lo = lo < 0 ? line : std::min(lo, line);
          hi = std::max(hi, line);
        }
      }
      int32_t head_line = bytecode::sourceLine(*m.code, head);
      fmt::format_to(it, "    loop at offset {}{}{}{}\n", head,
                     head_line >= 0 ? fmt::format(", line {}", head_line) : "",
                     lo >= 0 ? fmt::format(", lines {}-{}", lo, hi) : "",
                     loop.reducible ? "" : " (irreducible)");
    }
  }
  fmt::format_to(std::back_inserter(out), "class {} (version {}.{}{}): {} methods, {} with code, {} loops\n",
                 text(cls.name), cls.major_version, cls.minor_version,
                 cls.source_file ? ", source " + text(*cls.source_file) : "", s.methods,
                 s.methods_with_code, s.loops);
  out += body;
  return s;
}

}  // namespace jhalt::disasm
