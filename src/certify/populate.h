// The counterfactual input of the null-argument test (issue 10, item 5): the
// witness with every null it holds (arguments, fields of its objects,
// array elements) replaced by a non-null value of the declared type where
// one can be built: "" for strings, an empty array, an object allocated
// without a constructor (its own reference fields filled the same way, to a
// small depth). If the exception goes away, the null came from the input.
#pragma once

#include "jhalt/input/input.h"
#include "jhalt/program/program.h"

namespace jhalt::certify {

// Whether anything was replaced (no null in the witness: nothing to test).
bool withoutNulls(program::Program& program, const program::MethodInfo& entry, input::Witness& w);

}  // namespace jhalt::certify
