// Where the values of a method come from (private to the certify module):
// a forward dataflow over the bytecode that marks each operand-stack slot
// and local variable as derived from the method's parameters (which ones,
// through fields and array elements included) or from something else. Used
// to tell a NullPointerException on a null the method received (the
// "null-argument" cause of issue 10, item 5) from one on a null the method
// produced itself. A may-analysis: a value derived from a parameter on one
// path and from elsewhere on another counts as "other".
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "jhalt/program/program.h"

namespace jhalt::certify {

struct Origin {
  uint64_t params = 0;  // bit k: derived from the parameter in local slot k (slots >= 64: other)
  bool other = false;   // derived (on some path) from anything else
  bool fromParams() const { return params != 0 && !other; }
  Origin join(Origin o) const { return {params | o.params, other || o.other}; }
  bool operator==(const Origin&) const = default;
};

// The origins before each instruction of `m` (index = instruction index).
class Origins {
 public:
  explicit Origins(const program::MethodInfo& m);
  // Origin of the stack slot `depth` below the top (0 = top) before the
  // instruction at `pc`; nullopt when unknown (unreachable, jsr/ret).
  std::optional<Origin> stack(uint32_t pc, size_t depth) const;

 private:
  struct Frame {
    bool reached = false;
    std::vector<Origin> locals, stack;
  };
  const program::MethodInfo& m_;
  std::vector<Frame> before_;
  bool gave_up_ = false;
};

// The operand-stack depth (in slots, 0 = top) of the reference an
// instruction dereferences (getfield, putfield, x[a]load/store,
// arraylength, invoke*, athrow, monitor*), or nullopt.
std::optional<size_t> dereferencedSlot(const program::MethodInfo& m, uint32_t pc);

}  // namespace jhalt::certify
