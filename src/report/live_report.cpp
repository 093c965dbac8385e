#include "jhalt/report/live_report.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "jhalt/input/input.h"

namespace jhalt::report {

namespace {

std::string where(const engine::Location& l) {
  std::string file = l.source_file.empty() ? "?" : l.source_file;
  return l.line >= 0 ? fmt::format("{} ({}:{})", l.javaName(), file, l.line)
                     : fmt::format("{} (offset {})", l.javaName(), l.pc);
}

void indented(std::string& out, const std::string& text, const std::string& pad) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    out += pad + text.substr(pos, end - pos) + "\n";
    pos = end + 1;
  }
}

nlohmann::json frameJson(const engine::Location& l) {
  return {{"method", l.internalName()}, {"java_method", l.javaName()}, {"source", l.source_file},
          {"line", l.line}, {"pc", l.pc}};
}

nlohmann::json findingJson(const engine::Finding& f, bool confirmed) {
  nlohmann::json stack = nlohmann::json::array();
  for (const auto& l : f.stack) stack.push_back(frameJson(l));
  nlohmann::json j{{"method", f.where.internalName()},
                   {"java_method", f.where.javaName()},
                   {"line", f.where.line},
                   {"location", frameJson(f.where)},
                   {"thread", f.thread},
                   {"kind", std::string(engine::nonTermKindName(f.nonterm))},
                   {"semantics", std::string(engine::semanticsName(f.semantics))},
                   {"stack", stack},
                   {"values", f.values},
                   {"proof", f.proof},
                   {"closure_smtlib", f.recurrent_smtlib},
                   {"engine", f.engine},
                   {"confirmed", confirmed}};
  if (confirmed) j["confirmation"] = f.confirmation;
  return j;
}

}  // namespace

engine::Answer LiveReport::verdict() const {
  for (const auto& t : threads)
    if (!t.result.findings.empty()) return engine::Answer::No;
  return engine::Answer::Maybe;
}

std::string toText(const LiveReport& r, bool proofs) {
  std::string out = fmt::format("jvm: {} ({})\n", r.pid, r.command);
  out += fmt::format("verdict: {} (looper engine, {:.2f} s, jvm integers; {})\n", engine::answerName(r.verdict()),
                     r.seconds, r.mode);
  for (const auto& t : r.threads) {
    for (const engine::Finding& f : t.result.findings) {
      out += fmt::format("thread '{}' is stuck in the loop at {}\n", f.thread, where(f.where));
      out += "  stack:\n";
      for (const auto& l : f.stack) out += "    at " + where(l) + "\n";
      if (!f.values.empty()) out += "  values at the loop head: " + fmt::format("{}", fmt::join(f.values, ", ")) + "\n";
      out += "  integer semantics: JVM (32/64-bit two's complement)\n";
      out += "  confirmed: " + f.confirmation + "\n";
      if (proofs && !f.proof.empty()) {
        out += "  proof:\n";
        indented(out, f.proof, "    ");
      }
    }
    if (t.result.findings.empty()) {
      out += fmt::format("thread '{}': MAYBE\n", t.thread);
      for (const auto& l : t.loops) out += "  loop tried: " + l + "\n";
      for (const auto& n : t.result.notes) out += "  undecided: " + n + "\n";
      for (const auto& u : t.result.unconfirmed) out += "  not confirmed (not a finding): " + u.reason + "\n";
    }
  }
  for (const auto& n : r.notes) out += "undecided: " + n + "\n";
  return out;
}

nlohmann::json toJson(const LiveReport& r) {
  nlohmann::json j{{"pid", r.pid},
                   {"command", r.command},
                   {"mode", r.mode},
                   {"verdict", std::string(engine::answerName(r.verdict()))},
                   {"semantics", "jvm"},
                   {"engine", "looper"},
                   {"seconds", r.seconds}};
  j["nonterminating"] = nlohmann::json::array();
  j["unconfirmed"] = nlohmann::json::array();
  j["threads"] = nlohmann::json::array();
  for (const auto& t : r.threads) {
    for (const auto& f : t.result.findings) j["nonterminating"].push_back(findingJson(f, true));
    for (const auto& u : t.result.unconfirmed) {
      nlohmann::json c = findingJson(u.claim, false);
      c["reason"] = u.reason;
      j["unconfirmed"].push_back(c);
    }
    j["threads"].push_back({{"thread", t.thread},
                            {"verdict", std::string(engine::answerName(t.result.findings.empty() ? engine::Answer::Maybe
                                                                                                  : engine::Answer::No))},
                            {"loops", t.loops},
                            {"undecided", t.result.notes}});
  }
  j["undecided"] = r.notes;
  return j;
}

}  // namespace jhalt::report
