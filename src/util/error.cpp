#include <cstdio>
#include <cstdlib>

#include "jhalt/util/error.h"

namespace jhalt {

void assertionFailed(const char* expr, const char* file, int line, const std::string& msg) {
  std::fprintf(stderr, "jhalt: internal error: %s:%d: assertion '%s' failed: %s\n", file, line,
               expr, msg.c_str());
  std::abort();
}

}  // namespace jhalt
