// Merge and instance check. The thesis computes the heap predicates of the
// merged state with state positions (Alg. 8–14), using the finite set Ω of
// positions with at most one cycle traversal (Alg. 15). Here the same facts
// are computed on pairs of references instead of positions:
//   realized(s, s3) relates each reference x of s to the references of s3
//   at the maximal realized prefixes of the positions of x (RealizedPositions),
//   with a flag telling whether that position is fully realized in s3.
// This relation is the least fixpoint of following equal steps in both
// states, so it is finite even for cyclic heaps.
#include "jhalt/state/merge.h"

#include <algorithm>
#include <map>
#include <set>

#include "jhalt/state/reach.h"
#include "jhalt/util/error.h"

namespace jhalt::state {
namespace {

using Kind = HeapValue::Kind;

// A step from an object to a successor: a field, an array index or `len`.
struct Step {
  enum Tag : uint8_t { Field, Index, Len } tag;
  uint32_t id;
  bool operator<(const Step& o) const { return tag != o.tag ? tag < o.tag : id < o.id; }
  bool operator==(const Step& o) const = default;
};

std::vector<std::pair<Step, Ref>> successors(const State& s, Ref r) {
  std::vector<std::pair<Step, Ref>> out;
  if (r == kNull || r == kNone) return out;
  const HeapValue* v = s.find(r);
  if (v == nullptr) return out;
  for (const auto& [f, x] : v->fields) out.push_back({Step{Step::Field, f}, x});
  if (v->kind == Kind::Array) {
    out.push_back({Step{Step::Len, 0}, v->length});
    for (size_t i = 0; i < v->elements.size(); ++i) out.push_back({Step{Step::Index, uint32_t(i)}, v->elements[i]});
  }
  return out;
}

Ref successor(const State& s, Ref r, const Step& step) {
  if (r == kNull || r == kNone) return kNone;
  const HeapValue* v = s.find(r);
  if (v == nullptr) return kNone;
  switch (step.tag) {
    case Step::Field: return v->field(step.id);
    case Step::Len: return v->kind == Kind::Array ? v->length : kNone;
    case Step::Index:
      return v->kind == Kind::Array && step.id < v->elements.size() ? v->elements[step.id] : kNone;
  }
  return kNone;
}

bool isObjectRef(const State& s, Ref r) {
  if (r == kNull || r == kNone) return false;
  const HeapValue* v = s.find(r);
  return v != nullptr && v->isObject();
}

// The root references of a state in a fixed order (positions LV, OS, SF,
// EXC). Two states of the same shape have roots that correspond one to one.
std::vector<Ref> rootList(const State& s) {
  std::vector<Ref> out;
  for (const Frame& f : s.frames) {
    out.insert(out.end(), f.locals.begin(), f.locals.end());
    out.insert(out.end(), f.stack.begin(), f.stack.end());
  }
  for (const auto& st : s.statics) out.push_back(st.second);
  out.push_back(s.exception);
  return out;
}

// --- Reachability facts of one state ------------------------------------

// Object references reachable by more than one position (Alg. 13,
// ReferencesWithMultiplePositions): two incoming connections, or a
// predecessor that has several positions (which includes cycles).
std::set<Ref> multiplyReached(const State& s) {
  std::map<Ref, int> indegree;
  std::vector<Ref> order;
  for (Ref r : rootList(s))
    if (isObjectRef(s, r)) ++indegree[r];
  std::set<Ref> seen;
  std::vector<Ref> work;
  for (Ref r : rootList(s))
    if (isObjectRef(s, r)) work.push_back(r);
  while (!work.empty()) {
    Ref r = work.back();
    work.pop_back();
    if (!seen.insert(r).second) continue;
    order.push_back(r);
    for (const auto& [step, x] : successors(s, r))
      if (isObjectRef(s, x)) {
        ++indegree[x];
        work.push_back(x);
      }
  }
  std::set<Ref> multi;
  for (const auto& [r, d] : indegree)
    if (d >= 2) multi.insert(r);
  bool changed = true;
  while (changed) {
    changed = false;
    for (Ref r : order) {
      if (!multi.count(r)) continue;
      for (const auto& [step, x] : successors(s, r))
        if (isObjectRef(s, x) && multi.insert(x).second) changed = true;
    }
  }
  return multi;
}

// Objects reachable from `r` (including r).
std::set<Ref> reachableFrom(const State& s, Ref r) {
  std::set<Ref> seen;
  std::vector<Ref> work{r};
  while (!work.empty()) {
    Ref x = work.back();
    work.pop_back();
    if (!isObjectRef(s, x) || !seen.insert(x).second) continue;
    for (const auto& [step, y] : successors(s, x)) work.push_back(y);
  }
  return seen;
}

// True if the objects reachable from `a` (a excluded) do not form a tree
// below `a`: some object is reached twice or `a` is reached again.
bool nonTreeBelow(const State& s, Ref a) {
  std::map<Ref, int> indeg;
  std::set<Ref> seen;
  std::vector<Ref> work{a};
  while (!work.empty()) {
    Ref x = work.back();
    work.pop_back();
    if (!seen.insert(x).second) continue;
    for (const auto& [step, y] : successors(s, x))
      if (isObjectRef(s, y)) {
        if (++indeg[y] >= 2 || y == a) return true;
        work.push_back(y);
      }
  }
  return false;
}

// Fields that every cycle from `a` back to `a` must use (for ⟲F, Def.
// 1.10(n): F ⊆ τ for each cycle τ). Returns nullopt if there is no cycle.
std::optional<std::vector<FieldId>> fieldsOnAllCycles(const State& s, Ref a) {
  auto cycles = [&](std::optional<FieldId> without) {
    std::set<Ref> seen;
    std::vector<Ref> work;
    for (const auto& [step, y] : successors(s, a))
      if (!(without && step.tag == Step::Field && step.id == *without)) work.push_back(y);
    while (!work.empty()) {
      Ref x = work.back();
      work.pop_back();
      if (x == a) return true;
      if (!isObjectRef(s, x) || !seen.insert(x).second) continue;
      for (const auto& [step, y] : successors(s, x))
        if (!(without && step.tag == Step::Field && step.id == *without)) work.push_back(y);
    }
    return false;
  };
  if (!cycles(std::nullopt)) return std::nullopt;
  std::set<FieldId> candidates;
  for (Ref x : reachableFrom(s, a))
    for (const auto& [step, y] : successors(s, x))
      if (step.tag == Step::Field) candidates.insert(step.id);
  std::vector<FieldId> out;
  for (FieldId f : candidates)
    if (!cycles(f)) out.push_back(f);
  return out;
}

// The objects of a's region that lie on a path from `a` to a shared object
// (reached twice from `a`, or `a` reached again), those included.
std::set<Ref> onPathsToSharing(const State& s, Ref a) {
  std::set<Ref> region = reachableFrom(s, a);
  std::map<Ref, int> indeg;
  std::map<Ref, std::vector<Ref>> parents;
  for (Ref x : region)
    for (const auto& [step, y] : successors(s, x))
      if (region.count(y)) ++indeg[y], parents[y].push_back(x);
  std::vector<Ref> work;
  for (const auto& [y, d] : indeg)
    if (d >= 2 || y == a) work.push_back(y);
  std::set<Ref> out;
  while (!work.empty()) {
    Ref y = work.back();
    work.pop_back();
    if (!out.insert(y).second) continue;
    for (Ref p : parents[y]) work.push_back(p);
  }
  return out;
}

// --- The merge ------------------------------------------------------------

class Merger {
 public:
  Merger(const State& s1, const State& s2, TypeSystem& types, RefAllocator* alloc, const MergeOptions& options)
      : s1_(s1), s2_(s2), types_(types), alloc_(alloc), options_(options) {}

