// Concolic execution of observed loop iterations (paper 004, §3.3): jhalt's
// evaluator runs the loop concretely from the state the JVM stopped at
// (the memory read on demand, world.h), and beside it this module keeps
// what each value is in terms of the memory at the iteration's start:
//
//  * every location of that memory the iteration reads is a symbolic input
//    (change 1): integers through the evaluator's single-assignment
//    references (each location holds its own reference at the start of an
//    iteration; the edge labels' computations build the rest, as
//    bit-vector terms of the JVM's arithmetic);
//  * every concretization adds its constraint to Φ (change 2): each object
//    the iteration dereferences, compares, tests or stores is constrained
//    to be the one it was, at every location it was read from; array
//    indices, allocation sizes, non-linear operands equal their values;
//    each branch and switch adds the outcome it had;
//  * allocation is abstracted (change 3): an object made by the iteration
//    is ⊥ in the memory map, constrains nothing, and its fields are not
//    part of the map.
//
// An iteration is the run from the loop head back to it in the same frame;
// its result is (Φ_i, M_i): every memory satisfying Φ_i takes the same
// path and ends as M_i says (Def. 3.4, Prop. 3.5).
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jhalt/looper/world.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/smt/term.h"

namespace jhalt::looper {

// M_i(l): an expression over the location variables, or ⊥ (a new object,
// or a value jhalt cannot express).
struct Update {
  bool bottom = false;
  smt::Term value;
  Ref object = state::kNone;  // a reference location's new object (for reports)
};

struct Iteration {
  std::vector<smt::Term> phi;
  std::map<Location, Update> writes;  // locations not here keep their value
  size_t steps = 0;
  // Φ_i depends on memory another thread may write: the iteration cannot
  // be part of a proof.
  bool shared_dependent = false;
  std::string shared_reason;
  // It stores a new object in place of an old one that the new one
  // refers to (a list that grows at its head): the JVM runs out of memory.
  bool grows = false;
  // Integer locations' values at the iteration's start (for invariants),
  // and the objects the reference locations it read held then.
  std::map<Location, int64_t> start_values;
  std::map<Location, Ref> start_refs;
};

// The variable of a location of the memory at the loop head.
struct LocationVar {
  smt::Term var;
  bool reference = false;  // an object identity (a 64-bit number, 0 for null)
  bool heap = false;       // a field, element or static (not a local of the frame)
  // Something else may write it: another thread that may run (a shared
  // heap), or the JVM itself (a Reference's referent, a ReferenceQueue).
  bool shared = false;
  std::string name;        // for reports
};

// What the closure check needs to know of the memory at the loop head.
class HeadMemory {
 public:
  virtual ~HeadMemory() = default;
  virtual const std::map<Location, LocationVar>& vars() const = 0;
  // The value the location had when the first iteration started.
  virtual std::optional<int64_t> originalInt(const Location& l) const = 0;
  virtual std::optional<Ref> originalRef(const Location& l) const = 0;
  // `Node#2` for an object's number (reports).
  virtual std::string objectName(int64_t id) const = 0;
};

// An object's number in Φ (its reference; null is 0).
inline int64_t objectId(Ref r) { return static_cast<int64_t>(r); }

struct ConcolicOptions {
  size_t max_steps_per_iteration = 200000;
  size_t max_iterations = 24;
  size_t max_total_steps = 400000;  // over all iterations (the JVM is stopped meanwhile)
  // Another live thread may write the heap (the caller decided): values read
  // from fields, elements and statics are not the memory's own.
  bool shared_heap = false;
  // The thread's frames below the loop's own (for the stack it uses).
  size_t frames_below = 0;
  // What the JVM surely has room for in every iteration (beyond that it may
  // throw StackOverflowError or OutOfMemoryError, which jhalt's evaluator
  // does not): the thread's stack (an estimate of HotSpot's interpreter
  // frames, well inside the smallest stack -Xss allows) and new arrays.
  size_t max_stack_bytes = 16 * 1024;
  size_t max_array_bytes = 64 * 1024;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
};

struct ConcolicResult {
  std::vector<Iteration> iterations;
  // The memory at the loop head repeated exactly: after iteration
  // `repeat_to` it is what it was after iteration `repeat_from` (0: the
  // start), and nothing else writes what the loop reads.
  bool repeated = false;
  size_t repeat_from = 0, repeat_to = 0;
  bool exited = false;   // the run left the loop (the JVM will too)
  bool stopped_by_callback = false;
  std::string stopped;   // why there are no more iterations
};

class Concolic final : public Observer, public seg::ExternalMemory, public HeadMemory {
 public:
  Concolic(LiveWorld& world, seg::Evaluator& ev, smt::Context& ctx, const program::MethodInfo& method,
           uint32_t head, ConcolicOptions options);
  ~Concolic() override;

  // Runs iterations from `start` (the loop head); after each one calls
  // `after`, which ends the run by returning true (a proof was found).
  ConcolicResult run(state::State start, const std::function<bool(const std::vector<Iteration>&)>& after);

