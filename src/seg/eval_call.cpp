// Method calls, returns, class initialisation and library calls (thesis
// 002, §1.6: INVOKE*, with type refinement for dynamic dispatch; JVMS §5.5,
// §6.5 invoke*). Calls are evaluated inline: the callee's frame is pushed.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "eval_internal.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/program/call_site.h"
#include "jhalt/util/error.h"

namespace jhalt::seg {

const std::vector<const program::ClassInfo*>& Evaluator::knownClasses() {
  if (known_classes_loaded_) return known_classes_;
  known_classes_loaded_ = true;
  for (auto origin : {classpath::Origin::Application, classpath::Origin::Model})
    for (classpath::ClassSource* src : program_.classPath().sources(origin))
      for (const std::string& name : src->classNames()) {
        // A class that does not load cannot be instantiated on the JVM
        // either: leaving it out of the closed world is sound.
        const program::ClassInfo* c = nullptr;
        try {
          c = program_.find(name);
        } catch (const InputError&) {
          continue;
        }
        if (c) known_classes_.push_back(c);
      }
  return known_classes_;
}

namespace detail {
namespace {

bool isJdk(const program::ClassInfo& c) { return c.origin() == classpath::Origin::Jdk; }

int argSlots(const classfile::MethodType& mt) { return mt.paramSlots(); }

std::string methodName(const program::MethodInfo& m) { return m.qualifiedName(); }

// Pushes the frame of `target` with the arguments popped from the caller.
StepResult pushFrame(Ctx& c, const program::MethodInfo& target, int slots, bool has_receiver) {
  if (!c.ev.options().recursion)
    for (const Frame& f : c.in.frames)
      if (f.method == &target)
        return unsupported(fmt::format("recursion not followed ({})", methodName(target)));
  const auto& code_attr = *target.method().code;
  Frame callee;
  callee.method = &target;
  callee.pc = 0;
  callee.locals.assign(code_attr.max_locals, kNone);
  int total = slots + (has_receiver ? 1 : 0);
  auto& st = c.frame().stack;
  for (int k = 0; k < total; ++k) callee.locals[static_cast<size_t>(k)] = st[st.size() - static_cast<size_t>(total) + static_cast<size_t>(k)];
  st.resize(st.size() - static_cast<size_t>(total));
  c.out.frames.insert(c.out.frames.begin(), std::move(callee));
  return c.finish();
}

}  // namespace

// JDK classes (from the JDK on the class path, or from a .jmod analysed as
// the application) are taken as initialised with unknown statics: their
// initializers need the JVM's own bootstrap.
bool tracksInitialization(const program::ClassInfo& cls) {
  return !isJdk(cls) && cls.location().find(".jmod!") == std::string::npos;
}

void materializeStatics(Evaluator& ev, State& s, const program::ClassInfo& cls) {
  state::TypeSystem& ts = ev.types();
  const classfile::ConstantPool& cp = cls.file().pool;
  for (const auto& f : cls.file().fields) {
    if (!(f.access & classfile::kStatic)) continue;
    state::FieldId id = ts.field(cls.name(), f.name, f.descriptor, true);
    char p = f.descriptor[0];
    Ref r = kNull;
    if (p == 'F' || p == 'D') {
      r = ev.alloc().fresh();
      double v = 0;
      if (f.constant_value) v = p == 'F' ? cp.floatValue(f.constant_value) : cp.doubleValue(f.constant_value);
      s.put(r, HeapValue::floating(v, p));
    } else if (p != 'L' && p != '[') {
      int64_t v = 0;
      if (f.constant_value) v = p == 'J' ? cp.longValue(f.constant_value) : cp.intValue(f.constant_value);
      r = ev.alloc().fresh();
      s.put(r, HeapValue::integer(state::Interval::point(v), p == 'J' ? 'J' : 'I'));
    } else if (f.constant_value) {
      // A String constant: an existing String whose contents are not tracked.
      r = ev.alloc().fresh();
      s.put(r, HeapValue::object(ts.exactly(ts.intern("java/lang/String"))));
    }
    s.setStatic(id, r);
  }
}

// JVMS §5.5: superclasses (and superinterfaces with default methods) first,
// then the class itself: mark it Running, set its static fields to their
// initial values and run <clinit>. The triggering instruction is evaluated
// again afterwards.
static std::optional<StepResult> initialize(Evaluator& ev, const State& in, const program::ClassInfo& cls) {
  state::TypeSystem& ts = ev.types();
  for (const program::ClassInfo* k : ev.program().initializationOrder(cls)) {
    if (!tracksInitialization(*k)) continue;
    state::TypeId id = ts.intern(k->name());
    if (in.initStatus(id) != state::InitStatus::No) continue;
    State out = in;
    out.split = -1;
    materializeStatics(ev, out, *k);
    const program::MethodInfo* clinit = k->classInitializer();
    if (clinit && clinit->hasCode()) {
      out.setInit(id, state::InitStatus::Running);
      Frame f;
      f.method = clinit;
      f.locals.assign(clinit->method().code->max_locals, kNone);
      out.frames.insert(out.frames.begin(), std::move(f));
    } else {
      out.setInit(id, state::InitStatus::Yes);
    }
    out.collectGarbage();
    StepResult r;
    EvalLabel label;
    r.successors.push_back(Successor{Successor::Kind::Eval, std::move(out), std::move(label), {}});
    return r;
  }
  return std::nullopt;
}

std::optional<StepResult> requireInitialized(Ctx& c, const program::ClassInfo& cls) {
  return initialize(c.ev, c.in, cls);
}

std::optional<StepResult> initializeEntryClass(Evaluator& ev, const State& s) {
  if (s.frames.size() != 1) return std::nullopt;
  const Frame& f = s.top();
  if (f.pc != 0 || !f.method->isStatic() || f.method->name() == "<clinit>") return std::nullopt;
  return initialize(ev, s, f.method->owner());
}

std::vector<Ref> mayReach(const State& s, const std::vector<Ref>& roots) {
  std::set<Ref> seen;
  std::vector<Ref> work(roots.begin(), roots.end());
  while (!work.empty()) {
    Ref r = work.back();
    work.pop_back();
    if (r == kNull || r == kNone || seen.count(r)) continue;
    const HeapValue* v = s.find(r);
    if (!v || !v->isObject()) continue;
    seen.insert(r);
    for (const auto& f : v->fields) work.push_back(f.second);
    for (Ref e : v->elements) work.push_back(e);
    for (const auto& [a, b] : s.preds.joins)
      if (a == r || b == r) work.push_back(a == r ? b : a);
    for (const auto& [a, b] : s.preds.maybe_equal)
      if (a == r || b == r) work.push_back(a == r ? b : a);
  }
  return {seen.begin(), seen.end()};
}

// Whether a library call returning `ret` may hand back an object of an
// application class, or one that reaches such objects (a list, a map, a
// bean), that the program did not build: deserialization (ObjectInputStream,
// XMLDecoder, Beans.instantiate) fills their fields with values no putfield
// of the program stored (program/field_values.h), and model code would then
// hand them to the program without a further library call. Only values that
// reach no object of the program are left out: strings, boxed primitives,
// classes, string builders, and arrays of those or of primitives.
bool mayReturnApplicationObject(std::string_view ret) {
  size_t dims = ret.find_first_not_of('[');
  if (dims == std::string_view::npos || ret[dims] != 'L') return false;
  static constexpr std::string_view kInert[] = {
      "Ljava/lang/String;",    "Ljava/lang/Integer;", "Ljava/lang/Long;",          "Ljava/lang/Short;",
      "Ljava/lang/Byte;",      "Ljava/lang/Character;", "Ljava/lang/Boolean;",     "Ljava/lang/Float;",
      "Ljava/lang/Double;",    "Ljava/lang/Class;",   "Ljava/lang/StringBuilder;", "Ljava/lang/StringBuffer;",
  };
  std::string_view element = ret.substr(dims);
  return std::find(std::begin(kInert), std::end(kInert), element) == std::end(kInert);
}

// An unanalysed library call: it returns any value of its return type, may
// change every object reachable from its arguments and (through callbacks
// into application code) every static field, and may throw. The caller
// splits first: case 1 returns normally, case 0 throws.
Ref havocCall(Ctx& c, const std::vector<Ref>& args, std::string_view ret) {
  State& s = c.out;
  state::TypeSystem& ts = c.ev.types();
  state::TypeId string_type = ts.intern("java/lang/String");
  std::vector<Ref> roots;
  bool callbacks = false;
  for (Ref a : args) {
    const HeapValue* v = s.find(a);
    if (!v || !v->isObject()) continue;
    bool immutable = v->type == ts.exactly(string_type);
    if (!immutable) roots.push_back(a);
    if (!immutable && v->kind != HeapValue::Kind::Array) callbacks = true;
    // Library code that gets application objects may write their fields
    // by reflection (program/field_values.h assumes it does not).
    const std::string& tn = v->type.bounds.size() == 1 && v->type.bounds.front().exact ? ts.name(v->type.bounds.front().type) : "";
    bool plain = immutable || (v->kind == HeapValue::Kind::Array && (tn.size() == 2 || tn == "[Ljava/lang/String;"));
    if (!plain) c.ev.noteLibraryCallback();
  }
  std::vector<Ref> touched = mayReach(s, roots);
  if (callbacks)
    for (const auto& [f, r] : s.statics) {
      std::vector<Ref> more = mayReach(s, {r});
      touched.insert(touched.end(), more.begin(), more.end());
    }
  std::sort(touched.begin(), touched.end());
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  markHiddenShapes(s, touched);
  if (!touched.empty()) s.preds.reaches.clear();  // the call may relink what they reach
  for (Ref x : touched) forgetShown(s.atMutable(x));
  for (Ref x : touched) {
    s.addCyclic(x, {});
    for (Ref y : touched) s.addJoins(x, y);
  }
  std::vector<Ref> fresh_statics;
  if (callbacks) {
    for (auto& [f, r] : s.statics) {
      const state::FieldInfo& fi = ts.fieldInfo(f);
      char p = fi.kind();
      Ref n;
      if (p == 'F' || p == 'D') {
        n = c.newFloat(std::nullopt, p);
      } else if (!fi.isReference()) {
        n = c.newInt(c.ev.unknownInt(p), p == 'J' ? 'J' : 'I');
      } else {
        n = c.newObject(valuesOfType(c, fi.descriptor));
        s.setMaybeExisting(n, true);
        s.addJoins(n, n);
        s.addCyclic(n, {});
        for (Ref y : touched) s.addJoins(n, y), s.addMaybeEqual(n, y);
        // Two statics may now hold one object, and the result may be it
        // (a review found both taken as different objects after a
        // recursive call; recursion.cpp, forgetStatics).
        for (Ref y : fresh_statics) s.addJoins(n, y), s.addMaybeEqual(n, y);
        fresh_statics.push_back(n);
      }
      r = n;
    }
  }
  touched.insert(touched.end(), fresh_statics.begin(), fresh_statics.end());
  if (ret == "V") return kNone;
  char p = ret[0];
  if (p == 'F' || p == 'D') return c.newFloat(std::nullopt, p);
  if (p != 'L' && p != '[') {
    Ref r = c.newInt(Interval::ofType(p), p == 'J' ? 'J' : 'I');
    c.label.computations.push_back(Computation{r, ArithOp::Unknown, kNone, kNone, 0, p});
    return r;
  }
  Ref r = c.newObject(valuesOfType(c, ret));
  s.setMaybeExisting(r, true);
  s.addJoins(r, r);
  s.addCyclic(r, {});
  for (Ref y : touched) {
    s.addJoins(r, y);
    if (ts.mayOverlap(s.at(y).type, s.at(r).type)) s.addMaybeEqual(r, y);
  }
  for (Ref a : args)
    if (a != kNull && a != kNone && s.find(a) && s.at(a).isObject() && !s.maybeExisting(a)) s.addMaybeEqual(r, a);
  return r;
}

namespace {

StepResult libraryCall(Ctx& c, const std::string& name, const classfile::MethodType& mt, bool has_receiver,
                       std::string_view ret) {
  if (c.in.split < 0) return refinedTo(state::booleanSplit(c.in), {});
  c.ev.noteLibraryCall(name);
  c.label.library_call = name;
  if (c.in.split == 0) {
    // The call throws: any Throwable.
    state::TypeSystem& ts = c.ev.types();
    int total = argSlots(mt) + (has_receiver ? 1 : 0);
    c.frame().stack.resize(c.frame().stack.size() - static_cast<size_t>(total));
    Ref e = c.newObject(ts.subtypesOf(ts.intern("java/lang/Throwable")));
    c.out.exception = e;
    c.label.raised = "java/lang/Throwable";
    // The stack is restored by the handler (JVMS: cleared) - keep the pc.
    return c.finish();
  }
  int total = argSlots(mt) + (has_receiver ? 1 : 0);
  std::vector<Ref> args;
  auto& st = c.frame().stack;
  for (int k = 0; k < total; ++k) args.push_back(st[st.size() - static_cast<size_t>(total) + static_cast<size_t>(k)]);
  st.resize(st.size() - static_cast<size_t>(total));
  // An array's clone() gives an array whose elements the program stored (the
  // stored-value analysis reads them as any instance of the component class).
  if (!name.starts_with('[') && mayReturnApplicationObject(ret)) c.ev.noteLibraryCallback();
  Ref r = havocCall(c, args, ret);
  if (r != kNone) c.pushValue(r, ret[0] == 'J' || ret[0] == 'D' ? ret[0] : 'A');
  c.advance();
  return c.finish();
}

// Dynamic dispatch for invokevirtual/invokeinterface: the implementations
// the receiver's possible types select. Groups of types with the same
// implementation become the parts of a type refinement.
struct Dispatch {
  // In the order the known classes are listed (deterministic, unlike an
  // order by address).
  std::vector<std::pair<const program::MethodInfo*, state::AbstractType>> groups;
  state::AbstractType unknown;  // types of classes outside the known world
  state::AbstractType& group(const program::MethodInfo* m) {
    for (auto& g : groups)
      if (g.first == m) return g.second;
    groups.emplace_back(m, state::AbstractType{});
    return groups.back().second;
  }
};

Dispatch dispatch(Ctx& c, const state::AbstractType& receiver, const program::MethodInfo& resolved) {
  state::TypeSystem& ts = c.ev.types();
  program::Program& prog = c.ev.program();
  Dispatch d;
  state::AbstractType rest = receiver;
  for (const program::ClassInfo* k : c.ev.knownClasses()) {
    if (k->file().access & (classfile::kAbstract | classfile::kInterface)) continue;
    state::TypeId id = ts.intern(k->name());
    if (!ts.contains(receiver, id)) continue;
    const program::MethodInfo* impl = prog.selectMethod(*k, resolved);
    if (!impl) continue;  // AbstractMethodError for this type: no concrete state has it in practice
    auto& g = d.group(impl);
    g = ts.unite(g, ts.exactly(id));
    rest = ts.exclude(rest, id);
  }
  // Exact bounds of library types (e.g. a String) select by their class.
  state::AbstractType unknown;
  for (const auto& b : rest.bounds) {
    const program::ClassInfo* k = prog.find(ts.name(b.type));
    if (b.exact && k && !ts.isArray(b.type)) {
      if (const program::MethodInfo* impl = prog.selectMethod(*k, resolved)) {
        auto& g = d.group(impl);
        g = ts.unite(g, state::AbstractType{{b}});
        continue;
      }
    }
    if (ts.isArray(b.type)) {  // arrays inherit Object's methods
      if (const program::ClassInfo* obj = prog.find("java/lang/Object"))
        if (const program::MethodInfo* impl = prog.selectMethod(*obj, resolved)) {
          auto& g = d.group(impl);
          g = ts.unite(g, state::AbstractType{{b}});
          continue;
        }
    }
    // Final library classes have no unknown subclasses.
    if (k && (k->file().access & classfile::kFinal) && !b.exact) {
      if (const program::MethodInfo* impl = prog.selectMethod(*k, resolved)) {
        auto& g = d.group(impl);
        g = ts.unite(g, state::AbstractType{{b}});
        continue;
      }
    }
    unknown.bounds.push_back(b);
  }
  d.unknown = unknown;
  return d;
}

// The characters of a String with known contents (the model's char[]
// value), else nullopt.
std::optional<std::vector<int64_t>> knownText(Ctx& c, Ref r) {
  state::TypeSystem& ts = c.ev.types();
  const HeapValue* v = c.in.find(r);
  if (!v || !(v->type == ts.exactly(ts.intern("java/lang/String")))) return std::nullopt;
  Ref arr = v->field(ts.field("java/lang/String", "value", "[C", false));
  const HeapValue* a = arr == kNone || arr == kNull ? nullptr : c.in.find(arr);
  if (!a || !a->has_elements) return std::nullopt;
  std::vector<int64_t> out;
  for (Ref e : a->elements) {
    if (!c.in.intervalOf(e).isPoint()) return std::nullopt;
    out.push_back(c.in.intervalOf(e).lo);
  }
  return out;
}

// A concrete run (every value known): the text of a string concatenation
// (StringConcatFactory's recipe: \1 an argument, \2 a constant) as Java
// writes it for ints, chars, booleans, null and Strings; nullopt for other
// values (floats, objects whose toString would run).
std::optional<std::vector<int64_t>> concreteConcat(Ctx& c, const program::CallSite& site,
                                                   const classfile::MethodType& mt, size_t slots) {
  auto number = [](int64_t v, std::vector<int64_t>& out) {
    for (char ch : std::to_string(v)) out.push_back(ch);
  };
  const auto& stack = c.frame().stack;
  const classfile::ConstantPool& cp = c.method.owner().file().pool;
  std::vector<int64_t> out;
  size_t arg = 0, slot = stack.size() - slots, constant = 0;
  for (char ch : site.recipe) {
    if (ch == '\2') {
      if (constant >= site.constants.size()) return std::nullopt;
      uint16_t index = site.constants[constant++];
      if (cp.at(index).tag == classfile::CpTag::String) {
        for (unsigned char b : cp.string(index)) {
          if (b >= 0x80) return std::nullopt;
          out.push_back(b);
        }
      } else if (cp.at(index).tag == classfile::CpTag::Integer) {
        number(cp.intValue(index), out);
      } else {
        return std::nullopt;
      }
      continue;
    }
    if (ch != '\1') {
      if (static_cast<unsigned char>(ch) >= 0x80) return std::nullopt;
      out.push_back(ch);
      continue;
    }
    if (arg >= mt.params.size()) return std::nullopt;
    const classfile::FieldType& p = mt.params[arg++];
    Ref r = stack[slot];
    slot += static_cast<size_t>(p.slots());
    char k = p.kind();
    if (k == 'L' || k == '[') {
      if (r == kNull) {
        for (char x : std::string("null")) out.push_back(x);
        continue;
      }
      auto text = knownText(c, r);
      if (!text) return std::nullopt;
      out.insert(out.end(), text->begin(), text->end());
      continue;
    }
    if (k == 'F' || k == 'D' || !c.in.intervalOf(r).isPoint()) return std::nullopt;
    int64_t v = c.in.intervalOf(r).lo;
    if (k == 'C')
      out.push_back(v);
    else if (k == 'Z')
      for (char x : std::string(v ? "true" : "false")) out.push_back(x);
    else
      number(v, out);
  }
  return out;
}

// A new String object with the model's char[] value holding `text`.
Ref newString(Ctx& c, const std::vector<int64_t>& text) {
  state::TypeSystem& ts = c.ev.types();
  Ref str = c.newObject(ts.exactly(ts.intern("java/lang/String")));
  Ref len = c.newInt(Interval::point(static_cast<int64_t>(text.size())));
  Ref arr = c.newObject(ts.exactly(ts.intern("[C")));
  std::vector<Ref> chars;
  if (static_cast<int64_t>(text.size()) <= c.ev.options().arrayContentsLimit())
    for (int64_t ch : text) chars.push_back(c.newInt(Interval::point(ch), 'C'));
  HeapValue& av = c.out.atMutable(arr);
  av.kind = HeapValue::Kind::Array;
  av.length = len;
  av.has_elements = static_cast<int64_t>(text.size()) <= c.ev.options().arrayContentsLimit();
  av.elements = std::move(chars);
  c.out.atMutable(str).setField(ts.field("java/lang/String", "value", "[C", false), arr);
  return str;
}

StepResult invokeDynamic(Ctx& c) {
  program::CallSite site = program::describeCallSite(c.method.owner().file(), static_cast<uint16_t>(c.insn.operand));
  auto mt = classfile::parseMethodDescriptor(site.descriptor);
  if (site.kind != program::CallSite::Kind::StringConcat || !mt)
    return unsupported(fmt::format("invokedynamic: {}", site.summary()));
  const program::ClassInfo* string_class = c.ev.program().find("java/lang/String");
  if (c.ev.options().concrete && string_class && string_class->declaredField("value", "[C")) {
    const size_t slots = static_cast<size_t>(mt->paramSlots());
    if (auto text = concreteConcat(c, site, *mt, slots)) {
      c.frame().stack.resize(c.frame().stack.size() - slots);
      c.push(newString(c, *text));
      c.advance();
      return c.finish();
    }
  }
  // Concatenation calls toString() on object arguments; only values whose
  // toString has no side effects (strings, primitives) are modelled here.
  state::TypeSystem& ts = c.ev.types();
  state::TypeId string_type = ts.intern("java/lang/String");
  size_t slot = 0;
  for (size_t k = mt->params.size(); k-- > 0;) {
    const auto& p = mt->params[k];
    Ref a = c.peek(slot);
    slot += static_cast<size_t>(p.slots());
    if (p.isReference() && a != kNull && !(c.in.at(a).type == ts.exactly(string_type)))
      return unsupported("string concatenation of objects (toString is not modelled yet)");
  }
  c.frame().stack.resize(c.frame().stack.size() - slot);
  c.push(c.newObject(ts.exactly(string_type)));
  c.advance();
  return c.finish();
}

// An array's clone() (JLS §10.7): a new array of the same type and length
// with the same elements, and no exception. Modelled where the copy is
// exact: shown elements (the same references, stored as aastore stores
// them) or primitive ones (unknown values share nothing). An object array
// whose elements are not shown is left to libraryCall.
std::optional<StepResult> cloneArray(Ctx& c, Ref recv) {
  const HeapValue* av = c.in.find(recv);
  if (!av || av->kind != HeapValue::Kind::Array) return std::nullopt;
  const std::string atype = arrayTypeName(c, *av);
  const bool primitive = av->type.bounds.size() == 1 && atype.size() == 2 && atype[0] == '[';
  if (!av->has_elements && !primitive) return std::nullopt;
  // A copy the JVM may refuse (OutOfMemoryError, as for newarray): the
  // library call's cases.
  if (c.in.intervalOf(av->length).hi > kMaxArrayLength) return std::nullopt;
  HeapValue copy = *av;
  c.pop();
  Ref arr = c.newObject(copy.type);
  HeapValue& v = c.out.atMutable(arr);
  v.kind = HeapValue::Kind::Array;
  v.length = copy.length;
  v.has_elements = copy.has_elements;
  v.elements = copy.elements;
  v.elements_non_null = copy.elements_non_null;
  if (!primitive && c.ev.options().write_predicates)
    for (Ref e : copy.elements) addWritePredicates(c.out, arr, e, std::nullopt, true, c.ev.types());
  c.push(arr);
  c.advance();
  return c.finish();
}

}  // namespace

StepResult evalInvoke(Ctx& c) {
  auto kind = static_cast<bytecode::InvokeKind>(c.insn.info().sub);
  if (kind == bytecode::InvokeKind::Dynamic) return invokeDynamic(c);
  const classfile::ConstantPool& cp = c.method.owner().file().pool;
  auto index = static_cast<uint16_t>(c.insn.operand);
  classfile::MemberRef ref = cp.memberRef(index);
  bool interface_ref = cp.at(index).tag == classfile::CpTag::InterfaceMethodref;
  auto mt = classfile::parseMethodDescriptor(ref.descriptor);
  JHALT_ASSERT(mt.has_value(), "descriptor checked by the parser");
  std::string_view ret = ref.descriptor.substr(ref.descriptor.find(')') + 1);
  int slots = argSlots(*mt);
  bool has_receiver = kind != bytecode::InvokeKind::Static;
  program::Program& prog = c.ev.program();
  std::string display = fmt::format("{}.{}{}", ref.owner, ref.name, ref.descriptor);

  if (ref.owner.starts_with('[')) {  // methods of arrays (clone, Object's methods)
    Ref recv = c.peek(static_cast<size_t>(slots));
    if (auto r = requireNonNull(c, recv)) return std::move(*r);
    if (ref.name == "clone" && ref.descriptor == "()Ljava/lang/Object;") {
      if (auto r = requireArray(c, recv)) return std::move(*r);
      if (auto r = cloneArray(c, recv)) return std::move(*r);
    }
    return libraryCall(c, display, *mt, true, ret);
  }
  const program::ClassInfo* owner = prog.find(ref.owner);
  if (!owner) return unsupported(fmt::format("class {} not found", ref.owner));
  const program::MethodInfo* resolved = prog.resolveMethod(*owner, ref.name, ref.descriptor, interface_ref);
  if (!resolved) {
    // A model that does not declare the method: the JDK's method is called
    // without analysing it.
    if (owner->origin() == classpath::Origin::Model) {
      if (has_receiver)
        if (auto r = requireNonNull(c, c.peek(static_cast<size_t>(slots)))) return std::move(*r);
      return libraryCall(c, display, *mt, has_receiver, ret);
    }
    return unsupported(fmt::format("method {} not found (NoSuchMethodError)", display));
  }

  const program::MethodInfo* target = nullptr;
  if (kind == bytecode::InvokeKind::Static) {
    if (!resolved->isStatic()) return unsupported("invokestatic of an instance method");
    if (tracksInitialization(resolved->owner()))
      if (auto r = requireInitialized(c, resolved->owner())) return std::move(*r);
    target = resolved;
  } else {
    Ref recv = c.peek(static_cast<size_t>(slots));
    if (auto r = requireNonNull(c, recv)) return std::move(*r);
    if (kind == bytecode::InvokeKind::Special) {
      target = prog.selectSpecial(c.method.owner(), *owner, *resolved);
    } else if (resolved->isPrivate() || (resolved->method().access & classfile::kFinal)) {
      target = resolved;
    } else {
      Dispatch d = dispatch(c, c.in.at(recv).type, *resolved);
      size_t parts = d.groups.size() + (d.unknown.empty() ? 0 : 1);
      if (parts == 0) return unsupported(fmt::format("no implementation of {} for the receiver", display));
      if (parts > 1) {
        std::vector<state::AbstractType> types;
        for (const auto& [m, t] : d.groups) types.push_back(t);
        if (!d.unknown.empty()) types.push_back(d.unknown);
        return refinedTo(state::refineType(c.in, recv, types), {recv});
      }
      if (d.groups.empty()) return libraryCall(c, display, *mt, true, ret);
      target = d.groups.begin()->first;
    }
  }
  if (!target) return unsupported(fmt::format("no method selected for {}", display));
  if (!target->hasCode() || (isJdk(target->owner()) && !c.ev.options().follow_jdk))
    return libraryCall(c, methodName(*target), *mt, has_receiver, ret);
  return pushFrame(c, *target, slots, has_receiver);
}

StepResult evalReturn(Ctx& c) {
  char type = c.insn.info().type;
  Ref value = type == 'V' ? kNone : c.popValue(type == 'A' ? 'A' : type);
  Frame done = c.out.frames.front();
  c.out.frames.erase(c.out.frames.begin());
  if (done.method->name() == "<clinit>") {
    // Initialisation finished; the triggering instruction runs again.
    c.out.setInit(c.ev.types().intern(done.method->owner().name()), state::InitStatus::Yes);
    return c.finish();
  }
  if (c.out.frames.empty()) {
    c.out.result = value;
    c.out.collectGarbage();
    StepResult r;
    r.successors.push_back(Successor{Successor::Kind::Eval, std::move(c.out), std::move(c.label), {}});
    return r;
  }
  Frame& caller = c.out.frames.front();
  const program::MethodCode& code = caller.method->code();
  const bytecode::Instruction& call = code.bytecode.at(static_cast<size_t>(code.bytecode.indexAt(caller.pc)));
  if (value != kNone) type == 'J' || type == 'D' ? (caller.stack.push_back(value), caller.stack.push_back(kNone))
                                                 : caller.stack.push_back(value);
  caller.pc = call.offset + call.length;
  return c.finish();
}

}  // namespace detail
}  // namespace jhalt::seg