  // In check mode (alloc == nullptr) the result reuses the names of s2 and
  // `failed_` is set as soon as s1 has information s2 does not represent.
  bool checking() const { return alloc_ == nullptr; }
  bool failed() const { return failed_; }

  State run() {
    State& s3 = s3_;
    s3.init = s1_.init;
    s3.split = -1;
    s3.open_context = s1_.open_context;
    s3.frames.resize(s1_.frames.size());
    for (size_t i = 0; i < s1_.frames.size(); ++i) {
      const Frame& f1 = s1_.frames[i];
      const Frame& f2 = s2_.frames[i];
      Frame& f3 = s3.frames[i];
      f3.method = f1.method;
      f3.pc = f1.pc;
      f3.locals.resize(f1.locals.size());
      for (size_t j = 0; j < f1.locals.size(); ++j) f3.locals[j] = mergeRefs(f1.locals[j], f2.locals[j]);
      f3.stack.resize(f1.stack.size());
      for (size_t j = 0; j < f1.stack.size(); ++j) f3.stack[j] = mergeRefs(f1.stack[j], f2.stack[j]);
    }
    // Static fields: the states hold the static fields of exactly the
    // initialized classes, and equal shapes have equal initialization status.
    JHALT_ASSERT(s1_.statics.size() == s2_.statics.size(), "static fields differ for equal shapes");
    for (size_t k = 0; k < s1_.statics.size(); ++k) {
      JHALT_ASSERT(s1_.statics[k].first == s2_.statics[k].first, "static fields differ for equal shapes");
      s3.setStatic(s1_.statics[k].first, mergeRefs(s1_.statics[k].second, s2_.statics[k].second));
    }
    if (s1_.exception != kNone) s3.exception = mergeRefs(s1_.exception, s2_.exception);
    if (failed_) return s3;
    addPredicates();
    return std::move(s3_);
  }

