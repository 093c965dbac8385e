#include <gtest/gtest.h>

#include "jhalt/classfile/parser.h"
#include "jhalt/disasm/disassembler.h"
#include "jhalt/util/error.h"
#include "test_support.h"

namespace jhalt::disasm {
namespace {

TEST(Disassembler, PrintsTheContractFormat) {
  auto cf = test::loadTestClass("CountDown");
  std::string out;
  disassemble(cf, Options{}, out);
  EXPECT_EQ(out,
            "METHOD CountDown.<init>()V\n0 aload_0\n1 invokespecial\n4 return\n"
            "METHOD CountDown.main([Ljava/lang/String;)V\n0 aload_0\n1 arraylength\n2 istore_1\n"
            "3 iload_1\n4 ifle\n7 iinc\n10 goto\n13 return\n");
}

TEST(Disassembler, VerboseKeepsTheFirstTwoFields) {
  auto cf = test::loadTestClass("CountDown");
  std::string out;
  disassemble(cf, Options{true}, out);
  EXPECT_NE(out.find("4 ifle 13 ; line 6 ; block 1\n"), std::string::npos) << out;
  EXPECT_NE(out.find("7 iinc 1, -1 ; line 7"), std::string::npos) << out;
  EXPECT_NE(out.find("  LOOP head 3 (block 1, line 6)"), std::string::npos) << out;
  EXPECT_NE(out.find("1 invokespecial #1 java/lang/Object.<init>:()V"), std::string::npos) << out;
}

TEST(Disassembler, MalformedMethodLeavesNoPartialOutput) {
  auto cf = classfile::parseClassFile(test::readBytes(test::kCorpus + "/falls_off_end.class"));
  std::string out = "before\n";
  EXPECT_THROW(disassemble(cf, Options{}, out), FormatError);
  EXPECT_EQ(out, "before\n");
}

TEST(Summary, ListsLoopsWithSourceLines) {
  auto cf = test::loadTestClass("Loops");
  std::string out;
  ClassSummary s = summarize(cf, out);
  EXPECT_EQ(s.loops, 6u);  // nested: 2, doWhile, forever, sum, untilException
  EXPECT_NE(out.find("method nested(I)I"), std::string::npos);
  EXPECT_NE(out.find("loop at offset"), std::string::npos);
  EXPECT_NE(out.find(", line "), std::string::npos);
}

}  // namespace
}  // namespace jhalt::disasm
