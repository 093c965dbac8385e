// The opcode table. Stack effects are in slots (long and double take two),
// as in the "Operand Stack" lines of JVMS §6.5.
#include "jhalt/bytecode/opcodes.h"

#include <array>

namespace jhalt::bytecode {
namespace {

using F = Family;
using O = OperandFormat;

constexpr uint8_t u(auto e) { return static_cast<uint8_t>(e); }

struct TableBuilder {
  std::array<OpcodeInfo, 256> t{};

  constexpr OpcodeInfo& set(uint8_t code, std::string_view name, F family, O format, int pops, int pushes) {
    OpcodeInfo& i = t[code];
    i.mnemonic = name;
    i.family = family;
    i.format = format;
    i.pops = static_cast<int8_t>(pops);
    i.pushes = static_cast<int8_t>(pushes);
    return i;
  }
  static constexpr int slots(char type) { return type == 'J' || type == 'D' ? 2 : 1; }

  constexpr void constants() {
    set(0x00, "nop", F::Nop, O::None, 0, 0);
    set(0x01, "aconst_null", F::Constant, O::None, 0, 1).type = 'A';
    constexpr std::string_view iconst[] = {"iconst_m1", "iconst_0", "iconst_1", "iconst_2",
                                                  "iconst_3", "iconst_4", "iconst_5"};
    for (int k = 0; k < 7; ++k) implicitValue(set(u(0x02 + k), iconst[k], F::Constant, O::None, 0, 1), 'I', k - 1);
    implicitValue(set(0x09, "lconst_0", F::Constant, O::None, 0, 2), 'J', 0);
    implicitValue(set(0x0a, "lconst_1", F::Constant, O::None, 0, 2), 'J', 1);
    implicitValue(set(0x0b, "fconst_0", F::Constant, O::None, 0, 1), 'F', 0);
    implicitValue(set(0x0c, "fconst_1", F::Constant, O::None, 0, 1), 'F', 1);
    implicitValue(set(0x0d, "fconst_2", F::Constant, O::None, 0, 1), 'F', 2);
    implicitValue(set(0x0e, "dconst_0", F::Constant, O::None, 0, 2), 'D', 0);
    implicitValue(set(0x0f, "dconst_1", F::Constant, O::None, 0, 2), 'D', 1);
    set(0x10, "bipush", F::Constant, O::Byte, 0, 1).type = 'I';
    set(0x11, "sipush", F::Constant, O::Short, 0, 1).type = 'I';
    set(0x12, "ldc", F::LoadConstant, O::PoolIndex1, 0, 1);
    set(0x13, "ldc_w", F::LoadConstant, O::PoolIndex2, 0, 1);
    set(0x14, "ldc2_w", F::LoadConstant, O::PoolIndex2, 0, 2);
  }
  static constexpr void implicitValue(OpcodeInfo& i, char type, int value) {
    i.type = type;
    i.implicit = static_cast<int8_t>(value);
    i.has_implicit = true;
  }

  constexpr void locals() {
    constexpr char types[] = {'I', 'J', 'F', 'D', 'A'};
    constexpr std::string_view loads[] = {"iload", "lload", "fload", "dload", "aload"};
    constexpr std::string_view stores[] = {"istore", "lstore", "fstore", "dstore", "astore"};
    constexpr std::string_view short_loads[5][4] = {
        {"iload_0", "iload_1", "iload_2", "iload_3"}, {"lload_0", "lload_1", "lload_2", "lload_3"},
        {"fload_0", "fload_1", "fload_2", "fload_3"}, {"dload_0", "dload_1", "dload_2", "dload_3"},
        {"aload_0", "aload_1", "aload_2", "aload_3"}};
    constexpr std::string_view short_stores[5][4] = {
        {"istore_0", "istore_1", "istore_2", "istore_3"}, {"lstore_0", "lstore_1", "lstore_2", "lstore_3"},
        {"fstore_0", "fstore_1", "fstore_2", "fstore_3"}, {"dstore_0", "dstore_1", "dstore_2", "dstore_3"},
        {"astore_0", "astore_1", "astore_2", "astore_3"}};
    for (int k = 0; k < 5; ++k) {
      int n = slots(types[k]);
      set(u(0x15 + k), loads[k], F::LocalLoad, O::Local, 0, n).type = types[k];
      set(u(0x36 + k), stores[k], F::LocalStore, O::Local, n, 0).type = types[k];
      for (int j = 0; j < 4; ++j) {
        OpcodeInfo& l = set(u(0x1a + 4 * k + j), short_loads[k][j], F::LocalLoad, O::None, 0, n);
        OpcodeInfo& s = set(u(0x3b + 4 * k + j), short_stores[k][j], F::LocalStore, O::None, n, 0);
        implicitValue(l, types[k], j);
        implicitValue(s, types[k], j);
      }
    }
  }

