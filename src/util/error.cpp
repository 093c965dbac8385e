#include "jhalt/util/error.h"

#include <fmt/format.h>

namespace jhalt {

void assertionFailed(const char* expr, const char* file, int line, const std::string& msg) {
  // Only the file's name: the message must not depend on where jhalt was built.
  std::string_view path(file);
  if (size_t slash = path.rfind("/src/"); slash != std::string_view::npos) path.remove_prefix(slash + 1);
  throw InternalError(fmt::format("{}:{}: assertion '{}' failed: {}", path, line, expr, msg));
}

}  // namespace jhalt
