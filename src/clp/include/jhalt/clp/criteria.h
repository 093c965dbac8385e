// Non-termination criteria for binary clauses (paper 001, §5; the formulas
// as reconstructed in ../shared/seeds/README.md). For a recursive clause
// p(x) <- c(x, y, z), p(y) with c'(x) = exists y z. c(x, y, z):
//  * Prop. 3 (universal): forall x y z. c(x, y, z) -> c'(y);
//  * Prop. 4 (existential): forall x. c'(x) -> exists y z. c(x, y, z) and c'(y);
// then p(x) has an infinite computation for every x with c'(x). Prop. 5
// (reachability): with a stem clause q(x) <- c1(x, y, z), p(y), any model of
// c1(x, y, z) and c'(y) gives a q(x) with an infinite computation. Each
// criterion is checked by Z3 on the negated formula (unsat = holds).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "jhalt/clp/unfold.h"
#include "jhalt/smt/solver.h"

namespace jhalt::clp {

// c(x, y, z) as an SMT formula: head variable i is `x`<i>, body variable i
// `y`<i>, internal variable i `z`<i>.
smt::Term clauseOver(smt::Solver& solver, const BinaryClause& c, const std::string& x, const std::string& y,
                    const std::string& z);

enum class Criterion { None, Universal /* Prop. 3 */, Existential /* Prop. 4 */ };

// Prop. 3, else Prop. 4, for a recursive clause (head == body); each check
// within `rlimit` units of Z3's resource counter (0: SmtOptions::qe_rlimit).
// The proofs found on the TPDB need a small fraction of the default.
Criterion recurrent(smt::Solver& solver, const BinaryClause& loop, unsigned rlimit = 300000);

// A recurrent set for several recursive clauses of one predicate p (Prop. 4
// generalised from one clause to their union, as a greatest fixpoint): a
// non-empty set S of argument values such that every x in S has a clause k
// and y with c_k(x, y, z) and y in S. Because the clauses are exact and the
// program is deterministic, the run from any x in S follows such clauses
// forever. S starts as the union of the clauses' domains and is
// intersected with its pre-image until it is closed (at most `rounds`
// times; `intersections` tells how many were needed; each check within
// `rlimit` units of Z3's resource counter, 0: SmtOptions::qe_rlimit). S is returned over
// variables x0, x1, ... (see setVar), with the existential quantifiers of
// the domains.
std::optional<smt::Term> recurrentSet(smt::Solver& solver, const std::vector<const BinaryClause*>& loops,
                                     unsigned rounds = 1, unsigned* intersections = nullptr,
                                     unsigned rlimit = 0);
smt::Term setVar(smt::Solver& solver, uint32_t i);  // x<i>

// The recurrent set of Props. 3 and 4 for one clause: c'(x) over x0, x1, ...
smt::Term domainOf(smt::Solver& solver, const BinaryClause& loop);

// Prop. 5 for a recurrent set S of p (over x0, x1, ...): entry values
// (one per entry argument) with entry(x) <- stem, p(y) and S(y); `stem` =
// nullptr when p is the entry itself.
std::optional<std::vector<int64_t>> reachableSet(smt::Solver& solver, uint32_t entry_arity,
                                                 const std::vector<LinCon>& entry, const std::vector<LinCon>& bounds,
                                                 const BinaryClause* stem, const smt::Term& set, uint32_t set_arity);

// Prop. 5: entry values x (one per entry argument) with entry(x) <- stem,
// p(y) and c'(y) for the recursive clause `loop`; `stem` = nullptr when p is
// the entry itself. `entry` constrains x (what real inputs satisfy);
// `bounds` are extra constraints on x (small witnesses first).
std::optional<std::vector<int64_t>> reachable(smt::Solver& solver, uint32_t entry_arity,
                                              const std::vector<LinCon>& entry, const std::vector<LinCon>& bounds,
                                              const BinaryClause* stem, const BinaryClause& loop);

}  // namespace jhalt::clp
