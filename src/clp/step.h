// One symbolic step of the CLP translation (internal to the clp module):
// what the translator knows of each slot, and the effect of an instruction
// on it, with the constraints that select each successor.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <utility>
#include <string>
#include <vector>

#include "jhalt/clp/linear.h"
#include "jhalt/classfile/constant_pool.h"
#include "jhalt/program/program.h"

namespace jhalt::clp::detail {

struct Kind {
  enum class K : uint8_t { Top, Int, Null, NonNull, Maybe, Args, ArgString };
  K k = K::Top;
  int32_t index = 0;                           // ArgString: which element of args
  // Int in the kinds dataflow: the value when it is the same constant on
  // every path (an index such as the 1 of `args[1]` must survive a cut).
  bool has_value = false;
  int64_t value = 0;
  const program::ClassInfo* cls = nullptr;     // NonNull: its class, if known
  bool exact_class = false;                    // NonNull: cls is the run-time class
  bool operator==(const Kind&) const = default;
  bool isRef() const { return k != K::Top && k != K::Int; }
  bool nonNull() const { return k == K::NonNull || k == K::Args || k == K::ArgString; }
};

Kind join(const Kind& a, const Kind& b);

struct Val {
  Kind kind;
  LinExpr expr;  // Int: the value
};

inline Val intVal(LinExpr e) { return Val{Kind{Kind::K::Int}, std::move(e)}; }
inline Val refVal(Kind::K k) { return Val{Kind{k}, {}}; }

struct Sym {
  std::vector<Val> locals, stack;
  std::vector<Val> statics;  // current values of the tracked static fields
  Var next_var = 0;
  Var fresh() { return next_var++; }
};

// Where the entry's inputs (main convention) live in the predicates.
struct Inputs {
  bool main = false;
  std::vector<LinExpr> values;  // [len(args), len(args[0]), ...] in the current clause
};

struct Step {
  enum class Type { Next, Jump, Branches, Return, Call, End };
  Type type = Type::Next;
  // Branches: alternatives, each with the constraints that select it and
  // the target instruction index.
  struct Alt {
    std::vector<LinCon> cons;
    uint32_t target;
  };
  std::vector<Alt> alts;
  uint32_t target = 0;            // Jump
  std::optional<LinExpr> result;  // Return of an int-like value
  // Call: the callee, its int arguments, and whether it returns an int-like
  // value (then the continuation's top of stack is a fresh variable).
  const program::MethodInfo* callee = nullptr;
  std::vector<LinExpr> call_args;
  bool call_returns_int = false;
  std::vector<LinCon> cons;  // constraints the step adds (all types)
  bool exact = true;
  std::string reason;  // why not exact / why the path ends
  // The step assumes something a termination proof may not (a call that is
  // not known to terminate is taken to return): a gap (see
  // TranslateOptions::for_termination), with `reason`.
  bool gap = false;
  // The int results the step computes as linear expressions (iadd, isub,
  // ineg, iinc, imul and ishl by a constant, idiv by -1): exact over
  // mathematical integers; on the JVM each wraps when it leaves the int
  // range, which termination proofs under JVM semantics must exclude
  // (docs/design/termination.md §5, gap G10).
  std::vector<LinExpr> int_results;
};

struct StepContext {
  program::Program& program;
  const program::MethodInfo& method;
  const program::MethodCode& code;
  Inputs& inputs;
  size_t max_arg_strings;
  // The application's classes (closed world: a library class cannot extend
  // one): a virtual call has a unique target when every instantiable
  // application subtype of the receiver's class selects the same method.
  const std::vector<const program::ClassInfo*>& app_classes;
  // Index of a tracked static int field (threaded through the predicates as
  // arguments, issue 5 item 1) for a getstatic/putstatic reference, or -1.
  std::function<int(const classfile::MemberRef&)> static_slot;
  // For termination proofs: a call on a reference that may be null is
  // followed (if null, the NullPointerException ends the run) instead of
  // being treated as a library call.
  bool for_termination = false;
};

// Executes instruction `index` on `s`. Never prunes alternatives (the
// caller drops those whose constraints are trivially false).
Step step(StepContext& ctx, uint32_t index, Sym& s);

// Int-like descriptor kinds (one slot, exact as mathematical integers).
inline bool intLike(char c) { return c == 'I' || c == 'Z' || c == 'B' || c == 'C' || c == 'S'; }
// The values of an int-like type (JVMS §2.3).
inline std::pair<int64_t, int64_t> typeRange(char c) {
  switch (c) {
    case 'Z': return {0, 1};
    case 'B': return {-128, 127};
    case 'C': return {0, 65535};
    case 'S': return {-32768, 32767};
    default: return {-2147483648LL, 2147483647LL};
  }
}

// Does using `cls` (new, a static call) possibly run a class initializer?
bool mayInitialize(program::Program& program, const program::ClassInfo& cls, const program::MethodInfo& current);

}  // namespace jhalt::clp::detail
