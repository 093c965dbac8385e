// Shapes of the shown part of a state, and which objects may reach which
// by their types: the relations the write predicates of thesis 002, Def.
// 1.43, are decided on (internal to the seg module).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <vector>

#include "jhalt/state/state.h"
#include "jhalt/state/types.h"

namespace jhalt::seg::detail {

using state::Ref;
using state::State;

// The objects x reaches through shown fields and elements (x included).
std::set<Ref> explicitReach(const State& s, Ref x);
// ra ⇝ rb (Def. 1.42): rb is reachable from ra explicitly, possibly
// followed by one heap predicate (=? or %$).
std::set<Ref> leadsTo(const State& s, Ref ra);
// The objects ra with rp in leadsTo(ra).
std::set<Ref> leadingTo(const State& s, Ref rp);
// Whether x's shown region is not a tree (an object reached twice, or x
// reached again).
bool explicitNonTree(const State& s, Ref x);
// Whether x's shown region holds a cycle, without the edges of `without`.
bool explicitCycle(const State& s, Ref x, std::optional<state::FieldId> without = std::nullopt);
// The fields every cycle of x's shown region uses (thesis Def. 1.43 (iii):
// the fields of ρ′), or nullopt when the region has no cycle (a non-tree
// shape there is sharing, which needs `%$` but no `⟲`).
std::optional<std::vector<state::FieldId>> shownCycleFields(const State& s, Ref x);
// Whether a cycle may be reached from x, and then the fields every such
// cycle uses: Def. 1.10(n) puts `⟲F` at the last shown reference before an
// unshown cycle, so the `⟲` of x's shown region and its shown cycles tell
// (F = ∅ when an object there may be another, `=?`). nullopt: no cycle.
std::optional<std::vector<state::FieldId>> cyclesReached(const State& s, Ref x);
// The fields that cycles of both kinds use (`⟲F` of two references one
// object may reach: each of its cycles is one of theirs).
std::vector<state::FieldId> commonFields(const std::optional<std::vector<state::FieldId>>& a,
                                         const std::vector<state::FieldId>& b);

// Which classes the objects reachable from a value may have, by the
// declared types of fields and array elements (a field of type T holds
// instances of T's runtime classes, TypeSystem::runtimeClasses): a String
// or a String[] never reaches a list node. One per write; memoized.
class TypeReach {
 public:
  explicit TypeReach(state::TypeSystem& ts) : ts_(ts) {}
  // True when no path from x can reach y: y is an instance whose possible
  // classes all lie outside the classes x's types can reach. False when
  // unsure (open types such as Object or an interface, arrays as y).
  bool cannotReach(const State& s, Ref x, Ref y);
  // ra ⇝ rb restricted to paths (Def. 1.42 read as reachability, not
  // sharing): the one predicate after the shown part is followed only
  // where its first reference may reach the second.
  std::set<Ref> pathsFrom(const State& s, Ref ra);
  // Every reference field (or element) of y is shown.
  bool shownCompletely(const State& s, Ref y);
  // The fields every path from `from` to `to` uses, the paths taking shown
  // fields and elements and the hops of pathsFrom after any object (a
  // write `to.v = from` closes cycles that use them and v).
  std::vector<state::FieldId> fieldsOnAllPaths(const State& s, Ref from, Ref to);

 private:
  std::optional<std::set<state::TypeId>> closure(const state::AbstractType& a);
  std::optional<std::vector<state::TypeId>> held(std::string_view descriptor);
  std::optional<std::vector<state::TypeId>> successors(state::TypeId t);

  state::TypeSystem& ts_;
  std::map<state::TypeId, std::optional<std::vector<state::TypeId>>> successors_;
};

}  // namespace jhalt::seg::detail
