// Facts of the returns of recursive methods for the ITS of a symbolic
// execution graph (from_seg.h; proof.h `Lemma`): |result| <= |argument| or
// |result| >= |argument| for a method that returns an object (a copy keeps
// the size of what it copies, a subtraction on Peano numbers returns at most
// its first argument). Found by Houdini over candidate atoms: the method's
// body, from its entries (call stack abstractions, thesis 002 Def. 3.11) to
// its normal returns, is chained into paths, the summaries of the calls
// inside it stating the current atoms; an atom that some path does not
// imply is dropped, until what is left holds on every path. Sound by
// induction on the order in which calls return: the body of a call only
// passes summaries of calls that returned before it.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "jhalt/its/its.h"
#include "jhalt/its/proof.h"

namespace jhalt::program {
class MethodInfo;
}

namespace jhalt::its::detail {

// A call summary of the untranslated system: the callee, the variable of
// its result after the call and those of its reference arguments (by local
// slot) at the call, both as variables of transition t.
struct CallSummary {
  TransId t = 0;
  const program::MethodInfo* callee = nullptr;
  std::optional<Var> result;
  std::map<uint16_t, Var> args;
};

// A call stack abstraction: its location and the size variables of its
// reference locals (the arguments, as the call passed them).
struct MethodEntry {
  LocId loc = 0;
  const program::MethodInfo* method = nullptr;
  std::map<uint16_t, Var> args;
};

// A return state of a method's frame: normal (with the result's size
// variable when it has one) or exceptional.
struct MethodReturn {
  LocId loc = 0;
  const program::MethodInfo* method = nullptr;
  bool normal = true;
  std::optional<Var> result;
};

struct LemmaAtom {
  uint16_t local = 0;
  bool upper = true;  // |result| <= |argument|; else >=
};
using LemmaAtoms = std::map<const program::MethodInfo*, std::vector<LemmaAtom>>;

struct LemmaInput {
  const Its* its = nullptr;          // before chaining
  std::vector<bool> outside_body;    // per transition: Init and call edges (not part of a frame's body)
  std::vector<CallSummary> summaries;
  std::vector<MethodEntry> entries;
  std::vector<MethodReturn> returns;
  bool jvm = false;
  size_t max_transitions = 3000;
  size_t max_checks = 2000;  // solver calls in all; past it: no lemmas
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  // A certificate that rows over num_vars variables are infeasible.
  std::function<std::optional<Farkas>(const std::vector<Row>&, size_t)> infeasible;
};

struct LemmaResult {
  LemmaAtoms atoms;
  std::vector<std::shared_ptr<const Lemma>> proofs;
};

LemmaResult findReturnLemmas(const LemmaInput& in);

// Adds the atoms to the guards of the summaries of calls of their methods.
void stateLemmas(Its& its, const std::vector<CallSummary>& summaries, const LemmaAtoms& atoms);

}  // namespace jhalt::its::detail
