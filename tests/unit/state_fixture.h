// Helpers shared by the tests of abstract states.
#pragma once

#include <utility>
#include <vector>

#include "jhalt/state/state.h"

namespace jhalt::test {

// A state with one frame (no method: only shape matters) and these locals.
inline state::State frameWith(std::vector<state::Ref> locals) {
  state::State s;
  state::Frame f;
  f.locals = std::move(locals);
  s.frames.push_back(f);
  return s;
}

}  // namespace jhalt::test
