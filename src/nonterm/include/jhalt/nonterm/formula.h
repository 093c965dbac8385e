// Translation of graph paths into SMT formulas (paper 000, §4.1 step 1 and
// §4.2): conditions ϕ (relations checked, intervals of the states passed)
// and definitions ψ (the computations, as total functions), with every
// reference labelled so that several copies of a path can be combined
// (the labelling ℓk of paper 000, §4.2).
#pragma once

#include <set>
#include <string>
#include <vector>

#include <z3++.h>

#include "jhalt/seg/graph.h"
#include "jhalt/smt/solver.h"

namespace jhalt::nonterm {

using Path = std::vector<seg::EdgeId>;

class Encoder {
 public:
  Encoder(smt::Solver& solver, const seg::Graph& graph) : solver_(solver), g_(graph) {}

  z3::expr var(state::Ref r, const std::string& label);

  // ϕ and ψ of one path (edges in order), all references labelled `label`.
  // The final instance edge (back to the loop head) contributes nothing
  // here: callers connect it (ι).
  void path(const Path& p, const std::string& label, z3::expr_vector& phi, z3::expr_vector& psi);

  // Interval facts and known relations of the integer references of a node.
  void invariants(seg::NodeId n, const std::string& label, z3::expr_vector& out);

  // True if the path is one the theorems can reason about: every branch on
  // it is a case analysis on integers (no splits over library calls).
  bool integerDetermined(const Path& p) const;

  z3::expr conj(const z3::expr_vector& v);

 private:
  void encodeEdge(seg::EdgeId e, const std::string& label, z3::expr_vector& phi, z3::expr_vector& psi);
  bool isInt(const state::State& s, state::Ref r) const;

  smt::Solver& solver_;
  const seg::Graph& g_;
  int aux_ = 0;
};

}  // namespace jhalt::nonterm
