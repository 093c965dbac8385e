// The one result model of every engine (plain data): the answer, the
// findings with their certificates (witness input, proof, how jhalt
// confirmed it, what the JVM showed), the claims that could not be
// confirmed, and why the rest is undecided. Reports (src/report) print it;
// nothing here prints.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/input/input.h"
#include "jhalt/program/program.h"

namespace jhalt::engine {

// Integer semantics a claim is stated for: mathematical (unbounded)
// integers, the papers' and the Termination Competition's convention, or
// the JVM's 32/64-bit two's complement arithmetic.
enum class Semantics : uint8_t { Math, Jvm };
std::string_view semanticsName(Semantics s);  // "math", "jvm"

// The semantics a proof holds for.
struct SemanticsSet {
  bool math = false, jvm = false;
  static SemanticsSet only(Semantics s) { return s == Semantics::Math ? SemanticsSet{true, false} : SemanticsSet{false, true}; }
  static SemanticsSet both() { return {true, true}; }
  bool has(Semantics s) const { return s == Semantics::Math ? math : jvm; }
  SemanticsSet operator|(SemanticsSet o) const { return {math || o.math, jvm || o.jvm}; }
};

enum class Answer : uint8_t { Yes, No, Maybe, Error };
std::string_view answerName(Answer a);  // YES, NO, MAYBE, ERROR

struct Location {
  std::string cls;          // internal name, pkg/Outer$Inner
  std::string method;       // name
  std::string descriptor;   // (I[I)V
  std::string source_file;  // C.java, if known
  int line = -1;
  uint32_t pc = 0;

  std::string internalName() const;  // pkg/Outer$Inner.m(I[I)V
  std::string javaName() const;      // pkg.Outer.Inner.m(int, int[])
  bool operator==(const Location&) const = default;
};
// The location of instruction `pc` of `m`, with its source line.
Location locate(const program::MethodInfo& m, uint32_t pc);
// A method's Java signature: `pkg.C.m(int, String[])`.
std::string javaMethodName(std::string_view internal_class, std::string_view name, std::string_view descriptor);

enum class FindingKind : uint8_t { NonTermination, Exception };

// Kinds of non-termination (JSON field "kind"):
//  looping      a state at the loop head repeats (paper 000, Thm. 7, or an
//               exact repetition of a concrete state);
//  non-looping  the loop runs forever through ever new values (paper 000,
//               Thm. 8);
//  loop         a recurrent set of the loop's constraint logic program
//               (paper 001, Props. 3-5: looping or not);
//  recursion    an infinite recursion (paper 001): the location is the
//               recursive call;
//  recurrent    a universal recurrent set of the loop found by forward
//               analysis (paper 003): every run that enters it stays in the
//               loop forever (Finding::recurrent_set).
//  live         a loop a thread of a running JVM is in, proven never to exit
//               from the memory it is in (paper 004: the observed paths
//               through the loop form a closed system).
enum class NonTermKind : uint8_t { Looping, NonLooping, Loop, Recursion, Recurrent, Live };
std::string_view nonTermKindName(NonTermKind k);

// Who raised an exception (issue 10, item 5; JSON field "cause"):
//  runtime          the JVM, in the method's own code, on values the method
//                   computed or reached (index out of bounds, division by
//                   zero, bad cast, negative size, a null the method did not
//                   receive);
//  null-argument    a NullPointerException on a null that came from the
//                   input: an argument, or a field or element of an input
//                   object (objects are built without constructors);
//  explicit-throw   an `athrow` of an exception the code created itself (in
//                   the method or a callee such as Validate.notNull);
//  object-state     raised by the JVM on a value read from a field of an input
//                   object (the receiver or an argument), which jhalt builds
//                   without running a constructor: the class's constructors
//                   may rule that state out (a Fraction with denominator 0).
enum class Cause : uint8_t { Runtime, NullArgument, ExplicitThrow, ObjectState };
std::string_view causeName(Cause c);

struct Finding {
  FindingKind kind = FindingKind::NonTermination;
  NonTermKind nonterm = NonTermKind::Looping;  // NonTermination
  std::string exception;                        // Exception: internal class name
  Cause cause = Cause::Runtime;                 // Exception
  Location where;     // loop head, recursive call or throwing instruction
  input::Witness witness;
  Semantics semantics = Semantics::Jvm;  // what the finding is stated for
  std::string proof;          // the engine's argument, readable
  std::string confirmation;   // how jhalt confirmed it, readable
  std::string replay;         // what the JVM showed ("" if not replayed)
  std::string engine;         // which engine found it
  // NonTermKind::Recurrent: the set at the loop head, readable
  // (`x > 0 && y >= 0`, Java local names), and as an SMT-LIB script of the
  // obligations of paper 003's Lemma 1 (non-empty, closed under every body
  // path, no exit) with the answer each check must give.
  // A set of abstract states (recurrent/heap.h: heap shape, types,
  // intervals) has no SMT-LIB form: its closure is the symbolic execution
  // graph built from it, which has no program end (paper 003, Thm. 2).
  std::string recurrent_set;
  std::string recurrent_smtlib;
  bool recurrent_heap = false;
  // NonTermKind::Live: the thread, its frames (top first), and the concrete
  // values at the loop head that keep it going (`name = value`, readable).
  std::string thread;
  std::vector<Location> stack;
  std::vector<std::string> values;

  // What identifies a finding across engines (kind, class, location).
  std::string key() const;
};

// A claim jhalt could not confirm: never reported as a finding.
struct Unconfirmed {
  Finding claim;
  std::string reason;
};

// A termination proof (issue 13): the semantics it holds for, the readable
// proof, and how many certificates the exact checker re-verified.
struct TerminationProof {
  SemanticsSet proven_for;
  std::string text;
  size_t certificates = 0;
};

struct Result {
  Answer answer = Answer::Maybe;
  std::optional<TerminationProof> termination;  // Answer::Yes
  std::string engine;                 // the engine(s) that ran
  std::vector<Finding> findings;
  std::vector<Unconfirmed> unconfirmed;
  std::vector<std::string> notes;     // why the rest is undecided, one line each
  std::string error;                  // Answer::Error: what went wrong
  size_t filtered = 0;                // confirmed exceptions of kinds not reported (Certifier::Status::Filtered)
  double seconds = 0;

  size_t nonTerminating() const;
};

}  // namespace jhalt::engine
