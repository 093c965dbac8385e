// Binary unfolding (paper 001, §5, Def. 16; Gabbrielli–Giacobazzi,
// Codish–Taboch): the operator T that, for a clause H <- c, B1, ..., Bm and
// each i <= m, solves B1 .. B(i-1) with facts (binary clauses with an empty
// body: summaries of terminating calls) and either keeps Bi as the body or
// unfolds it with a binary clause Bi <- c', B. Its powers give binary
// clauses whose infinite computations are those of the program (Thm. 3);
// jhalt computes the first n powers. Variables other than the head's and
// the body's are kept existentially quantified (eliminated where an
// equality defines them), so no projection loses precision.
#pragma once

#include <chrono>
#include <optional>
#include <vector>

#include "jhalt/clp/clause.h"
#include "jhalt/smt/solver.h"

namespace jhalt::clp {

struct BinaryClause {
  PredId head = 0;
  std::optional<PredId> body;  // nullopt: a fact
  uint32_t head_arity = 0, body_arity = 0;
  // Variables 0..head_arity-1 are the head's arguments, the next body_arity
  // the body's; the others are existentially quantified.
  uint32_t num_vars = 0;
  std::vector<LinCon> constraint;
  uint32_t calls = 0;          // frames pushed between head and body (recursion when > 0)
  const program::MethodInfo* call_method = nullptr;  // the first call's caller and offset
  uint32_t call_pc = 0;
  uint32_t length = 0;         // clauses of the program composed
};

struct UnfoldOptions {
  unsigned iterations = 8;           // n: powers of T computed
  size_t max_clauses = 4000;         // in total
  size_t max_per_pair = 12;          // per (head, body) predicate pair
  size_t max_constraints = 400;      // per clause
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct UnfoldResult {
  std::vector<BinaryClause> clauses;
  unsigned iterations = 0;     // computed
  bool fixpoint = false;       // T^n = T^(n+1) (within the limits)
  bool truncated = false;      // a limit dropped clauses
};

// Only the exact clauses of `p` take part.
UnfoldResult unfold(const ClpProgram& p, smt::Solver& solver, const UnfoldOptions& options = {});

// `head(x...) <- constraint, body(y...)` with the predicates' argument
// names (body arguments primed, existential variables _k).
std::string describe(const ClpProgram& p, const BinaryClause& c);

// The constraint as an SMT formula; variable v is `prefix`v.
smt::Term toSmt(smt::Context& ctx, const std::vector<LinCon>& cons, const std::string& prefix);
smt::Term toSmt(smt::Context& ctx, const LinExpr& e, const std::string& prefix);

}  // namespace jhalt::clp
