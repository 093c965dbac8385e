// The concrete entry state of a witness input (paper 000, §3): the entry
// method's frame with the witness values in its parameter slots. Objects are
// built as the replay harness builds them: allocated without running a
// constructor, with their declared fields at their default values except
// those the witness sets.
#pragma once

#include <optional>
#include <string>

#include "jhalt/input/input.h"
#include "jhalt/program/program.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/state/state.h"

namespace jhalt::concrete {

// Nullopt (with `why`) when the witness cannot be represented: a string or
// array longer than the evaluator keeps contents for, a class that cannot
// be instantiated, or values that do not match the parameter types.
std::optional<state::State> entryState(seg::Evaluator& ev, const program::MethodInfo& entry,
                                       const input::Witness& w, std::string* why = nullptr);

}  // namespace jhalt::concrete
