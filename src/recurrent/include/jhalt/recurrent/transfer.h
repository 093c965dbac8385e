// The transfer functions of a loop of the constraint logic program
// (loop.h) over a template domain: post-conditions per body path, the
// per-path split of §3.1, and eval# of psi_ent and not phi_exit as
// satisfiability checks (paper 003, §2.2: over-approximations of post and
// eval). Under JVM semantics every variable is an int (the frame).
#pragma once

#include "jhalt/recurrent/domain.h"
#include "jhalt/recurrent/loop.h"
#include "jhalt/recurrent/search.h"
#include "jhalt/smt/solver.h"

namespace jhalt::recurrent {

// The loop's paths as formulas over x (head) and y (next head).
struct LoopFormulas {
  std::vector<smt::Term> x, y;
  smt::Term frame;                     // over x: what every state satisfies (JVM: ints)
  smt::Term frame_next;                // the same over y
  std::vector<smt::Term> body;         // over x, y (temporaries free)
  std::vector<smt::Term> exits;        // over x (the rest free): the states that may take the exit
  std::vector<smt::Term> body_domains; // over x: body path k may be taken
  std::vector<std::vector<smt::Term>> temporaries;  // per body path, its free variables besides x and y
  smt::Term uncovered;                 // over x: no body path can be taken (quantified)
};
LoopFormulas formulasOf(smt::Context& ctx, const Loop& loop, bool jvm);

class ClauseTransfer final : public Transfer {
 public:
  ClauseTransfer(Domain& domain, const LoopFormulas& f, smt::Solver& solver) : d_(domain), f_(f), s_(solver) {}
  std::vector<Element> post(const Element& l) override;
  std::vector<Element> split(const Element& l) override;
  bool mayEnter(const Element& l) override;
  bool cannotExit(const Element& l) override;

 private:
  bool satisfiable(const smt::Term& f, const char* purpose);
  Domain& d_;
  const LoopFormulas& f_;
  smt::Solver& s_;
  size_t unknown_covers_ = 0;  // cover checks the solver could not decide
};

}  // namespace jhalt::recurrent
