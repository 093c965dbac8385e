#include "jhalt/util/mutf8.h"

#include <cstdint>
#include <cstring>

namespace jhalt {
namespace {

bool isContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

void appendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

}  // namespace

bool isValidModifiedUtf8(std::string_view bytes) {
  size_t i = 0;
  const size_t n = bytes.size();
  while (i < n) {
    // Fast path: eight ASCII bytes, none of them zero (nearly all names).
    if (i + 8 <= n) {
      uint64_t w;
      std::memcpy(&w, bytes.data() + i, 8);
      constexpr uint64_t kHigh = 0x8080808080808080ull, kLow = 0x0101010101010101ull;
      bool has_zero = ((w - kLow) & ~w & kHigh) != 0;
      if ((w & kHigh) == 0 && !has_zero) {
        i += 8;
        continue;
      }
    }
    auto c = static_cast<unsigned char>(bytes[i]);
    if (c == 0 || c >= 0xF0) return false;
    if (c < 0x80) {
      i += 1;
    } else if ((c & 0xE0) == 0xC0) {
      if (i + 1 >= n || !isContinuation(static_cast<unsigned char>(bytes[i + 1]))) return false;
      i += 2;
    } else if ((c & 0xF0) == 0xE0) {
      if (i + 2 >= n || !isContinuation(static_cast<unsigned char>(bytes[i + 1])) ||
          !isContinuation(static_cast<unsigned char>(bytes[i + 2])))
        return false;
      i += 3;
    } else {
      return false;  // a lone continuation byte
    }
  }
  return true;
}

std::string modifiedUtf8ToUtf8(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  size_t i = 0;
  auto unit = [&](size_t& k) -> uint32_t {  // decodes one UTF-16 code unit
    auto c = static_cast<unsigned char>(bytes[k]);
    if (c < 0x80) {
      k += 1;
      return c;
    }
    if ((c & 0xE0) == 0xC0) {
      uint32_t v = ((c & 0x1Fu) << 6) | (static_cast<unsigned char>(bytes[k + 1]) & 0x3Fu);
      k += 2;
      return v;
    }
    uint32_t v = ((c & 0x0Fu) << 12) | ((static_cast<unsigned char>(bytes[k + 1]) & 0x3Fu) << 6) |
                 (static_cast<unsigned char>(bytes[k + 2]) & 0x3Fu);
    k += 3;
    return v;
  };
  while (i < bytes.size()) {
    uint32_t u = unit(i);
    if (u >= 0xD800 && u <= 0xDBFF && i < bytes.size()) {
      size_t j = i;
      uint32_t lo = unit(j);
      if (lo >= 0xDC00 && lo <= 0xDFFF) {
        appendUtf8(out, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
        i = j;
        continue;
      }
    }
    appendUtf8(out, u);
  }
  return out;
}

}  // namespace jhalt
