// The shared certifier: semantics of claims, confirmation by jhalt's own
// runs and the JVM, classification of exceptions, deduplication.
#include <gtest/gtest.h>

#include "jhalt/certify/certifier.h"
#include "test_classpath.h"
#include "test_engine.h"

namespace jhalt::certify {
namespace {

using engine::Cause;
using engine::Claim;
using engine::Semantics;
using engine::SemanticsSet;
using input::Value;
using Status = engine::Certifier::Status;

class CertifyTest : public ::testing::Test {
 protected:
  CertifyTest() : cp_(test::testClassPath()), program_(cp_) {}
  const program::MethodInfo& method(const std::string& cls, const std::string& name, const std::string& desc) {
    const program::MethodInfo* m = program_.get(cls).declaredMethod(name, desc);
    EXPECT_NE(m, nullptr);
    return *m;
  }
  engine::Entry entry(const program::MethodInfo& m, Semantics s) { return {program_, m, false, s}; }
  static Claim loopClaim(const program::MethodInfo& m, uint32_t head, std::vector<Value> params, SemanticsSet proven) {
    Claim c;
    c.finding.kind = engine::FindingKind::NonTermination;
    c.finding.nonterm = engine::NonTermKind::NonLooping;
    c.finding.where = engine::locate(m, head);
    c.finding.witness.params = std::move(params);
    c.proven_for = proven;
    return c;
  }
  static Claim exceptionClaim(const program::MethodInfo& at, uint32_t pc, std::string cls, std::vector<Value> params) {
    Claim c;
    c.finding.kind = engine::FindingKind::Exception;
    c.finding.exception = std::move(cls);
    c.finding.where = engine::locate(at, pc);
    c.finding.witness.params = std::move(params);
    c.proven_for = SemanticsSet::both();
    return c;
  }
  uint32_t loopHead(const program::MethodInfo& m) {
    const auto& code = m.code();
    for (size_t i = 0; i < code.bytecode.size(); ++i)
      if (code.loop_head[i]) return code.bytecode.at(i).offset;
    ADD_FAILURE() << "no loop";
    return 0;
  }

