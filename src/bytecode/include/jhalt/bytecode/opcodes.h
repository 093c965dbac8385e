// The one opcode table (JVMS §6.5): mnemonic as `javap` prints it, operand
// format, stack effect, the run-time exceptions an instruction can throw and
// its family for dispatch. The disassembler, the CFG builder and every engine
// read facts about instructions from here and nowhere else.
#pragma once

#include <cstdint>
#include <string_view>

namespace jhalt::bytecode {

enum class OperandFormat : uint8_t {
  None,
  Local,           // u1 local index (u2 after `wide`)
  Byte,            // s1 immediate (bipush)
  Short,           // s2 immediate (sipush)
  PoolIndex1,      // u1 constant-pool index (ldc)
  PoolIndex2,      // u2 constant-pool index
  Increment,       // iinc: u1 index, s1 const (u2, s2 after `wide`)
  Branch2,         // s2 relative branch
  Branch4,         // s4 relative branch
  TableSwitch,
  LookupSwitch,
  InvokeInterface, // u2 index, u1 count, u1 zero
  InvokeDynamic,   // u2 index, u1 zero, u1 zero
  MultiANewArray,  // u2 index, u1 dimensions
  ArrayType,       // u1 atype (newarray)
  Wide,            // the `wide` prefix
};

enum class Family : uint8_t {
  Nop, Constant, LoadConstant, LocalLoad, LocalStore, ArrayLoad, ArrayStore, Stack,
  Arithmetic, Increment, Conversion, Compare, Branch, Jump, Subroutine, Return, Switch,
  Field, Invoke, New, NewArray, ArrayLength, Throw, TypeCheck, Monitor, Wide,
};

// Sub-operation within a family (the meaning depends on the family).
enum class ArithOp : uint8_t { Add, Sub, Mul, Div, Rem, Neg, Shl, Shr, Ushr, And, Or, Xor };
enum class Condition : uint8_t { Eq, Ne, Lt, Ge, Gt, Le };
enum class StackOp : uint8_t { Pop, Pop2, Dup, DupX1, DupX2, Dup2, Dup2X1, Dup2X2, Swap };
enum class FieldOp : uint8_t { GetStatic, PutStatic, GetField, PutField };
enum class InvokeKind : uint8_t { Virtual, Special, Static, Interface, Dynamic };
enum class BranchKind : uint8_t { CompareZero, CompareInts, CompareRefs, CompareNull };

// Run-time exceptions an instruction can throw by itself (JVMS §6.5,
// "Run-time Exceptions"; linkage errors and those of callees are not listed).
enum ThrowBits : uint8_t {
  kThrowsNone = 0,
  kThrowsNullPointer = 1 << 0,
  kThrowsArrayIndex = 1 << 1,
  kThrowsNegativeArraySize = 1 << 2,
  kThrowsArithmetic = 1 << 3,
  kThrowsClassCast = 1 << 4,
  kThrowsArrayStore = 1 << 5,
  kThrowsIllegalMonitorState = 1 << 6,
};

inline constexpr int8_t kVariable = -1;  // stack effect depends on a descriptor

struct OpcodeInfo {
  std::string_view mnemonic;  // empty: not a valid opcode in a class file
  OperandFormat format = OperandFormat::None;
  Family family = Family::Nop;
  uint8_t sub = 0;      // ArithOp, Condition, StackOp, FieldOp, InvokeKind, BranchKind
  char type = 'V';      // operand type: I J F D A B C S Z, V for none; Conversion: source
  char result = 'V';    // Conversion: target type
  int8_t implicit = 0;  // iload_2: local 2; iconst_m1: -1
  bool has_implicit = false;
  int8_t pops = 0;      // stack slots popped (kVariable: see descriptor)
  int8_t pushes = 0;    // stack slots pushed
  uint8_t throws = kThrowsNone;
  bool falls_through = true;  // false for goto, return, athrow, switches, ret

  bool valid() const { return !mnemonic.empty(); }
};

const OpcodeInfo& opcodeInfo(uint8_t opcode);

namespace op {  // opcode numbers that code refers to by name
inline constexpr uint8_t kLdc = 0x12, kIinc = 0x84, kGoto = 0xa7, kJsr = 0xa8, kRet = 0xa9,
                         kTableSwitch = 0xaa, kLookupSwitch = 0xab, kWide = 0xc4,
                         kGotoW = 0xc8, kJsrW = 0xc9, kAthrow = 0xbf, kAastore = 0x53,
                         kAconstNull = 0x01, kDup = 0x59, kNew = 0xbb, kInvokespecial = 0xb7;
}

}  // namespace jhalt::bytecode
