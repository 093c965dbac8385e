#include <algorithm>

#include <gtest/gtest.h>

#include "jhalt/bytecode/cfg.h"
#include "jhalt/bytecode/instruction.h"
#include "jhalt/bytecode/kinds.h"
#include "jhalt/bytecode/opcodes.h"
#include "test_support.h"

namespace jhalt::bytecode {
namespace {

using test::loadTestClass;
using test::methodNamed;

TEST(Opcodes, TableHasJavapMnemonicsAndEffects) {
  EXPECT_EQ(opcodeInfo(0x00).mnemonic, "nop");
  EXPECT_EQ(opcodeInfo(0x02).mnemonic, "iconst_m1");
  EXPECT_EQ(opcodeInfo(0x02).implicit, -1);
  EXPECT_EQ(opcodeInfo(0x2d).mnemonic, "aload_3");
  EXPECT_EQ(opcodeInfo(0x2d).implicit, 3);
  EXPECT_EQ(opcodeInfo(0x4e).mnemonic, "astore_3");
  EXPECT_EQ(opcodeInfo(0x93).mnemonic, "i2s");
  EXPECT_EQ(opcodeInfo(0xc9).mnemonic, "jsr_w");
  EXPECT_FALSE(opcodeInfo(0xca).valid());
  EXPECT_FALSE(opcodeInfo(0xfe).valid());
  EXPECT_FALSE(opcodeInfo(0xff).valid());
  // Stack effects in slots.
  EXPECT_EQ(opcodeInfo(0x61).pops, 4);   // ladd
  EXPECT_EQ(opcodeInfo(0x61).pushes, 2);
  EXPECT_EQ(opcodeInfo(0x79).pops, 3);   // lshl: long and int
  EXPECT_EQ(opcodeInfo(0x5e).pushes, 6); // dup2_x2
  EXPECT_EQ(opcodeInfo(0x94).pops, 4);   // lcmp
  EXPECT_EQ(opcodeInfo(0x50).pops, 4);   // lastore
  EXPECT_EQ(opcodeInfo(0xb6).pops, kVariable);
  // Exceptions.
  EXPECT_EQ(opcodeInfo(0x6c).throws, kThrowsArithmetic);  // idiv
  EXPECT_EQ(opcodeInfo(0x6e).throws, kThrowsNone);        // fdiv
  EXPECT_TRUE(opcodeInfo(0x32).throws & kThrowsArrayIndex);  // aaload
  EXPECT_TRUE(opcodeInfo(0x53).throws & kThrowsArrayStore);  // aastore
  EXPECT_TRUE(opcodeInfo(0xbe).throws & kThrowsNullPointer); // arraylength
  EXPECT_TRUE(opcodeInfo(0xc0).throws & kThrowsClassCast);   // checkcast
  EXPECT_TRUE(opcodeInfo(0xbc).throws & kThrowsNegativeArraySize);
  EXPECT_EQ(opcodeInfo(0xb8).throws, kThrowsNone);  // invokestatic needs no receiver
  // Control flow.
  EXPECT_FALSE(opcodeInfo(0xa7).falls_through);  // goto
  EXPECT_FALSE(opcodeInfo(0xb1).falls_through);  // return
  EXPECT_FALSE(opcodeInfo(0xbf).falls_through);  // athrow
  EXPECT_TRUE(opcodeInfo(0x99).falls_through);   // ifeq
  EXPECT_EQ(opcodeInfo(0xa2).family, Family::Branch);
  EXPECT_EQ(static_cast<Condition>(opcodeInfo(0xa2).sub & 0xF), Condition::Ge);  // if_icmpge
}

TEST(Opcodes, EveryValidOpcodeHasAConsistentEntry) {
  int valid = 0;
  for (int op = 0; op < 256; ++op) {
    const OpcodeInfo& i = opcodeInfo(static_cast<uint8_t>(op));
    if (!i.valid()) continue;
    ++valid;
    if (i.pops != kVariable) {
      EXPECT_GE(i.pops, 0) << i.mnemonic;
    }
    if (i.family == Family::Invoke || i.family == Family::Field) {
      EXPECT_EQ(i.pops, kVariable) << i.mnemonic;
    }
  }
  EXPECT_EQ(valid, 202);
}

TEST(Decoder, DecodesLoopLikeJavap) {
  auto cf = loadTestClass("Loop");
  const auto& main = methodNamed(cf, "main");
  Bytecode code = Bytecode::decode(*main.code, cf.pool);
  std::vector<std::string> got;
  for (const auto& insn : code.instructions())
    got.push_back(std::to_string(insn.offset) + " " + std::string(javapMnemonic(insn)));
  std::vector<std::string> expected = {"0 iconst_0", "1 istore_1", "2 aload_0", "3 arraylength",
                                       "4 istore_2", "5 iload_1", "6 iload_2", "7 if_icmpge",
                                       "10 iload_1", "11 aload_0", "12 iload_1", "13 aaload",
                                       "14 invokevirtual", "17 iadd", "18 istore_1", "19 goto",
                                       "22 return"};
  EXPECT_EQ(got, expected);  // paper 000, Fig. 2
  EXPECT_EQ(code.at(7).operand, 22);   // absolute target of if_icmpge
  EXPECT_EQ(code.at(15).operand, 5);   // goto 5
  EXPECT_EQ(code.indexAt(14), 12);
  EXPECT_EQ(code.indexAt(15), -1);     // inside invokevirtual
}

TEST(Decoder, DecodesSwitchTables) {
  auto cf = loadTestClass("Switches");
  Bytecode dense = Bytecode::decode(*methodNamed(cf, "dense").code, cf.pool);
  auto ts = std::find_if(dense.instructions().begin(), dense.instructions().end(),
                         [](const Instruction& i) { return i.opcode == op::kTableSwitch; });
  ASSERT_NE(ts, dense.instructions().end());
  const SwitchTable& t = dense.switchOf(*ts);
  EXPECT_TRUE(t.is_table);
  EXPECT_EQ(t.low, 0);
  EXPECT_EQ(t.high, 4);
  ASSERT_EQ(t.cases.size(), 5u);
  EXPECT_EQ(t.cases[3].second, t.default_target);  // case 3 is missing
  Bytecode sparse = Bytecode::decode(*methodNamed(cf, "sparse").code, cf.pool);
  auto ls = std::find_if(sparse.instructions().begin(), sparse.instructions().end(),
                         [](const Instruction& i) { return i.opcode == op::kLookupSwitch; });
  ASSERT_NE(ls, sparse.instructions().end());
  const SwitchTable& l = sparse.switchOf(*ls);
  EXPECT_FALSE(l.is_table);
  ASSERT_EQ(l.cases.size(), 3u);
  EXPECT_EQ(l.cases[0].first, -1000);
  EXPECT_EQ(l.cases[2].first, 100000);
  std::vector<uint32_t> targets;
  sparse.targets(*ls, targets);
  EXPECT_EQ(targets.size(), 4u);
  EXPECT_EQ(targets[0], l.default_target);
}

TEST(Decoder, DecodesWideInstructions) {
  auto cf = loadTestClass("Values");
  Bytecode code = Bytecode::decode(*methodNamed(cf, "manyLocals").code, cf.pool);
  int wide_iinc = 0, wide_loads = 0;
  for (const auto& insn : code.instructions()) {
    if (!insn.wide) continue;
    if (insn.opcode == op::kIinc) {
      ++wide_iinc;
      EXPECT_EQ(insn.length, 6);
      EXPECT_EQ(javapMnemonic(insn), "iinc_w");
    } else {
      ++wide_loads;
      EXPECT_EQ(insn.length, 4);
      EXPECT_GT(insn.operand, 255);
    }
  }
  EXPECT_GE(wide_iinc, 2);  // last += 1000 and i++
  EXPECT_GT(wide_loads, 0);
}

struct MethodGraph {
  classfile::ClassFile cf;
  const classfile::Method* method;
  Bytecode code;
  ControlFlowGraph cfg;

