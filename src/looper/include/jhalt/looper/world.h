// The memory of a running JVM as jhalt's states see it (issue 15, paper
// 004 §3.3): a thread stopped at a loop head, its frame read through the
// live agent, and the heap read on demand - an object, an array or a static
// field enters the state the first time a step is about to read it, with
// the values it has in the (stopped) JVM. jhalt's runs never write to the
// JVM; what they write stays in their states.
//
// What JVM objects are: instances keep every field of their class as the
// JVM has them (checked against the class jhalt reads, model classes
// included); a java.lang.String becomes the model's String (its UTF-16
// code units as the model's char[]). String literals get objects of their
// own (`ghost` objects: the JVM's interned instances are not known to
// jhalt, so comparing a literal's identity with a JVM String stops the run).
//
// The native methods whose effect the JVM's memory decides are evaluated
// here: identity hash codes (the agent asks the JVM), System.arraycopy,
// Thread.currentThread and Object.getClass (the JVM's Class objects), and
// Integer.valueOf as JDK 17 (the JVM's cached boxes). Every other native method is the evaluator's unanalysed library
// call, which no concolic run follows.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jhalt/live/connection.h"
#include "jhalt/program/program.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/state/state.h"

namespace jhalt::looper {

using state::Ref;

// A location of the memory at the loop head (paper 004 §3.1, X ⊔ (F × O),
// with array elements and static fields): a local variable of the loop's
// frame, a field of an object, an element of an array, a static field.
// Objects are named by their reference, which stays the same for the whole
// of a run.
struct Location {
  enum class Kind : uint8_t { Local, Field, Element, Static };
  Kind kind = Kind::Local;
  Ref object = state::kNone;  // Field, Element
  uint32_t index = 0;         // Local: slot; Element: index
  state::FieldId field = 0;   // Field, Static
  auto operator<=>(const Location&) const = default;
};

// What the memory tells the concolic run about steps it evaluates itself
// and about values it adds to states (see concolic.h).
class Observer {
 public:
  virtual ~Observer() = default;
  // An integer location entered the state with value `value` (a fresh
  // reference holding `concrete`, of type `prim`: what the JVM has there).
  virtual void entered(const Location& l, Ref value, int64_t concrete, char prim) = 0;
  // An integer reference that holds a constant (String contents, lengths).
  virtual void constant(Ref value, int64_t concrete) = 0;
  // A native method's effects.
  virtual void read(const Location& l, Ref value) = 0;
  virtual void write(const Location& l) = 0;
  virtual void use(Ref object) = 0;
  virtual void concretize(Ref integer) = 0;
  // An object a native method gave that does not depend on the memory.
  virtual void constantObject(Ref object) = 0;
};

class LiveWorld final : public seg::ExternalMemory {
 public:
  LiveWorld(live::Connection& jvm, uint64_t thread, program::Program& program, state::TypeSystem& types);

  // The state of frame `depth` of the (suspended) thread, stopped at `pc` of
  // `method` with an empty operand stack: its live locals read from the JVM.
  // Throws Unsupported when the frame cannot be read.
  state::State frameState(seg::Evaluator& ev, const program::MethodInfo& method, uint32_t pc, uint32_t depth);

  std::optional<state::State> prepare(const state::State& s, seg::Evaluator& ev) override;
  std::optional<seg::StepResult> evaluate(const state::State& s, seg::Evaluator& ev) override;

  void setObserver(Observer* o) { observer_ = o; }
  // "" when the JVM runs the bytecode jhalt read for each of `methods`
  // (model classes excepted: they are jhalt's by design), else why not.
  std::string verifyCode(const std::set<const program::MethodInfo*>& methods);
  // Why the memory could not give a step what it needs ("" while it could).
  const std::string& failure() const { return failure_; }
  void clearFailure() { failure_.clear(); }

