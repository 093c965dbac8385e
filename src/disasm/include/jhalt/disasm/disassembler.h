// Text forms of classes for `jhalt disasm` and `jhalt info`.
//
// disasm contract (used by the acceptance checks): for every method with code,
// in declaration order, a line `METHOD <class>.<name><descriptor>` and then one
// line `<offset> <mnemonic>` per instruction, the mnemonic exactly as
// `javap -c` prints it. Verbose mode appends operands, source line and block
// after these two fields and lists blocks and loops after each method.
#pragma once

#include <string>

#include "jhalt/classfile/class_file.h"

namespace jhalt::disasm {

struct Options {
  bool verbose = false;
};

// Appends the disassembly of `cls` to `out`. Throws FormatError (without the
// file name) if a method's code is malformed; nothing of that class is
// appended then.
void disassemble(const classfile::ClassFile& cls, const Options& options, std::string& out);

struct ClassSummary {
  size_t methods = 0;
  size_t methods_with_code = 0;
  size_t instructions = 0;
  size_t loops = 0;
};

// Appends a human summary of `cls` (methods, loops per method with their
// source lines) to `out`.
ClassSummary summarize(const classfile::ClassFile& cls, std::string& out);

}  // namespace jhalt::disasm