  const std::map<Location, LocationVar>& vars() const override { return vars_; }
  // The methods the iterations ran (their bytecode must be the JVM's).
  const std::set<const program::MethodInfo*>& executed() const { return executed_; }
  LiveWorld& world() { return world_; }
  std::optional<int64_t> originalInt(const Location& l) const override { return world_.originalInt(l); }
  std::optional<Ref> originalRef(const Location& l) const override { return world_.originalRef(l); }
  std::string objectName(int64_t id) const override;
  smt::Term objectTerm(Ref r);
  // The state at the start of the last iteration (for reports).
  const state::State& lastStart() const { return last_start_; }

  // Observer (the memory's natives and the values it adds).
  void entered(const Location& l, Ref value, int64_t concrete, char prim) override;
  void constant(Ref value, int64_t concrete) override;
  void read(const Location& l, Ref value) override;
  void write(const Location& l) override;
  void use(Ref object) override;
  void concretize(Ref integer) override;
  void constantObject(Ref object) override { constant_objects_.insert(object); }
  // ExternalMemory: the world's, with this module's observation of each step.
  std::optional<state::State> prepare(const state::State& s, seg::Evaluator& ev) override;
  std::optional<seg::StepResult> evaluate(const state::State& s, seg::Evaluator& ev) override;

 private:
  struct Sym {
    smt::Term term;  // invalid: opaque (no expression)
    int64_t value = 0;
    bool constant = false;
    bool shared = false;  // derived from memory another thread may write
    // The value of a location at the iteration's start: its variable,
    // made when first needed (most locations read into the state are never
    // used).
    bool location = false;
    Location loc;
    unsigned width = 32;
    static Sym of(smt::Term t, int64_t value, bool constant, bool shared) {
      Sym s;
      s.term = std::move(t);
      s.value = value;
      s.constant = constant;
      s.shared = shared;
      return s;
    }
  };
  void beginIteration(state::State& s);
  Iteration finishIteration(const state::State& s);
  void observe(const state::State& s);
  std::optional<state::State> freshRead(const state::State& s);
  // The memory at a loop head as text: equal texts mean equal memories
  // (objects jhalt made renamed in the order met; the JVM's by identity,
  // with what jhalt wrote into them).
  std::string fingerprint(const state::State& s) const;
  void observeHeap(const state::State& s, const bytecode::Instruction& insn, bool loop_frame);
  bool atThrow(const state::State& s) const;                // its next instruction is athrow
  std::string stackTooDeep(const state::State& s) const;    // why the JVM's stack may overflow, or ""

  void noteWrite(const Location& l, Ref before);
  void compute(const seg::EvalLabel& label, const state::State& after);
  bool reaches(const state::State& s, Ref from, Ref to) const;
  void decide(const state::State& s, const bytecode::Instruction& insn);
  const Sym* sym(Ref r);
  smt::Term variable(const Location& l, unsigned width);
  Sym encode(const seg::Computation& c, const state::State& after);
  void abort(std::string why);
  bool preexisting(Ref obj) const;
  bool isHeap(const Location& l) const { return l.kind != Location::Kind::Local; }
  // Whether something other than the stuck thread may write `l` (see
  // LocationVar::shared).
  bool sharedLocation(const Location& l) const;
  std::string locationName(const Location& l, const state::State& s) const;

  LiveWorld& world_;
  seg::Evaluator& ev_;
  smt::Context& ctx_;
  const program::MethodInfo& method_;
  uint32_t head_;
  ConcolicOptions options_;
  std::set<uint32_t> loop_body_;  // instruction offsets of the loop
  std::map<Location, LocationVar> vars_;
  std::set<const program::MethodInfo*> executed_;
  // Per iteration:
  std::map<Ref, Sym> sym_;
  std::map<Ref, int64_t> constants_;  // the memory's constants (all iterations)
  std::map<Ref, Location> start_loc_;
  std::vector<std::pair<Location, Ref>> ref_reads_;
  std::set<Location> written_;
  std::map<Location, Ref> replaced_;  // the value a written location had before its first write
  std::set<Ref> used_;
  std::set<Ref> constant_objects_;  // objects a native gave (the thread's own)
  std::set<Ref> shared_ref_values_;  // objects read from memory something else may write
  bool touched_shared_ = false;       // some iteration read such memory (no exact repetition then)
  std::vector<smt::Term> phi_;
  Ref first_new_ = 0;
  // The evaluator labels some results that depend on inputs as constants
  // (an lcmp's outcome, a narrowing conversion of a known value, anything
  // from floats): the step's result gets its value here instead.
  enum class Pending : uint8_t { None, Opaque, Convert };
  Pending pending_ = Pending::None;
  Ref pending_operand_ = state::kNone;
  char pending_prim_ = 'I';
  std::string abort_;
  size_t array_bytes_ = 0;  // allocated by the current iteration
  bool shared_dependent_ = false;
  std::string shared_reason_;
  std::map<Location, int64_t> start_values_;
  state::State last_start_;
  int fresh_ = 0;
};

}  // namespace jhalt::looper
