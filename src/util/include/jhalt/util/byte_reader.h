// Bounds-checked big-endian reader over an in-memory buffer (JVMS §4: class
// files are big-endian). Every read past the end throws FormatError, so
// parsers never read out of bounds, whatever the input.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "jhalt/util/error.h"

namespace jhalt {

class ByteReader {
 public:
  explicit ByteReader(std::span<const uint8_t> data, std::string_view context = "class file")
      : data_(data), context_(context) {}

  size_t position() const { return pos_; }
  size_t remaining() const { return data_.size() - pos_; }
  bool atEnd() const { return pos_ == data_.size(); }

  uint8_t u1() {
    need(1);
    return data_[pos_++];
  }
  uint16_t u2() {
    need(2);
    uint16_t v = static_cast<uint16_t>((data_[pos_] << 8) | data_[pos_ + 1]);
    pos_ += 2;
    return v;
  }
  uint32_t u4() {
    need(4);
    uint32_t v = (uint32_t{data_[pos_]} << 24) | (uint32_t{data_[pos_ + 1]} << 16) |
                 (uint32_t{data_[pos_ + 2]} << 8) | uint32_t{data_[pos_ + 3]};
    pos_ += 4;
    return v;
  }
  uint64_t u8() {
    uint64_t hi = u4();
    return (hi << 32) | u4();
  }
  std::span<const uint8_t> bytes(size_t n) {
    need(n);
    auto s = data_.subspan(pos_, n);
    pos_ += n;
    return s;
  }
  void skip(size_t n) { bytes(n); }

  // Throws unless `count` items of at least `min_size` bytes each can still
  // follow; keeps hostile counts from causing huge allocations.
  void expectItems(size_t count, size_t min_size, std::string_view what) const;

 private:
  void need(size_t n) const {
    if (n > remaining()) truncated(n);
  }
  [[noreturn]] void truncated(size_t n) const;

  std::span<const uint8_t> data_;
  size_t pos_ = 0;
  std::string_view context_;
};

}  // namespace jhalt
