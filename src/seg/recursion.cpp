// Call stack abstraction and context concretization (thesis 002, Ch. 3;
// the abstraction of input arguments is explained in recursion.h).
#include "jhalt/seg/recursion.h"

#include <algorithm>
#include <set>

#include "eval_internal.h"
#include "fresh_writes.h"
#include "shapes.h"
#include "jhalt/bytecode/kinds.h"
#include "jhalt/bytecode/opcodes.h"
#include "jhalt/program/targets.h"
#include "jhalt/state/reach.h"
#include "jhalt/util/error.h"

namespace jhalt::seg {

using state::Frame;
using state::HeapValue;
using state::kNone;
using state::kNull;
using state::Ref;
using state::State;

const program::MethodInfo* invoked(const State& before, const State& after) {
  if (after.frames.size() != before.frames.size() + 1 || after.exception != kNone) return nullptr;
  const program::MethodInfo* callee = after.top().method;
  return callee->name() == "<clinit>" ? nullptr : callee;
}

bool onStackBelow(const State& after) {
  for (size_t i = 1; i < after.frames.size(); ++i)
    if (after.frames[i].method == after.top().method) return true;
  return false;
}

State callStackAbstraction(const State& call) {
  JHALT_ASSERT(call.frames.size() >= 2, "a call state has a caller");
  State a = call;
  a.split = -1;
  a.frames.resize(1);
  a.open_context = true;
  a.collectGarbage();
  return a;
}

// ---------------------------------------------------------------------------
// What a callee may write.

CalleeEffects::Writes CalleeEffects::local(const program::MethodInfo& m) {
  if (auto it = local_.find(&m); it != local_.end()) return it->second;
  Writes w;
  if (!m.hasCode()) {
    w = Writes::all();
  } else {
    if (!application_loaded_) {
      application_ = program::applicationClasses(program_);
      application_loaded_ = true;
    }
    const program::MethodCode& code = m.code();
    const classfile::ConstantPool& pool = m.owner().file().pool;
    std::vector<int32_t> tree_store = treeStores(m);
    const detail::FreshWrites fresh = detail::freshWrites(m);
    w.ctor_this = fresh.ctor_this;
    for (size_t i = 0; i < code.bytecode.size(); ++i) {
      const bytecode::Instruction& insn = code.bytecode.at(i);
      switch (insn.family()) {
        case bytecode::Family::ArrayStore:
          w.heap = true;
          w.old = true;
          if (insn.opcode == bytecode::op::kAastore) w.shape = true;
          break;
        case bytecode::Family::Field: {
          auto op = static_cast<bytecode::FieldOp>(insn.info().sub);
          bool reference = false;
          std::optional<std::pair<std::string, std::string>> name;
          try {
            auto ref = pool.memberRef(static_cast<uint16_t>(insn.operand));
            reference = ref.descriptor.empty() || ref.descriptor.front() == 'L' || ref.descriptor.front() == '[';
            name.emplace(ref.name, ref.descriptor);
          } catch (const InputError&) {
            reference = true;
          }
          if (op == bytecode::FieldOp::PutField) {
            w.heap = true;
            if (!fresh.fresh[i]) w.old = true;
            if (reference && tree_store[i] < 0) w.shape = true;
          }
          if (op == bytecode::FieldOp::PutStatic) {
            w.statics = true;
            if (name)
              w.static_fields.insert(*name);
            else
              w.any_static = true;
            if (reference) w.shape = true;
          }
          break;
        }
        default: break;
      }
    }
  }
  local_[&m] = w;
  return w;
}

// Per instruction: a putfield that stores null (`aconst_null; putfield`) or
// an object constructed just before (`new C; dup; <arguments>; invokespecial
// C.<init>; putfield`), all in one basic block, so that no other path brings
// the value. Neither can make a cycle or sharing: the new object is
// referenced from nowhere else (a constructor that stores `this` somewhere
// makes its own write a shape write).
std::vector<int32_t> CalleeEffects::treeStores(const program::MethodInfo& m) {
  const program::MethodCode& code = m.code();
  const size_t n = code.bytecode.size();
  std::vector<int32_t> out(n, -1);
  auto isPutField = [&](size_t i) {
    const bytecode::Instruction& insn = code.bytecode.at(i);
    return insn.family() == bytecode::Family::Field &&
           static_cast<bytecode::FieldOp>(insn.info().sub) == bytecode::FieldOp::PutField;
  };
  auto sameBlock = [&](size_t a, size_t b) {
    return code.cfg.blockOfInstruction(static_cast<uint32_t>(a)) == code.cfg.blockOfInstruction(static_cast<uint32_t>(b));
  };
  for (size_t i = 1; i < n; ++i)
    if (isPutField(i) && code.bytecode.at(i - 1).opcode == bytecode::op::kAconstNull && sameBlock(i - 1, i))
      out[i] = static_cast<int32_t>(i - 1);
  std::vector<std::optional<bytecode::FrameKinds>> kinds;
  try {
    kinds = bytecode::inferKinds(code.bytecode, code.attribute, m.owner().file().pool, m.descriptor(), m.isStatic());
  } catch (const InputError&) {
    return out;
  }
  const classfile::ConstantPool& pool = m.owner().file().pool;
  for (size_t j = 0; j + 2 < n; ++j) {
    if (code.bytecode.at(j).opcode != bytecode::op::kNew || code.bytecode.at(j + 1).opcode != bytecode::op::kDup) continue;
    if (!kinds[j]) continue;
    const size_t depth = kinds[j]->stack.size();  // the new object is at `depth`, its copy above it
    for (size_t k = j + 2; k + 1 < n && sameBlock(j, k + 1) && kinds[k + 1]; ++k) {
      if (kinds[k + 1]->stack.size() > depth + 1) continue;
      // The first instruction that brings the stack back to the new object:
      // it must be the constructor call on the copy, then the store.
      const bytecode::Instruction& call = code.bytecode.at(k);
      bool init = call.opcode == bytecode::op::kInvokespecial && kinds[k + 1]->stack.size() == depth + 1;
      if (init) {
        try {
          init = pool.memberRef(static_cast<uint16_t>(call.operand)).name == "<init>";
        } catch (const InputError&) {
          init = false;
        }
      }
      if (init && isPutField(k + 1)) out[k + 1] = static_cast<int32_t>(j);
      break;
    }
  }
  return out;
}

const std::vector<CalleeEffects::MustWrite>& CalleeEffects::mustWrites(const program::MethodInfo& m) {
  if (auto it = must_.find(&m); it != must_.end()) return it->second;
  std::vector<MustWrite>& out = must_[&m];
  if (!m.hasCode() || !m.code().attribute.handlers.empty()) return out;  // a handler could skip the write
  const program::MethodCode& code = m.code();
  const size_t n = code.bytecode.size();
  std::set<int32_t> stored;
  std::vector<uint32_t> returns;
  for (size_t i = 0; i < n; ++i) {
    const bytecode::Instruction& insn = code.bytecode.at(i);
    if (insn.family() == bytecode::Family::LocalStore || insn.family() == bytecode::Family::Subroutine) stored.insert(insn.operand);
    if (insn.family() == bytecode::Family::Subroutine) return out;
    if (insn.family() == bytecode::Family::Return) returns.push_back(code.cfg.blockOfInstruction(static_cast<uint32_t>(i)));
  }
  const std::vector<int32_t> tree = treeStores(m);
  for (size_t i = 0; i < n; ++i) {
    // The object operand: pushed by `aload p` just before the stored value's
    // `aconst_null` or `new`.
    if (tree[i] < 1) continue;
    const size_t load = static_cast<size_t>(tree[i]) - 1;
    const bytecode::Instruction& a = code.bytecode.at(load);
    const uint32_t block = code.cfg.blockOfInstruction(static_cast<uint32_t>(i));
    if (a.family() != bytecode::Family::LocalLoad || a.info().type != 'A' || stored.count(a.operand) ||
        code.cfg.blockOfInstruction(static_cast<uint32_t>(load)) != block)
      continue;
    if (std::all_of(returns.begin(), returns.end(), [&](uint32_t r) { return code.dominators.dominates(block, r); }))
      out.push_back(MustWrite{static_cast<uint16_t>(a.operand), static_cast<uint32_t>(i)});
  }
  return out;
}

std::optional<std::set<state::TypeId>> CalleeEffects::reachTypes(state::TypeSystem& ts, const state::AbstractType& a) {
  std::set<state::TypeId> out;
  for (const state::TypeBound& b : a.bounds) {
    auto key = std::make_pair(b.type, b.exact);
    auto cached = reach_types_.find(key);
    if (cached == reach_types_.end()) {
      std::optional<std::set<state::TypeId>> found = std::set<state::TypeId>{};
      std::set<std::pair<state::TypeId, bool>> seen{key};
      std::vector<std::pair<state::TypeId, bool>> work{key};
      auto push = [&](std::string_view descriptor) {
        if (descriptor.empty() || (descriptor[0] != 'L' && descriptor[0] != '[')) return;
        std::string_view name = descriptor[0] == 'L' ? descriptor.substr(1, descriptor.size() - 2) : descriptor;
        auto next = std::make_pair(ts.intern(name), false);
        if (seen.insert(next).second) work.push_back(next);
      };
      while (!work.empty() && found) {
        auto [t, exact] = work.back();
        work.pop_back();
        const std::string name = ts.name(t);
        found->insert(t);
        if (ts.isArray(t)) {
          push(std::string_view(name).substr(1));
          continue;
        }
        const program::ClassInfo* c = nullptr;
        try {
          c = program_.find(name);
        } catch (const InputError&) {
        }
        const bool final_class = c && (c->file().access & classfile::kFinal);
        if (!c || c->isInterface() || name == "java/lang/Object" ||
            (!exact && !final_class && c->origin() != classpath::Origin::Application)) {
          found.reset();
          break;
        }
        std::vector<const program::ClassInfo*> classes{c};
        if (!exact && !final_class) {
          if (!application_loaded_) {
            application_ = program::applicationClasses(program_);
            application_loaded_ = true;
          }
          for (const program::ClassInfo* s : application_)
            if (s != c && program_.isSubtypeOf(*s, *c)) classes.push_back(s);
        }
        for (const program::ClassInfo* k : classes) {
          state::TypeId id = ts.intern(k->name());
          found->insert(id);
          auto fields = ts.instanceFields(id);
          if (!fields) {
            found.reset();
            break;
          }
          for (state::FieldId f : *fields) push(ts.fieldInfo(f).descriptor);
        }
      }
      cached = reach_types_.emplace(key, std::move(found)).first;
    }
    if (!cached->second) return std::nullopt;
    out.insert(cached->second->begin(), cached->second->end());
  }
  return out;
}

bool CalleeEffects::mayShare(state::TypeSystem& ts, const state::AbstractType& a, const state::AbstractType& b) {
  auto x = reachTypes(ts, a);
  auto y = x ? reachTypes(ts, b) : std::nullopt;
  if (!x || !y) return true;
  for (state::TypeId s : *x)
    for (state::TypeId t : *y)
      if (s == t || ts.isSubtype(s, t) || ts.isSubtype(t, s)) return true;
  return false;
}

// The application (and model) methods an invoke of `m` may run; a target
// that is unknown, without code or in the JDK is noted in unknown_callee_.
const std::vector<const program::MethodInfo*>& CalleeEffects::callees(const program::MethodInfo& m) {
  if (auto it = callees_.find(&m); it != callees_.end()) return it->second;
  if (!application_loaded_) {
    application_ = program::applicationClasses(program_);
    application_loaded_ = true;
  }
  std::vector<const program::MethodInfo*> out;
  bool unknown = !m.hasCode();
  if (m.hasCode()) {
    const program::MethodCode& code = m.code();
    for (size_t i = 0; i < code.bytecode.size(); ++i) {
      const bytecode::Instruction& insn = code.bytecode.at(i);
      if (insn.family() != bytecode::Family::Invoke) continue;
      auto targets = program::callTargets(program_, m, insn, application_);
      if (!targets) {
        unknown = true;
        continue;
      }
      for (const program::MethodInfo* t : *targets) {
        std::string_view owner = t->owner().name();
        bool math = owner == "java/lang/Math" || owner == "java/lang/StrictMath";
        if (t->owner().origin() == classpath::Origin::Jdk || !t->hasCode()) {
          unknown |= !math;
        } else if (std::find(out.begin(), out.end(), t) == out.end()) {
          out.push_back(t);
        }
      }
    }
  }
  unknown_callee_[&m] = unknown;
  return callees_[&m] = std::move(out);
}

// The union over every method the callee may run (call targets in the
// closed world; an unknown target, a method without code or a JDK method
// other than java.lang.Math's may write anything).
CalleeEffects::Writes CalleeEffects::of(const program::MethodInfo& root) {
  if (auto it = total_.find(&root); it != total_.end()) return it->second;
  Writes w;
  std::set<const program::MethodInfo*> seen{&root};
  std::vector<const program::MethodInfo*> work{&root};
  while (!work.empty() && !(w.heap && w.statics && w.shape && w.old && w.any_static)) {
    const program::MethodInfo* m = work.back();
    work.pop_back();
    Writes here = local(*m);
    w.heap |= here.heap;
    w.statics |= here.statics;
    w.static_fields.insert(here.static_fields.begin(), here.static_fields.end());
    w.any_static |= here.any_static;
    w.shape |= here.shape;
    w.old |= here.old;
    w.ctor_this |= here.ctor_this;
    for (const program::MethodInfo* t : callees(*m))
      if (seen.insert(t).second) work.push_back(t);
    if (unknown_callee_[m]) w = Writes::all();
  }
  // The method called is a constructor: its `this` is the caller's object,
  // also for the constructors it chains to (`super(...)`, `this(...)`, field
  // initializers), which may write it (a review found `super()` writing
  // `next = this` proven): then a constructor's writes into its `this`
  // count as old ones.
  if (root.name() == "<init>" && w.ctor_this) w.old = true;
  total_[&root] = w;
  return w;
}

bool CalleeEffects::recursive(const program::MethodInfo& root) {
  if (auto it = recursive_.find(&root); it != recursive_.end()) return it->second;
  bool found = false;
  std::set<const program::MethodInfo*> seen;
  std::vector<const program::MethodInfo*> work(callees(root).begin(), callees(root).end());
  while (!work.empty() && !found) {
    const program::MethodInfo* m = work.back();
    work.pop_back();
    if (m == &root) found = true;
    if (!seen.insert(m).second) continue;
    for (const program::MethodInfo* t : callees(*m)) work.push_back(t);
  }
  return recursive_[&root] = found;
}

// ---------------------------------------------------------------------------
// Context concretization.

namespace {

// Does `v` in `s` reach only a tree (no explicit sharing or cycle, no
// `r %$ r`, `r ⟲F` or `r =? q` on the way)? Sharing with other objects
// (`r %$ q`) does not matter: a cycle or a non-tree shape reached through
// unshown fields needs `⟲` or `%$` at the last shown reference before it
// (thesis 002, Def. 1.10(n)).
bool acyclicTree(const State& s, Ref v) {
  std::set<Ref> seen;
  std::vector<Ref> work{v};
  while (!work.empty()) {
    Ref r = work.back();
    work.pop_back();
    if (r == kNull || r == kNone) continue;
    const HeapValue* h = s.find(r);
    if (!h || !h->isObject()) continue;
    if (!seen.insert(r).second || s.cyclic(r) || s.joins(r, r) || !s.maybeEqualTo(r).empty()) return false;
    for (const auto& f : h->fields) work.push_back(f.second);
    for (Ref e : h->elements) work.push_back(e);
  }
  return true;
}

// Input arguments marked changed: nothing but their type (and array length)
// is known afterwards; they may share with each other, and be cyclic unless
// `keep_trees` (the callee makes no shape write) and they were trees, or
// they are `covered`: every field they have is set again (writtenFields).
void forgetContents(State& k, const std::vector<Ref>& changed, bool keep_trees, const std::set<Ref>& covered,
                    state::TypeSystem& ts, CalleeEffects& effects) {
  std::set<Ref> trees = covered;
  if (keep_trees)
    for (Ref x : changed)
      if (acyclicTree(k, x)) trees.insert(x);
  detail::markHiddenShapes(k, changed);
  if (!changed.empty()) k.preds.reaches.clear();  // the callee may have relinked what they reach
  for (Ref x : changed) detail::forgetShown(k.atMutable(x));
  for (Ref x : changed) {
    if (!trees.count(x)) k.addCyclic(x, {});
    for (Ref y : changed)
      if (y == x ? !trees.count(x) : effects.mayShare(ts, k.at(x).type, k.at(y).type)) k.addJoins(x, y);
  }
}

// The fields a callee that makes no shape write sets on its arguments on
// every path to its return (CalleeEffects::mustWrites), by argument; an
// argument is `covered` when that is every reference field of its class.
struct WrittenFields {
  std::map<Ref, std::vector<state::FieldId>> fields;
  std::set<Ref> covered;
};

WrittenFields writtenFields(const State& k, const Frame& callee, Evaluator& ev, CalleeEffects& effects) {
  WrittenFields out;
  state::TypeSystem& ts = ev.types();
  const program::MethodCode& code = callee.method->code();
  for (const CalleeEffects::MustWrite& w : effects.mustWrites(*callee.method)) {
    if (w.local >= callee.locals.size()) continue;
    Ref o = callee.locals[w.local];
    const HeapValue* h = o == kNull || o == kNone ? nullptr : k.find(o);
    if (!h || h->kind != HeapValue::Kind::Instance) continue;
    // An argument that may be another object (`o =? q`) is left out: if it
    // is q, q's field is the new value too, which a fresh reference without
    // predicates would deny (a review found `f(p, n); while (p.next ==
    // q.next && p.next != null)` proven with q =? p). Shown fields and `=?`
    // never meet (equality refinement comes first).
    if (!k.maybeEqualTo(o).empty()) continue;
    classfile::MemberRef ref = callee.method->owner().file().pool.memberRef(static_cast<uint16_t>(code.bytecode.at(w.insn).operand));
    const program::ClassInfo* owner = ev.program().find(ref.owner);
    auto resolved = owner ? ev.program().resolveField(*owner, ref.name, ref.descriptor) : std::nullopt;
    if (!resolved) continue;
    out.fields[o].push_back(ts.field(resolved->owner->name(), ref.name, ref.descriptor, false));
  }
  for (auto& [o, fs] : out.fields) {
    std::sort(fs.begin(), fs.end());
    fs.erase(std::unique(fs.begin(), fs.end()), fs.end());
    const state::AbstractType& type = k.at(o).type;
    if (type.bounds.size() != 1 || !type.bounds.front().exact) continue;
    auto all = ts.instanceFields(type.bounds.front().type);
    if (all && std::all_of(all->begin(), all->end(), [&](state::FieldId f) {
          return !ts.fieldInfo(f).isReference() || std::binary_search(fs.begin(), fs.end(), f);
        }))
      out.covered.insert(o);
  }
  return out;
}

// Each written field: null or a tree of objects the call made, referenced
// from nowhere else (no shape write: every object the call stores is new
// and stored once), so a fresh reference without predicates.
// Returns the new references: the callee may also return one of them or an
// object inside (a review found `r = t.fill(n); r.next = t.next` proven).
std::vector<Ref> showWrittenFields(State& k, const WrittenFields& written, Evaluator& ev) {
  state::TypeSystem& ts = ev.types();
  std::vector<Ref> out;
  for (const auto& [o, fs] : written.fields)
    for (state::FieldId f : fs) {
      Ref y = ev.alloc().fresh();
      k.put(y, HeapValue::object(detail::valuesOfType(ev, ts.fieldInfo(f).descriptor)));
      k.setMaybeExisting(y, true);
      k.atMutable(o).setField(f, y);
      out.push_back(y);
    }
  return out;
}

// `x ⇝f null` for each field f of x's class that holds its own class and
// whose path from x surely ends (state::reachedAlong: no cycle predicate
// lets f alone close a cycle, as in a doubly linked list's `⟲{next,
// prev}`): its distance ranks a walk or recursion along f, which the
// returned object, known by its type only, would not carry otherwise.
void addEndingPaths(State& k, Ref x, state::TypeSystem& ts) {
  const HeapValue& hv = k.at(x);
  if (hv.kind != HeapValue::Kind::Instance || hv.type.bounds.size() != 1) return;
  const state::TypeId cls = hv.type.bounds.front().type;
  auto fields = ts.instanceFields(cls);
  if (!fields) return;
  const std::string own = "L" + std::string(ts.name(cls)) + ";";
  for (state::FieldId f : *fields)
    if (ts.fieldInfo(f).descriptor == own && state::reachedAlong(k, x, f).count(kNull)) k.addReach(x, kNull, f);
}

// A value from the callee's end state `end` (an object is represented by
// its type only) as a fresh reference of `k`; `reach` are the objects of `k`
// the callee could reach, which a returned or thrown object may be.
Ref transfer(State& k, const State& end, Ref v, const std::vector<Ref>& reach, Evaluator& ev, EvalLabel& label,
             CalleeEffects& effects) {
  if (v == kNull) return kNull;
  const HeapValue& hv = end.at(v);
  Ref x = ev.alloc().fresh();
  switch (hv.kind) {
    case HeapValue::Kind::Integer:
      k.put(x, HeapValue::integer(hv.interval, hv.prim));
      label.computations.push_back(Computation{x, ArithOp::Copy, v, kNone, 0, hv.prim == 'J' ? 'J' : 'I'});
      return x;
    case HeapValue::Kind::Float: k.put(x, HeapValue::floating(hv.literal, hv.prim)); return x;
    default: break;
  }
  k.put(x, HeapValue::object(hv.type));
  if (end.maybeExisting(v)) k.setMaybeExisting(x, true);
  if (!acyclicTree(end, v)) {  // its copy may share with what the callee could reach (below)
    k.addJoins(x, x);
    if (auto fields = detail::cyclesReached(end, v)) k.addCyclic(x, *fields);
  }
  for (Ref y : reach) {
    if (effects.mayShare(ev.types(), hv.type, k.at(y).type)) k.addJoins(x, y);
    if (ev.types().mayOverlap(hv.type, k.at(y).type)) k.addMaybeEqual(x, y);
  }
  addEndingPaths(k, x, ev.types());
  return x;
}

// Static fields after the call: those the callee may have written (all
// when a class initializer ran) get an unknown value of the field's type
// (as after an unanalysed call), which may be or share with what the
// callee could reach and with each other, as far as the types allow (a
// review found two statics set to one object, and a static and the result,
// taken as different objects). Returns the new references: a returned or
// thrown object may be one of them.
std::vector<Ref> forgetStatics(State& k, const State& end, const std::vector<Ref>& reach, Evaluator& ev,
                   const CalleeEffects::Writes& writes, bool initialised, CalleeEffects& effects) {
  state::TypeSystem& ts = ev.types();
  std::vector<state::FieldId> fields;
  for (const auto& [f, r] : end.statics) fields.push_back(f);
  for (const auto& [f, r] : k.statics) fields.push_back(f);  // (end has them all: classes stay initialised)
  std::sort(fields.begin(), fields.end());
  fields.erase(std::unique(fields.begin(), fields.end()), fields.end());
  std::vector<std::pair<state::FieldId, Ref>> fresh;
  std::vector<Ref> made;
  auto link = [&](Ref n, Ref y) {
    if (effects.mayShare(ts, k.at(n).type, k.at(y).type)) k.addJoins(n, y);
    if (ts.mayOverlap(k.at(n).type, k.at(y).type)) k.addMaybeEqual(n, y);
  };
  for (state::FieldId f : fields) {
    const state::FieldInfo& fi = ts.fieldInfo(f);
    auto kept = std::find_if(k.statics.begin(), k.statics.end(), [f](const auto& e) { return e.first == f; });
    if (kept != k.statics.end() && !initialised && !writes.mayWriteStatic(fi.name, fi.descriptor)) {
      fresh.emplace_back(f, kept->second);
      continue;
    }
    char p = fi.kind();
    Ref n = ev.alloc().fresh();
    if (p == 'F' || p == 'D') {
      k.put(n, HeapValue::floating(std::nullopt, p));
    } else if (!fi.isReference()) {
      k.put(n, HeapValue::integer(ev.unknownInt(p), p == 'J' ? 'J' : 'I'));
    } else {
      k.put(n, HeapValue::object(detail::valuesOfType(ev, fi.descriptor)));
      k.setMaybeExisting(n, true);
      k.addJoins(n, n);
      k.addCyclic(n, {});
      for (Ref y : reach) link(n, y);
      for (Ref y : made) link(n, y);
      made.push_back(n);
    }
    fresh.emplace_back(f, n);
  }
  k.statics.clear();
  for (const auto& [f, n] : fresh) k.setStatic(f, n);
  return made;
}

}  // namespace

bool mayFollow(const State& call, const State& end) {
  for (const auto& [cls, status] : call.init)
    if (end.initStatus(cls) < status) return false;
  return true;
}

std::vector<Ref> calleeMayReach(const State& call) {
  JHALT_ASSERT(!call.frames.empty(), "a call state has the callee's frame");
  std::vector<Ref> roots;
  for (Ref r : call.frames.front().locals)
    if (r != kNone) roots.push_back(r);
  for (const auto& [f, r] : call.statics) roots.push_back(r);
  return detail::mayReach(call, roots);
}

Concretization concretize(const State& call, const State& end, Evaluator& ev, CalleeEffects& effects) {
  JHALT_ASSERT(call.frames.size() >= 2 && end.finished(), "context concretization of a call and a return");
  Concretization out;
  State& k = out.state;
  k = call;
  k.split = -1;
  std::vector<Ref> reach = calleeMayReach(call);
  const Frame callee = k.frames.front();
  k.frames.erase(k.frames.begin());
  const bool initialised = end.init != call.init;  // a class initializer ran in between
  CalleeEffects::Writes writes = effects.of(*callee.method);
  // Thesis 002 §3.6 leaves the input arguments' abstraction open; jhalt's
  // is in docs/design/recursion.md ("Input arguments").
  WrittenFields written;
  if (writes.heap && !writes.shape && !initialised && end.exception == kNone)
    written = writtenFields(k, callee, ev, effects);
  // Writes only into objects the call made leave the caller's objects as they were.
  if ((writes.heap && writes.old) || initialised)
    forgetContents(k, reach, !writes.shape && !initialised, written.covered, ev.types(), effects);
  // The callee's field writes may break the caller's reachability facts.
  if ((writes.heap && writes.old) || initialised) k.preds.reaches.clear();
  for (Ref y : showWrittenFields(k, written, ev)) reach.push_back(y);  // what a returned object may be
  // A covered argument reaches only what it shows: new trees.
  for (Ref o : written.covered) {
    k.removeJoins(o, o);
    std::erase_if(k.preds.cyclic, [o](const auto& c) { return c.first == o; });
  }
  out.heap_kept = !(writes.heap && writes.old) && !initialised;
  if (writes.statics || initialised)
    for (Ref y : forgetStatics(k, end, reach, ev, writes, initialised, effects)) reach.push_back(y);
  k.init = end.init;

  Frame& caller = k.frames.front();
  if (end.exception != kNone) {
    // The exception propagates into the caller: its handler search starts
    // at the invoke instruction.
    k.exception = transfer(k, end, end.exception, reach, ev, out.label, effects);
  } else {
    std::string_view desc = callee.method->descriptor();
    char ret = desc[desc.find(')') + 1];
    if (ret != 'V') {
      Ref x = transfer(k, end, end.result, reach, ev, out.label, effects);
      caller.stack.push_back(x);
      if (ret == 'J' || ret == 'D') caller.stack.push_back(kNone);
    }
    const program::MethodCode& code = caller.method->code();
    const bytecode::Instruction& insn = code.bytecode.at(static_cast<size_t>(code.bytecode.indexAt(caller.pc)));
    caller.pc = insn.offset + insn.length;
  }
  k.collectGarbage();
  return out;
}

}  // namespace jhalt::seg
