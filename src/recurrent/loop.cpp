#include "jhalt/recurrent/loop.h"

#include <deque>
#include <map>

#include <fmt/format.h>

namespace jhalt::recurrent {
namespace {

// Why a clause from the loop head may leave the loop; empty for a body path.
std::string exitReason(const clp::ClpProgram& p, const clp::Clause& c, clp::PredId head) {
  if (!c.gap.empty()) return "not followed by the translation: " + c.gap;
  if (c.overflow) return "an int result may leave the int range";
  if (c.body.empty()) return "returns";
  if (c.call || c.body.size() > 1) return "calls a method";
  if (!c.exact) return "may throw an exception (" + c.inexact_reason + ")";
  if (c.body[0].pred != head) return fmt::format("leaves the loop (to {})", p.preds[c.body[0].pred].name);
  return "";
}

// Predicates from which `target` is reachable through clause bodies.
std::vector<bool> reaching(const clp::ClpProgram& p, clp::PredId target) {
  std::vector<std::vector<clp::PredId>> into(p.preds.size());
  for (const clp::Clause& c : p.clauses)
    for (const clp::Atom& a : c.body) into[a.pred].push_back(c.head.pred);
  std::vector<bool> seen(p.preds.size(), false);
  std::deque<clp::PredId> work{target};
  seen[target] = true;
  while (!work.empty()) {
    clp::PredId q = work.front();
    work.pop_front();
    for (clp::PredId r : into[q])
      if (!seen[r]) {
        seen[r] = true;
        work.push_back(r);
      }
  }
  return seen;
}

}  // namespace

std::vector<Loop> loopsOf(const clp::ClpProgram& p, bool jvm, std::vector<std::string>& notes) {
  std::vector<Loop> out;
  for (clp::PredId pred = 0; pred < p.preds.size(); ++pred) {
    const clp::Predicate& head = p.preds[pred];
    if (head.kind == clp::Predicate::Kind::Continuation) continue;  // a loop head is never right after a call
    Loop loop{pred, head.method, head.pc, head.args, {}, {}};
    std::vector<bool> back = reaching(p, pred);
    bool around = false;  // a path back to the head through another predicate
    for (const clp::Clause& c : p.clauses) {
      if (c.head.pred != pred || (c.overflow && !jvm)) continue;
      std::string why = exitReason(p, c, pred);
      for (const clp::Atom& a : c.body)
        if (a.pred != pred && back[a.pred]) around = true;
      (why.empty() ? loop.body : loop.exits).push_back(Path{&c, why});
    }
    // A path that comes back through an inner loop or a call is an exit
    // like any other: the set must not take it (Lemma 1 needs only the
    // head's own paths). Without a path straight back there is nothing to
    // search.
    if (loop.body.empty()) {
      if (around)
        notes.push_back(fmt::format("{}: every path back to the loop head passes an inner loop or a call (not "
                                    "analysed)",
                                    head.name));
      continue;
    }
    out.push_back(std::move(loop));
  }
  return out;
}

std::vector<smt::Term> intVars(smt::Context& ctx, const std::string& prefix, uint32_t n) {
  std::vector<smt::Term> v;
  for (uint32_t i = 0; i < n; ++i) v.push_back(ctx.intVar(prefix + std::to_string(i)));
  return v;
}

smt::Term relation(smt::Context& ctx, const clp::Clause& c, const std::vector<smt::Term>& x,
                   const std::vector<smt::Term>& y, const std::string& prefix, std::vector<smt::Term>* fresh) {
  std::map<clp::Var, smt::Term> named;
  for (clp::Var v = 0; v < x.size(); ++v) named.emplace(v, x[v]);
  if (!y.empty() && c.body.size() == 1)
    for (size_t k = 0; k < c.body[0].args.size() && k < y.size(); ++k) named.emplace(c.body[0].args[k], y[k]);
  auto term = [&](clp::Var v) {
    auto it = named.find(v);
    if (it != named.end()) return it->second;
    smt::Term t = ctx.intVar(prefix + std::to_string(v));
    if (fresh) fresh->push_back(t);
    return named.emplace(v, t).first->second;
  };
  std::vector<smt::Term> parts;
  for (const clp::LinCon& con : c.constraint) {
    smt::Term e = ctx.num(con.expr.constant);
    for (const auto& [v, k] : con.expr.terms) e = e + k * term(v);
    parts.push_back(con.rel == clp::LinCon::Rel::Eq ? e == 0 : e <= 0);
  }
  return ctx.mkAnd(parts);
}

}  // namespace jhalt::recurrent
