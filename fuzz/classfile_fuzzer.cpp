// Fuzzes parser, decoder, CFG, dominators, loops and the disassembler: any
// input must either be accepted or rejected with FormatError; crashes,
// sanitizer reports, hangs and excessive memory are findings.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "jhalt/bytecode/cfg.h"
#include "jhalt/classfile/parser.h"
#include "jhalt/disasm/disassembler.h"
#include "jhalt/util/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    jhalt::classfile::ClassFile cf = jhalt::classfile::parseClassFile(std::vector<uint8_t>(data, data + size));
    std::string out;
    jhalt::disasm::disassemble(cf, jhalt::disasm::Options{true}, out);
    jhalt::disasm::summarize(cf, out);
  } catch (const jhalt::FormatError&) {
  }
  return 0;
}
