// The loops the recurrent-set analysis works on (paper 003, §2: a loop
// `([psi_ent]; C_body)*; [phi_exit]` with one point that is both its entry
// and its exit): a loop head of the constraint logic program that jhalt
// translates for termination proofs (clp::TranslateOptions::for_termination,
// paper 001 §4), whose every path from the head is a clause. A path back to
// the head that is exact is a *body* path (one disjunct of C_body); every
// other path is an *exit*: a return, a jump to code after the loop, a gap
// (something the translation does not follow), an int overflow (JVM
// semantics), a path that is not exact (it may also throw), a call. A
// state no path covers ends the run too (a thrown exception), so Lemma 1
// needs the body paths to cover the set (checked by check.h).
#pragma once

#include <string>
#include <vector>

#include "jhalt/clp/clause.h"
#include "jhalt/smt/term.h"

namespace jhalt::recurrent {

struct Path {
  const clp::Clause* clause = nullptr;
  std::string exit;  // empty: a body path; else why it may leave the loop
};

struct Loop {
  clp::PredId pred = 0;
  const program::MethodInfo* method = nullptr;
  uint32_t pc = 0;
  std::vector<std::string> vars;  // the head's variables (Java local names where known)
  std::vector<Path> body, exits;
  uint32_t arity() const { return static_cast<uint32_t>(vars.size()); }
};

// The loop heads of `p` with at least one body path. A path back to the
// head through an inner loop or a call of an application method is an exit
// (the set found must never take it); a head with no direct path back gets
// a note. `jvm`: overflow clauses are exits (under mathematical integers
// they do not exist).
std::vector<Loop> loopsOf(const clp::ClpProgram& p, bool jvm, std::vector<std::string>& notes);

// The clause's constraint with its head variables as `x`, its body
// variables as `y` (a body path) and the rest as fresh variables named
// `prefix`k (free: existential in a satisfiability query). `fresh` collects
// the variables made for the rest (and for body variables when `y` is
// empty).
smt::Term relation(smt::Context& ctx, const clp::Clause& c, const std::vector<smt::Term>& x,
                   const std::vector<smt::Term>& y, const std::string& prefix, std::vector<smt::Term>* fresh = nullptr);

// Variables named `prefix`0 .. `prefix`(n-1).
std::vector<smt::Term> intVars(smt::Context& ctx, const std::string& prefix, uint32_t n);

}  // namespace jhalt::recurrent
