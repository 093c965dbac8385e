#include "jhalt/util/byte_reader.h"

#include <fmt/format.h>

namespace jhalt {

void ByteReader::truncated(size_t n) const {
  throw FormatError(fmt::format("truncated {}: needs {} more byte(s) at offset {} but only {} left",
                                context_, n, pos_, remaining()));
}

void ByteReader::expectItems(size_t count, size_t min_size, std::string_view what) const {
  if (min_size != 0 && count > remaining() / min_size)
    throw FormatError(fmt::format("truncated {}: {} {} cannot fit in the {} byte(s) left", context_,
                                  count, what, remaining()));
}

}  // namespace jhalt