  std::vector<std::pair<std::pair<Ref, Ref>, Ref>> mergedPairs() const {
    return {merged_.begin(), merged_.end()};
  }

 private:
  Ref fresh(Ref r2) { return checking() ? r2 : alloc_->fresh(); }

  // Alg. 4 MergeReferences.
  Ref mergeRefs(Ref r1, Ref r2) {
    if (r1 == kNone || r2 == kNone) {
      // An unused (dead) slot in either state is unused in the result; in
      // check mode s1 must not lack a value that s2 has.
      if (checking() && r1 == kNone && r2 != kNone) failed_ = true;
      return kNone;
    }
    if (auto it = merged_.find({r1, r2}); it != merged_.end()) return it->second;
    if (r1 == kNull && r2 == kNull) return kNull;
    const HeapValue* v1 = s1_.find(r1);
    const HeapValue* v2 = s2_.find(r2);
    if ((v1 && !v1->isObject()) || (v2 && !v2->isObject())) return mergePrimitive(r1, r2, *v1, *v2);
    if (r1 == kNull || r2 == kNull) return mergeNull(r1, r2);
    Ref r3 = fresh(r2);
    merged_.emplace(std::pair{r1, r2}, r3);
    // Each object of either state is realized in the result at most once.
    // Without this bound, cyclic structures of different lengths merge into
    // their product (the pairs (r1, r2) of Alg. 4 multiply). Further pairs
    // become objects without field information; Alg. 12-14 then add the
    // heap predicates for the positions that are not realized, so the result
    // stays an abstraction of both states (less realized = more abstract,
    // Def. 1.10(i)). The instance check (check mode) compares everything.
    if (!checking() && (!used1_.insert(r1).second | !used2_.insert(r2).second)) {
      HeapValue out;
      out.kind = Kind::Instance;
      mergeTypes(out, *v1, *v2);
      s3_.put(r3, std::move(out));
      return r3;
    }
    if (v1->kind == Kind::Array || v2->kind == Kind::Array)
      mergeArrays(r3, *v1, *v2);
    else
      mergeInstances(r3, *v1, *v2);
    return r3;
  }

  Ref mergePrimitive(Ref r1, Ref r2, const HeapValue& v1, const HeapValue& v2) {
    Ref r3 = fresh(r2);
    merged_.emplace(std::pair{r1, r2}, r3);
    HeapValue v = v2;
    if (v1.kind == Kind::Integer && v2.kind == Kind::Integer) {
      if (checking()) {
        if (!v1.interval.subsetOf(v2.interval)) failed_ = true;
      } else {
        v.interval = options_.widen ? v2.interval.widen(v1.interval).hull(v1.interval)
                                    : v1.interval.hull(v2.interval);
        // Widening may push a bound past the type's range; values of both
        // inputs lie within it, so the result may too.
        Interval range = Interval::ofType(v.prim);
        if (options_.within_type_range && v1.interval.subsetOf(range) && v2.interval.subsetOf(range))
          if (auto m = v.interval.meet(range)) v.interval = *m;
      }
    } else if (v1.kind == Kind::Float && v2.kind == Kind::Float) {
      if (v1.literal != v2.literal) {
        if (checking() && v2.literal) failed_ = true;
        v.literal.reset();
      }
    } else {
      failed_ = true;  // cannot happen for verified code at equal positions
      JHALT_ASSERT(checking(), "merging values of different kinds");
    }
    s3_.put(r3, std::move(v));
    return r3;
  }

