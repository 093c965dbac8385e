// Readable text of the closure proof's formulas: the SMT-LIB form of a
// bit-vector term (as Z3 prints it) written as a Java expression
// (`index + 1`, `p == Node#2`, `(int) x`), variables by the names of their
// locations, numbers in decimal.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>

namespace jhalt::looper {

struct ShowNames {
  // Variables that hold object identities (by their SMT names).
  std::set<std::string> references;
  // The readable name of an object by its number; nullopt: print the number.
  std::function<std::optional<std::string>(int64_t)> object;
};

// `smtlib`: one term as Z3 prints it. Variables named `L<k>_<name>` show as
// `<name>`.
std::string showJava(const std::string& smtlib, const ShowNames& names);

}  // namespace jhalt::looper
