// Recursion in symbolic execution graphs (thesis 002, Ch. 3).
//
// At a recursive invocation (a frame pushed for a method already on the
// call stack) the invoking state becomes a call state; its call stack
// abstraction (Def. 3.11) keeps only the new top frame and is marked
// `open_context`. A return state of such a frame (its bottom frame returns
// or throws) is concretized with every call state of its method (Def. 3.23).
//
// The thesis tracks side effects with input arguments (Defs. 3.2, 3.6) and
// leaves their abstraction open (§3.6: the construction does not terminate
// for a recursive list length). jhalt uses a coarser, finite abstraction of
// them: at the call state, every object the callee can reach (explicitly
// from its arguments and the static fields, or through a heap predicate
// that may share with those) is an input argument; all of them are marked
// changed when the callee's code (with everything it may call) contains a
// field or array write, and unchanged otherwise. Changed objects lose their
// fields in the concretization and may share with each other; they may be
// cyclic too unless every reference the callee stores is null or an object
// it has just constructed (such stores keep a tree a tree);
// static fields get unknown values when the callee may write them or a
// class was initialised meanwhile. The returned value keeps its abstract
// value (interval, type, nullness); an object may be any of the callee's
// reachable objects of a fitting type, or new.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>

#include "jhalt/seg/evaluator.h"
#include "jhalt/seg/label.h"
#include "jhalt/state/state.h"

namespace jhalt::seg {

// The method `after` (an evaluation successor of `before`) has just invoked,
// if it is an invoking state (one frame more, no exception); else null.
const program::MethodInfo* invoked(const state::State& before, const state::State& after);
// Is the method already on the stack below the new frame?
bool onStackBelow(const state::State& after);

// Def. 3.11: the call stack abstraction state of the call state `call`.
state::State callStackAbstraction(const state::State& call);

// What a method may change when it runs, with everything it may call.
class CalleeEffects {
 public:
  explicit CalleeEffects(program::Program& program) : program_(program) {}
  struct Writes {
    bool heap = false;     // a field or array element of an object
    bool statics = false;  // a static field
    // A reference write that may create sharing or a cycle: anything but
    // storing null or an object just constructed (`new C; dup; ...;
    // invokespecial C.<init>; putfield`) into a field.
    bool shape = false;
    // A write that may change an object that exists when the call starts:
    // any but a putfield into an object the call made (a local that only
    // ever holds new objects, or a constructor's `this` unless the
    // constructor is the method called; fresh_writes.h) - always with an
    // array store or an unknown callee.
    bool old = false;
    bool ctor_this = false;  // a putfield into a constructor's own `this` (its own or one it may run)
    // The static fields written, by name and descriptor (any owner), unless
    // `any_static` (a callee that is not known, a constant it cannot read).
    std::set<std::pair<std::string, std::string>> static_fields;
    bool any_static = false;
    bool mayWriteStatic(const std::string& name, const std::string& descriptor) const {
      return any_static || static_fields.count({name, descriptor}) > 0;
    }
    static Writes all() { return {true, true, true, true, true, {}, true}; }
  };
  Writes of(const program::MethodInfo& method);
  // A field the method sets, on every path to a normal return, on the
  // object its reference parameter in local `local` holds at entry (the
  // local is never reassigned), with a tree store (null or an object just
  // constructed); `insn` is the putfield's index. After a call that makes
  // no shape write, the field then holds null or a tree of objects the call
  // made, referenced from nowhere else.
  struct MustWrite {
    uint16_t local = 0;
    uint32_t insn = 0;
  };
  const std::vector<MustWrite>& mustWrites(const program::MethodInfo& method);
  // Can objects of types a and b share, or one reach the other, by the
  // declared types of fields and array elements? True unless both sets of
  // reachable types are closed (no interface, no java.lang.Object, every
  // subclass known: an application class or a final one) and disjoint.
  bool mayShare(state::TypeSystem& ts, const state::AbstractType& a, const state::AbstractType& b);
  // Can the method call itself (through any chain of known call targets)?
  // Every invocation of such a method is abstracted, so that the caller
  // goes on from one state per call site, not one per way of returning.
  bool recursive(const program::MethodInfo& method);

 private:
  Writes local(const program::MethodInfo& method);
  // Per instruction: for a tree store, the index of the instruction that
  // pushes the stored value (`aconst_null` or `new`), else -1.
  std::vector<int32_t> treeStores(const program::MethodInfo& method);
  const std::vector<const program::MethodInfo*>& callees(const program::MethodInfo& method);
  program::Program& program_;
  std::vector<const program::ClassInfo*> application_;
  bool application_loaded_ = false;
  std::map<const program::MethodInfo*, Writes> local_;
  std::map<const program::MethodInfo*, Writes> total_;
  std::map<const program::MethodInfo*, bool> recursive_;
  std::map<const program::MethodInfo*, std::vector<MustWrite>> must_;
  std::optional<std::set<state::TypeId>> reachTypes(state::TypeSystem& ts, const state::AbstractType& a);
  std::map<std::pair<state::TypeId, bool>, std::optional<std::set<state::TypeId>>> reach_types_;
  std::map<const program::MethodInfo*, std::vector<const program::MethodInfo*>> callees_;  // known, with code
  std::map<const program::MethodInfo*, bool> unknown_callee_;
};

// Can `end` be the end of a call made in `call`? Class initialisation only
// goes forward (No, Running, Yes), and a call stack abstraction keeps its
// call state's classes, so every return of a callee of `call` has initialised
// at least the classes `call` had.
bool mayFollow(const state::State& call, const state::State& end);

// The objects the callee of the call state `call` (its top frame, just
// pushed) may reach: from its locals and the static fields, through shown
// fields and heap predicates. Everything the callee writes that exists
// when the call starts is among them; the context concretization forgets
// their contents and keeps every other object's.
std::vector<state::Ref> calleeMayReach(const state::State& call);

struct Concretization {
  state::State state;
  EvalLabel label;  // the returned integer copied into the caller (ArithOp::Copy)
  bool heap_kept = false;  // the callee writes no field or element and initialises no class
};

// Def. 3.23 with the abstraction of input arguments described above: the
// caller's state after the invocation in `call` returned as `end` shows (a
// program end, the result of evaluating a return state of the called
// method: its result or its uncaught exception, statics and class
// initialisation).
Concretization concretize(const state::State& call, const state::State& end, Evaluator& ev, CalleeEffects& effects);

}  // namespace jhalt::seg
