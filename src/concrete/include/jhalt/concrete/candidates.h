// Candidate witness inputs, smallest first (the fast first try of witness
// generation): for main(String[]) under the TPDB convention, up to three
// arguments of small lengths, then many arguments and longer strings; for
// any other method, small combinations of typical values per parameter
// type (integers around 0, short strings and arrays, null, and an object of
// the parameter's class allocated without a constructor), with the
// receiver of an instance method an object of its class allocated the same
// way.
#pragma once

#include <cstddef>
#include <vector>

#include "jhalt/input/input.h"
#include "jhalt/program/program.h"

namespace jhalt::concrete {

std::vector<input::Witness> candidateWitnesses(program::Program& program, const program::MethodInfo& entry,
                                               bool main_convention, size_t max_candidates);

// Whether an object of `internal_class` can be built for a witness (a
// class, not abstract, not an interface, that the program has).
bool instantiable(program::Program& program, std::string_view internal_class);

}  // namespace jhalt::concrete
