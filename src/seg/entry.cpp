// Entry states of the symbolic execution graph.
#include <fmt/format.h>

#include "eval_internal.h"
#include "jhalt/classfile/descriptor.h"
#include "jhalt/util/error.h"

namespace jhalt::seg {

using namespace detail;

State Evaluator::mainEntry(const program::MethodInfo& main) {
  State s;
  Frame f;
  f.method = &main;
  f.locals.assign(main.method().code->max_locals, kNone);
  // args: a non-null String[] of any length whose elements are non-null
  // strings (the JVM's guarantee for main).
  state::TypeId string_array = types_.intern("[Ljava/lang/String;");
  Ref len = alloc_.fresh();
  s.put(len, HeapValue::integer(options_.jvm_int_semantics ? Interval::range(0, Interval::ofType('I').hi)
                                                            : Interval::atLeast(0)));
  Ref args = alloc_.fresh();
  HeapValue a = HeapValue::object(types_.exactly(string_array));
  a.kind = HeapValue::Kind::Array;
  a.length = len;
  a.elements_non_null = true;
  s.put(args, std::move(a));
  f.locals[0] = args;
  s.frames.push_back(std::move(f));
  return s;
}

State Evaluator::methodEntry(const program::MethodInfo& m) {
  State s;
  Frame f;
  f.method = &m;
  f.locals.assign(m.method().code->max_locals, kNone);
  size_t slot = 0;
  if (!m.isStatic()) {
    // `this` exists; its class and superclasses are initialised, with static
    // fields of unknown value (any history may have run before the call).
    Ref self = alloc_.fresh();
    s.put(self, HeapValue::object(valuesOfType(*this, m.owner().name())));
    f.locals[slot++] = self;
    for (const program::ClassInfo* k : program_.initializationOrder(m.owner())) {
      if (!tracksInitialization(*k)) continue;
      materializeStatics(*this, s, *k);
      for (const auto& field : k->file().fields) {
        if (!(field.access & classfile::kStatic)) continue;
        state::FieldId id = types_.field(k->name(), field.name, field.descriptor, true);
        char p = field.descriptor[0];
        Ref r;
        if (p == 'F' || p == 'D') {
          r = alloc_.fresh();
          s.put(r, HeapValue::floating(std::nullopt, p));
        } else if (p != 'L' && p != '[') {
          r = alloc_.fresh();
          s.put(r, HeapValue::integer(Interval::ofType(p), p == 'J' ? 'J' : 'I'));
        } else {
          r = alloc_.fresh();
          s.put(r, HeapValue::object(valuesOfType(*this, field.descriptor)));
          s.setMaybeExisting(r, true);
        }
        s.setStatic(id, r);
      }
      s.setInit(types_.intern(k->name()), state::InitStatus::Yes);
    }
  }
  auto mt = classfile::parseMethodDescriptor(m.descriptor());
  JHALT_ASSERT(mt.has_value(), "descriptor checked by the parser");
  for (const auto& p : mt->params) {
    Ref r = alloc_.fresh();
    char k = p.kind();
    if (k == 'F' || k == 'D') {
      s.put(r, HeapValue::floating(std::nullopt, k));
    } else if (!p.isReference()) {
      s.put(r, HeapValue::integer(Interval::ofType(k), k == 'J' ? 'J' : 'I'));
    } else {
      // Possibly null, tree-shaped, sharing with nothing (paper 000, §2.1).
      s.put(r, HeapValue::object(valuesOfType(*this, p.text)));
      s.setMaybeExisting(r, true);
    }
    f.locals[slot] = r;
    slot += static_cast<size_t>(p.slots());
  }
  s.frames.push_back(std::move(f));
  s.collectGarbage();
  return s;
}

}  // namespace jhalt::seg
