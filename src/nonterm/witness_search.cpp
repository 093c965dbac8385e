#include "jhalt/nonterm/witness_search.h"

#include <algorithm>

#include "jhalt/classfile/descriptor.h"

namespace jhalt::nonterm {
namespace {

using concrete::Value;
using concrete::Witness;

std::vector<Value> valuesFor(const classfile::FieldType& t) {
  std::vector<Value> out;
  auto num = [](int64_t n) {
    Value v;
    v.kind = Value::Kind::Int;
    v.number = n;
    return v;
  };
  auto null = [] {
    Value v;
    v.kind = Value::Kind::Null;
    return v;
  };
  switch (t.kind()) {
    case 'Z': return {num(0), num(1)};
    case 'B': case 'C': case 'S': case 'I': case 'J':
      for (int64_t n : {0, 1, -1, 2, 3, 5, 10, -5, 100}) out.push_back(num(n));
      return out;
    default:
      break;
  }
  if (t.text == "Ljava/lang/String;") {
    out.push_back(null());
    for (const char* s : {"", "a", "ab", "abc"}) {
      Value v;
      v.kind = Value::Kind::String;
      v.text = s;
      out.push_back(v);
    }
    return out;
  }
  if (t.text == "[I") {
    out.push_back(null());
    for (const std::vector<int64_t>& a : std::vector<std::vector<int64_t>>{{}, {0}, {1}, {1, 2}, {0, 0, 0}, {2, 1}}) {
      Value v;
      v.kind = Value::Kind::IntArray;
      v.ints = a;
      out.push_back(v);
    }
    return out;
  }
  if (t.text == "[Ljava/lang/String;") {
    out.push_back(null());
    for (const std::vector<std::optional<std::string>>& a :
         std::vector<std::vector<std::optional<std::string>>>{{}, {""}, {std::nullopt}, {"a"}, {"", ""}, {"ab", "a"}}) {
      Value v;
      v.kind = Value::Kind::StringArray;
      v.strings = a;
      out.push_back(v);
    }
    return out;
  }
  out.push_back(null());  // other objects: only null can be built for now
  return out;
}

}  // namespace

std::vector<Witness> enumerateWitnesses(const program::MethodInfo& entry, bool main_convention, size_t max) {
  std::vector<Witness> out;
  if (main_convention) {
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
    for (const auto& lens : shapes) {
      Witness w;
      w.main_args = true;
      for (int l : lens) w.args.push_back(std::string(static_cast<size_t>(l), 'a'));
      out.push_back(std::move(w));
      if (out.size() >= max) break;
    }
    return out;
  }
  if (!entry.isStatic()) return out;
  auto mt = classfile::parseMethodDescriptor(entry.descriptor());
  std::vector<std::vector<Value>> choices;
  for (const auto& p : mt->params) choices.push_back(valuesFor(p));
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
    for (size_t i = 0; i < ix.size(); ++i) w.params.push_back(choices[i][ix[i]]);
    out.push_back(std::move(w));
    if (out.size() >= max) break;
  }
  return out;
}

}  // namespace jhalt::nonterm
