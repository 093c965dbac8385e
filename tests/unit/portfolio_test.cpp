// The portfolio: time shares, first proof wins, deduplication through the
// shared certifier, and how engine errors are handled.
#include <gtest/gtest.h>

#include <set>

#include "jhalt/portfolio/portfolio.h"
#include "jhalt/util/error.h"
#include "test_classpath.h"

namespace jhalt::portfolio {
namespace {

// Confirms every claim once per key (no runs).
class KeyCertifier final : public engine::Certifier {
 public:
  Outcome certify(const engine::Entry&, engine::Claim c) override {
    if (!keys.insert(c.finding.key()).second) return {Status::Duplicate, {}, ""};
    return {Status::Confirmed, c.finding, ""};
  }
  bool confirmed(const std::string& key) const override { return keys.count(key) != 0; }
  std::set<std::string> keys;
};

// Claims a loop at `pc` (or throws), and records the time it was given.
class FakeEngine final : public engine::Engine {
 public:
  FakeEngine(std::string name, int pc, std::string throws = "") : name_(std::move(name)), pc_(pc), throws_(throws) {}
  std::string_view name() const override { return name_; }
  engine::Capabilities capabilities() const override { return {true, false, false, false}; }
  engine::Result analyze(const engine::Entry& e, const engine::Goal&, const engine::Budget& b,
                         engine::Certifier& c) override {
    ++*runs;
    *seconds = b.secondsLeft();
    if (throws_ == "unsupported") throw Unsupported("no floats");
    if (throws_ == "internal") throw InternalError("broken");
    engine::Result r;
    r.engine = name_;
    if (throws_ == "yes") {  // a termination proof
      r.answer = engine::Answer::Yes;
      r.termination = engine::TerminationProof{engine::SemanticsSet::both(), "f = x", 2};
      return r;
    }
    if (pc_ >= 0) {
      engine::Claim claim;
      claim.finding.kind = engine::FindingKind::NonTermination;
      claim.finding.where = engine::locate(e.method, static_cast<uint32_t>(pc_));
      auto out = c.certify(e, claim);
      if (out.status == engine::Certifier::Status::Confirmed) r.findings.push_back(out.finding);
    }
    r.notes.push_back("done");
    return r;
  }
  std::shared_ptr<int> runs = std::make_shared<int>(0);
  std::shared_ptr<double> seconds = std::make_shared<double>(0);

