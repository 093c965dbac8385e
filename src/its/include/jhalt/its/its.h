// Integer transition systems (issue 13; design in docs/design/termination.md):
// the shared intermediate form of termination proofs. Locations carry
// integer variables; a transition from ℓ to ℓ' is a conjunction of linear
// constraints over ℓ's variables (pre), ℓ''s variables (post) and
// existentially quantified temporaries. An ITS used for YES must
// over-approximate every run of the program: anything a producer cannot
// follow becomes a transition to `top`, whose self-loop can never be
// ranked. Constraints reuse the CLP module's linear expressions.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "jhalt/clp/linear.h"

namespace jhalt::program {
class MethodInfo;
}

namespace jhalt::its {

using clp::LinCon;
using clp::LinExpr;
using clp::Var;
using LocId = uint32_t;
using TransId = uint32_t;

// What a variable of a location measures: an int (JVM semantics bound it to
// 32 bits), a long (not bounded here), or the size of a heap structure (the
// number of objects of its unfolding into a tree, a natural number: the SEG
// producer, from_seg.h).
enum class VarKind : uint8_t { Int, Long, Size };

struct Location {
  enum class Kind : uint8_t { Start, Top, Program };
  Kind kind = Kind::Program;
  std::string name;               // e.g. `Sum.sum(I)I@pc12`, "start", "top"
  std::vector<std::string> vars;  // readable names of its variables
  const program::MethodInfo* method = nullptr;
  uint32_t pc = 0;
  std::vector<VarKind> kinds;  // one per variable; empty: all Int
  size_t arity() const { return vars.size(); }
  VarKind varKind(size_t v) const { return kinds.empty() ? VarKind::Int : kinds[v]; }
};

struct Transition {
  // Init: start to an entry; Step: a path between cut points; Call: into a
  // callee; Continue: past a call (the callee's results unconstrained);
  // Gap: what a producer could not follow (to top); Overflow: a JVM int
  // result out of range where the run cannot be followed (to top); Wrap: a
  // JVM int result out of range, the run going on to the next cut with
  // unknown values; TopLoop: top's loop. Overflow and Wrap exist only
  // under JVM semantics.
  enum class Kind : uint8_t { Init, Step, Call, Continue, Gap, Overflow, Wrap, TopLoop };
  Kind kind = Kind::Step;
  LocId from = 0, to = 0;
  // Variables 0 .. arity(from)-1 are the pre-state, the next arity(to) the
  // post-state, the rest temporaries (existential).
  uint32_t num_vars = 0;
  std::vector<LinCon> guard;
  std::string origin;  // where it comes from, or why it is a gap
};

struct Lemma;  // proof.h

struct Its {
  std::vector<Location> locs;
  std::vector<Transition> trans;
  LocId start = 0, top = 1;
  bool from_graph = false;  // made by from_seg.h (for the proof's text)
  std::string norm;         // from_seg.h with field weights: how sizes count
  // The graph read unshown fields as the classes the program stores into
  // them (program/field_values.h): how many fields that told something.
  size_t stored_fields = 0;
  // Facts of the returns of recursive methods that the call summaries of
  // this system state (from_seg.h), each with its own proof: the system is
  // faithful only if they hold, so the checker verifies them first.
  std::vector<std::shared_ptr<const Lemma>> lemmas;

  // An ITS with `start` (0) and `top` (1, with its self-loop).
  static Its withStartAndTop();
  LocId add(Location l);
  TransId add(Transition t);  // checks the variable numbering
};

// One row of a transition's premise over its variables: a·v <= b (or = b).
struct Row {
  std::vector<std::pair<Var, int64_t>> a;
  int64_t b = 0;
  bool eq = false;
};

// What a proof assumes of every state at a location besides the guards:
// under JVM semantics each Int variable of a program location is a JVM int
// (-2^31 <= x <= 2^31-1: a local, a stack slot, a length, a static, a
// result), every Size variable is >= 0 (in both semantics the invariants, one conjunction of constraints over the
// location's variables per location (empty: none), each proven inductive by
// its own certificates (proof.h).
struct Facts {
  bool jvm = false;
  std::vector<std::vector<LinCon>> inv;  // indexed by location; may be shorter
};

// The premise of transition t as rows: its guard in order, then the
// invariant of its source location, then the range of each of the source's
// variables (JVM: Int variables; always: Size variables >= 0). The one form both the ranking synthesis and the exact
// checker read certificates against.
std::vector<Row> premise(const Its& its, TransId t, const Facts& facts = {});

// Transition t followed by u (t.to == u.from) as one premise: t's
// variables, then u's other than its pre-state (which is t's post-state).
struct Sequence {
  std::vector<Row> rows;
  uint32_t num_vars = 0;
};
Sequence sequencePremise(const Its& its, TransId t, TransId u, const Facts& facts = {});
// A path of transitions (each one's target the next one's source) likewise.
Sequence sequencePremise(const Its& its, const std::vector<TransId>& path, const Facts& facts = {});

// Is t taken in the semantics: overflow transitions exist only on the JVM.
bool inSemantics(const Transition& t, bool jvm);

// The transitions of `among` inside non-trivial strongly connected parts of
// the graph they form (both ends in one part that has a cycle), grouped by
// part, in a deterministic order (Tarjan).
std::vector<std::vector<TransId>> sccs(const Its& its, const std::vector<TransId>& among);

// Locations reachable from start through the transitions of `among`.
std::vector<bool> reachable(const Its& its, const std::vector<TransId>& among);

// Readable listing, one transition per line.
std::string toText(const Its& its);

// The ITS in KoAT's input format (the TermComp "complexity ITS" syntax:
// GOAL, STARTTERM, VAR, RULES), for external provers (issue 13 item 1):
// one function symbol per location (`start`, `top`, `l<id>`), all of the
// largest location's arity (unused arguments are free), each rule's
// condition the transition's premise (premise(): its guard and, under JVM
// semantics, every int variable's range; sizes >= 0), post-state and
// temporaries as free variables. Only transitions of the semantics.
std::string toKoat(const Its& its, bool jvm);

}  // namespace jhalt::its
