#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "jhalt/bytecode/instruction.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/classfile/parser.h"
#include "jhalt/util/error.h"
#include "test_support.h"

namespace jhalt::classfile {
namespace {

using test::loadTestClass;
using test::methodNamed;

TEST(Parser, ReadsClassStructure) {
  ClassFile cf = loadTestClass("Values");
  EXPECT_EQ(cf.major_version, 61);
  EXPECT_EQ(cf.name, "Values");
  ASSERT_TRUE(cf.super.has_value());
  EXPECT_EQ(*cf.super, "java/lang/Object");
  EXPECT_EQ(cf.source_file, "Values.java");
  ASSERT_EQ(cf.fields.size(), 7u);
  EXPECT_EQ(cf.fields[0].name, "big");
  EXPECT_EQ(cf.fields[0].descriptor, "J");
  EXPECT_TRUE(cf.fields[0].access & kStatic);
  const Method& mix = methodNamed(cf, "mix");
  EXPECT_EQ(mix.descriptor, "(JDFI)D");
  ASSERT_TRUE(mix.code.has_value());
  EXPECT_GT(mix.code->max_locals, 5);
  EXPECT_FALSE(mix.code->lines.empty());
  EXPECT_FALSE(mix.code->stack_map.empty());
  for (size_t i = 1; i < mix.code->lines.size(); ++i)
    EXPECT_LE(mix.code->lines[i - 1].start_pc, mix.code->lines[i].start_pc);
  bool found_param = false;
  for (const auto& v : mix.code->locals) found_param |= v.name == "b" && v.descriptor == "D" && v.index == 2;
  EXPECT_TRUE(found_param);
}

TEST(Parser, ReadsOldClassVersions) {
  ClassFile cf = loadTestClass("Values", test::kClasses8);
  EXPECT_EQ(cf.major_version, 52);
  EXPECT_EQ(cf.methods.size(), loadTestClass("Values").methods.size());
}

TEST(Parser, ReadsConstantsOfEveryKind) {
  ClassFile cf = loadTestClass("Lambdas");
  const ConstantPool& cp = cf.pool;
  int seen[21] = {};
  for (uint16_t i = 1; i < cp.size(); ++i)
    if (cp.valid(i)) ++seen[static_cast<int>(cp.at(i).tag)];
  EXPECT_GT(seen[static_cast<int>(CpTag::MethodHandle)], 0);
  EXPECT_GT(seen[static_cast<int>(CpTag::MethodType)], 0);
  EXPECT_GT(seen[static_cast<int>(CpTag::InvokeDynamic)], 0);
  EXPECT_GT(seen[static_cast<int>(CpTag::InterfaceMethodref)], 0);
  EXPECT_FALSE(cf.bootstrap_methods.empty());
  EXPECT_FALSE(cf.inner_classes.empty());  // MethodHandles$Lookup

  ClassFile values = loadTestClass("Values");
  bool has_long = false, has_double = false;
  for (uint16_t i = 1; i < values.pool.size(); ++i) {
    if (values.pool.is(i, CpTag::Long) && values.pool.longValue(i) == 123456789012345LL) has_long = true;
    if (values.pool.is(i, CpTag::Double) && values.pool.doubleValue(i) == 3.141592653589793) has_double = true;
  }
  EXPECT_TRUE(has_long);
  EXPECT_TRUE(has_double);
}

TEST(ConstantPool, TypedAccessorsCheckTags) {
  ClassFile cf = loadTestClass("Loop");
  const ConstantPool& cp = cf.pool;
  uint16_t method_ref = 0;
  for (uint16_t i = 1; i < cp.size(); ++i)
    if (cp.is(i, CpTag::Methodref)) method_ref = i;
  ASSERT_NE(method_ref, 0);
  MemberRef ref = cp.memberRef(method_ref);
  EXPECT_FALSE(ref.owner.empty());
  EXPECT_THROW(cp.utf8(method_ref), FormatError);
  EXPECT_THROW(cp.at(0), FormatError);
  EXPECT_THROW(cp.at(static_cast<uint16_t>(cp.size())), FormatError);
}

TEST(Descriptor, ParsesFieldDescriptors) {
  EXPECT_TRUE(parseFieldDescriptor("I"));
  EXPECT_TRUE(parseFieldDescriptor("[[J"));
  EXPECT_TRUE(parseFieldDescriptor("Ljava/lang/String;"));
  EXPECT_FALSE(parseFieldDescriptor(""));
  EXPECT_FALSE(parseFieldDescriptor("V"));
  EXPECT_FALSE(parseFieldDescriptor("L;"));
  EXPECT_FALSE(parseFieldDescriptor("Ljava.lang.String;"));
  EXPECT_FALSE(parseFieldDescriptor("II"));
  EXPECT_FALSE(parseFieldDescriptor("["));
  EXPECT_FALSE(parseFieldDescriptor(std::string(256, '[') + "I"));
  EXPECT_TRUE(parseFieldDescriptor(std::string(255, '[') + "I"));
  EXPECT_EQ(parseFieldDescriptor("Ljava/lang/String;")->className(), "java/lang/String");
  EXPECT_EQ(javaTypeName(*parseFieldDescriptor("[[Ljava/lang/String;")), "java.lang.String[][]");
}

TEST(Descriptor, ParsesMethodDescriptors) {
  auto mt = parseMethodDescriptor("(IJ[Ljava/lang/Object;D)V");
  ASSERT_TRUE(mt);
  ASSERT_EQ(mt->params.size(), 4u);
  EXPECT_EQ(mt->params[1].text, "J");
  EXPECT_EQ(mt->paramSlots(), 6);
  EXPECT_FALSE(mt->result);
  auto r = parseMethodDescriptor("()[I");
  ASSERT_TRUE(r && r->result);
  EXPECT_EQ(r->result->text, "[I");
  EXPECT_FALSE(parseMethodDescriptor("(V)V"));
  EXPECT_FALSE(parseMethodDescriptor("()"));
  EXPECT_FALSE(parseMethodDescriptor("(I"));
  EXPECT_FALSE(parseMethodDescriptor("()VV"));
  EXPECT_FALSE(parseMethodDescriptor("I)V"));
}

// Every malformed case of the corpus is rejected with a FormatError by the
// parser or by the decoder of one of its methods; every valid case parses.
TEST(Parser, RejectsTheMalformedCorpus) {
  std::ifstream manifest(test::kCorpus + "/MANIFEST");
  ASSERT_TRUE(manifest) << "corpus missing";
  std::string line;
  int bad = 0;
  while (std::getline(manifest, line)) {
    std::istringstream fields(line);
    std::string file, expect;
    fields >> file >> expect;
    if (!file.ends_with(".class")) continue;
    std::string fragment;
    std::getline(fields, fragment);
    if (!fragment.empty() && fragment[0] == ' ') fragment.erase(0, 1);
    auto parseAndDecode = [&] {
      ClassFile cf = parseClassFile(test::readBytes(test::kCorpus + "/" + file));
      for (const auto& m : cf.methods)
        if (m.code) bytecode::Bytecode::decode(*m.code, cf.pool);
    };
    if (expect == "ok") {
      EXPECT_NO_THROW(parseAndDecode()) << file;
      continue;
    }
    ++bad;
    try {
      parseAndDecode();
      ADD_FAILURE() << file << " was accepted";
    } catch (const FormatError& e) {
      EXPECT_NE(std::string(e.what()).find(fragment), std::string::npos) << file << ": " << e.what();
    }
  }
  EXPECT_GE(bad, 20);
}

}  // namespace
}  // namespace jhalt::classfile
