// Evaluation of heap instructions: fields, arrays, object creation, type
// checks, monitors and constants of reference type (thesis 002, §1.6,
// Defs. 1.22, 1.43, 1.49; paper 000, §2.2).
#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include <fmt/format.h>

#include "eval_internal.h"
#include "shapes.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/state/reach.h"
#include "jhalt/util/error.h"
#include "jhalt/util/mutf8.h"

namespace jhalt::seg::detail {
namespace {

using classfile::CpTag;

// Fields a library model guarantees to be non-null (all constructors of the
// model set them). Realizing them yields an existing object.
bool modelFieldNonNull(const state::FieldInfo& f) {
  return f.owner == "java/lang/String" && f.name == "value";
}

char primOf(std::string_view descriptor) { return descriptor[0] == '[' ? 'L' : descriptor[0]; }

}  // namespace

state::TypeId typeOfDescriptor(Evaluator& ev, std::string_view descriptor) {
  if (descriptor.starts_with('L')) return ev.types().intern(descriptor.substr(1, descriptor.size() - 2));
  return ev.types().intern(descriptor);
}

state::AbstractType valuesOfType(Evaluator& ev, std::string_view t) {
  state::TypeSystem& ts = ev.types();
  state::TypeId id = t.starts_with('L') || t.starts_with('[') ? typeOfDescriptor(ev, t) : ts.intern(t);
  const std::string& name = ts.name(id);
  // Final classes and arrays of primitives have no proper subtypes.
  bool exact = false;
  if (name.starts_with('[')) {
    exact = name.size() == 2;
  } else if (const program::ClassInfo* ci = ev.program().find(name)) {
    exact = (ci->file().access & classfile::kFinal) != 0;
  }
  return exact ? ts.exactly(id) : ts.subtypesOf(id);
}

std::optional<StepResult> requireNonNull(Ctx& c, Ref r) {
  if (r == kNull) return raise(c, "java/lang/NullPointerException");
  if (c.in.maybeExisting(r)) return refinedTo(state::refineExistence(c.in, r), {r});
  return std::nullopt;
}

std::optional<StepResult> requireArray(Ctx& c, Ref r) {
  if (auto res = requireNonNull(c, r)) return res;
  const HeapValue& v = c.in.at(r);
  if (v.kind == HeapValue::Kind::Array) return std::nullopt;
  if (!v.fields.empty()) return unsupported("array access on an object that is not an array");
  return refinedTo({state::refineArrayLength(c.in, r, c.ev.alloc())}, {r});
}

void markHiddenShapes(State& s, const std::vector<Ref>& forgotten) {
  const std::set<Ref> gone(forgotten.begin(), forgotten.end());
  std::vector<Ref> marked;
  for (const auto& [y, v] : s.heap) {
    if (!v->isObject() || gone.count(y)) continue;
    std::set<Ref> region = explicitReach(s, y);
    if (!std::any_of(region.begin(), region.end(), [&](Ref r) { return gone.count(r) > 0; })) continue;
    if (explicitNonTree(s, y)) marked.push_back(y);
  }
  for (Ref y : marked) {
    s.addJoins(y, y);
    if (auto fields = shownCycleFields(s, y)) s.addCyclic(y, *fields);
  }
}

// Thesis Def. 1.43 (i)–(vii): after rp.v := rc, the abstract predecessors of
// rp (ra %$ rp) may reach everything rc leads to, and shapes that rc can
// reach, or that the write creates, become possible from them. Where the
// thesis asks for the fields of a cycle, F = {v} (vii) or ∅ is used, which
// is more abstract and therefore sound.
void addWritePredicates(State& s, Ref rp, Ref rc, std::optional<state::FieldId> v, bool shown_write,
                        state::TypeSystem& ts) {
  if (rc == kNull || rc == kNone) return;
  const HeapValue* vc = s.find(rc);
  if (!vc || !vc->isObject()) return;
  // ra %$ rp: ra may reach rp, rp may reach ra, or both may reach one
  // object. Only an ra that may reach rp (by the types of the fields on the
  // way, TypeReach) reaches what the write adds (a String that shares
  // characters with a list's entries does not).
  TypeReach types(ts);
  std::vector<Ref> preds_of_rp;
  for (const auto& [a, b] : s.preds.joins) {
    if (a == rp && !types.cannotReach(s, b, rp)) preds_of_rp.push_back(b);
    if (b == rp && !types.cannotReach(s, a, rp)) preds_of_rp.push_back(a);
  }
  std::set<Ref> from_rc = leadsTo(s, rc);
  std::set<Ref> paths_rc = types.pathsFrom(s, rc);  // a cycle needs a path
  std::set<Ref> reach_rc = explicitReach(s, rc);
  bool shape = explicitNonTree(s, rc);
  const auto shown_cycle = shape ? shownCycleFields(s, rc) : std::nullopt;
  bool abstract_shape = false;
  std::optional<std::vector<state::FieldId>> cyc;
  for (Ref x : reach_rc) {
    if (s.joins(x, x)) abstract_shape = true;
    if (const auto* fs = s.cyclic(x)) cyc = commonFields(cyc, *fs);
  }
  // (vi), (vii): new non-tree shapes and cycles through the written field,
  // decided on the state before the write, like (i)-(v) (the joins (i)
  // adds would otherwise make every predecessor of rp share with rc).
  // A shape that the state shows explicitly needs no predicate (Def.
  // 1.10(n), first case): the write goes to a shown field or element
  // (`shown_write`, not into an array's unshown elements), ra reaches rp
  // and rb through fields, rc reaches rb through fields, rb has no heap
  // predicate, and no object that ra or rc reaches through fields and that
  // has reference fields has one, so every path through an abstract part
  // stays inside it and the two new paths to rb meet at one reference of
  // the state. (An object without reference fields, such as a plain
  // Object, reaches nothing: its predicates only matter as an rb.)
  std::set<Ref> with_predicates;  // references with =?, %$ or ⟲
  for (const auto& [a, b] : s.preds.joins) with_predicates.insert({a, b});
  for (const auto& [a, b] : s.preds.maybe_equal) with_predicates.insert({a, b});
  for (const auto& entry : s.preds.cyclic) with_predicates.insert(entry.first);
  auto leads_on = [&](Ref x) {
    const HeapValue& hv = s.at(x);
    if (hv.kind != HeapValue::Kind::Instance) return true;
    auto classes = ts.runtimeClasses(hv.type);
    if (!classes) return true;
    for (state::TypeId t : *classes) {
      auto fields = ts.instanceFields(t);
      if (!fields) return true;
      for (state::FieldId f : *fields)
        if (ts.fieldInfo(f).isReference()) return true;
    }
    return false;
  };
  auto clean = [&](const std::set<Ref>& region) {
    return std::none_of(region.begin(), region.end(), [&](Ref x) { return with_predicates.count(x) > 0 && leads_on(x); });
  };
  const bool rc_clean = shown_write && clean(reach_rc);
  std::vector<Ref> non_tree, cycle;
  // rc may reach rp (by a path the types allow): the write may close a
  // cycle through rp.v, which every object that reaches rp then reaches
  // too (Def. 1.10(n) asks `⟲` of it even when it is not on the cycle).
  const bool closes = paths_rc.count(rp) > 0;
  for (Ref ra : leadingTo(s, rp)) {
    std::set<Ref> from_ra = leadsTo(s, ra);
    if (!from_ra.count(rp) || !types.pathsFrom(s, ra).count(rp)) continue;
    std::set<Ref> explicit_ra = explicitReach(s, ra);
    const bool open = rc_clean && explicit_ra.count(rp) && clean(explicit_ra);
    auto shown = [&](Ref rb) {
      return open && explicit_ra.count(rb) && reach_rc.count(rb) && !with_predicates.count(rb);
    };
    bool shares = std::any_of(from_ra.begin(), from_ra.end(),
                              [&](Ref rb) { return from_rc.count(rb) > 0 && rb != rp && !shown(rb); });
    if (shares) non_tree.push_back(ra);
    // Likewise a cycle through rp.v that the state shows: rc reaches ra
    // through fields.
    if (paths_rc.count(ra) && !(open && reach_rc.count(ra) && !with_predicates.count(ra)))
      cycle.push_back(ra);
    else if (closes && !paths_rc.count(ra) && !(open && reach_rc.count(rp)))
      cycle.push_back(ra);  // before the cycle, which the state does not show
  }
  // (iv), (v) also for rp itself: the instance check (merge.cpp, Alg. 14)
  // asks every object whose region holds a non-tree shape it does not
  // realize for `%$`-self, and rp's region now holds rc's abstract one (a
  // JVM-differential test, `Sound.ringOps`, found a header ring written
  // into a new entry not covered). A shape rc's region shows is realized.
  if (std::find(preds_of_rp.begin(), preds_of_rp.end(), rp) == preds_of_rp.end()) {
    if (abstract_shape) s.addJoins(rp, rp);
    if (cyc) s.addCyclic(rp, *cyc);
  }
  for (Ref ra : preds_of_rp) {
    for (Ref rb : from_rc) s.addJoins(ra, rb);  // (i)
    if (shape || abstract_shape) s.addJoins(ra, ra);  // (ii), (iv)
    if (shown_cycle) s.addCyclic(ra, *shown_cycle);  // (iii)
    if (cyc) s.addCyclic(ra, *cyc);  // (v)
  }
  for (Ref ra : non_tree) s.addJoins(ra, ra);
  // (vii): the cycle uses the written field and the fields every path from
  // rc to rp uses (a doubly linked list's `old.next = cur` after `cur.prev
  // = old`: next and prev); one through an array element need not use any
  // field.
  std::vector<state::FieldId> closed;
  if (v && !cycle.empty()) {
    closed = types.fieldsOnAllPaths(s, rc, rp);
    closed.push_back(*v);
  }
  for (Ref ra : cycle) s.addCyclic(ra, closed);
}

StepResult evalLoadConstant(Ctx& c) {
  auto index = static_cast<uint16_t>(c.insn.operand);
  const classfile::ConstantPool& cp = c.method.owner().file().pool;
  const classfile::CpEntry& e = cp.at(index);
  switch (e.tag) {
    case CpTag::Integer: c.push(c.newConst(cp.intValue(index))); break;
    case CpTag::Long: c.pushWide(c.newConst(cp.longValue(index), 'J')); break;
    case CpTag::Float: c.push(c.newFloat(cp.floatValue(index), 'F')); break;
    case CpTag::Double: c.pushWide(c.newFloat(cp.doubleValue(index), 'D')); break;
    case CpTag::String: {
      std::string text = modifiedUtf8ToUtf8(cp.string(index));
      state::TypeSystem& ts = c.ev.types();
      state::TypeId string_type = ts.intern("java/lang/String");
      // A concrete run keeps the JVM's string pool (State::string_pool).
      state::FieldId pooled = ts.field(state::kStringPoolOwner, text, "Ljava/lang/String;", true);
      auto in_pool = std::lower_bound(c.in.string_pool.begin(), c.in.string_pool.end(), pooled,
                                      [](const auto& entry, state::FieldId f) { return entry.first < f; });
      if (c.ev.options().concrete && in_pool != c.in.string_pool.end() && in_pool->first == pooled) {
        c.push(in_pool->second);
        break;
      }
      Ref str = c.newObject(ts.exactly(string_type));
      // Fill the model's char[] value when the String class has one.
      const program::ClassInfo* string_class = c.ev.program().find("java/lang/String");
      if (string_class && string_class->declaredField("value", "[C")) {
        Ref len = c.newInt(Interval::point(static_cast<int64_t>(text.size())));
        Ref arr = c.newObject(ts.exactly(ts.intern("[C")));
        HeapValue& av = c.out.atMutable(arr);
        av.kind = HeapValue::Kind::Array;
        av.length = len;
        if (static_cast<int64_t>(text.size()) <= c.ev.options().arrayContentsLimit()) {
          av.has_elements = true;
          std::vector<Ref> chars;
          for (unsigned char ch : text) chars.push_back(c.newInt(Interval::point(ch), 'C'));
          c.out.atMutable(arr).elements = chars;
        }
        c.out.atMutable(str).setField(ts.field("java/lang/String", "value", "[C", false), arr);
      }
      if (c.ev.options().concrete) {
        c.out.string_pool.insert(c.out.string_pool.begin() + (in_pool - c.in.string_pool.begin()), {pooled, str});
      } else {
        // String literals are interned: the object may be any other string.
        for (const auto& [r, v] : c.in.heap)
          if (v->isObject() && ts.contains(v->type, string_type)) c.out.addMaybeEqual(str, r);
      }
      c.push(str);
      break;
    }
    case CpTag::Class: {
      state::TypeSystem& ts = c.ev.types();
      state::TypeId class_type = ts.intern("java/lang/Class");
      Ref obj = c.newObject(ts.exactly(class_type));
      for (const auto& [r, v] : c.in.heap)
        if (v->isObject() && ts.contains(v->type, class_type)) c.out.addMaybeEqual(obj, r);
      c.push(obj);
      break;
    }
    default:
      return unsupported(fmt::format("ldc of a constant of kind {}", classfile::cpTagName(e.tag)));
  }
  c.advance();
  return c.finish();
}

StepResult evalField(Ctx& c) {
  auto index = static_cast<uint16_t>(c.insn.operand);
  classfile::MemberRef ref = c.method.owner().file().pool.memberRef(index);
  auto op = static_cast<bytecode::FieldOp>(c.insn.info().sub);
  bool is_static = op == bytecode::FieldOp::GetStatic || op == bytecode::FieldOp::PutStatic;
  const program::ClassInfo* owner = c.ev.program().find(ref.owner);
  if (!owner) return unsupported(fmt::format("class {} not found", ref.owner));
  auto resolved = c.ev.program().resolveField(*owner, ref.name, ref.descriptor);
  if (!resolved) return unsupported(fmt::format("field {}.{} not found (NoSuchFieldError)", ref.owner, ref.name));
  state::TypeSystem& ts = c.ev.types();
  state::FieldId f = ts.field(resolved->owner->name(), ref.name, ref.descriptor, is_static);
  char prim = primOf(ref.descriptor);
  bool wide = prim == 'J' || prim == 'D';
  if (is_static) {
    if (tracksInitialization(*resolved->owner)) {
      if (auto r = requireInitialized(c, *resolved->owner)) return std::move(*r);
      if (op == bytecode::FieldOp::GetStatic) {
        Ref v = c.out.staticField(f);
        JHALT_ASSERT(v != kNone, "static field of an initialised class missing");
        c.pushValue(v, prim == 'L' ? 'A' : prim);
      } else {
        c.out.setStatic(f, c.popValue(wide ? prim : 'A'));
      }
    } else if (op == bytecode::FieldOp::GetStatic) {
      // A static field of a library class: its value when the state shows
      // it (read from a live JVM), else any value of its type.
      Ref v = c.out.staticField(f);
      if (v != kNone) {
      } else if (prim == 'F' || prim == 'D') {
        v = c.newFloat(std::nullopt, prim);
      } else if (prim != 'L') {
        v = c.newInt(Interval::ofType(prim), prim);
      } else {
        v = c.newObject(valuesOfType(c, ref.descriptor));
        c.out.setMaybeExisting(v, true);
      }
      c.pushValue(v, wide ? prim : 'A');
    } else if (c.out.staticField(f) != kNone) {
      c.out.setStatic(f, c.popValue(wide ? prim : 'A'));
    } else {
      return unsupported(fmt::format("write to static field {}.{} of a library class", ref.owner, ref.name));
    }
    c.advance();
    return c.finish();
  }
  if (op == bytecode::FieldOp::GetField) {
    Ref obj = c.peek(0);
    if (auto r = requireNonNull(c, obj)) return std::move(*r);
    const HeapValue& v = c.in.at(obj);
    Ref x = v.field(f);
    if (x == kNone) {
      state::AbstractType types = prim == 'L' ? valuesOfType(c, ref.descriptor) : state::AbstractType{};
      if (prim == 'L')
        if (auto stored = ts.storedValues(f)) types = std::move(*stored);
      return refinedTo({state::realizeField(c.in, obj, f, prim, types, modelFieldNonNull(ts.fieldInfo(f)),
                                            c.ev.alloc(), !c.ev.options().jvm_int_semantics, &ts)},
                       {obj});
    }
    c.pop();
    c.pushValue(x, wide ? prim : 'A');
  } else {
    Ref obj = c.peekValue(wide ? 2 : 1, 'A');
    if (auto r = requireNonNull(c, obj)) return std::move(*r);
    if (auto eq = c.in.maybeEqualTo(obj); !eq.empty())
      return refinedTo(state::refineEquality(c.in, obj, eq.front(), ts), {obj, eq.front()});
    Ref val = c.popValue(wide ? prim : 'A');
    c.pop();
    if (!c.out.preds.reaches.empty()) state::keepReachesAcrossWrite(c.out, obj, f, val);
    if (c.ev.options().write_predicates) addWritePredicates(c.out, obj, val, f, true, ts);
    c.out.atMutable(obj).setField(f, val);
  }
  c.advance();
  return c.finish();
}

namespace {

// Checks 0 <= index < length (refining as needed); nullopt when in bounds.
std::optional<StepResult> checkBounds(Ctx& c, Ref arr, Ref idx) {
  Interval i = c.in.intervalOf(idx);
  Ref len = c.in.at(arr).length;
  Interval l = c.in.intervalOf(len);
  if (i.hi < 0 || (i.lo >= l.hi)) return raise(c, "java/lang/ArrayIndexOutOfBoundsException");
  if (i.lo < 0) return refinedTo(state::refineInteger(c.in, idx, {Interval::atMost(-1), Interval::atLeast(0)}), {idx});
  if (i.hi >= l.lo && !c.in.holds(idx, len, true)) {
    // idx < len undecided: refine around a literal, else split.
    if (l.isPoint()) return refinedTo(state::refineInteger(c.in, idx, {Interval::atMost(l.lo - 1), Interval::atLeast(l.lo)}), {idx});
    if (i.isPoint()) return refinedTo(state::refineInteger(c.in, len, {Interval::atMost(i.lo), Interval::atLeast(i.lo + 1)}), {len});
    if (c.in.split < 0) return refinedTo(state::booleanSplit(c.in), {idx, len});
    if (c.in.split == 0) return raise(c, "java/lang/ArrayIndexOutOfBoundsException");
  }
  c.label.relations.push_back(Relation{idx, RelOp::Ge, kNone, 0});
  c.label.relations.push_back(Relation{idx, RelOp::Lt, len});
  c.out.addRelation(idx, len, true);
  return std::nullopt;
}

char elementPrim(const std::string& array_type) {
  char e = array_type.size() > 1 ? array_type[1] : 'L';
  return e == '[' ? 'L' : e;
}

std::string elementDescriptor(const std::string& array_type) { return array_type.substr(1); }

}  // namespace

std::string arrayTypeName(Ctx& c, const HeapValue& v) {
  state::TypeSystem& ts = c.ev.types();
  for (const auto& b : v.type.bounds)
    if (ts.isArray(b.type)) return ts.name(b.type);
  return "[Ljava/lang/Object;";
}

namespace {

// The array's unshown contents now include `val` (thesis Def. 1.46).
void addToUnshownContents(State& s, Ref arr, Ref val, bool write_predicates, state::TypeSystem& types) {
  if (write_predicates) addWritePredicates(s, arr, val, std::nullopt, false, types);
  // Everything val leads to, also through its predicates (Def. 1.10(m):
  // once val is only in the array's unshown elements, the array is
  // what shares with them; a review found `arr[0] = b` with `a %$ b`
  // losing `arr %$ a`).
  for (Ref rb : leadsTo(s, val)) s.addJoins(arr, rb);
  s.addJoins(arr, val);
  // The array's unshown contents now reach val's shapes (rules (ii)-(v)
  // with the array as the abstract predecessor): once val is gone from
  // the state, only the array's own predicates keep them (a review
  // found a cycle stored into an array, then walked, losing its ⟲).
  bool shape = explicitNonTree(s, val);
  auto cycle = shape ? shownCycleFields(s, val) : std::nullopt;
  for (Ref x : explicitReach(s, val)) {
    shape = shape || s.joins(x, x) || s.cyclic(x);
    if (const auto* fs = s.cyclic(x)) cycle = commonFields(cycle, *fs);
  }
  if (shape) s.addJoins(arr, arr);
  if (cycle) s.addCyclic(arr, *cycle);
}

// Arrays whose elements are shown and read or written at an index that may
// be more than this many of them: the elements become unshown (an abstract
// array, thesis Def. 1.46) instead of one case per index.
constexpr size_t kMaxIndexCases = 8;

// The elements of `arr` become unshown: as if each were stored into the
// array's unshown contents (the concrete heap does not change, so sizes
// and integers keep their values).
State withHiddenElements(const State& in, Ref arr, bool write_predicates, state::TypeSystem& types) {
  State s = in;
  HeapValue& v = s.atMutable(arr);
  std::vector<Ref> old = std::move(v.elements);
  bool non_null = true;
  v.elements.clear();
  v.has_elements = false;
  v.elements_non_null = false;
  for (Ref e : old) {
    non_null = non_null && e != kNull;
    if (e != kNull && s.at(e).isObject())
      addToUnshownContents(s, arr, e, write_predicates, types);
  }
  s.atMutable(arr).elements_non_null = non_null;
  return s;
}

// An index that may be any of several shown elements: one case per index,
// or past kMaxIndexCases the array with its elements unshown.
StepResult indexCases(Ctx& c, Ref arr, Ref idx) {
  const HeapValue& av = c.in.at(arr);
  Interval i = c.in.intervalOf(idx);
  std::vector<Interval> parts;
  for (int64_t k = std::max<int64_t>(i.lo, 0); k <= i.hi && k < static_cast<int64_t>(av.elements.size()); ++k)
    parts.push_back(Interval::point(k));
  if (parts.size() > kMaxIndexCases)
    return refinedTo({withHiddenElements(c.in, arr, c.ev.options().write_predicates, c.ev.types())}, {arr});
  return refinedTo(state::refineInteger(c.in, idx, parts), {idx});
}

}  // namespace

StepResult evalArrayLoad(Ctx& c) {
  char type = c.insn.info().type;
  Ref idx = c.peek(0), arr = c.peek(1);
  if (auto r = requireArray(c, arr)) return std::move(*r);
  if (auto eq = c.in.maybeEqualTo(arr); !eq.empty() && type == 'A')
    return refinedTo(state::refineEquality(c.in, arr, eq.front(), c.ev.types()), {arr, eq.front()});
  if (auto r = checkBounds(c, arr, idx)) return std::move(*r);
  const HeapValue& av = c.in.at(arr);
  Interval i = c.in.intervalOf(idx);
  std::string atype = arrayTypeName(c, av);
  Ref value = kNone;
  if (av.has_elements) {
    if (!i.isPoint()) return indexCases(c, arr, idx);
    value = av.elements[static_cast<size_t>(i.lo)];
  } else if (type != 'A') {
    char prim = elementPrim(atype);
    if (prim == 'F' || prim == 'D')
      value = c.newFloat(std::nullopt, prim);
    else
      value = c.newInt(c.ev.unknownInt(prim), prim == 'J' ? 'J' : 'I');
    c.label.computations.push_back(Computation{value, ArithOp::Unknown, kNone, kNone, 0, prim});
  } else {
    // Thesis Def. 1.49: a new reference for the element with the heap
    // predicates that connect it to what the array may reach.
    state::AbstractType et = valuesOfType(c, elementDescriptor(atype));
    value = c.newObject(et);
    State& s = c.out;
    std::set<Ref> from_arr = explicitReach(c.in, arr);
    for (Ref x : from_arr) {
      for (const auto& [a, b] : c.in.preds.joins) {  // (3)
        if (a == x) s.addJoins(value, b);
        if (b == x) s.addJoins(value, a);
      }
      if (c.in.joins(x, x)) s.addJoins(value, value);  // (7)
      if (const auto* fs = c.in.cyclic(x)) s.addCyclic(value, *fs);  // (8)
      if (x != arr) {
        s.addJoins(value, x);  // (6)
        for (Ref z : c.in.maybeEqualTo(x)) s.addJoins(value, z);  // (5)
      }
    }
    s.addJoins(value, arr);  // (4)
    // (9), for objects of a type the element may have.
    // (Only for an array of one type: arrayTypeName picks the first.)
    auto may_be = [&](Ref b) {
      return av.type.bounds.size() != 1 || !c.in.find(b) || c.ev.types().mayOverlap(et, c.in.at(b).type);
    };
    for (const auto& [a, b] : c.in.preds.joins) {
      if (a == arr && b != arr && may_be(b)) s.addMaybeEqual(value, b);
      if (b == arr && a != arr && may_be(a)) s.addMaybeEqual(value, a);
    }
    if (!av.elements_non_null) s.setMaybeExisting(value, true);
  }
  c.pop();
  c.pop();
  c.pushValue(value, type == 'J' || type == 'D' ? type : 'A');
  c.advance();
  return c.finish();
}

StepResult evalArrayStore(Ctx& c) {
  char type = c.insn.info().type;
  bool wide = type == 'J' || type == 'D';
  Ref val = c.peekValue(0, type);
  Ref idx = c.peek(wide ? 2 : 1), arr = c.peek(wide ? 3 : 2);
  if (auto r = requireArray(c, arr)) return std::move(*r);
  if (auto eq = c.in.maybeEqualTo(arr); !eq.empty())
    return refinedTo(state::refineEquality(c.in, arr, eq.front(), c.ev.types()), {arr, eq.front()});
  if (auto r = checkBounds(c, arr, idx)) return std::move(*r);
  const HeapValue& av = c.in.at(arr);
  Interval i = c.in.intervalOf(idx);
  if (type == 'A' && val != kNull) {
    // ArrayStoreException unless the value fits the component type.
    std::string atype = arrayTypeName(c, av);
    state::AbstractType comp = valuesOfType(c, elementDescriptor(atype));
    if (!c.ev.types().isSubset(c.in.at(val).type, comp))
      return unsupported("aastore whose ArrayStoreException check cannot be decided");
  }
  if (av.has_elements && !i.isPoint()) return indexCases(c, arr, idx);
  c.popValue(type);
  c.pop();
  c.pop();
  if (av.has_elements) {
    if (type == 'A' && c.ev.options().write_predicates) addWritePredicates(c.out, arr, val, std::nullopt, true, c.ev.types());
    c.out.atMutable(arr).elements[static_cast<size_t>(i.lo)] = val;
  } else if (type == 'A') {
    // The array's unknown contents now include `val`, which may be null:
    // an element read later may be null.
    if (val != kNull) addToUnshownContents(c.out, arr, val, c.ev.options().write_predicates, c.ev.types());
    c.out.atMutable(arr).elements_non_null = false;
  }
  c.advance();
  return c.finish();
}

StepResult evalArrayLength(Ctx& c) {
  Ref arr = c.peek(0);
  if (auto r = requireArray(c, arr)) return std::move(*r);
  c.pop();
  c.push(c.in.at(arr).length);
  c.advance();
  return c.finish();
}

namespace {

Ref defaultValue(Ctx& c, std::string_view descriptor) {
  char p = primOf(descriptor);
  if (p == 'L') return kNull;
  if (p == 'F' || p == 'D') return c.newFloat(0.0, p);
  return c.newConst(0, p == 'J' ? 'J' : 'I');
}

// A new array of exact type `atype` and length `len` (contents: default
// values when the length is a small literal).
Ref newArray(Ctx& c, const std::string& atype, Ref len) {
  state::TypeSystem& ts = c.ev.types();
  Ref arr = c.newObject(ts.exactly(ts.intern(atype)));
  HeapValue& v = c.out.atMutable(arr);
  v.kind = HeapValue::Kind::Array;
  v.length = len;
  Interval l = c.out.intervalOf(len);
  if (l.isPoint() && l.lo <= c.ev.options().arrayContentsLimit()) {
    std::vector<Ref> elems;
    for (int64_t k = 0; k < l.lo; ++k) elems.push_back(defaultValue(c, elementDescriptor(atype)));
    HeapValue& again = c.out.atMutable(arr);
    again.has_elements = true;
    again.elements = std::move(elems);
  }
  return arr;
}

}  // namespace

StepResult evalNew(Ctx& c) {
  auto index = static_cast<uint16_t>(c.insn.operand);
  std::string_view name = c.method.owner().file().pool.className(index);
  const program::ClassInfo* cls = c.ev.program().find(name);
  if (!cls) return unsupported(fmt::format("class {} not found", name));
  if (cls->file().access & (classfile::kAbstract | classfile::kInterface))
    return unsupported(fmt::format("new of abstract class {} (InstantiationError)", name));
  if (tracksInitialization(*cls))
    if (auto r = requireInitialized(c, *cls)) return std::move(*r);
  state::TypeSystem& ts = c.ev.types();
  Ref obj = c.newObject(ts.exactly(ts.intern(name)));
  for (const program::ClassInfo* k = cls; k != nullptr; k = k->super)
    for (const auto& f : k->file().fields)
      if (!(f.access & classfile::kStatic)) {
        Ref d = defaultValue(c, f.descriptor);
        c.out.atMutable(obj).setField(ts.field(k->name(), f.name, f.descriptor, false), d);
      }
  c.push(obj);
  c.advance();
  return c.finish();
}

StepResult evalNewArray(Ctx& c) {
  const classfile::ConstantPool& cp = c.method.owner().file().pool;
  int dims = c.insn.opcode == 0xc5 ? c.insn.operand2 : 1;
  // Every dimension count must be non-negative (JVMS: NegativeArraySizeException).
  for (int k = 0; k < dims; ++k) {
    Ref n = c.peek(static_cast<size_t>(k));
    Interval l = c.in.intervalOf(n);
    if (l.hi < 0) return raise(c, "java/lang/NegativeArraySizeException");
    if (l.lo < 0) return refinedTo(state::refineInteger(c.in, n, {Interval::atMost(-1), Interval::atLeast(0)}), {n});
  }
  // An array of more than kMaxArrayLength elements: the JVM may refuse it
  // (OutOfMemoryError, depending on its heap; always for lengths near 2^31,
  // "Requested array size exceeds VM limit") or create it. A graph has both
  // cases (split 0: the error, 1: the array), so that neither a proof of an
  // endless loop nor one of termination relies on either; a concrete run
  // cannot know the JVM's heap and stops (no confirmation).
  bool huge = false;
  for (int k = 0; k < dims; ++k) {
    Ref n = c.peek(static_cast<size_t>(k));
    Interval l = c.in.intervalOf(n);
    if (l.hi <= kMaxArrayLength) continue;
    if (c.ev.options().concrete)
      return unsupported(fmt::format("an array of {} elements (the JVM may throw OutOfMemoryError)", l.lo));
    if (l.lo <= kMaxArrayLength)
      return refinedTo(state::refineInteger(c.in, n, {Interval::range(l.lo, kMaxArrayLength),
                                                      Interval::atLeast(kMaxArrayLength + 1)}),
                       {n});
    huge = true;
  }
  if (huge && c.in.split < 0) return refinedTo(state::booleanSplit(c.in), {});
  if (huge && c.in.split == 0) return raise(c, "java/lang/OutOfMemoryError");
  std::string atype;
  if (c.insn.opcode == 0xbc) {  // newarray
    static constexpr const char* kPrim[] = {"", "", "", "", "[Z", "[C", "[F", "[D", "[B", "[S", "[I", "[J"};
    atype = kPrim[c.insn.operand];
  } else if (c.insn.opcode == 0xbd) {  // anewarray
    std::string_view comp = cp.className(static_cast<uint16_t>(c.insn.operand));
    atype = comp.starts_with('[') ? "[" + std::string(comp) : "[L" + std::string(comp) + ";";
  } else {
    atype = std::string(cp.className(static_cast<uint16_t>(c.insn.operand)));
  }
  std::vector<Ref> counts(static_cast<size_t>(dims));
  for (int k = dims - 1; k >= 0; --k) counts[static_cast<size_t>(k)] = c.pop();
  // Build the nested arrays bottom-up for literal counts; otherwise the outer
  // array's elements are unknown but exist (all inner arrays are created).
  std::function<Ref(size_t, const std::string&)> build = [&](size_t level, const std::string& t) -> Ref {
    Ref arr = newArray(c, t, counts[level]);
    if (level + 1 < counts.size()) {
      // No reference into the heap is held across build(): it inserts values.
      if (c.out.at(arr).has_elements) {
        size_t n = c.out.at(arr).elements.size();
        std::vector<Ref> inner;
        for (size_t k = 0; k < n; ++k) inner.push_back(build(level + 1, t.substr(1)));
        c.out.atMutable(arr).elements = inner;
      } else {
        c.out.atMutable(arr).elements_non_null = true;
      }
    }
    return arr;
  };
  c.push(build(0, atype));
  c.advance();
  return c.finish();
}

StepResult evalTypeCheck(Ctx& c) {
  bool is_cast = c.insn.opcode == 0xc0;
  Ref r = c.peek(0);
  std::string_view target_name = c.method.owner().file().pool.className(static_cast<uint16_t>(c.insn.operand));
  if (r != kNull && c.in.maybeExisting(r)) return refinedTo(state::refineExistence(c.in, r), {r});
  bool instance = false;
  if (r != kNull) {
    state::TypeSystem& ts = c.ev.types();
    state::TypeId target = ts.intern(target_name);
    const state::AbstractType& t = c.in.at(r).type;
    if (ts.allSubtypesOf(t, target)) {
      instance = true;
    } else if (ts.noneSubtypeOf(t, target)) {
      instance = false;
    } else {
      return refinedTo(state::refineType(c.in, r, {ts.restrictTo(t, target), ts.exclude(t, target)}), {r});
    }
  }
  if (is_cast) {
    if (r != kNull && !instance) return raise(c, "java/lang/ClassCastException");
  } else {
    c.pop();
    c.push(c.newConst(instance ? 1 : 0));
  }
  c.advance();
  return c.finish();
}

StepResult evalMonitor(Ctx& c) {
  if (auto r = requireNonNull(c, c.peek(0))) return std::move(*r);
  c.pop();
  c.advance();
  return c.finish();
}

}  // namespace jhalt::seg::detail