  constexpr void arrays() {
    constexpr char types[] = {'I', 'J', 'F', 'D', 'A', 'B', 'C', 'S'};
    constexpr std::string_view loads[] = {"iaload", "laload", "faload", "daload",
                                                 "aaload", "baload", "caload", "saload"};
    constexpr std::string_view stores[] = {"iastore", "lastore", "fastore", "dastore",
                                                  "aastore", "bastore", "castore", "sastore"};
    for (int k = 0; k < 8; ++k) {
      int n = slots(types[k]);
      OpcodeInfo& l = set(u(0x2e + k), loads[k], F::ArrayLoad, O::None, 2, n);
      l.type = types[k];
      l.throws = kThrowsNullPointer | kThrowsArrayIndex;
      OpcodeInfo& s = set(u(0x4f + k), stores[k], F::ArrayStore, O::None, 2 + n, 0);
      s.type = types[k];
      s.throws = kThrowsNullPointer | kThrowsArrayIndex | (types[k] == 'A' ? kThrowsArrayStore : 0);
    }
  }

  constexpr void stack() {
    struct S { uint8_t code; std::string_view name; StackOp op; int pops, pushes; };
    constexpr S ops[] = {
        {0x57, "pop", StackOp::Pop, 1, 0},         {0x58, "pop2", StackOp::Pop2, 2, 0},
        {0x59, "dup", StackOp::Dup, 1, 2},         {0x5a, "dup_x1", StackOp::DupX1, 2, 3},
        {0x5b, "dup_x2", StackOp::DupX2, 3, 4},    {0x5c, "dup2", StackOp::Dup2, 2, 4},
        {0x5d, "dup2_x1", StackOp::Dup2X1, 3, 5},  {0x5e, "dup2_x2", StackOp::Dup2X2, 4, 6},
        {0x5f, "swap", StackOp::Swap, 2, 2}};
    for (const S& s : ops) set(s.code, s.name, F::Stack, O::None, s.pops, s.pushes).sub = u(s.op);
  }

  constexpr void arithmetic() {
    constexpr char types[] = {'I', 'J', 'F', 'D'};
    struct A { uint8_t base; std::string_view names[4]; ArithOp op; };
    constexpr A ops[] = {
        {0x60, {"iadd", "ladd", "fadd", "dadd"}, ArithOp::Add},
        {0x64, {"isub", "lsub", "fsub", "dsub"}, ArithOp::Sub},
        {0x68, {"imul", "lmul", "fmul", "dmul"}, ArithOp::Mul},
        {0x6c, {"idiv", "ldiv", "fdiv", "ddiv"}, ArithOp::Div},
        {0x70, {"irem", "lrem", "frem", "drem"}, ArithOp::Rem},
        {0x74, {"ineg", "lneg", "fneg", "dneg"}, ArithOp::Neg}};
    for (const A& a : ops) {
      for (int k = 0; k < 4; ++k) {
        int n = slots(types[k]);
        bool unary = a.op == ArithOp::Neg;
        OpcodeInfo& i = set(u(a.base + k), a.names[k], F::Arithmetic, O::None, unary ? n : 2 * n, n);
        i.type = types[k];
        i.sub = u(a.op);
        if ((a.op == ArithOp::Div || a.op == ArithOp::Rem) && (k == 0 || k == 1))
          i.throws = kThrowsArithmetic;
      }
    }
    struct B { uint8_t code; std::string_view name; ArithOp op; char type; int pops, pushes; };
    constexpr B bits[] = {
        {0x78, "ishl", ArithOp::Shl, 'I', 2, 1},   {0x79, "lshl", ArithOp::Shl, 'J', 3, 2},
        {0x7a, "ishr", ArithOp::Shr, 'I', 2, 1},   {0x7b, "lshr", ArithOp::Shr, 'J', 3, 2},
        {0x7c, "iushr", ArithOp::Ushr, 'I', 2, 1}, {0x7d, "lushr", ArithOp::Ushr, 'J', 3, 2},
        {0x7e, "iand", ArithOp::And, 'I', 2, 1},   {0x7f, "land", ArithOp::And, 'J', 4, 2},
        {0x80, "ior", ArithOp::Or, 'I', 2, 1},     {0x81, "lor", ArithOp::Or, 'J', 4, 2},
        {0x82, "ixor", ArithOp::Xor, 'I', 2, 1},   {0x83, "lxor", ArithOp::Xor, 'J', 4, 2}};
    for (const B& b : bits) {
      OpcodeInfo& i = set(b.code, b.name, F::Arithmetic, O::None, b.pops, b.pushes);
      i.type = b.type;
      i.sub = u(b.op);
    }
    set(0x84, "iinc", F::Increment, O::Increment, 0, 0).type = 'I';
  }

