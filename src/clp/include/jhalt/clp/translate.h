// Bytecode to CLP (paper 001, §4). Each method reachable from the entry
// through calls the translation can follow is translated; a path between
// cut points becomes one clause (see clause.h). What the translator knows of
// a value, per slot: an int-like value (an argument of the predicates, by
// value), null, a non-null reference (`this`, `new C`), a reference that may
// be null, the entry's String[] (its length is an argument), or its k-th
// element (the length of that string is an argument). Under the TPDB
// convention these lengths are inputs: any values are realised by some
// command line, so treating them as fixed unknowns of the entry is exact.
//
// Exact instructions (Prop. 2 and Defs. 12–14 carried over): int constants,
// loads/stores/iinc of ints and references, iadd/isub/ineg, imul by a
// constant, int comparisons and switches (a != b as two clauses a < b and
// a > b), null tests of references whose nullness is known, goto, returns,
// stack shuffles, invokestatic/invokespecial/invokevirtual of application
// methods with a unique target and a non-null receiver (no class
// initialization pending), Object.<init>, String.length() of args[k],
// args.length, args[k] for a constant k, new C, putfield on a non-null
// receiver (fields are not tracked and do not influence int values). Every
// other instruction over-approximates its effect and makes its clauses not
// exact. Integer arithmetic is mathematical (the JVM wraps at 32 bits): a
// proof holds for mathematical integers and is replayed on the JVM.
#pragma once

#include <string>
#include <vector>

#include "jhalt/clp/clause.h"
#include "jhalt/program/program.h"

namespace jhalt::clp {

struct TranslateOptions {
  size_t max_paths_per_cut = 256;  // paths explored from one cut point
  size_t max_methods = 200;
  size_t max_classes = 5000;  // application classes considered for virtual calls
  size_t max_statics = 8;     // static int fields threaded through the predicates
  // For termination proofs (issue 13): everything the translation does not
  // follow becomes a gap clause (Clause::gap) instead of being left out - a
  // path past the limits, an instruction it cannot translate, a call whose
  // termination is unknown, exception handlers, an overflowing coefficient
  // - and the class initializers are translated too
  // (ClpProgram::initializers). Gap clauses are inexact, so the
  // non-termination engines never use them.
  bool for_termination = false;
  // With for_termination: the overflow clauses of every linear int result
  // (gap G10), needed only for proofs over JVM ints.
  bool int_overflow = true;
};

// `main_convention`: the entry is main(String[]) with any non-null array of
// non-null strings (the TPDB convention); otherwise a static method with
// arbitrary int arguments (references: any value, in witnesses null).
ClpProgram translate(program::Program& program, const program::MethodInfo& entry, bool main_convention,
                     const TranslateOptions& options = {});

// Puts a clause's variables in the order head arguments, body arguments,
// then the others, and eliminates the others where an equality defines them
// (x = e with coefficient ±1), and keeps the tightest of the bounds on the
// same terms. Returns false if the constraint is trivially unsatisfiable or
// a coefficient leaves int64 (the clause is then dropped, which loses
// precision but not soundness).
bool normalize(Clause& c);
// The same, telling an infeasible clause from one whose coefficients leave
// int64 (which a termination proof must not drop).
enum class Normalized { Ok, Infeasible, Overflow };
Normalized normalizeChecked(Clause& c);

}  // namespace jhalt::clp