  // Alg. 5 MergeNull: null with an object gives a maybe-existing object
  // without field information.
  Ref mergeNull(Ref r1, Ref r2) {
    if (checking()) {
      // s1 null: s2 must be null or maybe-existing without fields (Def. 1.10(h)).
      if (r1 == kNull) {
        const HeapValue& v2 = s2_.at(r2);
        if (!s2_.maybeExisting(r2) || !v2.fields.empty() || v2.kind == Kind::Array) failed_ = true;
      } else {
        failed_ = true;  // s1 has an object where s2 has null
      }
    }
    Ref r3 = fresh(r2 == kNull ? r1 : r2);
    merged_.emplace(std::pair{r1, r2}, r3);
    const HeapValue& known = r1 == kNull ? s2_.at(r2) : s1_.at(r1);
    HeapValue v = HeapValue::object(known.type);
    if (!checking()) {
      s3_.put(r3, std::move(v));
      s3_.setMaybeExisting(r3, true);
    } else if (r2 != kNull) {
      s3_.put(r3, s2_.at(r2));
      s3_.setMaybeExisting(r3, true);
    }
    return r3;
  }

  void mergeTypes(HeapValue& out, const HeapValue& v1, const HeapValue& v2) {
    if (checking()) {
      if (!types_.isSubset(v1.type, v2.type)) failed_ = true;
      out.type = v2.type;
    } else {
      out.type = types_.unite(v1.type, v2.type);
    }
  }

  // Alg. 6 MergeArrays.
  void mergeArrays(Ref r3, const HeapValue& v1, const HeapValue& v2) {
    HeapValue out;
    mergeTypes(out, v1, v2);
    if (v1.kind != Kind::Array || v2.kind != Kind::Array) {
      // An array merged with an object of unknown shape: no field information.
      if (checking() && (v2.kind == Kind::Array || !v2.fields.empty())) failed_ = true;
      out.kind = Kind::Instance;
      s3_.put(r3, std::move(out));
      return;
    }
    out.kind = Kind::Array;
    out.elements_non_null = v1.elements_non_null && v2.elements_non_null;
    if (checking() && v2.elements_non_null && !v1.elements_non_null) failed_ = true;
    s3_.put(r3, out);  // reserve before recursing (cycles through contents)
    Ref len = mergeRefs(v1.length, v2.length);
    HeapValue& put = s3_.atMutable(r3);
    put.length = len;
    Interval li = s3_.intervalOf(len);
    if (li.isPoint() && v1.has_elements && v2.has_elements && v1.elements.size() == v2.elements.size()) {
      std::vector<Ref> elems;
      for (size_t i = 0; i < v1.elements.size(); ++i) elems.push_back(mergeRefs(v1.elements[i], v2.elements[i]));
      HeapValue& again = s3_.atMutable(r3);
      again.has_elements = true;
      again.elements = std::move(elems);
    } else if (checking() && v2.has_elements) {
      failed_ = true;
    }
  }

  // Alg. 7 MergeInstances: fields known in both.
  void mergeInstances(Ref r3, const HeapValue& v1, const HeapValue& v2) {
    HeapValue out;
    out.kind = Kind::Instance;
    mergeTypes(out, v1, v2);
    s3_.put(r3, out);
    for (const auto& [f, x2] : v2.fields) {
      Ref x1 = v1.field(f);
      if (x1 == kNone) {
        if (checking()) failed_ = true;  // Def. 1.10(i): dom(f1) ⊇ dom(f2)
        continue;
      }
      Ref x3 = mergeRefs(x1, x2);
      s3_.atMutable(r3).setField(f, x3);
    }
  }

  // --- heap predicates (Alg. 8–14) ---

  // The realized relation of `s` against s3 (see the file comment):
  // (x, x3, fully) for references x of s, with the number of different
  // suffixes that lead there (see below).
  struct RealizedPair {
    Ref x, x3;
    bool fully;
    bool operator<(const RealizedPair& o) const {
      return std::tie(x, x3, fully) < std::tie(o.x, o.x3, o.fully);
    }
  };
  using Realized = std::map<RealizedPair, int>;

