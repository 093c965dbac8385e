// Who raised an exception (issue 10, item 5): see engine::Cause.
#pragma once

#include <string_view>

#include "jhalt/engine/result.h"
#include "jhalt/state/state.h"

namespace jhalt::certify {

// `raise_state`: the concrete state whose step raised `exception` (all
// frames present, the raising instruction at the top frame's pc).
engine::Cause classify(const state::State& raise_state, std::string_view exception, program::Program& program);

}  // namespace jhalt::certify
