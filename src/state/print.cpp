#include "jhalt/state/print.h"

#include <iterator>

#include <fmt/format.h>

#include "jhalt/bytecode/cfg.h"
#include "jhalt/program/program.h"

namespace jhalt::state {
namespace {

std::string localName(const Frame& f, size_t slot) {
  if (f.method && f.method->hasCode())
    for (const auto& v : f.method->method().code->locals)
      if (v.index == slot && f.pc >= v.start_pc && f.pc < uint32_t(v.start_pc) + v.length + 1)
        return std::string(v.name);
  return fmt::format("l{}", slot);
}

std::string valueString(const State& s, const HeapValue& v, TypeSystem& types) {
  switch (v.kind) {
    case HeapValue::Kind::Integer: return v.interval.str();
    case HeapValue::Kind::Float: return v.literal ? fmt::format("{}", *v.literal) : std::string("float");
    case HeapValue::Kind::Instance: {
      std::string out = types.describe(v.type) + "(";
      for (size_t i = 0; i < v.fields.size(); ++i) {
        if (i) out += ", ";
        out += types.fieldInfo(v.fields[i].first).name + "=" + refName(s, v.fields[i].second);
      }
      return out + ")";
    }
    case HeapValue::Kind::Array: {
      std::string out = types.describe(v.type) + " len " + refName(s, v.length);
      if (v.has_elements) {
        out += " {";
        for (size_t i = 0; i < v.elements.size(); ++i) out += (i ? ", " : "") + refName(s, v.elements[i]);
        out += "}";
      }
      if (v.elements_non_null) out += " (elements non-null)";
      return out;
    }
  }
  return "?";
}

}  // namespace

std::string refName(const State& s, Ref r) {
  if (r == kNull) return "null";
  if (r == kNone) return "-";
  const HeapValue* v = s.find(r);
  if (v && v->kind == HeapValue::Kind::Integer) {
    if (v->interval.isPoint()) return fmt::format("{}", v->interval.lo);
    return fmt::format("i{}", r);
  }
  if (v && v->kind == HeapValue::Kind::Float) return fmt::format("f{}", r);
  return fmt::format("o{}", r);
}

std::string toString(const State& s, TypeSystem& types, const PrintOptions& options) {
  std::string out;
  auto it = std::back_inserter(out);
  if (s.frames.empty()) out += "(program end)" + options.newline;
  for (const Frame& f : s.frames) {
    if (options.method_names && f.method) fmt::format_to(it, "{}.{} ", f.method->owner().name(), f.method->name());
    fmt::format_to(it, "{:02} |", f.pc);
    bool first = true;
    for (size_t j = 0; j < f.locals.size(); ++j) {
      if (f.locals[j] == kNone) continue;
      fmt::format_to(it, "{} {}: {}", first ? "" : ",", localName(f, j), refName(s, f.locals[j]));
      first = false;
    }
    out += " |";
    first = true;
    for (size_t j = f.stack.size(); j-- > 0;) {
      if (f.stack[j] == kNone) continue;
      fmt::format_to(it, "{} {}", first ? "" : ",", refName(s, f.stack[j]));
      first = false;
    }
    if (first) out += " ε";
    out += options.newline;
  }
  if (s.open_context) out += "(called from a recursive call site)" + options.newline;
  if (s.exception != kNone) fmt::format_to(it, "exception: {}{}", refName(s, s.exception), options.newline);
  for (const auto& [f, r] : s.statics)
    fmt::format_to(it, "{}.{}: {}{}", types.fieldInfo(f).owner, types.fieldInfo(f).name, refName(s, r),
                   options.newline);
  for (const auto& [r, v] : s.heap) {
    if (v->kind == HeapValue::Kind::Integer && v->interval.isPoint()) continue;
    fmt::format_to(it, "{}: {}{}", refName(s, r), valueString(s, *v, types), options.newline);
  }
  std::string preds;
  for (auto [a, b] : s.preds.maybe_equal) preds += fmt::format("{} =? {}  ", refName(s, a), refName(s, b));
  for (auto [a, b] : s.preds.joins) preds += fmt::format("{} %$ {}  ", refName(s, a), refName(s, b));
  for (const auto& [r, fs] : s.preds.cyclic) {
    std::string names;
    for (FieldId f : fs) names += (names.empty() ? "" : ",") + types.fieldInfo(f).name;
    preds += fmt::format("{}!{{{}}}  ", refName(s, r), names);
  }
  for (Ref r : s.preds.maybe_existing) preds += fmt::format("{}?  ", refName(s, r));
  for (const Reach& r : s.preds.reaches)
    preds += fmt::format("{} ~{}~> {}  ", refName(s, r.from), types.fieldInfo(r.field).name, refName(s, r.to));
  if (s.split >= 0) preds += fmt::format("split {}  ", s.split == 1 ? "T" : s.split == 0 ? "F" : std::to_string(s.split));
  if (!preds.empty()) {
    while (!preds.empty() && preds.back() == ' ') preds.pop_back();
    out += preds + options.newline;
  }
  return out;
}

}  // namespace jhalt::state