  constexpr void conversions() {
    struct C { uint8_t code; std::string_view name; char from, to; };
    constexpr C ops[] = {
        {0x85, "i2l", 'I', 'J'}, {0x86, "i2f", 'I', 'F'}, {0x87, "i2d", 'I', 'D'},
        {0x88, "l2i", 'J', 'I'}, {0x89, "l2f", 'J', 'F'}, {0x8a, "l2d", 'J', 'D'},
        {0x8b, "f2i", 'F', 'I'}, {0x8c, "f2l", 'F', 'J'}, {0x8d, "f2d", 'F', 'D'},
        {0x8e, "d2i", 'D', 'I'}, {0x8f, "d2l", 'D', 'J'}, {0x90, "d2f", 'D', 'F'},
        {0x91, "i2b", 'I', 'B'}, {0x92, "i2c", 'I', 'C'}, {0x93, "i2s", 'I', 'S'}};
    for (const C& c : ops) {
      int out = c.to == 'B' || c.to == 'C' || c.to == 'S' ? 1 : slots(c.to);
      OpcodeInfo& i = set(c.code, c.name, F::Conversion, O::None, slots(c.from), out);
      i.type = c.from;
      i.result = c.to;
    }
    set(0x94, "lcmp", F::Compare, O::None, 4, 1).type = 'J';
    set(0x95, "fcmpl", F::Compare, O::None, 2, 1).type = 'F';
    set(0x96, "fcmpg", F::Compare, O::None, 2, 1).type = 'F';
    set(0x97, "dcmpl", F::Compare, O::None, 4, 1).type = 'D';
    set(0x98, "dcmpg", F::Compare, O::None, 4, 1).type = 'D';
  }

  constexpr void branches() {
    constexpr std::string_view zero[] = {"ifeq", "ifne", "iflt", "ifge", "ifgt", "ifle"};
    constexpr std::string_view cmp[] = {"if_icmpeq", "if_icmpne", "if_icmplt",
                                               "if_icmpge", "if_icmpgt", "if_icmple"};
    for (int k = 0; k < 6; ++k) {
      branch(set(u(0x99 + k), zero[k], F::Branch, O::Branch2, 1, 0), BranchKind::CompareZero, k, 'I');
      branch(set(u(0x9f + k), cmp[k], F::Branch, O::Branch2, 2, 0), BranchKind::CompareInts, k, 'I');
    }
    branch(set(0xa5, "if_acmpeq", F::Branch, O::Branch2, 2, 0), BranchKind::CompareRefs, 0, 'A');
    branch(set(0xa6, "if_acmpne", F::Branch, O::Branch2, 2, 0), BranchKind::CompareRefs, 1, 'A');
    branch(set(0xc6, "ifnull", F::Branch, O::Branch2, 1, 0), BranchKind::CompareNull, 0, 'A');
    branch(set(0xc7, "ifnonnull", F::Branch, O::Branch2, 1, 0), BranchKind::CompareNull, 1, 'A');
    set(0xa7, "goto", F::Jump, O::Branch2, 0, 0).falls_through = false;
    set(0xc8, "goto_w", F::Jump, O::Branch4, 0, 0).falls_through = false;
    set(0xa8, "jsr", F::Subroutine, O::Branch2, 0, 1).falls_through = false;
    set(0xc9, "jsr_w", F::Subroutine, O::Branch4, 0, 1).falls_through = false;
    set(0xa9, "ret", F::Subroutine, O::Local, 0, 0).falls_through = false;
    set(0xaa, "tableswitch", F::Switch, O::TableSwitch, 1, 0).falls_through = false;
    set(0xab, "lookupswitch", F::Switch, O::LookupSwitch, 1, 0).falls_through = false;
  }
  static constexpr void branch(OpcodeInfo& i, BranchKind kind, int cond, char type) {
    i.sub = static_cast<uint8_t>(u(kind) << 4 | cond);
    i.type = type;
  }

