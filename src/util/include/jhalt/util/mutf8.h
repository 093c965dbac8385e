// Modified UTF-8 (JVMS §4.4.7): validation and conversion to standard UTF-8.
#pragma once

#include <string>
#include <string_view>

namespace jhalt {

// True when `bytes` is well-formed modified UTF-8 (no zero bytes, no bytes
// 0xF0..0xFF, continuation bytes where required).
bool isValidModifiedUtf8(std::string_view bytes);

// Converts modified UTF-8 to standard UTF-8 (surrogate pairs are combined,
// the two-byte NUL becomes U+0000). Input must be valid.
std::string modifiedUtf8ToUtf8(std::string_view bytes);

}  // namespace jhalt