  Realized realized(const State& s) {
    Realized count;
    std::vector<std::pair<RealizedPair, RealizedPair>> edges;  // product graph
    std::vector<RealizedPair> work;
    std::set<RealizedPair> seen;
    std::vector<Ref> roots_s = rootList(s), roots_3 = rootList(s3_);
    JHALT_ASSERT(roots_s.size() == roots_3.size(), "root positions differ");
    for (size_t i = 0; i < roots_s.size(); ++i)
      if (isObjectRef(s, roots_s[i]) && roots_3[i] != kNone) work.push_back(RealizedPair{roots_s[i], roots_3[i], true});
    while (!work.empty()) {
      RealizedPair p = work.back();
      work.pop_back();
      if (!seen.insert(p).second) continue;
      for (const auto& [step, y] : successors(s, p.x)) {
        if (!isObjectRef(s, y)) continue;
        Ref y3 = p.fully ? successor(s3_, p.x3, step) : kNone;
        RealizedPair q = y3 != kNone && isObjectRef(s3_, y3) ? RealizedPair{y, y3, true} : RealizedPair{y, p.x3, false};
        edges.push_back({p, q});
        work.push_back(q);
      }
    }
    // Counts of distinct suffixes below the realized part, saturated at 2:
    // for a node that is not fully realized, the number of different paths
    // from the last realized reference (positions that reach it through the
    // same realized reference and the same steps have the same suffix,
    // Def. 1.8, and need no joins predicate). Fully realized nodes count 1.
    std::map<RealizedPair, int> entry;
    for (const auto& [from, to] : edges)
      if (from.fully && !to.fully) ++entry[to];
    for (const RealizedPair& p : seen) count[p] = p.fully ? 1 : std::min(2, entry[p]);
    bool changed = true;
    while (changed) {
      changed = false;
      std::map<RealizedPair, int> next;
      for (const RealizedPair& p : seen) next[p] = p.fully ? 1 : entry[p];
      for (const auto& [from, to] : edges)
        if (!from.fully && !to.fully) next[to] += count[from];
      for (auto& [p, c] : next) {
        int v = std::min(2, c);
        if (v != count[p]) {
          count[p] = v;
          changed = true;
        }
      }
    }
    return count;
  }