  MethodGraph(const std::string& cls, const std::string& name)
      : cf(loadTestClass(cls)),
        method(&methodNamed(cf, name)),
        code(Bytecode::decode(*method->code, cf.pool)),
        cfg(ControlFlowGraph::build(code, *method->code, cf.pool)) {}

  std::vector<Loop> loops() const { return findLoops(cfg, Dominators(cfg)); }
  uint32_t offsetOf(uint32_t block) const { return code.at(cfg.block(block).first).offset; }
};

TEST(Cfg, LoopOfPaperExample) {
  MethodGraph g("Loop", "main");
  auto loops = g.loops();
  ASSERT_EQ(loops.size(), 1u);
  EXPECT_EQ(g.offsetOf(loops[0].header), 5u);  // the loop condition at offset 5
  EXPECT_TRUE(loops[0].reducible);
  EXPECT_EQ(sourceLine(*g.method->code, 5), 7);  // `while (i < j)` in examples/Loop.java
  ASSERT_EQ(loops[0].latches.size(), 1u);
  EXPECT_EQ(g.cfg.block(loops[0].latches[0]).successors, std::vector<uint32_t>{loops[0].header});
}

TEST(Cfg, NestedLoopsAndDominators) {
  MethodGraph g("Loops", "nested");
  auto loops = g.loops();
  ASSERT_EQ(loops.size(), 2u);
  Dominators dom(g.cfg);
  const Loop& outer = loops[0];
  const Loop& inner = loops[1];
  EXPECT_GT(outer.blocks.size(), inner.blocks.size());
  for (uint32_t b : inner.blocks) {
    EXPECT_TRUE(std::binary_search(outer.blocks.begin(), outer.blocks.end(), b));
    EXPECT_TRUE(dom.dominates(inner.header, b));
    EXPECT_TRUE(dom.dominates(outer.header, b));
  }
  EXPECT_TRUE(dom.dominates(0, inner.header));
  EXPECT_FALSE(dom.dominates(inner.header, outer.header));
}

TEST(Cfg, DoWhileAndBreakLoops) {
  EXPECT_EQ(MethodGraph("Loops", "doWhile").loops().size(), 1u);
  EXPECT_EQ(MethodGraph("Loops", "forever").loops().size(), 1u);
  EXPECT_EQ(MethodGraph("Loops", "sum").loops().size(), 1u);
  EXPECT_EQ(MethodGraph("Values", "mix").loops().size(), 0u);
}

TEST(Cfg, ExceptionEdgesLeadToHandlers) {
  MethodGraph g("Loops", "untilException");
  auto loops = g.loops();
  ASSERT_EQ(loops.size(), 1u);
  uint32_t handler = 0;
  int with_handlers = 0;
  for (uint32_t b : loops[0].blocks) {
    for (const auto& e : g.cfg.block(b).handlers) {
      EXPECT_EQ(e.catch_type, "java/lang/ArrayIndexOutOfBoundsException");
      handler = e.handler;
      ++with_handlers;
    }
  }
  EXPECT_GT(with_handlers, 0);
  EXPECT_TRUE(g.cfg.reachable(handler));
  EXPECT_FALSE(std::binary_search(loops[0].blocks.begin(), loops[0].blocks.end(), handler));
}

TEST(Cfg, FinallyBlocksGetCatchAllEdges) {
  MethodGraph g("Exceptions", "parse");
  bool any = false, typed = false;
  for (const auto& bb : g.cfg.blocks())
    for (const auto& e : bb.handlers) {
      any |= e.catch_type.empty();
      typed |= e.catch_type == "java/lang/NumberFormatException";
    }
  EXPECT_TRUE(any);
  EXPECT_TRUE(typed);
}

TEST(Cfg, EveryInstructionBelongsToExactlyOneBlock) {
  MethodGraph g("Switches", "onString");
  uint32_t next = 0;
  for (uint32_t b = 0; b < g.cfg.size(); ++b) {
    EXPECT_EQ(g.cfg.block(b).first, next);
    next = g.cfg.block(b).last + 1;
    for (uint32_t i = g.cfg.block(b).first; i <= g.cfg.block(b).last; ++i)
      EXPECT_EQ(g.cfg.blockOfInstruction(i), b);
  }
  EXPECT_EQ(next, g.code.size());
  for (uint32_t b : g.cfg.reversePostOrder())
    for (uint32_t s : g.cfg.allSuccessors(b))
      EXPECT_NE(std::find(g.cfg.block(s).predecessors.begin(), g.cfg.block(s).predecessors.end(), b),
                g.cfg.block(s).predecessors.end());
}

}  // namespace
}  // namespace jhalt::bytecode

