#include "jhalt/report/report.h"

#include <cmath>

#include <fmt/format.h>

#include "jhalt/report/java_source.h"

namespace jhalt::report {
namespace {

using engine::Finding;
using engine::FindingKind;

nlohmann::json valueJson(const input::Value& v) {
  using K = input::Value::Kind;
  switch (v.kind) {
    case K::Int: return v.prim == 'Z' ? nlohmann::json(v.number != 0) : nlohmann::json(v.number);
    case K::Float:
      if (std::isnan(v.real) || std::isinf(v.real)) return input::javaText(v);
      return v.real;
    case K::Null: return nullptr;
    case K::String: return v.text;
    case K::Array: {
      nlohmann::json a = nlohmann::json::array();
      for (const auto& e : v.elements) a.push_back(valueJson(e));
      if (v.id) return {{"id", v.id}, {"type", v.type}, {"elements", a}};
      return a;
    }
    case K::Object: {
      nlohmann::json fields = nlohmann::json::object();
      for (const auto& f : v.fields) fields[f.name] = valueJson(f.value);
      nlohmann::json o = {{"class", input::javaClassName(v.type, true)},
                          {"construction", "allocated without a constructor"},
                          {"fields", fields}};
      if (v.id) o["id"] = v.id;
      return o;
    }
    case K::Ref: return {{"ref", v.id}};
  }
  return nullptr;
}

nlohmann::json locationJson(const engine::Location& l) {
  return {{"class", l.cls},   {"method", l.method}, {"descriptor", l.descriptor},
          {"source", l.source_file}, {"line", l.line}, {"pc", l.pc}};
}

// `Shop.total(int[], int) (Shop.java:12)`
std::string where(const engine::Location& l) {
  std::string file = l.source_file.empty() ? "?" : l.source_file;
  return l.line >= 0 ? fmt::format("{} ({}:{})", l.javaName(), file, l.line)
                     : fmt::format("{} (offset {})", l.javaName(), l.pc);
}

std::string semanticsText(engine::Semantics s) {
  return s == engine::Semantics::Jvm ? "JVM (32/64-bit two's complement)" : "mathematical (unbounded)";
}

nlohmann::json findingJson(const Finding& f, bool confirmed, const EntrySignature& entry) {
  nlohmann::json j{{"method", f.where.internalName()},
                   {"java_method", f.where.javaName()},
                   {"line", f.where.line},
                   {"location", locationJson(f.where)},
                   {"witness", witnessJson(f.witness)},
                   {"semantics", std::string(engine::semanticsName(f.semantics))},
                   {"confirmed", confirmed},
                   {"proof", f.proof},
                   {"engine", f.engine}};
  JavaCall java = javaCall(f.witness, entry);
  j["witness"]["java"] = {{"setup", java.setup}, {"call", java.call}};
  if (f.kind == FindingKind::NonTermination) {
    j["kind"] = std::string(engine::nonTermKindName(f.nonterm));
    if (f.nonterm == engine::NonTermKind::Recurrent) {
      j["recurrent_set"] = f.recurrent_set;
      j["recurrent_set_smtlib"] = f.recurrent_smtlib;
      j["recurrent_set_domain"] = f.recurrent_heap ? "states" : "integers";
    }
  } else {
    j["exception"] = f.exception;
    j["java_exception"] = input::javaClassName(f.exception, true);
    j["cause"] = std::string(engine::causeName(f.cause));
  }
  if (confirmed) {
    j["confirmation"] = f.confirmation;
    j["replay"] = f.replay;
  }
  return j;
}

void indented(std::string& out, const std::string& text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    out += "    " + text.substr(pos, end - pos) + "\n";
    pos = end + 1;
  }
}

std::string findingText(const Finding& f, const TextOptions& options, const EntrySignature& entry) {
  std::string out;
  if (f.kind == FindingKind::Exception) {
    out += fmt::format("exception {} at {} [{}]\n", input::javaClassName(f.exception, true), where(f.where),
                       engine::causeName(f.cause));
  } else if (f.nonterm == engine::NonTermKind::Recursion) {
    out += fmt::format("infinite recursion at {}\n", where(f.where));
  } else if (f.nonterm == engine::NonTermKind::Loop) {
    out += fmt::format("non-terminating loop at {}\n", where(f.where));
  } else {
    out += fmt::format("non-terminating {} loop at {}\n", engine::nonTermKindName(f.nonterm), where(f.where));
  }
  if (!f.recurrent_set.empty() && (f.kind == engine::FindingKind::Exception || f.nonterm == engine::NonTermKind::Recursion))
    out += fmt::format("  recurrent set at the called method's entry: {} (every run from it recurses forever)\n",
                       f.recurrent_set);
  else if (!f.recurrent_set.empty())
    out += fmt::format("  recurrent set: {} at {} (every run that reaches it stays in the loop)\n", f.recurrent_set,
                       where(f.where));
  out += fmt::format("  witness: {}\n", f.witness.describe());
  JavaCall java = javaCall(f.witness, entry);
  if (java.setup.empty()) {
    out += fmt::format("  as Java: {};\n", java.call);
  } else {
    out += "  as Java:\n";
    for (const std::string& s : java.setup) out += "    " + s + "\n";
    out += fmt::format("    {};\n", java.call);
  }
  out += fmt::format("  integer semantics: {}\n", semanticsText(f.semantics));
  out += fmt::format("  confirmed: {}\n", f.confirmation);
  if (!f.replay.empty()) out += fmt::format("  replay: {}\n", f.replay);
  if (options.proofs && f.kind == FindingKind::NonTermination && !f.proof.empty()) {
    out += "  proof:\n";
    indented(out, f.proof);
  }
  return out;
}

}  // namespace

