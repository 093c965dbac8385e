// Field writes into objects a method invocation made itself (internal to
// the seg module; used by CalleeEffects, recursion.h).
#pragma once

#include <vector>

#include "jhalt/program/program.h"

namespace jhalt::seg::detail {

struct FreshWrites {
  // Per instruction: a putfield into an object this invocation of the
  // method made: one held by a local every store into which is a `new`
  // (never a parameter), or, in a constructor, `this` (local 0, never
  // reassigned) - which is new only when the constructor is not the call
  // the caller made (`ctor_this`).
  std::vector<bool> fresh;
  bool ctor_this = false;  // some putfield writes into the constructor's `this`
};

// Over the method's bytecode by the stack depths of bytecode::inferKinds;
// all false for a method without code, with `jsr`/`ret`, or whose kinds
// cannot be inferred.
FreshWrites freshWrites(const program::MethodInfo& m);

}  // namespace jhalt::seg::detail
