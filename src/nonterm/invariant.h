// Candidate invariants of a loop head for Thm. 8 (private to nonterm):
// atoms over the head's integer references that hold in a concrete state,
//   x ⋈ k, x - y ⋈ k (⋈ one of >=, <=)     linear bounds and differences
//   x ≡ k, x - y ≡ k (mod 2)               parities (a difference that stays
//                                          odd is never 0, also on the JVM)
// each as an SMT term over a labelled copy of the head, and evaluated in a
// model. With bit-vectors the terms are computed in twice the width, where
// x - y cannot wrap.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "jhalt/witness/formula.h"

namespace jhalt::nonterm {

using witness::Encoder;

struct Atom {
  state::Ref x, y;  // y = kNone: an atom over x alone
  enum class Op { Ge, Le, Parity } op;
  int64_t k;
};

// The atoms that hold for the values `val` of the head's references.
std::vector<Atom> candidateAtoms(const std::map<state::Ref, int64_t>& val);
// The atom over the copy `label` of the head (true for atoms over an int
// and a long, which are not compared).
smt::Term atomTerm(Encoder& enc, smt::Context& ctx, const Atom& a, const std::string& label);
// Whether the atom holds in the solver's model (copy `label`).
std::optional<bool> atomHolds(Encoder& enc, smt::Solver& solver, const Atom& a, const std::string& label);
std::string atomText(const Atom& a);  // `i3 - i5 >= 1`, `i3 even`

}  // namespace jhalt::nonterm
