// Abstract states (thesis 002, Def. 1.1) with heap predicates (Def. 1.3).
//
//   States = CallStack × Heap × Types × HeapPredicates × StaticFields ×
//            Exception × InitializedClasses × SplitResults
//
// Every local variable, operand-stack entry, field and static field holds a
// reference; integers and floats live on the heap like objects, so that the
// same reference at two positions means the same value (Def. 1.10(k)).
// References are single-static-assignment within one graph: a fresh one is
// created for every new value, so edge labels can name values.
// States are plain values; the graph shares them through shared_ptr<const>.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "jhalt/state/interval.h"
#include "jhalt/state/types.h"

namespace jhalt::program {
class MethodInfo;
}

namespace jhalt::state {

using Ref = uint32_t;
inline constexpr Ref kNull = 0;
// An unused local variable, the second slot of a long/double, or "no
// exception" (⊥).
inline constexpr Ref kNone = 0xFFFFFFFFu;

// Heap values (Def. 1.1: Instances ∪ Arrays ∪ Integers ∪ Floats). An object
// whose field map is empty and whose type may be an array is the thesis'
// "instance with dom(f) = ∅": nothing but its type is known.
struct HeapValue {
  enum class Kind : uint8_t { Integer, Float, Instance, Array };
  Kind kind = Kind::Integer;
  char prim = 'I';                 // Integer: I J S B C Z; Float: F D
  Interval interval;               // Integer
  std::optional<double> literal;   // Float: nullopt is ⊥ (any value)
  AbstractType type;               // Instance, Array
  std::vector<std::pair<FieldId, Ref>> fields;  // Instance, sorted by FieldId
  Ref length = kNull;              // Array: reference to an Integer
  bool has_elements = false;       // Array: contents known (literal length)
  std::vector<Ref> elements;       // Array: one per index if has_elements
  // Extension for entry states: every element is a non-null object (the
  // JVM guarantees this for the String[] of main). Reading an element then
  // yields an existing object.
  bool elements_non_null = false;

  bool isObject() const { return kind == Kind::Instance || kind == Kind::Array; }
  Ref field(FieldId f) const;  // kNone if not represented
  void setField(FieldId f, Ref r);

  static HeapValue integer(Interval iv, char prim = 'I');
  static HeapValue floating(std::optional<double> v, char prim = 'D');
  static HeapValue object(AbstractType t);  // no fields known

  bool operator==(const HeapValue&) const = default;
};

// A value shared copy-on-write between states: copying a state (at every
// evaluation step) copies pointers, and only values that change are cloned.
template <class T>
class Cow {
 public:
  Cow() : p_(std::make_shared<T>()) {}
  explicit Cow(T v) : p_(std::make_shared<T>(std::move(v))) {}
  const T& operator*() const { return *p_; }
  const T* operator->() const { return p_.get(); }
  T& mutate() {
    if (p_.use_count() > 1) p_ = std::make_shared<T>(*p_);
    return *p_;
  }
  bool operator==(const Cow& o) const { return p_ == o.p_ || *p_ == *o.p_; }

