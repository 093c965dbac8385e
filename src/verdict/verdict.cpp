#include "jhalt/verdict/verdict.h"

#include <fmt/format.h>

namespace jhalt::verdict {

std::string_view answerName(Answer a) {
  switch (a) {
    case Answer::Yes: return "YES";
    case Answer::No: return "NO";
    case Answer::Maybe: return "MAYBE";
  }
  return "MAYBE";
}

Location locate(const program::MethodInfo& m, uint32_t pc) {
  Location l;
  l.method = m.qualifiedName();
  if (m.owner().file().source_file) l.source_file = std::string(*m.owner().file().source_file);
  if (m.hasCode()) l.line = m.code().line(pc);
  l.pc = pc;
  return l;
}

namespace {

nlohmann::json witnessJson(const concrete::Witness& w) {
  nlohmann::json j;
  if (w.main_args) {
    j["args"] = w.args;
  } else {
    nlohmann::json params = nlohmann::json::array();
    for (const concrete::Value& v : w.params) {
      switch (v.kind) {
        case concrete::Value::Kind::Int: params.push_back(v.number); break;
        case concrete::Value::Kind::Null: params.push_back(nullptr); break;
        case concrete::Value::Kind::String: params.push_back(v.text); break;
        case concrete::Value::Kind::IntArray: params.push_back(v.ints); break;
        case concrete::Value::Kind::StringArray: {
          nlohmann::json a = nlohmann::json::array();
          for (const auto& s : v.strings) a.push_back(s ? nlohmann::json(*s) : nlohmann::json(nullptr));
          params.push_back(a);
          break;
        }
      }
    }
    j["params"] = params;
  }
  j["text"] = w.describe();
  return j;
}

nlohmann::json locationJson(const Location& l) {
  return {{"method", l.method}, {"source", l.source_file}, {"line", l.line}, {"pc", l.pc}};
}

std::string where(const Location& l) {
  std::string file = l.source_file.empty() ? "?" : l.source_file;
  return l.line >= 0 ? fmt::format("{} ({}:{}, offset {})", l.method, file, l.line, l.pc)
                     : fmt::format("{} (offset {})", l.method, l.pc);
}

}  // namespace

nlohmann::json toJson(const Verdict& v) {
  nlohmann::json j;
  j["verdict"] = std::string(answerName(v.answer));
  j["engine"] = v.engine;
  j["seconds"] = v.seconds;
  j["nonterminating"] = nlohmann::json::array();
  for (const auto& n : v.nonterminating)
    j["nonterminating"].push_back({{"method", n.loop.method},
                                   {"line", n.loop.line},
                                   {"location", locationJson(n.loop)},
                                   {"kind", n.kind},
                                   {"witness", witnessJson(n.witness)},
                                   {"semantics", n.semantics},
                                   {"replay", n.replay},
                                   {"proof", n.proof}});
  j["exceptions"] = nlohmann::json::array();
  for (const auto& e : v.exceptions)
    j["exceptions"].push_back({{"exception", e.exception},
                               {"method", e.where.method},
                               {"line", e.where.line},
                               {"location", locationJson(e.where)},
                               {"witness", witnessJson(e.witness)},
                               {"replay", e.replay}});
  j["undecided"] = v.undecided;
  j["internal_errors"] = v.internal_errors;
  return j;
}

std::string toText(const Verdict& v) {
  std::string out = fmt::format("verdict: {} ({} engine, {:.2f} s)\n", answerName(v.answer), v.engine, v.seconds);
  for (const auto& n : v.nonterminating) {
    if (n.kind == "recursion")
      out += fmt::format("infinite recursion at {}\n", where(n.loop));
    else if (n.kind == "loop")
      out += fmt::format("non-terminating loop at {}\n", where(n.loop));
    else
      out += fmt::format("non-terminating {} loop at {}\n", n.kind, where(n.loop));
    out += fmt::format("  witness: {}\n", n.witness.describe());
    std::string sem = n.semantics == "jvm"   ? "JVM (32/64-bit) and mathematical integers"
                      : n.semantics == "math" ? "mathematical integers"
                                              : "mathematical integers; on the JVM the replay was still running at "
                                                "its time limit (a bounded check, not a proof)";
    out += fmt::format("  integer semantics: {}\n", sem);
    out += fmt::format("  replay: {}\n", n.replay);
    if (!n.proof.empty()) {
      out += "  proof:\n";
      size_t pos = 0;
      while (pos < n.proof.size()) {
        size_t end = n.proof.find('\n', pos);
        if (end == std::string::npos) end = n.proof.size();
        out += "    " + n.proof.substr(pos, end - pos) + "\n";
        pos = end + 1;
      }
    }
  }
  for (const auto& e : v.exceptions) {
    out += fmt::format("exception {} at {}\n", e.exception, where(e.where));
    out += fmt::format("  witness: {}\n", e.witness.describe());
    out += fmt::format("  replay: {}\n", e.replay);
  }
  for (const auto& u : v.undecided) out += "undecided: " + u + "\n";
  // Claims the JVM refuted: logged so that they can be investigated, never
  // reported as findings.
  for (const auto& u : v.internal_errors) out += "internal error (claim withdrawn): " + u + "\n";
  return out;
}

}  // namespace jhalt::verdict
