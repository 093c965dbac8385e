// Private to the report module: the witness rendered for the reproducer
// (objects by Unsafe, fields and arrays by reflection; java_source.h).
#pragma once

#include <string>
#include <vector>

#include "jhalt/report/java_source.h"

namespace jhalt::report::detail {

struct ReflectiveCall {
  std::vector<std::string> setup;  // statements
  std::string receiver = "null";   // expression of the receiver
  std::vector<std::string> args;   // expressions of the arguments
};

ReflectiveCall reflectiveCall(const input::Witness& w, const EntrySignature& entry);

}  // namespace jhalt::report::detail
