// Witness inputs: concrete arguments for the entry method (paper 000, §3:
// "an assignment to the arguments of the program"), and the concrete entry
// state they give.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "jhalt/program/program.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/state/state.h"

namespace jhalt::concrete {

// One argument value of a method entry.
struct Value {
  enum class Kind : uint8_t { Int, Null, String, IntArray, StringArray };
  Kind kind = Kind::Int;
  int64_t number = 0;                    // Int
  std::string text;                      // String
  std::vector<int64_t> ints;             // IntArray
  std::vector<std::optional<std::string>> strings;  // StringArray (nullopt: null element)
  bool operator==(const Value&) const = default;
};

struct Witness {
  // main(String[]) under the TPDB convention: the command-line arguments.
  bool main_args = false;
  std::vector<std::string> args;
  // Any other entry: one value per parameter (receiver excluded: only
  // static methods get witnesses).
  std::vector<Value> params;

  std::string describe() const;  // e.g. `java Main "" "aa"` or `m(3, null)`
  bool operator==(const Witness&) const = default;
};

// The concrete state at the entry for `w`. Strings are instances of the
// String model with their characters; arrays hold their contents.
// Returns nullopt if the witness cannot be represented concretely (e.g. a
// string longer than the evaluator keeps array contents for).
std::optional<state::State> entryState(seg::Evaluator& ev, const program::MethodInfo& entry, const Witness& w);

}  // namespace jhalt::concrete