  // Objects: JVM objects (read from the JVM), and ghosts (made here).
  bool isWorldObject(Ref r) const { return handles_.count(r) > 0 || ghosts_.count(r) > 0 || derived_.count(r) > 0; }
  bool isGhost(Ref r) const { return ghosts_.count(r) > 0; }
  std::optional<uint64_t> handleOf(Ref r) const;
  // Immutable contents (Strings, their char arrays): reads are constants.
  bool isImmutable(Ref r) const { return immutable_.count(r) > 0; }
  // `Node#12` for reports: the class's simple name and a number per object.
  std::string describe(Ref r, const state::State& s) const;
  // The value a location had in the JVM when jhalt read it (the memory at
  // the loop head, before any step of jhalt's); nullopt if never read.
  std::optional<int64_t> originalInt(const Location& l) const;
  std::optional<Ref> originalRef(const Location& l) const;
  // The JVM thread's object, and requests made so far.
  live::Connection& jvm() { return jvm_; }
  uint64_t thread() const { return thread_; }

 private:
  Ref objectRef(const live::Value& v, seg::Evaluator& ev, state::State& s);
  Ref valueRef(const live::Value& v, char prim, const Location& where, seg::Evaluator& ev, state::State& s);
  bool materialize(Ref obj, seg::Evaluator& ev, state::State& s);
  bool materializeString(Ref obj, uint64_t handle, seg::Evaluator& ev, state::State& s);
  Ref constantChars(const std::u16string& text, seg::Evaluator& ev, state::State& s);
  bool materializeArray(Ref obj, uint64_t handle, seg::Evaluator& ev, state::State& s);
  bool materializeBuilder(Ref obj, uint64_t handle, seg::Evaluator& ev, state::State& s);
  bool ensureStatic(state::FieldId f, const program::ClassInfo& owner, seg::Evaluator& ev, state::State& s);
  bool ensureInitialized(const program::ClassInfo& cls, state::State& s, seg::Evaluator& ev);
  bool ensureLiteral(const std::string& text, seg::Evaluator& ev, state::State& s);
  bool prepareInstruction(const state::State& view, const std::function<state::State&()>& edit, seg::Evaluator& ev);
  bool isMaterialized(Ref obj, const state::State& s);
  bool initializedHere(const program::ClassInfo& cls, const state::State& s);
  void pin(state::State& s, Ref r);
  bool fail(std::string why);

  live::Connection& jvm_;
  uint64_t thread_;
  program::Program& program_;
  state::TypeSystem& types_;
  Observer* observer_ = nullptr;
  std::string failure_;
  std::map<uint64_t, Ref> refs_;      // JVM handle -> reference
  std::map<Ref, uint64_t> handles_;   // reference -> JVM handle
  std::set<Ref> ghosts_;
  std::set<Ref> derived_;  // objects standing for a JVM object's memory (a StringBuilder's chars)
  std::set<Ref> immutable_;
  std::set<Ref> materialized_;
  std::map<Location, int64_t> original_ints_;
  std::map<Location, Ref> original_refs_;
  std::set<std::string> verified_;  // methods whose bytecode the JVM's matched
  std::map<std::string, uint32_t> class_status_;  // JVM class status by internal name
  bool class_status_loaded_ = false;
  mutable std::map<Ref, int> numbers_;  // for describe()
  std::map<Ref, state::TypeId> types_of_;  // JVM objects' classes
  size_t edits_ = 0;                    // changes made by the current prepare()
  bool edit_made_ = false;              // the current prepare() copied the state
  std::map<state::TypeId, size_t> field_counts_;
  std::optional<seg::StepResult> native(const state::State& s, seg::Evaluator& ev, const program::MethodInfo& m);
  std::optional<seg::StepResult> arraycopy(const state::State& s, seg::Evaluator& ev);
  std::optional<seg::StepResult> integerValueOf(const state::State& s, seg::Evaluator& ev);
  struct IntegerCache {
    int64_t low, high;
    uint64_t array;
  };
  std::optional<IntegerCache> integer_cache_;
};

// The frames whose methods the JVM runs natively and jhalt evaluates here.
bool isWorldNative(std::string_view cls, std::string_view name, std::string_view descriptor);

}  // namespace jhalt::looper