  static std::vector<Ref> realizedOf(const Realized& rel, Ref x, bool* all_fully = nullptr) {
    std::vector<Ref> out;
    if (all_fully) *all_fully = true;
    for (auto it = rel.lower_bound({x, 0, false}); it != rel.end() && it->first.x == x; ++it) {
      out.push_back(it->first.x3);
      if (all_fully && !it->first.fully) *all_fully = false;
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }

  static std::vector<std::pair<RealizedPair, int>> nodesOf(const Realized& rel, Ref x) {
    std::vector<std::pair<RealizedPair, int>> out;
    for (auto it = rel.lower_bound({x, 0, false}); it != rel.end() && it->first.x == x; ++it) out.push_back(*it);
    return out;
  }

  // Predicates are added to s3; in check mode each must already hold in s2
  // (s3 uses s2's names).
  void requireOrAdd(auto has, auto add) {
    if (checking()) {
      if (!has()) failed_ = true;
    } else {
      add();
    }
  }

  // Integer relations: in check mode every relation of s2 must hold in s1;
  // when merging, the relations of either state that hold in both.
  void mergeRelations() {
    if (checking()) {
      for (const IntRelation& r : s2_.relations) {
        bool found = false;
        for (const auto& [pa, a3] : merged_)
          for (const auto& [pb, b3] : merged_)
            if (pa.second == r.a && pb.second == r.b && s1_.holds(pa.first, pb.first, r.strict)) found = true;
        if (!found) failed_ = true;
      }
      s3_.relations = s2_.relations;
      return;
    }
    for (const auto& [pa, a3] : merged_) {
      for (const auto& [pb, b3] : merged_) {
        if (a3 == b3 || !s3_.isInteger(a3) || !s3_.isInteger(b3)) continue;
        for (bool strict : {true, false}) {
          bool explicit1 = std::binary_search(s1_.relations.begin(), s1_.relations.end(), IntRelation{pa.first, pb.first, strict});
          bool explicit2 = std::binary_search(s2_.relations.begin(), s2_.relations.end(), IntRelation{pa.second, pb.second, strict});
          if ((explicit1 || explicit2) && s1_.holds(pa.first, pb.first, strict) && s2_.holds(pa.second, pb.second, strict)) {
            s3_.addRelation(a3, b3, strict);
            break;
          }
        }
      }
    }
  }

  void addPredicates() {
    mergeRelations();
    Realized rel1 = realized(s1_);
    Realized rel2 = realized(s2_);
    if (checking()) s3_.preds = s2_.preds;
    for (int which = 0; which < 2 && !failed_; ++which) {
      // In check mode the predicates of s2 are s3's own: only s1 matters.
      if (checking() && which == 1) break;
      const State& s = which == 0 ? s1_ : s2_;
      const Realized& rel = which == 0 ? rel1 : rel2;
      copyPredicates(s, rel, which);
      addNewPredicates(s, rel, which);
    }
    if (!failed_) checking() ? checkReaches() : mergeReaches();
  }

  // Definite reachability (state/reach.h): s3 gets a ⇝f b when both
  // states entail it for the references a and b were merged from (each
  // reference of s3 stands for one of s1 and one of s2; null at a's makes
  // it hold). Ones the shown f-fields of s3 already give are left out; an
  // end at null only for objects that may reach a cycle (elsewhere sizes
  // measure a list).
  void mergeReaches() {
    std::set<FieldId> fields = reachFields(s1_, s2_);
    if (fields.empty()) return;
    std::map<Ref, std::vector<std::pair<Ref, Ref>>> by_first, by_second;  // r1 -> (r2, r3), r2 -> (r1, r3)
    for (const auto& [pair, r3] : merged_)
      if (isObjectRef(s3_, r3)) {
        by_first[pair.first].push_back({pair.second, r3});
        by_second[pair.second].push_back({pair.first, r3});
      }
    for (FieldId f : fields)
      for (const auto& [pa, a3] : merged_)
        if (isObjectRef(s3_, a3)) mergeReachesFrom(pa, a3, f, by_first, by_second);
  }

  void mergeReachesFrom(const std::pair<Ref, Ref>& pa, Ref a3, FieldId f,
                        const std::map<Ref, std::vector<std::pair<Ref, Ref>>>& by_first,
                        const std::map<Ref, std::vector<std::pair<Ref, Ref>>>& by_second) {
    const bool vacuous1 = pa.first == kNull, vacuous2 = pa.second == kNull;
    const std::set<Ref> w1 = vacuous1 ? std::set<Ref>{} : reachedAlong(s1_, pa.first, f);
    const std::set<Ref> w2 = vacuous2 ? std::set<Ref>{} : reachedAlong(s2_, pa.second, f);
    if (w1.empty() && w2.empty()) return;
    // b reached from a in 0 steps (the same object) or more; a cycle back
    // to a needs at least one.
    auto holds = [](bool vacuous, const std::set<Ref>& w, Ref start, Ref x, bool cycle) {
      return vacuous || w.count(x) || (!cycle && x == start);
    };
    std::set<Ref> shown;  // what the shown f-fields of s3 lead a to
    for (Ref c = s3_.at(a3).field(f); c != kNone && shown.insert(c).second && c != kNull && s3_.find(c);)
      c = s3_.at(c).field(f);
    if (holds(vacuous1, w1, kNone, kNull, false) && holds(vacuous2, w2, kNone, kNull, false) && !shown.count(kNull) &&
        (s3_.cyclic(a3) || s3_.joins(a3, a3)))
      s3_.addReach(a3, kNull, f);
    // Candidates from a side that is not vacuous.
    const bool from_first = !vacuous1;
    std::set<Ref> candidates = from_first ? w1 : w2;
    candidates.insert(from_first ? pa.first : pa.second);
    const auto& index = from_first ? by_first : by_second;
    for (Ref x : candidates) {
      auto it = index.find(x);
      if (it == index.end()) continue;
      for (const auto& [y, b3] : it->second) {
        const Ref x1 = from_first ? x : y, x2 = from_first ? y : x;
        if (holds(vacuous1, w1, pa.first, x1, b3 == a3) && holds(vacuous2, w2, pa.second, x2, b3 == a3) &&
            !shown.count(b3))
          s3_.addReach(a3, b3, f);
      }
    }
  }

  // Check mode: every a ⇝f b of s2 holds in s1 for the references of s1
  // at a's and b's positions (null at a's makes it hold).
  void checkReaches() {
    if (s2_.preds.reaches.empty()) return;
    // What s1 entails includes what the step rule derives from its
    // predicates (a merge result is saturated: s ⇝f null and s.f = z shown
    // give z ⇝f null, which reachedAlong does not find from z alone).
    State saturated = s1_;
    std::set<FieldId> fields;
    for (const Reach& r : s2_.preds.reaches) fields.insert(r.field);
    for (const auto& [x, v] : s1_.heap)
      if (v->isObject())
        for (FieldId f : fields)
          for (Ref t : reachedAlong(s1_, x, f)) saturated.addReach(x, t, f);
    saturateReaches(saturated);
    std::map<Ref, std::vector<Ref>> of2;  // r2 -> the r1 merged with it
    for (const auto& [pair, r3] : merged_) of2[pair.second].push_back(pair.first);
    of2[kNull].push_back(kNull);
    for (const Reach& r : s2_.preds.reaches) {
      auto from = of2.find(r.from), to = of2.find(r.to);
      if (from == of2.end() || to == of2.end()) {
        failed_ = true;
        return;
      }
      for (Ref x1 : from->second) {
        if (x1 == kNull) continue;
        std::set<Ref> w = reachedAlong(saturated, x1, r.field);
        for (Ref y1 : to->second)
          if (!(w.count(y1) || (y1 == x1 && r.from != r.to))) {
            failed_ = true;
            return;
          }
      }
    }
  }

  // Alg. 8–11: existing predicates carried over to the realized references.
  void copyPredicates(const State& s, const Realized& rel, int which) {
    for (const auto& entry : s.preds.cyclic) {  // Alg. 8
      const auto& fields = entry.second;  // (a named copy: lambdas may not capture structured bindings in clang < 16)
      for (Ref r3 : realizedOf(rel, entry.first))
        requireOrAdd([&] { auto* f3 = s3_.cyclic(r3); return f3 && std::includes(fields.begin(), fields.end(), f3->begin(), f3->end()); },
                     [&] { s3_.addCyclic(r3, fields); });
    }
    for (Ref r : s.preds.maybe_existing)  // Alg. 9
      for (Ref r3 : mergedFrom(r, which))
        requireOrAdd([&] { return s3_.maybeExisting(r3); }, [&] { s3_.setMaybeExisting(r3, true); });
    for (const auto& [a, b] : s.preds.maybe_equal)  // Alg. 10
      for (Ref a3 : mergedFrom(a, which))
        for (Ref b3 : mergedFrom(b, which))
          if (a3 != b3) requireOrAdd([&] { return s3_.maybeEqual(a3, b3); }, [&] { s3_.addMaybeEqual(a3, b3); });
    for (const auto& [a, b] : s.preds.joins)  // Alg. 11
      for (Ref a3 : realizedOf(rel, a))
        for (Ref b3 : realizedOf(rel, b))
          requireOrAdd([&] { return s3_.joins(a3, b3); }, [&] { s3_.addJoins(a3, b3); });
  }

  std::vector<Ref> mergedFrom(Ref r, int which) const {
    std::vector<Ref> out;
    for (const auto& [pair, r3] : merged_)
      if ((which == 0 ? pair.first : pair.second) == r) out.push_back(r3);
    return out;
  }

  void addNewPredicates(const State& s, const Realized& rel, int which) {
    // Alg. 12 AddNewPossibleEquality (Def. 1.10(l)): one reference of s
    // merged into two different references of s3.
    std::map<Ref, std::vector<Ref>> images;
    for (const auto& [pair, r3] : merged_) {
      Ref x = which == 0 ? pair.first : pair.second;
      if (isObjectRef(s, x)) images[x].push_back(r3);
    }
    for (const auto& entry : images) {
      const std::vector<Ref>& r3s = entry.second;
      for (size_t i = 0; i < r3s.size(); ++i)
        for (size_t j = i + 1; j < r3s.size(); ++j)
          if (r3s[i] != r3s[j])
            requireOrAdd([&] { return s3_.maybeEqual(r3s[i], r3s[j]); }, [&] { s3_.addMaybeEqual(r3s[i], r3s[j]); });
    }

    // Alg. 13 AddNewJoinsPredicates (Def. 1.10(m)): sharing of s (a reference
    // with several positions, or r =? r') that s3 does not show explicitly.
    std::vector<std::pair<Ref, Ref>> check(s.preds.maybe_equal.begin(), s.preds.maybe_equal.end());
    std::set<Ref> multi = multiplyReached(s);
    for (Ref r : multi) check.push_back({r, r});
    auto join = [&](Ref x, Ref y) { requireOrAdd([&] { return s3_.joins(x, y); }, [&] { s3_.addJoins(x, y); }); };
    for (const auto& [a, b] : check) {
      // NeedJoins (Def. 1.10(m)): two positions, not both realized in s3.
      auto na = nodesOf(rel, a);
      auto nb = nodesOf(rel, b);
      for (size_t i = 0; i < na.size(); ++i) {
        for (size_t j = 0; j < nb.size(); ++j) {
          if (a == b && j <= i) continue;  // each pair of distinct nodes once
          if (na[i].first.fully && nb[j].first.fully) continue;
          join(na[i].first.x3, nb[j].first.x3);
        }
        // Two unrealized positions through the same reference of s3.
        if (a == b && !na[i].first.fully && na[i].second >= 2) join(na[i].first.x3, na[i].first.x3);
      }
    }

    // Alg. 14 IdentifyNonTreeShapes (Def. 1.10(n)): a non-tree shape below
    // a reference of s that s3 does not represent explicitly.
    std::set<Ref> objects;
    for (const auto& p : rel) objects.insert(p.first.x);
    for (Ref a : objects) {
      if (!nonTreeBelow(s, a)) continue;
      if (shapeRealized(s, rel, a)) continue;
      auto cycle_fields = fieldsOnAllCycles(s, a);
      for (Ref a3 : realizedOf(rel, a)) {
        requireOrAdd([&] { return s3_.joins(a3, a3); }, [&] { s3_.addJoins(a3, a3); });
        if (cycle_fields)
          requireOrAdd(
              [&] {
                auto* f3 = s3_.cyclic(a3);
                return f3 && std::includes(cycle_fields->begin(), cycle_fields->end(), f3->begin(), f3->end());
              },
              [&] { s3_.addCyclic(a3, *cycle_fields); });
      }
    }
  }

  // True if every object on a path from `a` to a shared object of its
  // region (one reached twice, or `a` reached again) is at fully realized
  // positions that map to exactly one reference of s3, and distinct
  // references of s map to distinct ones: then every two paths from `a` to
  // one object meet at one reference of s3 (Def. 1.10(n), first case); the
  // tree-shaped parts below may be abstract in s3.
  bool shapeRealized(const State& s, const Realized& rel, Ref a) {
    std::map<Ref, Ref> image;
    std::set<Ref> used;
    for (Ref x : onPathsToSharing(s, a)) {
      bool fully = true;
      std::vector<Ref> x3 = realizedOf(rel, x, &fully);
      if (!fully || x3.size() != 1) return false;
      if (!used.insert(x3[0]).second) return false;
      image[x] = x3[0];
    }
    return true;
  }

  const State& s1_;
  const State& s2_;
  TypeSystem& types_;
  RefAllocator* alloc_;
  MergeOptions options_;
  State s3_;
  std::map<std::pair<Ref, Ref>, Ref> merged_;
  std::set<Ref> used1_, used2_;  // objects already realized in the result
  bool failed_ = false;
};

}  // namespace

bool sameShape(const State& a, const State& b) {
  if (a.frames.size() != b.frames.size()) return false;
  for (size_t i = 0; i < a.frames.size(); ++i) {
    const Frame& fa = a.frames[i];
    const Frame& fb = b.frames[i];
    if (fa.method != fb.method || fa.pc != fb.pc || fa.locals.size() != fb.locals.size() ||
        fa.stack.size() != fb.stack.size())
      return false;
  }
  return (a.exception == kNone) == (b.exception == kNone) && a.init == b.init && a.open_context == b.open_context;
}

State merge(const State& s1, const State& s2, TypeSystem& types, RefAllocator& alloc, const MergeOptions& options,
            MergeMap* map) {
  JHALT_ASSERT(sameShape(s1, s2), "merging states of different shape");
  Merger m(s1, s2, types, &alloc, options);
  State s3 = m.run();
  if (map) map->merged = m.mergedPairs();
  s3.collectGarbage();
  return s3;
}

bool isInstance(const State& s1, const State& s2, TypeSystem& types, std::vector<std::pair<Ref, Ref>>* map) {
  if (!sameShape(s1, s2)) return false;
  Merger m(s1, s2, types, nullptr, MergeOptions{});
  m.run();
  if (m.failed()) return false;
  // Def. 1.10(k): different references of s1 stay different in s2, i.e.
  // each reference of s2 corresponds to one reference of s1 (null aside).
  std::map<Ref, Ref> back;
  for (const auto& [pair, r3] : m.mergedPairs()) {
    if (pair.second == kNull) continue;
    auto [it, inserted] = back.emplace(pair.second, pair.first);
    if (!inserted && it->second != pair.first) return false;
  }
  if (map) {
    map->clear();
    for (const auto& [pair, r3] : m.mergedPairs()) map->push_back(pair);
  }
  return true;
}

}  // namespace jhalt::state
