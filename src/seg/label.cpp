#include "jhalt/seg/label.h"

#include <fmt/format.h>

#include "jhalt/state/print.h"

namespace jhalt::seg {

RelOp negate(RelOp op) {
  switch (op) {
    case RelOp::Lt: return RelOp::Ge;
    case RelOp::Le: return RelOp::Gt;
    case RelOp::Eq: return RelOp::Ne;
    case RelOp::Ne: return RelOp::Eq;
    case RelOp::Ge: return RelOp::Lt;
    case RelOp::Gt: return RelOp::Le;
  }
  return op;
}

std::string_view relOpText(RelOp op) {
  switch (op) {
    case RelOp::Lt: return "<";
    case RelOp::Le: return "<=";
    case RelOp::Eq: return "==";
    case RelOp::Ne: return "!=";
    case RelOp::Ge: return ">=";
    case RelOp::Gt: return ">";
  }
  return "?";
}

std::string_view arithOpText(ArithOp op) {
  switch (op) {
    case ArithOp::Add: return "+";
    case ArithOp::Sub: return "-";
    case ArithOp::Mul: return "*";
    case ArithOp::Div: return "/";
    case ArithOp::Rem: return "%";
    case ArithOp::Neg: return "neg";
    case ArithOp::Shl: return "<<";
    case ArithOp::Shr: return ">>";
    case ArithOp::Ushr: return ">>>";
    case ArithOp::And: return "&";
    case ArithOp::Or: return "|";
    case ArithOp::Xor: return "^";
    case ArithOp::Const: return "const";
    case ArithOp::Copy: return "copy";
    case ArithOp::Cmp: return "cmp";
    case ArithOp::Convert: return "conv";
    case ArithOp::Unknown: return "unknown";
  }
  return "?";
}

std::string toString(const EvalLabel& label, const state::State& from, const state::State& to) {
  std::string out;
  auto name = [&](Ref r) {
    if (from.find(r)) return state::refName(from, r);
    return state::refName(to, r);
  };
  for (const Relation& r : label.relations)
    out += fmt::format("{}{} {} {}", out.empty() ? "" : ", ", name(r.a), relOpText(r.op),
                       r.b == state::kNone ? std::to_string(r.constant) : name(r.b));
  for (const Computation& c : label.computations) {
    std::string rhs;
    switch (c.op) {
      case ArithOp::Const: rhs = fmt::format("{}", c.value); break;
      case ArithOp::Copy: rhs = name(c.a); break;
      case ArithOp::Neg: rhs = "-" + name(c.a); break;
      case ArithOp::Unknown: rhs = "?"; break;
      case ArithOp::Cmp: rhs = fmt::format("cmp({}, {})", name(c.a), name(c.b)); break;
      case ArithOp::Convert: rhs = fmt::format("({}) {}", c.prim, name(c.a)); break;
      default:
        rhs = fmt::format("{} {} {}", name(c.a), arithOpText(c.op),
                          c.b == state::kNone ? std::to_string(c.value) : name(c.b));
    }
    if (c.op == ArithOp::Const) continue;  // literals show in the state
    out += fmt::format("{}{} = {}", out.empty() ? "" : ", ", name(c.result), rhs);
  }
  if (!label.library_call.empty()) out += (out.empty() ? "" : ", ") + ("call " + label.library_call);
  if (!label.raised.empty()) out += (out.empty() ? "" : ", ") + ("throws " + label.raised);
  return out;
}

}  // namespace jhalt::seg
