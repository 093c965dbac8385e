// Candidate witness inputs, smallest first: for main(String[]) (TPDB
// convention) up to three arguments of small lengths; for other static
// methods small combinations of typical values per parameter type.
#pragma once

#include <vector>

#include "jhalt/concrete/witness.h"
#include "jhalt/program/program.h"

namespace jhalt::nonterm {

std::vector<concrete::Witness> enumerateWitnesses(const program::MethodInfo& entry, bool main_convention,
                                                  size_t max_candidates);

}  // namespace jhalt::nonterm