  classpath::ClassPath cp_;
  program::Program program_;
};

// A proof for mathematical integers is no proof for the JVM: sumTo(-1) ends
// there after 2^32 steps. Under mathematical integers jhalt's run confirms it.
TEST_F(CertifyTest, ClaimsCountOnlyForTheSemanticsTheyHoldFor) {
  const auto& sum = method("WrapAround", "sumTo", "(I)I");
  Claim c = loopClaim(sum, loopHead(sum), {Value::integer(-1)}, SemanticsSet::only(Semantics::Math));
  DefaultCertifier jvm(test::certifyOptions());
  auto out = jvm.certify(entry(sum, Semantics::Jvm), c);
  EXPECT_EQ(out.status, Status::Unconfirmed);
  EXPECT_NE(out.reason.find("mathematical integers only"), std::string::npos) << out.reason;
  DefaultCertifier math(test::certifyOptions());
  out = math.certify(entry(sum, Semantics::Math), c);
  ASSERT_EQ(out.status, Status::Confirmed) << out.reason;
  EXPECT_EQ(out.finding.semantics, Semantics::Math);
  EXPECT_NE(out.finding.confirmation.find("without terminating"), std::string::npos);
  EXPECT_TRUE(out.finding.replay.empty());
  // The same finding again is a duplicate.
  EXPECT_EQ(math.certify(entry(sum, Semantics::Math), c).status, Status::Duplicate);
}

// jhalt's JVM run repeating a state is a proof for the JVM by itself, even
// when the engine's proof was over the integers.
TEST_F(CertifyTest, AnExactRepetitionConfirmsForItsSemantics) {
  const auto& abs = method("JvmArithmetic", "absLoop", "(I)I");
  Claim c = loopClaim(abs, loopHead(abs), {Value::integer(INT32_MIN)}, SemanticsSet::only(Semantics::Math));
  DefaultCertifier jvm(test::certifyOptions());
  auto out = jvm.certify(entry(abs, Semantics::Jvm), c);
  ASSERT_EQ(out.status, Status::Confirmed) << out.reason;
  EXPECT_NE(out.finding.confirmation.find("repeats the state"), std::string::npos);
  EXPECT_NE(out.finding.replay.find("still inside the loop after 1000 visits"), std::string::npos) << out.finding.replay;
  // A witness that ends refutes the claim.
  DefaultCertifier math(test::certifyOptions());
  EXPECT_EQ(math.certify(entry(abs, Semantics::Math), c).status, Status::Unconfirmed);
}

TEST_F(CertifyTest, ExceptionsAreConfirmedByRunAndJvmAndClassified) {
  DefaultCertifier cert(test::certifyOptions());
  const auto& tail = method("Shapes", "tailHead", "(LShapes$Cell;)I");
  // c.tail.head: the method's second getfield dereferences the null tail.
  std::vector<uint32_t> gets;
  for (const auto& insn : tail.code().bytecode.instructions())
    if (insn.family() == bytecode::Family::Field) gets.push_back(insn.offset);
  ASSERT_EQ(gets.size(), 2u);
  auto out = cert.certify(entry(tail, Semantics::Jvm), exceptionClaim(tail, gets[1], "java/lang/NullPointerException",
                                                                      {Value::object("Shapes$Cell")}));
  ASSERT_EQ(out.status, Status::Confirmed) << out.reason;
  EXPECT_EQ(out.finding.cause, Cause::NullArgument);
  EXPECT_NE(out.finding.replay.find("confirmed"), std::string::npos) << out.finding.replay;

  const auto& fresh = method("Shapes", "fresh", "(I)I");
  uint32_t pc = 0;
  for (const auto& insn : fresh.code().bytecode.instructions())
    if (insn.family() == bytecode::Family::ArrayLength) pc = insn.offset;
  out = cert.certify(entry(fresh, Semantics::Jvm),
                     exceptionClaim(fresh, pc, "java/lang/NullPointerException", {Value::integer(0)}));
  ASSERT_EQ(out.status, Status::Confirmed) << out.reason;
  EXPECT_EQ(out.finding.cause, Cause::Runtime);

  // The helper's throw is reported where it is raised, in the helper.
  const auto& per = method("Shapes", "perItem", "(II)I");
  const auto& helper = method("Shapes", "requirePositive", "(I)V");
  uint32_t athrow = 0;
  for (const auto& insn : helper.code().bytecode.instructions())
    if (insn.opcode == bytecode::op::kAthrow) athrow = insn.offset;
  out = cert.certify(entry(per, Semantics::Jvm), exceptionClaim(helper, athrow, "java/lang/IllegalStateException",
                                                                {Value::integer(5), Value::integer(0)}));
  ASSERT_EQ(out.status, Status::Confirmed) << out.reason;
  EXPECT_EQ(out.finding.cause, Cause::ExplicitThrow);
  // At another place, or another class: not confirmed.
  EXPECT_EQ(cert.certify(entry(per, Semantics::Jvm),
                         exceptionClaim(per, 0, "java/lang/IllegalStateException", {Value::integer(5), Value::integer(0)}))
                .status,
            Status::Unconfirmed);
  EXPECT_EQ(cert.certify(entry(per, Semantics::Jvm), exceptionClaim(helper, athrow, "java/lang/ArithmeticException",
                                                                    {Value::integer(5), Value::integer(0)}))
                .status,
            Status::Unconfirmed);
}

TEST_F(CertifyTest, CausesNotAskedForAreFiltered) {
  Options o = test::certifyOptions();
  o.report_null_arguments = false;
  DefaultCertifier cert(o);
  const auto& at = method("Shapes", "at", "([II)I");
  uint32_t pc = 0;
  for (const auto& insn : at.code().bytecode.instructions())
    if (insn.family() == bytecode::Family::ArrayLoad) pc = insn.offset;
  auto out = cert.certify(entry(at, Semantics::Jvm),
                          exceptionClaim(at, pc, "java/lang/NullPointerException", {Value::null(), Value::integer(0)}));
  EXPECT_EQ(out.status, Status::Filtered);
  out = cert.certify(entry(at, Semantics::Jvm), exceptionClaim(at, pc, "java/lang/ArrayIndexOutOfBoundsException",
                                                               {Value::array("[I", {}), Value::integer(0)}));
  EXPECT_EQ(out.status, Status::Confirmed) << out.reason;
}

}  // namespace
}  // namespace jhalt::certify
