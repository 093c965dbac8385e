// Constraint logic programs derived from bytecode (paper 001, §4, Defs.
// 12–15): one predicate per cut point of a method (its entry, each loop
// head, the instruction after each call), one clause per path between cut
// points (the composition of the block clauses of Def. 12 along the path,
// exact by Prop. 1), calls as two body atoms: the callee's entry and the
// continuation (Defs. 13–14). Arguments are integers: int values by value;
// references are not arguments (the translator tracks what it knows of them,
// see translate.h). Clauses are marked exact or not; only exact clauses may
// take part in a non-termination proof.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "jhalt/clp/linear.h"
#include "jhalt/program/program.h"

namespace jhalt::clp {

using PredId = uint32_t;

struct Predicate {
  enum class Kind : uint8_t { Entry, LoopHead, Continuation };
  Kind kind = Kind::Entry;
  std::string name;  // e.g. `Sum.sum(I)I@entry`, `...@pc12`
  const program::MethodInfo* method = nullptr;
  uint32_t pc = 0;
  std::vector<std::string> args;  // readable names: `l0`, `s1`, `len(args)`, `ret`
  bool has_return = false;        // the last argument is the method's result
  size_t arity() const { return args.size(); }
};

struct Atom {
  PredId pred = 0;
  std::vector<Var> args;  // distinct variables of the clause
};

struct Clause {
  Atom head;  // its arguments are variables 0 .. arity-1
  std::vector<LinCon> constraint;
  std::vector<Atom> body;  // 0, 1 or 2 atoms; with 2 the first is a call
  uint32_t num_vars = 0;
  bool exact = true;
  std::string inexact_reason;  // why not exact (first reason found)
  uint32_t from_pc = 0, to_pc = 0;  // the path's first and last instruction
  bool call = false;                // body[0] is a callee's entry (one frame deeper)
  uint32_t call_pc = 0;
  // Non-empty: a gap clause (TranslateOptions::for_termination): from the
  // head, behaviour the translation does not follow, for this reason; no
  // body, no constraint.
  std::string gap;
  // The path up to an int operation and the operation's mathematical
  // result outside the int range (gap G10 of docs/design/termination.md),
  // where the JVM wraps: with one body atom, the run goes on to that cut
  // with unknown values; with none, a gap. Only termination proofs under
  // JVM semantics read these.
  bool overflow = false;
};

struct ClpProgram {
  std::vector<Predicate> preds;
  std::vector<Clause> clauses;
  PredId entry = 0;
  // Conditions on the entry's arguments that every real input satisfies
  // (e.g. len(args) >= 0), as constraints over variables 0 .. arity-1.
  std::vector<LinCon> entry_constraint;
  // Those of entry_constraint that say the tracked statics start at 0 (true
  // of a program's run from main; a method called later may see others).
  std::vector<LinCon> entry_statics;
  // Main convention: position of len(args) among the entry's arguments and
  // of the lengths of args[0], args[1], ... (-1 if not used).
  int args_length = -1;
  std::vector<int> arg_string_lengths;
  // Method convention: for each entry argument, the parameter it is.
  std::vector<size_t> param_of_arg;
  // for_termination: the entry predicates of the application's class
  // initializers (each may run once, at a time the translation does not
  // know, with any values of the statics).
  std::vector<PredId> initializers;
  // Non-fatal reasons the translation could not cover something.
  std::vector<std::string> notes;
};

// Readable listing, one clause per line, with exactness.
std::string toText(const ClpProgram& p, bool only_exact = false);
// The exact clauses in Prolog/CLP(FD)-style syntax that a CLP system can
// load (predicate names quoted, variables X0, X1, ...; constraints with #=).
std::string toProlog(const ClpProgram& p);

}  // namespace jhalt::clp
