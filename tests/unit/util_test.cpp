#include <gtest/gtest.h>

#include <filesystem>
#include <thread>

#include "jhalt/util/byte_reader.h"
#include "jhalt/util/error.h"
#include "jhalt/util/memory.h"
#include "jhalt/util/process.h"
#include "jhalt/util/mutf8.h"

namespace jhalt {
namespace {

TEST(ByteReader, ReadsBigEndian) {
  const uint8_t data[] = {0xCA, 0xFE, 0xBA, 0xBE, 0x00, 0x01, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0, 9};
  ByteReader r(data);
  EXPECT_EQ(r.u4(), 0xCAFEBABEu);
  EXPECT_EQ(r.u2(), 1u);
  EXPECT_EQ(r.u1(), 0x7Fu);
  EXPECT_EQ(r.u1(), 0x80u);
  EXPECT_EQ(r.u8(), 9u);
  EXPECT_TRUE(r.atEnd());
}

TEST(ByteReader, ThrowsInsteadOfReadingPastTheEnd) {
  const uint8_t data[] = {1, 2, 3};
  ByteReader r(data);
  EXPECT_EQ(r.u2(), 0x0102u);
  EXPECT_THROW(r.u2(), FormatError);
  EXPECT_EQ(r.position(), 2u);  // a failed read consumes nothing
  EXPECT_THROW(r.bytes(2), FormatError);
  EXPECT_EQ(r.u1(), 3u);
  EXPECT_THROW(r.u1(), FormatError);
}

TEST(ByteReader, RejectsCountsThatCannotFit) {
  const uint8_t data[] = {0, 0, 0, 0, 0, 0};
  ByteReader r(data);
  EXPECT_NO_THROW(r.expectItems(3, 2, "things"));
  EXPECT_THROW(r.expectItems(4, 2, "things"), FormatError);
  EXPECT_THROW(r.expectItems(65535, 8, "methods"), FormatError);
}

TEST(ModifiedUtf8, AcceptsJavaEncodings) {
  EXPECT_TRUE(isValidModifiedUtf8("java/lang/Object"));
  EXPECT_TRUE(isValidModifiedUtf8(""));
  EXPECT_TRUE(isValidModifiedUtf8("\xC0\x80"));          // U+0000 as two bytes
  EXPECT_TRUE(isValidModifiedUtf8("\xC3\xA9"));          // é
  EXPECT_TRUE(isValidModifiedUtf8("\xED\xA0\xBD\xED\xB8\x80"));  // surrogate pair
}

TEST(ModifiedUtf8, RejectsMalformedBytes) {
  EXPECT_FALSE(isValidModifiedUtf8(std::string_view("a\0b", 3)));  // raw NUL
  EXPECT_FALSE(isValidModifiedUtf8("\xF0\x9F\x98\x80"));            // 4-byte form
  EXPECT_FALSE(isValidModifiedUtf8("\x80"));                        // lone continuation
  EXPECT_FALSE(isValidModifiedUtf8("\xC3"));                        // truncated
  EXPECT_FALSE(isValidModifiedUtf8("\xE2\x82"));                    // truncated
}

TEST(ModifiedUtf8, ConvertsToStandardUtf8) {
  EXPECT_EQ(modifiedUtf8ToUtf8("abc"), "abc");
  EXPECT_EQ(modifiedUtf8ToUtf8("\xC0\x80"), std::string("\0", 1));
  EXPECT_EQ(modifiedUtf8ToUtf8("\xED\xA0\xBD\xED\xB8\x80"), "\xF0\x9F\x98\x80");  // U+1F600
  EXPECT_EQ(modifiedUtf8ToUtf8("\xC3\xA9"), "\xC3\xA9");
}

}  // namespace

TEST(Process, CapturesOutputAndExitStatus) {
  util::ProcessResult r = util::runProcess({"sh", "-c", "echo out; echo err >&2; exit 3"}, {});
  ASSERT_TRUE(r.started) << r.error;
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
  EXPECT_FALSE(r.timed_out);
}

TEST(Process, KillsTheWholeGroupAtTheTimeLimit) {
  util::ProcessLimits l;
  l.timeout_seconds = 0.3;
  auto t0 = std::chrono::steady_clock::now();
  // A child that starts a grandchild holding the pipe open.
  util::ProcessResult r = util::runProcess({"sh", "-c", "sleep 30 & sleep 30"}, l);
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_TRUE(r.timed_out);
  EXPECT_LT(s, 5.0);
  EXPECT_EQ(r.signal, 9);
}

TEST(Process, AMissingProgramEndsWith127) {
  util::ProcessResult r = util::runProcess({"/nonexistent/program"}, {});
  EXPECT_EQ(r.exit_code, 127);
  EXPECT_FALSE(util::runProcess({}, {}).started);
}

// A long-lived child spoken to line by line (the replay JVM session).
TEST(Child, AnswersLineByLineAndEnds) {
  util::Child c;
  ASSERT_TRUE(c.start({"sh", "-c", "echo ready; while read x; do echo \"got $x\"; done"})) << c.error();
  std::string line;
  ASSERT_EQ(c.readLine(line, 10), util::Child::Read::Line);
  EXPECT_EQ(line, "ready");
  for (std::string word : {"a", "b c"}) {
    ASSERT_TRUE(c.writeLine(word));
    ASSERT_EQ(c.readLine(line, 10), util::Child::Read::Line);
    EXPECT_EQ(line, "got " + word);
  }
  EXPECT_EQ(c.readLine(line, 0.2), util::Child::Read::Timeout);  // nothing asked
  c.kill();
  EXPECT_FALSE(c.running());
  EXPECT_FALSE(c.writeLine("x"));
  EXPECT_EQ(c.readLine(line, 1), util::Child::Read::End);
}

TEST(Child, AnEndedChildReadsAsEndAndRefusesWrites) {
  util::Child c;
  ASSERT_TRUE(c.start({"sh", "-c", "exit 0"}));
  std::string line;
  EXPECT_EQ(c.readLine(line, 10), util::Child::Read::End);
  // A child that closed its input: the write fails with EPIPE (no SIGPIPE
  // ends the test).
  util::Child closed;
  ASSERT_TRUE(closed.start({"sh", "-c", "exec 0<&-; echo closed; sleep 5"}));
  ASSERT_EQ(closed.readLine(line, 10), util::Child::Read::Line);
  EXPECT_FALSE(closed.writeLine("x"));
  closed.kill();
  EXPECT_FALSE(closed.writeLine("x"));
  util::Child missing;
  ASSERT_TRUE(missing.start({"/nonexistent/program"}));
  EXPECT_EQ(missing.readLine(line, 10), util::Child::Read::End);
}

TEST(TempDir, IsFreshAndRemoved) {
  std::string path;
  {
    util::TempDir a("jhalt-test"), b("jhalt-test");
    EXPECT_NE(a.path(), b.path());
    EXPECT_TRUE(std::filesystem::is_directory(a.path()));
    path = a.path();
  }
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(Memory, CountsThisThreadsAllocations) {
  ASSERT_TRUE(util::memoryAccountingActive());
  int64_t before = util::threadAllocatedBytes();
  auto* block = new std::vector<char>(1 << 20);
  EXPECT_GE(util::threadAllocatedBytes() - before, 1 << 20);
  int64_t other = 0;
  std::thread([&] { other = util::threadAllocatedBytes(); }).join();
  EXPECT_LT(other, 1 << 20);  // another thread does not see it
  delete block;
  EXPECT_LT(util::threadAllocatedBytes() - before, 1024);
}

TEST(Errors, AssertionsThrowInternalErrors) {
  try {
    JHALT_ASSERT(1 + 1 == 3, "arithmetic");
    FAIL() << "no exception";
  } catch (const InternalError& e) {
    EXPECT_NE(std::string(e.what()).find("assertion '1 + 1 == 3' failed: arithmetic"), std::string::npos) << e.what();
  }
}

}  // namespace jhalt
