// Refinements (thesis 002, §1.4): case analyses that make evaluation
// possible. Each returns the refined states; together they represent every
// concrete state the input represents (Def. 1.14).
#pragma once

#include <optional>
#include <vector>

#include "jhalt/state/state.h"

namespace jhalt::state {

// Def. 1.17: one state per non-empty part of the partition of h(r).
std::vector<State> refineInteger(const State& s, Ref r, const std::vector<Interval>& parts);

// Def. 1.18: the two states with split result true (1) and false (0).
std::vector<State> booleanSplit(const State& s);
// Split with `n` outcomes (TABLESWITCH, LCMP; thesis §1.4.1 "left as an exercise").
std::vector<State> caseSplit(const State& s, int n);

// Def. 1.19: r? is removed; in the first state r is null, in the second it
// exists. Returns {s_null, s_exists}.
std::vector<State> refineExistence(const State& s, Ref r);

// Def. 1.20: one state per non-empty type part.
std::vector<State> refineType(const State& s, Ref r, const std::vector<AbstractType>& parts);

// Def. 1.21: an object known to be an array gets a length reference [0, ∞).
State refineArrayLength(const State& s, Ref r, RefAllocator& alloc);

// Def. 1.22: materialises field `f` of the object `r`. `field_types` is the
// abstract type of the field's possible values (for reference fields; empty
// means no non-abstract type exists, so the field is null), `prim` the
// descriptor character of the field. `non_null` marks fields a library model
// guarantees to be non-null (an extension, see models/README).
// `unbounded_ints`: an int or long field holds any mathematical integer
// (mathematical semantics: the program may have stored one), else a value of
// its type. With `types`, the new value is never `=?` an object of a type
// the field cannot hold.
State realizeField(const State& s, Ref r, FieldId f, char prim, const AbstractType& field_types,
                   bool non_null, RefAllocator& alloc, bool unbounded_ints = false, TypeSystem* types = nullptr);

// Def. 1.24: for r =? r', the state where they differ and, if one exists, the
// state where they are the same object (their information intersected).
// Returns {s_different, s_equal} or {s_different}.
std::vector<State> refineEquality(const State& s, Ref r, Ref r2, TypeSystem& types);

}  // namespace jhalt::state
