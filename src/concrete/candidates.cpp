#include "jhalt/concrete/candidates.h"

#include <algorithm>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/state/interval.h"
#include "jhalt/util/error.h"

namespace jhalt::concrete {
namespace {

using input::Value;
using input::Witness;

std::vector<Value> integers(char prim) {
  if (prim == 'Z') return {Value::integer(0, 'Z'), Value::integer(1, 'Z')};
  std::vector<Value> out;
  for (int64_t n : {0, 1, -1, 2, 3, 5, 10, -5, 100}) out.push_back(Value::integer(n, prim));
  // The ends of the range: classic bugs (Math.abs(Integer.MIN_VALUE) < 0).
  if (prim == 'I' || prim == 'J') {
    state::Interval range = state::Interval::ofType(prim == 'J' ? 'I' : prim);  // longs: the int range too
    out.push_back(Value::integer(range.lo, prim));
    out.push_back(Value::integer(range.hi, prim));
  }
  return out;
}

std::vector<Value> floats(char prim) {
  std::vector<Value> out;
  for (double d : {0.0, 1.0, -1.0, 0.5}) out.push_back(Value::floating(d, prim));
  return out;
}

std::vector<Value> arrays(program::Program& program, std::string_view descriptor) {
  std::vector<Value> out{Value::null()};
  std::string d(descriptor);
  char elem = descriptor[1];
  if (d == "[Ljava/lang/String;") {
    using Strings = std::vector<std::optional<std::string>>;
    for (const Strings& a : {Strings{}, Strings{""}, Strings{std::nullopt}, Strings{"a"}, Strings{"", ""}, Strings{"ab", "a"}}) {
      Value v = Value::array(d, {});
      for (const auto& s : a) v.elements.push_back(s ? Value::string(*s) : Value::null());
      out.push_back(std::move(v));
    }
    return out;
  }
  if (elem == 'L' || elem == '[') {
    out.push_back(Value::array(d, {}));
    out.push_back(Value::array(d, {Value::null()}));
    return out;
  }
  auto num = [&](int64_t n) { return elem == 'F' || elem == 'D' ? Value::floating(static_cast<double>(n), elem) : Value::integer(n, elem); };
  using Ints = std::vector<int64_t>;
  for (const Ints& a : {Ints{}, Ints{0}, Ints{1}, Ints{1, 2}, Ints{0, 0, 0}, Ints{2, 1}}) {
    Value v = Value::array(d, {});
    for (int64_t n : a) v.elements.push_back(num(elem == 'Z' ? (n != 0) : n));
    out.push_back(std::move(v));
  }
  (void)program;
  return out;
}

std::vector<Value> valuesFor(program::Program& program, const classfile::FieldType& t) {
  switch (t.kind()) {
    case 'Z': case 'B': case 'C': case 'S': case 'I': case 'J': return integers(t.kind());
    case 'F': case 'D': return floats(t.kind());
    case '[': return arrays(program, t.text);
    default: break;
  }
  std::vector<Value> out{Value::null()};
  std::string_view cls = t.className();
  if (cls == "java/lang/String") {
    for (const char* s : {"", "a", "ab", "abc"}) out.push_back(Value::string(s));
  } else if (instantiable(program, cls)) {
    out.push_back(Value::object(std::string(cls)));
  }
  return out;
}

std::vector<Witness> mainCandidates(size_t max) {
  // Up to three arguments; all length combinations up to 4, then a few
  // longer single strings (loops with thresholds).
  std::vector<std::vector<int>> shapes{{}};
  for (int n = 1; n <= 3; ++n) {
    std::vector<int> lens(static_cast<size_t>(n), 0);
    while (true) {
      shapes.push_back(lens);
      size_t k = 0;
      while (k < lens.size() && ++lens[k] > 4) lens[k++] = 0;
      if (k == lens.size()) break;
    }
  }
  std::stable_sort(shapes.begin(), shapes.end(), [](const auto& a, const auto& b) {
    int sa = 0, sb = 0;
    for (int x : a) sa += x;
    for (int x : b) sb += x;
    return a.size() + static_cast<size_t>(sa) < b.size() + static_cast<size_t>(sb);
  });
  // Many arguments (programs that use args.length), then single longer
  // strings and pairs with larger lengths (loops with thresholds).
  for (int n = 4; n <= 40; ++n) shapes.push_back(std::vector<int>(static_cast<size_t>(n), 0));
  for (int n : {50, 64, 100}) shapes.push_back(std::vector<int>(static_cast<size_t>(n), 0));
  for (int len : {5, 6, 7, 8, 10, 12, 15, 20, 25, 30}) shapes.push_back({len});
  for (int a : {5, 7, 10, 20})
    for (int b : {0, 1, 2, 5, 7, 10, 20}) shapes.push_back({a, b});
  std::vector<Witness> out;
  for (const auto& lens : shapes) {
    Witness w;
    w.main_args = true;
    for (int l : lens) w.args.push_back(std::string(static_cast<size_t>(l), 'a'));
    out.push_back(std::move(w));
    if (out.size() >= max) break;
  }
  return out;
}

}  // namespace

bool instantiable(program::Program& program, std::string_view internal_class) {
  const program::ClassInfo* c = nullptr;
  try {
    c = program.find(internal_class);
  } catch (const InputError&) {
    return false;  // a malformed or incomplete class: no object of it
  }
  return c && !(c->file().access & (classfile::kAbstract | classfile::kInterface));
}

std::vector<Witness> candidateWitnesses(program::Program& program, const program::MethodInfo& entry,
                                        bool main_convention, size_t max) {
  if (main_convention) return mainCandidates(max);
  std::vector<Witness> out;
  std::optional<Value> receiver;
  if (!entry.isStatic()) {
    if (!instantiable(program, entry.owner().name())) return out;  // no object to call it on
    receiver = Value::object(std::string(entry.owner().name()));
  }
  auto mt = classfile::parseMethodDescriptor(entry.descriptor());
  if (!mt) return out;
  std::vector<std::vector<Value>> choices;
  for (const auto& p : mt->params) choices.push_back(valuesFor(program, p));
  // Mixed-radix enumeration ordered by the sum of the choice indices, so
  // that small values of every parameter come first.
  std::vector<std::pair<size_t, std::vector<size_t>>> combos;
  std::vector<size_t> idx(choices.size(), 0);
  size_t total = 1;
  for (const auto& c : choices) total = std::min<size_t>(total * c.size(), 100000);
  for (size_t n = 0; n < total; ++n) {
    size_t sum = 0;
    for (size_t i : idx) sum += i;
    combos.emplace_back(sum, idx);
    size_t k = 0;
    while (k < idx.size() && ++idx[k] >= choices[k].size()) idx[k++] = 0;
    if (k == idx.size()) break;
  }
  std::stable_sort(combos.begin(), combos.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [sum, ix] : combos) {
    Witness w;
    w.receiver = receiver;
    for (size_t i = 0; i < ix.size(); ++i) w.params.push_back(choices[i][ix[i]]);
    out.push_back(std::move(w));
    if (out.size() >= max) break;
  }
  return out;
}

}  // namespace jhalt::concrete
