// Edge labels of symbolic execution graphs (paper 000, §2.3 end; thesis 002
// Def. 1.51): evaluation edges carry the integer relations checked and the
// computations performed (RelOp, ArithOp); refinement edges the refined
// references; instance edges the correspondence of references.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "jhalt/state/state.h"

namespace jhalt::seg {

using state::Ref;

enum class RelOp : uint8_t { Lt, Le, Eq, Ne, Ge, Gt };
RelOp negate(RelOp op);
std::string_view relOpText(RelOp op);

// `a op b` over integer references of the source state; when b is kNone
// the right-hand side is the literal `constant`.
struct Relation {
  Ref a;
  RelOp op;
  Ref b = state::kNone;
  int64_t constant = 0;
  bool operator==(const Relation&) const = default;
};

enum class ArithOp : uint8_t {
  Add, Sub, Mul, Div, Rem, Neg, Shl, Shr, Ushr, And, Or, Xor,
  Const,   // result = constant (in `value`)
  Copy,    // result = a (conversions that keep the value, e.g. i2l)
  Cmp,     // result = signum(a - b) (lcmp, fcmp, dcmp)
  Convert, // result = narrowing conversion of a to type `prim` (wraps)
  Unknown, // result is any value of its type (floats, unmodelled calls)
};
std::string_view arithOpText(ArithOp op);

// `result = a op b`, result a fresh reference of the target state. When b
// is kNone for a binary operation, the right operand is the literal `value`;
// for Const, `value` is the result.
struct Computation {
  Ref result;
  ArithOp op;
  Ref a = state::kNone;
  Ref b = state::kNone;
  int64_t value = 0;
  char prim = 'I';  // type of the result
  bool operator==(const Computation&) const = default;
};

struct EvalLabel {
  std::vector<Relation> relations;
  std::vector<Computation> computations;
  // Set when the step called a library method whose code was not analysed
  // (its effect is over-approximated); provers must not build a proof over it.
  std::string library_call;
  // A runtime exception raised by this step (e.g. java/lang/NullPointerException).
  std::string raised;
};

std::string toString(const EvalLabel& label, const state::State& from, const state::State& to);

}  // namespace jhalt::seg
