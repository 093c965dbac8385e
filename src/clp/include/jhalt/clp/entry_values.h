// Entry values of a constraint logic program as a witness input (paper
// 001, §5: "extract from the model concrete entry values"), shared by the
// engines that solve for entry values (clp, recurrent). Under the TPDB
// convention the values are the number of arguments and the lengths of
// those the program looks at; the characters do not matter (the
// translation only reads lengths). For other methods: the int parameters,
// null for references (an exact clause never reads them), and for an
// instance method an object of its class.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "jhalt/clp/clause.h"
#include "jhalt/input/input.h"

namespace jhalt::clp {

// Witness sizes tried in turn: small inputs first (they run fast and read
// well), then anything a command line or a Java int can carry.
struct WitnessTier {
  int64_t strings;    // number of command-line arguments
  int64_t length;     // length of each
  int64_t magnitude;  // |int parameter|
};
const std::vector<WitnessTier>& witnessTiers();

// Constraints on the entry's `arity` arguments that keep a witness in `t`.
std::vector<LinCon> boundsFor(const ClpProgram& p, uint32_t arity, const WitnessTier& t);

std::optional<input::Witness> witnessFrom(const ClpProgram& p, const program::MethodInfo& entry,
                                          bool main_convention, const std::vector<int64_t>& x);

}  // namespace jhalt::clp
