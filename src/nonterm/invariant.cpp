#include "invariant.h"

#include <fmt/format.h>

namespace jhalt::nonterm {
namespace {
__extension__ typedef __int128 Wide;  // x - y of two int64 values does not overflow it
}  // namespace

std::vector<Atom> candidateAtoms(const std::map<state::Ref, int64_t>& val) {
  std::vector<Atom> atoms;
  auto around = [&](state::Ref x, state::Ref y, Wide v128) {
    if (v128 > INT64_MAX || v128 < INT64_MIN) return;
    auto v = static_cast<int64_t>(v128);
    atoms.push_back({x, y, Atom::Op::Ge, v});
    atoms.push_back({x, y, Atom::Op::Le, v});
    if (v > 0) atoms.push_back({x, y, Atom::Op::Ge, 0});
    if (v > 1) atoms.push_back({x, y, Atom::Op::Ge, 1});
    if (v < 0) atoms.push_back({x, y, Atom::Op::Le, 0});
    if (v < -1) atoms.push_back({x, y, Atom::Op::Le, -1});
    atoms.push_back({x, y, Atom::Op::Parity, ((v % 2) + 2) % 2});
  };
  for (const auto& [x, vx] : val) {
    around(x, state::kNone, vx);
    for (const auto& [y, vy] : val)
      if (x < y) around(x, y, static_cast<Wide>(vx) - vy);
  }
  return atoms;
}

smt::Term atomTerm(Encoder& enc, smt::Context& ctx, const Atom& a, const std::string& label) {
  auto widened = [&](state::Ref r) {
    smt::Term t = enc.var(r, label);
    return enc.bitVectors() ? smt::signExtend(t, t.width()) : t;
  };
  smt::Term t = widened(a.x);
  if (a.y != state::kNone) {
    smt::Term u = widened(a.y);
    if (t.width() != u.width()) return ctx.boolVal(true);  // int against long: no atom
    t = t - u;
  }
  switch (a.op) {
    case Atom::Op::Ge: return t >= a.k;
    case Atom::Op::Le: return t <= a.k;
    case Atom::Op::Parity:
      return enc.bitVectors() ? smt::extract(t, 0, 0) == ctx.bvNum(a.k, 1) : smt::modulo(t, 2) == a.k;
  }
  return ctx.boolVal(true);
}

std::optional<bool> atomHolds(Encoder& enc, smt::Solver& solver, const Atom& a, const std::string& label) {
  auto vx = solver.value(enc.var(a.x, label));
  std::optional<int64_t> vy = int64_t{0};
  if (a.y != state::kNone) vy = solver.value(enc.var(a.y, label));
  if (!vx || !vy) return std::nullopt;
  Wide d = static_cast<Wide>(*vx) - *vy;
  switch (a.op) {
    case Atom::Op::Ge: return d >= a.k;
    case Atom::Op::Le: return d <= a.k;
    case Atom::Op::Parity: return ((d % 2) + 2) % 2 == a.k;
  }
  return std::nullopt;
}

std::string atomText(const Atom& a) {
  std::string t = a.y == state::kNone ? fmt::format("i{}", a.x) : fmt::format("i{} - i{}", a.x, a.y);
  if (a.op == Atom::Op::Parity) return fmt::format("{} {}", t, a.k ? "odd" : "even");
  return fmt::format("{} {} {}", t, a.op == Atom::Op::Ge ? ">=" : "<=", a.k);
}

}  // namespace jhalt::nonterm
