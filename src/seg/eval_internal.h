// Internals of the evaluator shared by the per-family files: the step
// context (input state, output state under construction, edge label) and
// helpers for refinements and runtime exceptions.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/program/program.h"
#include "jhalt/seg/evaluator.h"
#include "jhalt/state/refine.h"

namespace jhalt::seg::detail {

using state::Frame;
using state::HeapValue;
using state::Interval;
using state::kNone;
using state::kNull;
using state::State;

// The step being evaluated: `in` is the state, `out` its evaluation
// successor under construction, `label` the label of that edge.
struct Ctx {
  Evaluator& ev;
  const State& in;
  State out;
  EvalLabel label;
  const program::MethodInfo& method;
  const program::MethodCode& code;
  uint32_t index;  // instruction index
  const bytecode::Instruction& insn;

  Ctx(Evaluator& e, const State& s, const program::MethodInfo& m, const program::MethodCode& c, uint32_t i)
      : ev(e), in(s), out(s), method(m), code(c), index(i), insn(c.bytecode.at(i)) {
    out.split = -1;
  }

  Frame& frame() { return out.frames.front(); }
  // Operand stack: a long/double occupies two slots (value, then kNone).
  Ref pop() {
    Ref r = frame().stack.back();
    frame().stack.pop_back();
    return r;
  }
  Ref popWide() {
    frame().stack.pop_back();
    return pop();
  }
  Ref popValue(char type) { return type == 'J' || type == 'D' ? popWide() : pop(); }
  void push(Ref r) { frame().stack.push_back(r); }
  void pushWide(Ref r) {
    push(r);
    push(kNone);
  }
  void pushValue(Ref r, char type) { type == 'J' || type == 'D' ? pushWide(r) : push(r); }
  // Stack entry `k` slots below the top of the input state (0 = top).
  Ref peek(size_t k) const {
    const auto& st = in.frames.front().stack;
    return st[st.size() - 1 - k];
  }
  Ref peekValue(size_t k, char type) const { return type == 'J' || type == 'D' ? peek(k + 1) : peek(k); }

  Ref newInt(Interval iv, char prim = 'I');
  Ref newConst(int64_t v, char prim = 'I');  // also labels "r = v"
  Ref newFloat(std::optional<double> v, char prim);
  Ref newObject(state::AbstractType type);   // object, no field known

  void advance();  // to the next instruction
  void jump(uint32_t offset) { frame().pc = offset; }
  StepResult finish();  // the evaluation successor
};

StepResult refinedTo(std::vector<State> states, std::vector<Ref> refined);
// An int/long result under the evaluator's integer semantics (see evaluator.cpp).
Interval fitToType(Ctx& c, Interval result, char type);
// Records a op b in `s` as a known relation (or identifies equal values).
void recordRelation(State& s, Ref a, RelOp op, Ref b);
StepResult unsupported(std::string reason);

// Raises a runtime exception of class `cls` at the current instruction.
StepResult raise(Ctx& c, std::string_view cls);

// Arrays longer than this may make the JVM throw OutOfMemoryError (2^24
// elements: 64 MB of ints, far below a default heap).
inline constexpr int64_t kMaxArrayLength = int64_t{1} << 24;

// Makes sure `r` is a usable object reference (JVMS: throws
// NullPointerException on null). Returns a result when the step cannot go
// on (the exception, or an existence refinement), nullopt when `r` exists.
std::optional<StepResult> requireNonNull(Ctx& c, Ref r);

// An object reference whose heap value is an array with a known length;
// refines (existence, array length) as needed.
std::optional<StepResult> requireArray(Ctx& c, Ref r);

// The single array type of an array value (arrays are created with exact
// types; an abstract one is refined by the caller), e.g. "[I".
std::string arrayTypeName(Ctx& c, const HeapValue& v);

// Objects a callee may reach from `roots`: explicitly (fields, array
// elements), and through every heap predicate (=?, joins) relating one of
// them to another object - an unrepresented successor may be shared.
// Used for what an unanalysed library call (havocCall) and a recursive
// callee (context concretization) may change. Sorted.
std::vector<Ref> mayReach(const State& s, const std::vector<Ref>& roots);

// Forgets what an object shows: its fields and array elements (its type and
// array length stay).
// Before the fields of `forgotten` are forgotten: every other object whose
// shown region reaches one of them and is not a tree (an object reached
// twice, or a cycle) gets `y %$ y` and `y ⟲∅`, since the shape then lies
// partly in what the state no longer shows (thesis 002, Def. 1.10(n)).
void markHiddenShapes(state::State& s, const std::vector<state::Ref>& forgotten);

inline void forgetShown(state::HeapValue& v) {
  v.fields.clear();
  v.has_elements = false;
  v.elements.clear();
  v.elements_non_null = false;
}

// Abstract type of the values of a reference type given by descriptor or
// internal name: all its non-abstract subtypes (thesis Def. 1.22).
state::AbstractType valuesOfType(Evaluator& ev, std::string_view type_or_descriptor);
inline state::AbstractType valuesOfType(Ctx& c, std::string_view t) { return valuesOfType(c.ev, t); }
state::TypeId typeOfDescriptor(Evaluator& ev, std::string_view descriptor);

// Family handlers.
StepResult evalConstant(Ctx& c);
StepResult evalLoadConstant(Ctx& c);
StepResult evalLocal(Ctx& c);
StepResult evalStack(Ctx& c);
StepResult evalArithmetic(Ctx& c);
StepResult evalIncrement(Ctx& c);
StepResult evalConversion(Ctx& c);
StepResult evalCompare(Ctx& c);
StepResult evalBranch(Ctx& c);
StepResult evalSwitch(Ctx& c);
StepResult evalField(Ctx& c);
StepResult evalArrayLoad(Ctx& c);
StepResult evalArrayStore(Ctx& c);
StepResult evalNew(Ctx& c);
StepResult evalNewArray(Ctx& c);
StepResult evalArrayLength(Ctx& c);
StepResult evalTypeCheck(Ctx& c);
StepResult evalMonitor(Ctx& c);
StepResult evalThrow(Ctx& c);
StepResult evalInvoke(Ctx& c);
StepResult evalReturn(Ctx& c);

// Exception handling for a state whose exception component is set.
StepResult handleException(Evaluator& ev, const State& s);
// Class initialisation (JVMS §5.5) before an access to `cls`; nullopt when
// the class is initialised (or being initialised by this thread).
std::optional<StepResult> requireInitialized(Ctx& c, const program::ClassInfo& cls);
// The entry method's class is initialised before its first instruction,
// as the JVM does for the main class.
std::optional<StepResult> initializeEntryClass(Evaluator& ev, const State& s);
// Static fields of a class with their initial values (JVMS §5.4.2).
void materializeStatics(Evaluator& ev, State& s, const program::ClassInfo& cls);
// True if the class is initialised by jhalt's state (application and model
// classes); JDK classes are taken as initialised with unknown statics.
bool tracksInitialization(const program::ClassInfo& cls);

// Writes `value` into field `f` (or an array element) of `target`, adding
// the heap predicates of thesis Def. 1.43 (i)–(vii).
void addWritePredicates(State& s, Ref target, Ref value, std::optional<state::FieldId> f, bool shown_write,
                        state::TypeSystem& ts);
// Library call: unknown result, reachable objects of `args` havocked.
Ref havocCall(Ctx& c, const std::vector<Ref>& args, std::string_view return_descriptor);

}  // namespace jhalt::seg::detail