namespace jhalt::bytecode {
namespace {

// Slot kinds (issue 15: the live agent must be told each local's type).
TEST(Kinds, LocalsAndStackBeforeEachInstruction) {
  classfile::ClassFile cf = test::loadTestClass("live/FixedPoint");
  const classfile::Method& grow = test::methodNamed(cf, "grow");  // long grow(long x) { long steps = 0; while ...
  Bytecode code = Bytecode::decode(*grow.code, cf.pool);
  auto kinds = inferKinds(code, *grow.code, cf.pool, grow.descriptor, true);
  ASSERT_EQ(kinds.size(), code.size());
  // The loop head (offset 2, `x < 1000`): x in slots 0-1, steps in 2-3, empty stack.
  int32_t head = code.indexAt(2);
  ASSERT_GE(head, 0);
  const auto& at = kinds[static_cast<size_t>(head)];
  ASSERT_TRUE(at);
  EXPECT_EQ(at->locals[0], Kind::Long);
  EXPECT_EQ(at->locals[1], Kind::Top);
  EXPECT_EQ(at->locals[2], Kind::Long);
  EXPECT_TRUE(at->stack.empty());
  EXPECT_EQ(kindLetter(at->locals[0]), 'J');
  // After `lload_0; ldc2_w 1000`: two longs on the stack.
  int32_t cmp = -1;
  for (size_t i = 0; i < code.size(); ++i)
    if (code.at(i).opcode == 0x94) cmp = static_cast<int32_t>(i);  // lcmp
  ASSERT_GE(cmp, 0);
  EXPECT_EQ(kinds[static_cast<size_t>(cmp)]->stack,
            (std::vector<Kind>{Kind::Long, Kind::Top, Kind::Long, Kind::Top}));
  // An instance method: `this` is a reference.
  classfile::ClassFile ft = test::loadTestClass("live/FullTable");
  const classfile::Method& find = test::methodNamed(ft, "find");
  Bytecode fc = Bytecode::decode(*find.code, ft.pool);
  auto fk = inferKinds(fc, *find.code, ft.pool, find.descriptor, false);
  EXPECT_EQ(fk[0]->locals[0], Kind::Ref);
  EXPECT_EQ(fk[0]->locals[1], Kind::Ref);
}

}  // namespace
}  // namespace jhalt::bytecode
