#include "jhalt/engine/result.h"

#include <fmt/format.h>

#include "jhalt/classfile/descriptor.h"

namespace jhalt::engine {

std::string_view semanticsName(Semantics s) { return s == Semantics::Math ? "math" : "jvm"; }

std::string_view answerName(Answer a) {
  switch (a) {
    case Answer::Yes: return "YES";
    case Answer::No: return "NO";
    case Answer::Maybe: return "MAYBE";
    case Answer::Error: return "ERROR";
  }
  return "MAYBE";
}

std::string_view nonTermKindName(NonTermKind k) {
  switch (k) {
    case NonTermKind::Looping: return "looping";
    case NonTermKind::NonLooping: return "non-looping";
    case NonTermKind::Loop: return "loop";
    case NonTermKind::Recursion: return "recursion";
    case NonTermKind::Recurrent: return "recurrent";
    case NonTermKind::Live: return "live";
  }
  return "?";
}

std::string_view causeName(Cause c) {
  switch (c) {
    case Cause::Runtime: return "runtime";
    case Cause::NullArgument: return "null-argument";
    case Cause::ExplicitThrow: return "explicit-throw";
    case Cause::ObjectState: return "object-state";
  }
  return "?";
}

std::string Location::internalName() const { return fmt::format("{}.{}{}", cls, method, descriptor); }

namespace {

// `java.lang.String` -> `String`; `pkg/Outer$Inner` -> `pkg.Outer.Inner`.
std::string readableType(classfile::FieldType t) {
  std::string s = classfile::javaTypeName(t);
  for (char& c : s)
    if (c == '$') c = '.';
  if (s.starts_with("java.lang.") && s.find('.', 10) == std::string::npos) s = s.substr(10);
  return s;
}

}  // namespace

std::string javaMethodName(std::string_view internal_class, std::string_view name, std::string_view descriptor) {
  std::string cls = input::javaClassName(internal_class);
  std::string params;
  if (auto mt = classfile::parseMethodDescriptor(descriptor))
    for (const auto& p : mt->params) params += (params.empty() ? "" : ", ") + readableType(p);
  std::string shown(name);
  if (name == "<init>") {
    size_t dot = cls.rfind('.');
    shown = dot == std::string::npos ? cls : cls.substr(dot + 1);  // a constructor: C.C(...)
  }
  return fmt::format("{}.{}({})", cls, shown, params);
}

std::string Location::javaName() const { return javaMethodName(cls, method, descriptor); }

Location locate(const program::MethodInfo& m, uint32_t pc) {
  Location l;
  l.cls = std::string(m.owner().name());
  l.method = std::string(m.name());
  l.descriptor = std::string(m.descriptor());
  if (m.owner().file().source_file) l.source_file = std::string(*m.owner().file().source_file);
  if (m.hasCode()) l.line = m.code().line(pc);
  l.pc = pc;
  return l;
}

std::string Finding::key() const {
  if (kind == FindingKind::Exception) return fmt::format("exception:{}@{}:{}", exception, where.internalName(), where.pc);
  // Loops are one finding whatever the kind of proof; a recursion is a
  // different finding from a loop at the same place.
  bool recursion = nonterm == NonTermKind::Recursion;
  return fmt::format("{}@{}:{}", recursion ? "recursion" : "loop", where.internalName(), where.pc);
}

size_t Result::nonTerminating() const {
  size_t n = 0;
  for (const Finding& f : findings) n += f.kind == FindingKind::NonTermination;
  return n;
}

}  // namespace jhalt::engine
