// Definite reachability (the Reach predicate of state.h): what a state
// entails, the step rule, and which predicates a field write keeps. The
// design is in docs/design/termination.md §9 ("Cyclic data").
#pragma once

#include <set>
#include <vector>

#include "jhalt/state/state.h"

namespace jhalt::state {

// Surely an object (never null); surely different objects (different
// references without `=?`, Def. 1.10(k), not both possibly null).
bool surelyObject(const State& s, Ref r);
bool surelyDistinct(const State& s, Ref a, Ref b);

// The references `to` with s ⊨ from ⇝f to (`from` itself when it lies on
// a cycle): reached through
// f-fields the state shows and Reach predicates, going on only from
// objects that surely exist (a path ends at null).
std::set<Ref> reachedAlong(const State& s, Ref from, FieldId f);

// Fields worth a Reach predicate in a merge of `a` and `b`: those of their
// predicates and those of explicit chains (an object showing f to an object
// that shows f).
std::set<FieldId> reachFields(const State& a, const State& b);

// The step rule: from ⇝f to with a first step (from and to surely
// different, or from == to) and from.f = z shown give z ⇝f to. Applied
// until nothing changes.
void saturateReaches(State& s);

// Before the objects `dead` are collected: p ⇝f x and x ⇝f z (shown or a
// predicate) for a dead x give p ⇝f z, so what they knew is kept (p ⇝f p,
// a cycle, when x is surely not p).
void reachAcrossDead(State& s, const std::set<Ref>& dead);

// Whether the shown f-fields contradict a predicate a ⇝f b (a surely
// not b, or a cycle): the path from a returns to an object already passed
// or ends at null without meeting b, through objects surely not b. Such a
// state has no concrete instance.
bool reachContradiction(const State& s);

// What the write o.f := v does to r (r.field == f), decided in the state
// before the write.
enum class WriteEffect : uint8_t {
  Unchanged,  // r's path does not pass o: the path and its length stay
  Reaches,    // the path now goes through v, which reaches r.to without o
  Broken,     // the predicate must go
};
WriteEffect afterWrite(const State& before, const Reach& r, Ref o, Ref v);

// Drops the predicates the write o.f := v breaks; `s` is the state before
// the write (its heap not yet changed).
void keepReachesAcrossWrite(State& s, Ref o, FieldId f, Ref v);

}  // namespace jhalt::state
