#include <gtest/gtest.h>

#include "jhalt/util/byte_reader.h"
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
}  // namespace jhalt