nlohmann::json witnessJson(const input::Witness& w) {
  nlohmann::json j;
  if (w.main_args) {
    j["args"] = w.args;
  } else {
    nlohmann::json params = nlohmann::json::array();
    for (const auto& v : w.params) params.push_back(valueJson(v));
    j["params"] = params;
    if (w.receiver) j["receiver"] = valueJson(*w.receiver);
  }
  j["text"] = w.describe();
  return j;
}

nlohmann::json toJson(const EntryReport& e) {
  const engine::Result& r = e.result;
  EntrySignature entry = EntrySignature::parse(e.method);
  nlohmann::json j{{"entry", e.method},
                   {"java_method", e.java_method},
                   {"verdict", std::string(engine::answerName(r.answer))},
                   {"semantics", std::string(engine::semanticsName(e.semantics))},
                   {"engine", r.engine},
                   {"seconds", r.seconds}};
  j["nonterminating"] = nlohmann::json::array();
  j["exceptions"] = nlohmann::json::array();
  for (const Finding& f : r.findings)
    j[f.kind == FindingKind::NonTermination ? "nonterminating" : "exceptions"].push_back(findingJson(f, true, entry));
  j["unconfirmed"] = nlohmann::json::array();
  for (const auto& u : r.unconfirmed) {
    nlohmann::json c = findingJson(u.claim, false, entry);
    c["reason"] = u.reason;
    j["unconfirmed"].push_back(c);
  }
  j["undecided"] = r.notes;
  if (r.termination) {
    nlohmann::json sem = nlohmann::json::array();
    if (r.termination->proven_for.math) sem.push_back("math");
    if (r.termination->proven_for.jvm) sem.push_back("jvm");
    j["termination"] = {{"semantics", sem}, {"certificates", r.termination->certificates},
                        {"proof", r.termination->text}};
  }
  if (r.answer == engine::Answer::Error) j["error"] = r.error;
  return j;
}

std::string toText(const EntryReport& e, const TextOptions& options) {
  const engine::Result& r = e.result;
  std::string out = fmt::format("entry: {}\n", e.java_method);
  if (r.answer == engine::Answer::Error)
    return out + fmt::format("verdict: ERROR ({:.2f} s): {}\n", r.seconds, r.error);
  out += fmt::format("verdict: {} ({} engine, {:.2f} s, {} integers)\n", engine::answerName(r.answer), r.engine,
                     r.seconds, engine::semanticsName(e.semantics));
  EntrySignature entry = EntrySignature::parse(e.method);
  if (r.termination) {
    out += "termination proof:\n";
    indented(out, r.termination->text);
  }
  for (const Finding& f : r.findings) out += findingText(f, options, entry);
  for (const auto& n : r.notes) out += "undecided: " + n + "\n";
  if (options.unconfirmed)
    for (const auto& u : r.unconfirmed)
      out += fmt::format("not confirmed (not a finding): {} at {}: {}\n",
                         u.claim.kind == FindingKind::Exception ? input::javaClassName(u.claim.exception, true)
                                                                : std::string(engine::nonTermKindName(u.claim.nonterm)),
                         where(u.claim.where), u.reason);
  return out;
}

void Summary::add(const EntryReport& e) {
  ++methods;
  seconds += e.result.seconds;
  unconfirmed += e.result.unconfirmed.size();
  hidden += e.result.filtered;
  switch (e.result.answer) {
    case engine::Answer::Error: ++errors; return;
    case engine::Answer::Maybe: if (e.result.findings.empty()) ++maybe; break;
    default: break;
  }
  if (!e.result.findings.empty()) ++with_findings;
  for (const Finding& f : e.result.findings) {
    if (f.kind == FindingKind::NonTermination) {
      ++nonterminating;
      continue;
    }
    switch (f.cause) {
      case engine::Cause::Runtime: ++runtime; break;
      case engine::Cause::NullArgument: ++null_argument; break;
      case engine::Cause::ExplicitThrow: ++explicit_throw; break;
      case engine::Cause::ObjectState: ++object_state; break;
    }
  }
}

std::string toText(const Summary& s) {
  return fmt::format(
      "summary: {} methods in {:.1f} s: {} with findings ({} non-terminating, {} runtime exceptions, {} null-argument, "
      "{} explicit throws, {} object-state), {} MAYBE, {} errors; {} exception findings not reported (see --report), "
      "{} claims not confirmed\n",
      s.methods, s.seconds, s.with_findings, s.nonterminating, s.runtime, s.null_argument, s.explicit_throw,
      s.object_state, s.maybe, s.errors, s.hidden, s.unconfirmed);
}

nlohmann::json toJson(const Summary& s) {
  return {{"methods", s.methods},
          {"with_findings", s.with_findings},
          {"nonterminating", s.nonterminating},
          {"exceptions",
           {{"runtime", s.runtime},
            {"null-argument", s.null_argument},
            {"explicit-throw", s.explicit_throw},
            {"object-state", s.object_state}}},
          {"not_reported", s.hidden},
          {"maybe", s.maybe},
          {"errors", s.errors},
          {"unconfirmed", s.unconfirmed},
          {"seconds", s.seconds}};
}

}  // namespace jhalt::report
