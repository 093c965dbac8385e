// The report writers: text with Java names and file:line, the JSON
// contract, JSON Lines summaries.
#include <gtest/gtest.h>

#include "jhalt/report/report.h"

namespace jhalt::report {
namespace {

engine::Finding loopFinding() {
  engine::Finding f;
  f.kind = engine::FindingKind::NonTermination;
  f.nonterm = engine::NonTermKind::Looping;
  f.where = {"pkg/Shop$Cart", "total", "([II)I", "Shop.java", 12, 5};
  f.witness.params = {input::Value::array("[I", {input::Value::integer(1)}), input::Value::integer(-3)};
  f.semantics = engine::Semantics::Jvm;
  f.proof = "the run repeats a state";
  f.confirmation = "jhalt's evaluator repeats the state";
  f.replay = "the JVM was still running";
  f.engine = "seg";
  return f;
}

engine::Finding npe() {
  engine::Finding f;
  f.kind = engine::FindingKind::Exception;
  f.exception = "java/lang/NullPointerException";
  f.cause = engine::Cause::NullArgument;
  f.where = {"pkg/Shop", "name", "(Lpkg/Shop$Item;)Ljava/lang/String;", "Shop.java", 30, 2};
  f.witness.params = {input::Value::null()};
  f.witness.receiver = input::Value::object("pkg/Shop");
  f.confirmation = "jhalt's evaluator throws it there";
  f.replay = "confirmed: threw java.lang.NullPointerException at pkg.Shop.name line 30";
  return f;
}

EntryReport entry() {
  EntryReport e;
  e.method = "pkg/Shop$Cart.total([II)I";
  e.java_method = "pkg.Shop.Cart.total(int[], int)";
  e.result.answer = engine::Answer::No;
  e.result.engine = "seg+clp";
  e.result.findings = {loopFinding(), npe()};
  engine::Finding withdrawn = loopFinding();
  withdrawn.where.line = 40;
  e.result.unconfirmed = {{withdrawn, "the witness returns"}};
  e.result.notes = {"clp: nothing"};
  return e;
}

TEST(Report, TextUsesJavaNamesAndFileLines) {
  std::string t = toText(entry());
  EXPECT_NE(t.find("entry: pkg.Shop.Cart.total(int[], int)"), std::string::npos) << t;
  EXPECT_NE(t.find("non-terminating looping loop at pkg.Shop.Cart.total(int[], int) (Shop.java:12)"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("exception java.lang.NullPointerException at pkg.Shop.name(pkg.Shop.Item) (Shop.java:30) "
                   "[null-argument]"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("witness: (new int[]{1}, -3)"), std::string::npos) << t;
  EXPECT_NE(t.find("witness: (null) on a Shop with default fields"), std::string::npos) << t;
  EXPECT_EQ(t.find("not confirmed"), std::string::npos);  // only with unconfirmed = true
  TextOptions o;
  o.unconfirmed = true;
  EXPECT_NE(toText(entry(), o).find("not confirmed (not a finding): looping at"), std::string::npos);
}

TEST(Report, JsonContract) {
  nlohmann::json j = toJson(entry());
  EXPECT_EQ(j["verdict"], "NO");
  EXPECT_EQ(j["semantics"], "jvm");
  ASSERT_EQ(j["nonterminating"].size(), 1u);
  const auto& n = j["nonterminating"][0];
  EXPECT_EQ(n["kind"], "looping");
  EXPECT_EQ(n["method"], "pkg/Shop$Cart.total([II)I");
  EXPECT_EQ(n["java_method"], "pkg.Shop.Cart.total(int[], int)");
  EXPECT_EQ(n["line"], 12);
  EXPECT_EQ(n["confirmed"], true);
  EXPECT_EQ(n["witness"]["params"], nlohmann::json::parse("[[1], -3]"));
  const auto& e = j["exceptions"][0];
  EXPECT_EQ(e["exception"], "java/lang/NullPointerException");
  EXPECT_EQ(e["java_exception"], "java.lang.NullPointerException");
  EXPECT_EQ(e["cause"], "null-argument");
  EXPECT_EQ(e["witness"]["receiver"]["class"], "pkg.Shop");
  ASSERT_EQ(j["unconfirmed"].size(), 1u);
  EXPECT_EQ(j["unconfirmed"][0]["confirmed"], false);
  EXPECT_EQ(j["unconfirmed"][0]["reason"], "the witness returns");
  EXPECT_FALSE(j["unconfirmed"][0].contains("confirmation"));
}

TEST(Report, SummaryCountsByKindAndCause) {
  Summary s;
  s.add(entry());
  EntryReport maybe;
  maybe.result.answer = engine::Answer::Maybe;
  maybe.result.filtered = 2;
  s.add(maybe);
  EntryReport error;
  error.result.answer = engine::Answer::Error;
  error.result.error = "internal error";
  s.add(error);
  EXPECT_EQ(s.methods, 3u);
  EXPECT_EQ(s.with_findings, 1u);
  EXPECT_EQ(s.nonterminating, 1u);
  EXPECT_EQ(s.null_argument, 1u);
  EXPECT_EQ(s.maybe, 1u);
  EXPECT_EQ(s.errors, 1u);
  EXPECT_EQ(s.hidden, 2u);
  EXPECT_EQ(toJson(s)["exceptions"]["null-argument"], 1);
  EXPECT_NE(toText(s).find("3 methods"), std::string::npos);
  EXPECT_NE(toText(error).find("verdict: ERROR"), std::string::npos);
}

}  // namespace
}  // namespace jhalt::report
