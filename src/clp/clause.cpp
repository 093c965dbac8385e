#include "jhalt/clp/clause.h"

#include <fmt/format.h>

namespace jhalt::clp {
namespace {

std::string atomText(const ClpProgram& p, const Atom& a, const VarName& name) {
  std::string out = p.preds[a.pred].name + "(";
  for (size_t i = 0; i < a.args.size(); ++i) out += (i ? ", " : "") + name(a.args[i]);
  return out + ")";
}

std::string quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

}  // namespace

std::string toText(const ClpProgram& p, bool only_exact) {
  std::string out;
  for (const Predicate& pred : p.preds) {
    out += fmt::format("% {}(", pred.name);
    for (size_t i = 0; i < pred.args.size(); ++i) out += (i ? ", " : "") + pred.args[i];
    out += ")\n";
  }
  auto name = [](Var v) { return fmt::format("X{}", v); };
  for (const Clause& c : p.clauses) {
    if (only_exact && !c.exact) continue;
    out += atomText(p, c.head, name) + " :- ";
    std::vector<std::string> parts;
    for (const LinCon& con : c.constraint) parts.push_back(toString(con, name));
    for (const Atom& a : c.body) parts.push_back(atomText(p, a, name));
    if (parts.empty()) parts.push_back("true");
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    out += fmt::format(".   % offsets {}..{}{}\n", c.from_pc, c.to_pc,
                       c.exact ? "" : ", NOT EXACT: " + c.inexact_reason);
  }
  for (const auto& n : p.notes) out += "% note: " + n + "\n";
  return out;
}

std::string toProlog(const ClpProgram& p) {
  std::string out = ":- use_module(library(clpfd)).\n";
  auto name = [](Var v) { return fmt::format("X{}", v); };
  for (const Clause& c : p.clauses) {
    if (!c.exact) continue;
    auto atom = [&](const Atom& a) {
      if (a.args.empty()) return quoted(p.preds[a.pred].name);  // `p()` is not Prolog
      std::string s = quoted(p.preds[a.pred].name) + "(";
      for (size_t i = 0; i < a.args.size(); ++i) s += (i ? ", " : "") + name(a.args[i]);
      return s + ")";
    };
    std::vector<std::string> parts;
    for (const LinCon& con : c.constraint) {
      LinExpr lhs = con.expr;
      lhs.constant = 0;
      parts.push_back(fmt::format("{} {} {}", toString(lhs, name), con.rel == LinCon::Rel::Eq ? "#=" : "#=<",
                                  -con.expr.constant));
    }
    for (const Atom& a : c.body) parts.push_back(atom(a));
    if (parts.empty()) parts.push_back("true");
    out += atom(c.head) + " :- ";
    for (size_t i = 0; i < parts.size(); ++i) out += (i ? ", " : "") + parts[i];
    out += ".\n";
  }
  return out;
}

}  // namespace jhalt::clp
