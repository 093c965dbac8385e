#include "jhalt/concrete/candidates.h"

#include <algorithm>
#include <optional>

#include "jhalt/classfile/descriptor.h"
#include "jhalt/state/interval.h"
#include "jhalt/util/error.h"

namespace jhalt::concrete {
namespace {

using input::Value;
using input::Witness;

// Integer constants of the entry's code (iconst, bipush, sipush), in order
// of appearance, without the small values tried anyway: the values its
// comparisons are likely made with (a dictionary, as fuzzers take one from
// the code under test). At most six.
std::vector<int64_t> codeConstants(const program::MethodInfo& entry) {
  std::vector<int64_t> out;
  const program::MethodCode* code = nullptr;
  try {
    code = entry.hasCode() ? &entry.code() : nullptr;
  } catch (const InputError&) {
  }
  if (!code) return out;
  for (const bytecode::Instruction& insn : code->bytecode.instructions()) {
    if (insn.family() != bytecode::Family::Constant || insn.info().type != 'I') continue;
    int64_t v = insn.operand;
    if (v >= -1 && v <= 5) continue;
    if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    if (out.size() == 6) break;
  }
  return out;
}

// The printable characters among the constants.
std::vector<char> codeCharacters(const std::vector<int64_t>& constants) {
  std::vector<char> out;
  for (int64_t c : constants)
    if (c == '\t' || (c >= 32 && c < 127)) out.push_back(static_cast<char>(c));
  return out;
}

std::vector<Value> integers(char prim, const std::vector<int64_t>& constants) {
  if (prim == 'Z') return {Value::integer(0, 'Z'), Value::integer(1, 'Z')};
  std::vector<Value> out;
  for (int64_t n : {0, 1, -1, 2, 3, 5, 10, -5, 100}) out.push_back(Value::integer(n, prim));
  state::Interval type_range = state::Interval::ofType(prim == 'J' ? 'I' : prim);
  for (int64_t c : constants)
    if (c != 10 && c != -5 && c != 100 && type_range.contains(c)) out.push_back(Value::integer(c, prim));
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

std::vector<Value> arrays(program::Program& program, std::string_view descriptor, const std::vector<int64_t>& constants) {
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
  std::vector<Ints> shapes{Ints{}, Ints{0}, Ints{1}, Ints{1, 2}, Ints{0, 0, 0}, Ints{2, 1}};
  // Elements the code compares with (a character array holding a space).
  if (elem != 'Z' && elem != 'F' && elem != 'D') {
    state::Interval range = state::Interval::ofType(elem == 'J' ? 'I' : elem);
    for (int64_t c : constants)
      if (range.contains(c)) shapes.push_back(Ints{c}), shapes.push_back(Ints{0, c});
  }
  for (const Ints& a : shapes) {
    Value v = Value::array(d, {});
    for (int64_t n : a) v.elements.push_back(num(elem == 'Z' ? (n != 0) : n));
    out.push_back(std::move(v));
  }
  (void)program;
  return out;
}

// The fields of `cls` (declared there) whose type is `cls` itself: the
// links of a list or tree node.
std::vector<const classfile::Field*> selfLinks(program::Program& program, std::string_view cls) {
  std::vector<const classfile::Field*> out;
  const program::ClassInfo* c = program.find(cls);
  if (!c) return out;
  std::string self = "L" + std::string(cls) + ";";
  for (const auto& f : c->file().fields)
    if (!(f.access & classfile::kStatic) && f.descriptor == self) out.push_back(&f);
  return out;
}

// Label 1 marks the object a parameter value refers back to; it is
// renumbered per parameter (see renumber).
constexpr int kSelf = 1;

std::vector<Value> valuesFor(program::Program& program, const classfile::FieldType& t,
                             const std::vector<int64_t>& constants) {
  switch (t.kind()) {
    case 'Z': case 'B': case 'C': case 'S': case 'I': case 'J': return integers(t.kind(), constants);
    case 'F': case 'D': return floats(t.kind());
    case '[': return arrays(program, t.text, constants);
    default: break;
  }
  std::vector<Value> out{Value::null()};
  std::string cls(t.className());
  if (cls == "java/lang/String") {
    for (const char* s : {"", "a", "ab", "abc"}) out.push_back(Value::string(s));
    // Strings of the characters the code compares with, up to 3 long.
    std::vector<char> chars = codeCharacters(constants);
    if (chars.size() > 3) chars.resize(3);
    std::vector<std::string> level{""};
    for (int len = 1; len <= 3; ++len) {
      std::vector<std::string> next;
      for (const std::string& prefix : level)
        for (char c : chars) next.push_back(prefix + c);
      for (const std::string& s : next) out.push_back(Value::string(s));
      level = std::move(next);
    }
  } else if (instantiable(program, cls)) {
    out.push_back(Value::object(cls));
    // A node with a successor, and a node that is its own successor (a
    // cycle: a walk along it never ends).
    if (auto links = selfLinks(program, cls); !links.empty()) {
      Value deep = Value::object(cls), cycle = Value::object(cls);
      cycle.id = kSelf;
      for (const classfile::Field* f : links) {
        deep.fields.push_back({cls, std::string(f->name), std::string(f->descriptor), Value::object(cls)});
        cycle.fields.push_back({cls, std::string(f->name), std::string(f->descriptor), Value::reference(kSelf)});
      }
      // The same cycle with its integer fields 1 (true): a walk that stops
      // at a zero, a false flag or a mark.
      Value marked = cycle;
      for (const auto& f : program.find(cls)->file().fields)
        if (!(f.access & classfile::kStatic) && f.descriptor.size() == 1 &&
            std::string_view("ZBCSIJ").find(f.descriptor[0]) != std::string_view::npos)
          marked.fields.push_back({cls, std::string(f.name), std::string(f.descriptor), Value::integer(1, f.descriptor[0])});
      const bool has_integers = marked.fields.size() > cycle.fields.size();
      out.push_back(std::move(deep));
      out.push_back(std::move(cycle));
      if (has_integers) out.push_back(std::move(marked));
      // Rings of two and three nodes (through the first link field).
      for (int length : {2, 3}) {
        Value ring = Value::reference(kSelf);
        for (int k = 0; k < length; ++k) {
          Value node = Value::object(cls);
          node.fields.push_back({cls, std::string(links[0]->name), std::string(links[0]->descriptor), std::move(ring)});
          ring = std::move(node);
        }
        ring.id = kSelf;
        out.push_back(std::move(ring));
      }
    }
  }
  return out;
}

// Moves the labels of one parameter's value out of the other parameters' way.
void renumber(Value& v, int offset) {
  if (v.id) v.id += offset;
  for (auto& e : v.elements) renumber(e, offset);
  for (auto& f : v.fields) renumber(f.value, offset);
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

// One object (or array) given for two parameters of the same type, each
// non-null value of the first in turn; the other parameters at their first
// choice.
std::vector<Witness> sharedCandidates(const std::vector<classfile::FieldType>& params,
                                      const std::vector<std::vector<Value>>& choices,
                                      const std::optional<Value>& receiver) {
  std::vector<Witness> out;
  for (size_t i = 0; i < params.size(); ++i)
    for (size_t j = i + 1; j < params.size(); ++j) {
      if (!params[i].isReference() || params[i].text != params[j].text ||
          params[i].text == "Ljava/lang/String;")
        continue;
      for (const Value& v : choices[i]) {
        if (v.kind != Value::Kind::Object && v.kind != Value::Kind::Array) continue;
        Witness w;
        w.receiver = receiver;
        for (size_t k = 0; k < params.size(); ++k) w.params.push_back(choices[k].front());
        w.params[i] = v;
        if (!w.params[i].id) w.params[i].id = static_cast<int>(1000 * (i + 1)) + 999;
        w.params[j] = Value::reference(w.params[i].id);
        out.push_back(std::move(w));
      }
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
  const std::vector<int64_t> constants = codeConstants(entry);
  std::vector<std::vector<Value>> choices;
  for (const auto& p : mt->params) choices.push_back(valuesFor(program, p, constants));
  for (size_t i = 0; i < choices.size(); ++i)
    for (Value& v : choices[i]) renumber(v, static_cast<int>(1000 * (i + 1)));
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
  // Half of the candidates for the combinations; then one object passed
  // for two parameters of the same type (aliasing), then the rest.
  std::vector<Witness> shared = sharedCandidates(mt->params, choices, receiver);
  size_t first = shared.empty() ? max : std::max<size_t>(1, max / 2);
  for (const auto& [sum, ix] : combos) {
    if (out.size() >= first) break;
    Witness w;
    w.receiver = receiver;
    for (size_t i = 0; i < ix.size(); ++i) w.params.push_back(choices[i][ix[i]]);
    out.push_back(std::move(w));
  }
  for (Witness& w : shared)
    if (out.size() < max) out.push_back(std::move(w));
  for (size_t k = first; k < combos.size() && out.size() < max; ++k) {
    Witness w;
    w.receiver = receiver;
    for (size_t i = 0; i < combos[k].second.size(); ++i) w.params.push_back(choices[i][combos[k].second[i]]);
    out.push_back(std::move(w));
  }
  return out;
}

}  // namespace jhalt::concrete