 private:
  std::shared_ptr<T> p_;
};

enum class InitStatus : uint8_t { No, Running, Yes };

struct Frame {
  const program::MethodInfo* method = nullptr;
  uint32_t pc = 0;                // offset of the next instruction
  std::vector<Ref> locals;        // one per slot; long/double: value, then kNone
  std::vector<Ref> stack;         // bottom first; long/double: value, then kNone
  bool operator==(const Frame&) const = default;
};

// Definite reachability, an extension of the thesis' predicates for
// cyclic data (after Brockschmidt, Musiol, Otto, Giesl, CAV 2012): `from ⇝f
// to` says that if `from` is not null, following field f from it reaches
// the value of `to` (through non-null objects), in at least one step when
// from == to (from lies on an f-cycle); `to` null: the f-path from `from`
// ends (an acyclic list, whatever cycles other fields close). One field makes the path
// deterministic, so the number of steps to the first `to` (the distance,
// state/reach.h) is a measure of a loop that walks it. A must-fact: a state
// may always forget one, never keep one a write breaks.
struct Reach {
  Ref from;
  Ref to;
  FieldId field;
  auto operator<=>(const Reach&) const = default;
};

// Heap predicates (Def. 1.3). Pairs are normalized (first <= second) and
// kept sorted and unique.
struct HeapPredicates {
  std::vector<std::pair<Ref, Ref>> maybe_equal;            // r =? r' (r != r')
  std::vector<std::pair<Ref, Ref>> joins;                  // r %$ r'
  std::vector<std::pair<Ref, std::vector<FieldId>>> cyclic;  // r ⟲F, F sorted
  std::vector<Ref> maybe_existing;                         // r?
  std::vector<Reach> reaches;                              // a ⇝f b (state/reach.h), sorted
  bool operator==(const HeapPredicates&) const = default;
};

// A known relation a < b (strict) or a <= b between two integer references.
// An extension of the thesis' states (which relate integers only through
// intervals): conditions decided by a split are remembered, so that e.g. an
// array access guarded by `i < a.length` is not split again. Kept sound by
// merge (only relations both states satisfy) and the instance check (every
// relation of the abstract state must hold in the instance).
struct IntRelation {
  Ref a;
  Ref b;
  bool strict;
  auto operator<=>(const IntRelation&) const = default;
};

class State {
 public:
  std::vector<Frame> frames;  // frames[0] is the topmost (current) frame
  std::vector<std::pair<Ref, Cow<HeapValue>>> heap;  // sorted by Ref
  HeapPredicates preds;
  std::vector<IntRelation> relations;            // sorted, unique
  std::vector<std::pair<FieldId, Ref>> statics;  // sorted by FieldId
  Ref exception = kNone;                         // kNone: ⊥
  std::vector<std::pair<TypeId, InitStatus>> init;  // sorted; absent: see initStatus
  int8_t split = -1;  // split result (Def. 1.18): -1 none, else the case taken
  // Thesis 002, Def. 3.11: a call stack abstraction state. The bottom frame
  // was called from a recursive call site whose frames are not represented;
  // when it returns, evaluation goes on at the call states of the graph
  // (context concretization, Def. 3.23), not at a program end. Part of the
  // shape: only states with the same flag are merged or instances.
  bool open_context = false;
  // Concrete runs only: the JVM's string pool (JLS §3.10.5), the String
  // object of each literal text loaded so far, sorted by the interned
  // pseudo field of its text. Equal literals are one object, distinct from
  // every string made at run time. Not part of abstract states: merge and
  // the instance check ignore it (an abstract ldc makes a string that may
  // equal any other, which covers the pool).
  std::vector<std::pair<FieldId, Ref>> string_pool;
  // Live JVMs only (issue 15): objects of the running JVM that jhalt has
  // read, kept as roots. The JVM may reach them through memory the state
  // does not show, so collecting them would forget what jhalt wrote into
  // them. Sorted, unique; not part of abstract states.
  std::vector<Ref> pinned;
  // At a program end (empty call stack): the value the entry method
  // returned, kNone for void or an exception. Not part of the thesis' states;
  // kept for reports and for checking results against the JVM.
  Ref result = kNone;

  // --- heap ---
  const HeapValue* find(Ref r) const;
  HeapValue* findMutable(Ref r);
  const HeapValue& at(Ref r) const;  // asserts presence
  HeapValue& atMutable(Ref r);
  void put(Ref r, HeapValue v);
  void erase(Ref r);
  bool isInteger(Ref r) const;
  Interval intervalOf(Ref r) const;  // asserts an Integer

  // --- predicates ---
  bool maybeExisting(Ref r) const;
  void setMaybeExisting(Ref r, bool on);
  bool maybeEqual(Ref a, Ref b) const;
  void addMaybeEqual(Ref a, Ref b);
  void removeMaybeEqual(Ref a, Ref b);
  bool joins(Ref a, Ref b) const;
  void addJoins(Ref a, Ref b);
  void removeJoins(Ref a, Ref b);
  const std::vector<FieldId>* cyclic(Ref r) const;
  // Adds r ⟲F; with an existing r ⟲F' the result is r ⟲(F ∩ F') (Def. 1.43).
  void addCyclic(Ref r, std::vector<FieldId> fields);
  // References r' with r =? r'.
  std::vector<Ref> maybeEqualTo(Ref r) const;
  bool reaches(Ref from, Ref to, FieldId f) const;  // the predicate itself (state/reach.h decides entailment)
  void addReach(Ref from, Ref to, FieldId f);       // ignored for a null `from`

  // --- integer relations ---
  void addRelation(Ref a, Ref b, bool strict);
  // a < b (strict) or a <= b, from a known relation or the intervals.
  bool holds(Ref a, Ref b, bool strict) const;

  // --- static fields, classes ---
  Ref staticField(FieldId f) const;  // kNone if absent
  void setStatic(FieldId f, Ref r);
  InitStatus initStatus(TypeId cls) const;  // absent: No
  void setInit(TypeId cls, InitStatus s);

  // --- frames ---
  Frame& top() { return frames.front(); }
  const Frame& top() const { return frames.front(); }
  bool finished() const { return frames.empty(); }  // a program end

  // Replaces every occurrence of `from` by `to` (Def. 1.15) in frames,
  // fields, array contents, statics, the exception and the predicates.
  void replace(Ref from, Ref to);
  // All references occurring in frames, statics and the exception.
  std::vector<Ref> roots() const;
  // Removes heap entries and predicates of references no longer reachable.
  void collectGarbage();
  // Consistency check for debugging: every reference used has a heap value,
  // predicates relate objects. Returns a description of the first problem.
  std::string validate() const;
  // Largest reference used (for choosing fresh ones).
  Ref maxRef() const;

  bool operator==(const State&) const = default;
};

// Allocates fresh references for one graph (single static assignment).
class RefAllocator {
 public:
  explicit RefAllocator(Ref first = 1) : next_(first) {}
  Ref fresh() { return next_++; }
  Ref peek() const { return next_; }

 private:
  Ref next_;
};

}  // namespace jhalt::state
