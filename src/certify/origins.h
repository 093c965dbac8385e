// Where the values of a method come from (private to the certify module):
// a forward dataflow over the bytecode that marks each operand-stack slot
// and local variable as derived from the method's parameters (which ones,
// through fields, array elements and the results of the methods it calls)
// or from something else. Used to tell a NullPointerException on a null the
// method received (the "null-argument" cause of issue 10, item 5) from one
// on a null the method produced itself. A may-analysis: a value derived from
// a parameter on one path and from elsewhere on another counts as "other".
// Calls are followed through return summaries (the origin of a callee's
// result in terms of its parameters) when their targets are known
// (program/targets.h), up to a depth.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "jhalt/program/program.h"

namespace jhalt::certify {

struct Origin {
  uint64_t params = 0;  // bit k: derived from the parameter in local slot k (slots >= 64: other)
  bool other = false;   // derived (on some path) from anything else
  bool field = false;   // read (on some path) from a field of an object
  bool fromParams() const { return params != 0 && !other; }
  Origin join(Origin o) const { return {params | o.params, other || o.other, field || o.field}; }
  bool operator==(const Origin&) const = default;
};

class OriginAnalysis {
 public:
  explicit OriginAnalysis(program::Program& program) : program_(program) {}
  // Origin of the stack slot `depth` below the top (0 = top) before the
  // instruction at `pc` of `m`; nullopt when unknown (unreachable code,
  // jsr/ret, shapes the analysis does not follow).
  std::optional<Origin> stack(const program::MethodInfo& m, uint32_t pc, size_t depth);

  struct Frame {
    bool reached = false;
    std::vector<Origin> locals, stack;
  };
  struct Method {
    std::vector<Frame> before;  // per instruction index
    bool gave_up = false;
    Origin returned{0, true};   // the origin of the method's result
  };

 private:
  const Method& analyse(const program::MethodInfo& m, int depth);
  Origin callResult(const program::MethodInfo& caller, const bytecode::Instruction& insn, const Frame& before,
                    int depth);

  program::Program& program_;
  std::map<const program::MethodInfo*, std::unique_ptr<Method>> cache_;
  std::set<const program::MethodInfo*> in_progress_;
  std::optional<std::vector<const program::ClassInfo*>> application_;
};

// The operand-stack depth (in slots, 0 = top) of the reference an
// instruction dereferences (getfield, putfield, x[a]load/store,
// arraylength, invoke*, athrow, monitor*), or nullopt.
std::optional<size_t> dereferencedSlot(const program::MethodInfo& m, uint32_t pc);
// The operand-stack depths of the values that decide a run-time exception
// the instruction raises other than NullPointerException (the divisor, the
// index and the array, the size, the cast object: JVMS §6.5).
std::vector<size_t> decisiveSlots(const program::MethodInfo& m, uint32_t pc);

}  // namespace jhalt::certify
