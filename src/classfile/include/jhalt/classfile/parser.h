// Class-file parser for versions 45 to 69 (Java 1.1 to 25; JVMS §4).
// Throws jhalt::FormatError with a one-line description on any malformed
// input; never reads out of bounds and runs in time linear in the input.
#pragma once

#include <cstdint>
#include <vector>

#include "jhalt/classfile/class_file.h"

namespace jhalt::classfile {

inline constexpr uint16_t kMinMajorVersion = 45;
inline constexpr uint16_t kMaxMajorVersion = 69;

ClassFile parseClassFile(std::vector<uint8_t> bytes);

}  // namespace jhalt::classfile
