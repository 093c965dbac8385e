// Symbolic evaluation of one step of an abstract state (thesis 002, §1.6;
// paper 000, §2.2). A step either evaluates the next instruction (one
// evaluation successor, labelled with the relations checked and the
// computations done) or, when the state lacks the information to do so,
// refines it (several refinement successors, thesis §1.4).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jhalt/program/program.h"
#include "jhalt/seg/label.h"
#include "jhalt/state/state.h"

namespace jhalt::seg {

struct EvalOptions {
  // Arrays of a literal length up to this keep their contents (thesis §1.1:
  // contents only for literal lengths).
  int64_t max_array_contents = 32;
  // Concrete runs keep the contents of arrays up to this length (a hash
  // table of 64 buckets, a string of 100 characters).
  int64_t max_concrete_array_contents = 1024;
  // Integer semantics (issue 10): false = mathematical integers (paper 000,
  // §2.1; the TPDB convention); true = the JVM's: single values wrap at
  // 32/64 bits, ranges that may wrap become the type's whole range, and
  // merged (widened) intervals stay within the type's range, so a graph
  // over-approximates the JVM's runs and its labels read as bit-vector
  // arithmetic (nonterm/formula.h).
  bool jvm_int_semantics = false;
  // Recursive calls are evaluated like any call (graph construction then
  // abstracts the call stack, seg/recursion.h); false makes them
  // unsupported.
  bool recursion = true;
  // Concrete runs (every value known): a mathematical integer that leaves
  // 64 bits is counted (Evaluator::overflows) instead of saturating silently.
  bool concrete = false;
  // The JDK's methods with code are evaluated from their bytecode instead
  // of being unanalysed library calls (runs in a live JVM's memory, whose
  // JDK objects are the JDK's own; issue 15).
  bool follow_jdk = false;
  // Writes add the heap predicates of thesis Def. 1.43. A run whose states
  // show every object it touches (a live JVM's memory read on demand) does
  // without: they grow with every object it keeps.
  bool write_predicates = true;
  // Unreachable heap values are collected after every step (equal
  // situations give equal states), or with this set only when the heap has
  // grown by half since the last collection (long runs over large live
  // states, where a collection per step costs more than the step).
  bool lazy_garbage_collection = false;
  int64_t arrayContentsLimit() const { return concrete ? max_concrete_array_contents : max_array_contents; }
};

struct Successor {
  enum class Kind : uint8_t { Eval, Refine };
  Kind kind = Kind::Eval;
  state::State state;
  EvalLabel label;           // Eval
  std::vector<Ref> refined;  // Refine: the references the case analysis was on
};

struct StepResult {
  bool unsupported = false;
  std::string reason;  // for unsupported steps: one line for the user
  std::vector<Successor> successors;
};

class Evaluator;

// Memory outside jhalt's states (issue 15): the heap of a running JVM, read
// on demand. Before each step the evaluator lets it add to the state what
// the step is about to read, and lets it evaluate steps whose effect only
// it knows (native methods of that JVM).
class ExternalMemory {
 public:
  virtual ~ExternalMemory() = default;
  // `s` with what its next step reads added, or nullopt when it needs nothing.
  virtual std::optional<state::State> prepare(const state::State& s, Evaluator& ev) = 0;
  // The step's result when the memory evaluates it itself, else nullopt.
  virtual std::optional<StepResult> evaluate(const state::State& s, Evaluator& ev) = 0;
};

class Evaluator {
 public:
  Evaluator(program::Program& program, state::TypeSystem& types, state::RefAllocator& alloc,
            EvalOptions options = {});

  StepResult step(const state::State& s);
  // Memory read on demand (nullptr: the state shows everything).
  void setExternalMemory(ExternalMemory* memory) { external_ = memory; }

  // Entry states (issue: TPDB convention and arbitrary methods).
  // main(String[]): args is a non-null array of non-null strings of any
  // length; the main class is initialised first, as the JVM does.
  state::State mainEntry(const program::MethodInfo& main);
  // Any method: integers of their type's range, references possibly null,
  // tree-shaped and unshared (paper 000, §2.1); `this` is non-null.
  state::State methodEntry(const program::MethodInfo& method);

  // Library methods called without their code being analysed.
  const std::set<std::string>& libraryCalls() const { return library_calls_; }

  program::Program& program() { return program_; }
  state::TypeSystem& types() { return types_; }
  state::RefAllocator& alloc() { return alloc_; }
  const EvalOptions& options() const { return options_; }
  // A value the application's code may have stored in a field, an array
  // element or a static field that the state does not show: any value of
  // its type, except that under mathematical integers an int or long may
  // be any integer (a review found 32-bit bounds there made a recursion
  // look endless).
  state::Interval unknownInt(char prim) const {
    const bool wide = prim == 'I' || prim == 'J';
    return !options_.jvm_int_semantics && wide ? state::Interval::all() : state::Interval::ofType(prim);
  }
  void noteLibraryCall(const std::string& m) { library_calls_.insert(m); }
  // Unanalysed library calls given objects other than strings and arrays of
  // primitives or strings (which may reach application objects).
  size_t libraryCallbacks() const { return library_callbacks_; }
  void noteLibraryCallback() { ++library_callbacks_; }
  // Collects `s`'s garbage as the options say.
  void collectGarbage(state::State& s);
  // Integer results that left their type's range so far (they differ
  // between mathematical and JVM integers).
  size_t wraps() const { return wraps_; }
  void noteWrap() { ++wraps_; }
  // Mathematical integer results beyond 64 bits so far (they saturate to an
  // unknown value: a concrete run cannot go on exactly).
  size_t overflows() const { return overflows_; }
  void noteOverflow() { ++overflows_; }
  // Application and model classes: the closed world in which virtual calls
  // are dispatched (thesis §1.3: the set of classes is fixed).
  const std::vector<const program::ClassInfo*>& knownClasses();

 private:
  program::Program& program_;
  state::TypeSystem& types_;
  state::RefAllocator& alloc_;
  EvalOptions options_;
  std::set<std::string> library_calls_;
  size_t library_callbacks_ = 0;
  std::vector<const program::ClassInfo*> known_classes_;
  bool known_classes_loaded_ = false;
  size_t wraps_ = 0;
  size_t overflows_ = 0;
  ExternalMemory* external_ = nullptr;
  size_t heap_after_gc_ = 0;  // lazy_garbage_collection: the heap's size after the last collection
  StepResult stepOwn(const state::State& s);
};

}  // namespace jhalt::seg
