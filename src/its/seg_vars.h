// Variables and facts of one node of a symbolic execution graph for its
// ITS (from_seg.h): the integers, the sizes of finite object structures
// (weighted unfoldings) and unshown int fields of a state. Internal to the
// its module.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "jhalt/its/its.h"
#include "jhalt/program/program.h"
#include "jhalt/state/state.h"
#include "jhalt/state/types.h"

namespace jhalt::its::segvars {

using clp::LinCon;
using clp::LinExpr;
using state::Ref;

// The variables of one node: its integers and the sizes of its finite
// object structures, with the facts its state states about them.
struct NodeVars {
  std::vector<Ref> refs;
  std::vector<VarKind> kinds;
  std::vector<std::string> names;
  std::map<Ref, Var> index;
  std::vector<LinCon> facts;  // over variables 0 .. refs.size()-1
  // Int fields the state does not show, of objects that may have them: the
  // field's current value (any value when the reference is null).
  std::map<std::pair<Ref, state::FieldId>, Var> unshown;
  std::optional<Var> field(Ref r, state::FieldId f) const {
    auto it = unshown.find({r, f});
    if (it == unshown.end()) return std::nullopt;
    return it->second;
  }
  // Distances of the definite-reachability predicates (state/reach.h):
  // the number of f-steps from `from` to the first `to` (0 when `from` is
  // null). Size variables (>= 0) whose `refs` entry is kNone.
  std::map<state::Reach, Var> dists;
  std::optional<Var> dist(const state::Reach& r) const {
    auto it = dists.find(r);
    if (it == dists.end()) return std::nullopt;
    return it->second;
  }
  std::optional<Var> var(Ref r, bool size) const {
    auto it = index.find(r);
    if (it == index.end() || (kinds[it->second] == VarKind::Size) != size) return std::nullopt;
    return it->second;
  }
};

bool intPrim(char p);
// Int fields of objects (JVMS §4.3.2: I Z B C S J).
bool intField(const state::FieldInfo& fi);
// `pkg.C.m(int, Node) at C.java:12 (pc 7)` for readable proofs.
std::string javaPlace(const program::MethodInfo& m, uint32_t pc);
// The references and array elements an object shows.
std::vector<Ref> children(const state::HeapValue& v);
// The variables of a node (sizes weighted by `weights`; `exact_sizes`:
// `=` for completely shown objects).
NodeVars nodeVars(const state::State& s, state::TypeSystem& ts, const std::set<state::FieldId>& fields,
                  bool exact_sizes, const std::map<state::FieldId, int64_t>& weights);
// The distance variables of a node's Reach predicates and their facts
// (seg_reach.cpp): >= 1 when the path needs a step, and one step more than
// from the shown successor.
void addDistances(const state::State& s, NodeVars& nv, const std::map<Ref, std::string>& names, state::TypeSystem& ts);
// The distance of `from ⇝f to` (a cycle when `cycle`) in node state `s`,
// over its variables: a predicate's variable, or shown steps to `to` or to
// an object with a predicate.
std::optional<LinExpr> distanceIn(const state::State& s, const NodeVars& nv, Ref from, Ref to, state::FieldId f, bool cycle);

// A putfield of a reference field: the field and the object and value.
struct FieldWrite {
  std::string name, descriptor;  // empty: the step writes no reference field
  Ref object = state::kNone, value = state::kNone;
};
// The reference-field write of the step from `from` (FieldWrite{} when it
// writes none).
std::optional<FieldWrite> fieldWrite(const state::State& from);

// Whether `r`'s shown region is a plain tree: no object in it reached twice
// or back to r, none with `%$`-self or `⟲`.
bool plainTree(const state::State& s, Ref r);

// How `r`'s unfolding may reach `o`, when r's shown region is a plain tree
// (`plain`): along its shown fields (`shown`: at most once in a plain tree)
// and through each object of the region with a `%$` or `=?` predicate
// (`related` of them: an unshown field may reach o there, Def. 1.10(n); a
// tree reaches an object at most once). The unfolding holds o at most
// `shown + related` times.
struct PathsTo {
  bool plain = false;
  bool shown = false;
  size_t related = 0;
};
PathsTo pathsTo(const state::State& s, Ref r, Ref o);

// The references of `s` whose structure may reach (through shown fields,
// `%$` or `=?`) one of `targets`, the targets included.
std::set<Ref> reachingAny(const state::State& s, std::vector<Ref> targets);

// The objects of `may_write` that r's shown region reaches first (along a
// path without another of them), when that region is a plain tree whose
// objects outside them carry no `%$` or `=?` (Def. 1.10(n): no unshown
// field of it reaches them again) and r is not one of them: a call that
// writes only objects of `may_write` changes r's unfolding only inside
// theirs, each counted once. nullopt otherwise.
std::optional<std::vector<Ref>> changedParts(const state::State& s, Ref r, const std::set<Ref>& may_write);

}  // namespace jhalt::its::segvars
