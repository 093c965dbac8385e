// Translation of graph paths into SMT formulas (paper 000, §4.1 step 1 and
// §4.2): conditions ϕ (relations checked, intervals of the states passed)
// and definitions ψ (the computations, as total functions), with every
// reference labelled so that several copies of a path can be combined
// (the labelling ℓk of paper 000, §4.2).
//
// Two integer semantics: mathematical integers (the papers' setting: every
// integer reference is an SMT integer) and the JVM's (every int is a 32-bit
// and every long a 64-bit bit-vector; arithmetic wraps, division truncates,
// shifts mask their distance, narrowing conversions truncate: JLS §15.15-
// §15.22, §5.1.3). A graph built with JVM semantics (seg::EvalOptions::
// jvm_int_semantics) encoded with bit-vectors gives proofs that hold on the
// JVM.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "jhalt/seg/graph.h"
#include "jhalt/smt/solver.h"

namespace jhalt::witness {

using Path = std::vector<seg::EdgeId>;

class Encoder {
 public:
  Encoder(smt::Solver& solver, const seg::Graph& graph, bool bit_vectors)
      : solver_(solver), g_(graph), bv_(bit_vectors) {}

  bool bitVectors() const { return bv_; }
  // The SMT variable of integer reference `r` in copy `label`; `r` must be
  // an integer of a state seen by the encoder (see note()).
  smt::Term var(state::Ref r, const std::string& label);
  // A numeral of the sort of `r`'s variables.
  smt::Term constant(state::Ref r, int64_t v);
  // Bits of `r` (32 or 64; 0 under mathematical integers).
  unsigned width(state::Ref r) const;
  // Records the integer types of the references of a node's state.
  void note(seg::NodeId n);

  // ϕ and ψ of one path (edges in order), all references labelled `label`.
  // The final instance edge (back to the loop head) contributes nothing
  // here: callers connect it (ι).
  void path(const Path& p, const std::string& label, std::vector<smt::Term>& phi, std::vector<smt::Term>& psi);

  // An instance edge crossed between two copies: the integer references of
  // its target in copy `to_label` equal their counterparts of its source in
  // copy `from_label` (the renaming of paper 000, Thm. 5, "Ins").
  void link(seg::EdgeId instance_edge, const std::string& from_label, const std::string& to_label,
            std::vector<smt::Term>& psi);

  // Interval facts and known relations of the integer references of a node.
  void invariants(seg::NodeId n, const std::string& label, std::vector<smt::Term>& out);

  // True if the path is one the theorems can reason about: every branch on
  // it is a case analysis on integers (no splits over library calls).
  bool integerDetermined(const Path& p) const;

  smt::Term conj(const std::vector<smt::Term>& v) { return solver_.ctx().mkAnd(v); }

 private:
  void encodeEdge(seg::EdgeId e, const std::string& label, std::vector<smt::Term>& phi, std::vector<smt::Term>& psi);
  void encodeComputation(const seg::Computation& c, const state::State& from, const std::string& label,
                         std::vector<smt::Term>& psi);
  void encodeMathDivision(const seg::Computation& c, const state::State& from, const std::string& label,
                          std::vector<smt::Term>& psi);
  bool isInt(const state::State& s, state::Ref r) const;
  // `t` widened (sign-extended) or truncated to `bits`.
  smt::Term fit(const smt::Term& t, unsigned bits);

  smt::Solver& solver_;
  const seg::Graph& g_;
  bool bv_;
  std::unordered_map<state::Ref, unsigned> widths_;
  int aux_ = 0;
};

}  // namespace jhalt::witness