 private:
  std::string name_;
  int pc_;
  std::string throws_;
};

class PortfolioTest : public ::testing::Test {
 protected:
  PortfolioTest() : cp_(test::testClassPath()), program_(cp_) {}
  engine::Entry entry() {
    return {program_, *program_.get("Loop").declaredMethod("main", "([Ljava/lang/String;)V"), true,
            engine::Semantics::Math};
  }
  classpath::ClassPath cp_;
  program::Program program_;
};

TEST_F(PortfolioTest, SharesTheTimeAndMergesFindingsOnce) {
  auto a = std::make_unique<FakeEngine>("a", 5), b = std::make_unique<FakeEngine>("b", 5);
  auto a_seconds = a->seconds, b_seconds = b->seconds;
  Portfolio p;
  p.add(std::move(a), 0.6);
  p.add(std::move(b), 1.0);
  KeyCertifier cert;
  engine::Result r = p.run(entry(), engine::Goal{}, engine::Budget(100, 1, 1 << 30), cert);
  EXPECT_NEAR(*a_seconds, 60, 1);
  EXPECT_NEAR(*b_seconds, 100, 1);  // what is left: a took no time
  EXPECT_EQ(r.engine, "a+b");
  EXPECT_EQ(r.answer, engine::Answer::No);
  EXPECT_EQ(r.findings.size(), 1u);  // the same loop: once
  EXPECT_TRUE(r.notes.empty());      // a NO needs no notes
}

TEST_F(PortfolioTest, FirstProofWins) {
  auto a = std::make_unique<FakeEngine>("a", 5), b = std::make_unique<FakeEngine>("b", 9);
  auto b_runs = b->runs;
  Portfolio p;
  p.add(std::move(a), 0.5);
  p.add(std::move(b), 1.0);
  KeyCertifier cert;
  engine::Result r = p.run(entry(), engine::Goal{true, false}, engine::Budget(100, 1, 1 << 30), cert);
  EXPECT_EQ(r.answer, engine::Answer::No);
  EXPECT_EQ(*b_runs, 0);
}

TEST_F(PortfolioTest, UnsupportedBecomesANoteAndInternalErrorsPropagate) {
  Portfolio p;
  p.add(std::make_unique<FakeEngine>("a", -1, "unsupported"), 0.5);
  p.add(std::make_unique<FakeEngine>("b", -1), 1.0);
  KeyCertifier cert;
  engine::Result r = p.run(entry(), engine::Goal{}, engine::Budget(100, 1, 1 << 30), cert);
  EXPECT_EQ(r.answer, engine::Answer::Maybe);
  ASSERT_EQ(r.notes.size(), 2u);
  EXPECT_EQ(r.notes[0], "a: unsupported: no floats");
  EXPECT_EQ(r.notes[1], "b: done");
  Portfolio q;
  q.add(std::make_unique<FakeEngine>("c", -1, "internal"), 1.0);
  EXPECT_THROW(q.run(entry(), engine::Goal{}, engine::Budget(100, 1, 1 << 30), cert), InternalError);
}

// A termination proof ends termcomp's run; a proof and a confirmed
// non-termination for one entry are a soundness alarm, never an answer.
TEST_F(PortfolioTest, AYesEndsTermcompAndYesWithNoIsAnError) {
  Portfolio p;
  auto yes = std::make_unique<FakeEngine>("term", -1, "yes");
  auto after = std::make_unique<FakeEngine>("seg", 0);
  auto after_runs = after->runs;
  p.add(std::move(yes), 0.25);
  p.add(std::move(after), 1.0);
  KeyCertifier cert;
  engine::Result r = p.run(entry(), engine::Goal{true, false}, engine::Budget(100, 1, 1 << 30), cert);
  EXPECT_EQ(r.answer, engine::Answer::Yes);
  ASSERT_TRUE(r.termination);
  EXPECT_EQ(r.termination->text, "f = x");
  EXPECT_EQ(*after_runs, 0);
  // analyze goes on (exceptions); here the next engine "confirms" a loop.
  Portfolio q;
  q.add(std::make_unique<FakeEngine>("term", -1, "yes"), 0.25);
  q.add(std::make_unique<FakeEngine>("seg", 0), 1.0);
  KeyCertifier cert2;
  r = q.run(entry(), engine::Goal{false, true}, engine::Budget(100, 1, 1 << 30), cert2);
  EXPECT_EQ(r.answer, engine::Answer::Error);
  EXPECT_NE(r.error.find("termination proof and a confirmed non-termination"), std::string::npos);
}

TEST(Registry, NamesAndTheAllSchedule) {
  EXPECT_EQ(engineChoices(), (std::vector<std::string>{"term", "seg", "clp", "recurrent", "all"}));
  EXPECT_EQ(makePortfolio("all", {}).names(), (std::vector<std::string>{"term", "seg", "clp", "recurrent"}));
  EXPECT_EQ(makePortfolio("clp", {}).names(), (std::vector<std::string>{"clp"}));
}

TEST(BudgetTest, ScalesLimitsAndShares) {
  engine::Budget b(10, 0.25, 1 << 20);
  EXPECT_EQ(b.scaled(400), 100u);
  EXPECT_EQ(b.scaled(1), 1u);
  EXPECT_NEAR(b.share(0.5).secondsLeft(), 5, 0.5);
  EXPECT_EQ(b.withEffort(2).scaled(10), 20u);
  EXPECT_FALSE(b.memoryExceeded());
  std::vector<char> big(2 << 20);
  big[1] = 1;
  EXPECT_TRUE(b.memoryExceeded());
  EXPECT_THROW(b.checkMemory(), ResourceLimit);
}

}  // namespace
}  // namespace jhalt::portfolio
