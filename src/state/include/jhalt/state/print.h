// Text form of abstract states in the papers' notation (paper 000, Fig. 3-4):
//   <pc> | <local>: <ref>, ... | <stack top first>
//   <ref>: <value>  (heap lines)
//   <ref> =? <ref>, <ref> %$ <ref>, <ref> ⟲{f}, <ref>?  (predicates)
#pragma once

#include <string>

#include "jhalt/state/state.h"

namespace jhalt::state {

struct PrintOptions {
  bool method_names = true;  // prefix each frame with its method
  std::string newline = "\n";
};

std::string refName(const State& s, Ref r);
std::string toString(const State& s, TypeSystem& types, const PrintOptions& options = {});

}  // namespace jhalt::state