  constexpr void returns() {
    struct R { uint8_t code; std::string_view name; char type; };
    constexpr R ops[] = {{0xac, "ireturn", 'I'}, {0xad, "lreturn", 'J'}, {0xae, "freturn", 'F'},
                                {0xaf, "dreturn", 'D'}, {0xb0, "areturn", 'A'}, {0xb1, "return", 'V'}};
    for (const R& r : ops) {
      OpcodeInfo& i = set(r.code, r.name, F::Return, O::None, r.type == 'V' ? 0 : slots(r.type), 0);
      i.type = r.type;
      i.falls_through = false;
    }
  }

  constexpr void objects() {
    set(0xb2, "getstatic", F::Field, O::PoolIndex2, kVariable, kVariable).sub = u(FieldOp::GetStatic);
    set(0xb3, "putstatic", F::Field, O::PoolIndex2, kVariable, kVariable).sub = u(FieldOp::PutStatic);
    OpcodeInfo& gf = set(0xb4, "getfield", F::Field, O::PoolIndex2, kVariable, kVariable);
    gf.sub = u(FieldOp::GetField);
    gf.throws = kThrowsNullPointer;
    OpcodeInfo& pf = set(0xb5, "putfield", F::Field, O::PoolIndex2, kVariable, kVariable);
    pf.sub = u(FieldOp::PutField);
    pf.throws = kThrowsNullPointer;
    invoke(0xb6, "invokevirtual", O::PoolIndex2, InvokeKind::Virtual, kThrowsNullPointer);
    invoke(0xb7, "invokespecial", O::PoolIndex2, InvokeKind::Special, kThrowsNullPointer);
    invoke(0xb8, "invokestatic", O::PoolIndex2, InvokeKind::Static, kThrowsNone);
    invoke(0xb9, "invokeinterface", O::InvokeInterface, InvokeKind::Interface, kThrowsNullPointer);
    invoke(0xba, "invokedynamic", O::InvokeDynamic, InvokeKind::Dynamic, kThrowsNone);
    set(0xbb, "new", F::New, O::PoolIndex2, 0, 1).type = 'A';
    set(0xbc, "newarray", F::NewArray, O::ArrayType, 1, 1).throws = kThrowsNegativeArraySize;
    set(0xbd, "anewarray", F::NewArray, O::PoolIndex2, 1, 1).throws = kThrowsNegativeArraySize;
    set(0xc5, "multianewarray", F::NewArray, O::MultiANewArray, kVariable, 1).throws =
        kThrowsNegativeArraySize;
    set(0xbe, "arraylength", F::ArrayLength, O::None, 1, 1).throws = kThrowsNullPointer;
    OpcodeInfo& th = set(0xbf, "athrow", F::Throw, O::None, 1, 0);
    th.throws = kThrowsNullPointer | kThrowsIllegalMonitorState;
    th.falls_through = false;
    set(0xc0, "checkcast", F::TypeCheck, O::PoolIndex2, 1, 1).throws = kThrowsClassCast;
    set(0xc1, "instanceof", F::TypeCheck, O::PoolIndex2, 1, 1);
    set(0xc2, "monitorenter", F::Monitor, O::None, 1, 0).throws = kThrowsNullPointer;
    set(0xc3, "monitorexit", F::Monitor, O::None, 1, 0).throws =
        kThrowsNullPointer | kThrowsIllegalMonitorState;
    set(0xc4, "wide", F::Wide, O::Wide, 0, 0);
  }
  constexpr void invoke(uint8_t code, std::string_view name, O format, InvokeKind kind, uint8_t throws) {
    OpcodeInfo& i = set(code, name, F::Invoke, format, kVariable, kVariable);
    i.sub = u(kind);
    i.throws = throws;
  }
};

constexpr std::array<OpcodeInfo, 256> buildTable() {
  TableBuilder b;
  b.constants();
  b.locals();
  b.arrays();
  b.stack();
  b.arithmetic();
  b.conversions();
  b.branches();
  b.returns();
  b.objects();
  return b.t;
}

constexpr std::array<OpcodeInfo, 256> kTable = buildTable();

// Opcodes 0x00..0xc9 are all defined; 0xca (breakpoint) and 0xfe/0xff are
// reserved and must not appear in class files (JVMS §6.2).
constexpr bool allDefined() {
  for (int k = 0; k <= 0xc9; ++k)
    if (kTable[k].mnemonic.empty()) return false;
  for (int k = 0xca; k < 256; ++k)
    if (!kTable[k].mnemonic.empty()) return false;
  return true;
}
static_assert(allDefined(), "opcode table must define exactly 0x00..0xc9");

}  // namespace

const OpcodeInfo& opcodeInfo(uint8_t opcode) { return kTable[opcode]; }

}  // namespace jhalt::bytecode
