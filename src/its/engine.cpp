#include "jhalt/its/engine.h"

#include <set>

#include <fmt/format.h>

#include "jhalt/its/check.h"
#include "jhalt/its/from_clp.h"

namespace jhalt::its {
namespace {

std::string functionText(const Location& l, const LinearFn& f) {
  std::string out;
  for (size_t j = 0; j < f.coef.size(); ++j) {
    if (f.coef[j] == 0) continue;
    std::string term = f.coef[j] == 1 ? l.vars[j] : f.coef[j] == -1 ? "-" + l.vars[j]
                                                                     : fmt::format("{}*{}", f.coef[j], l.vars[j]);
    out += out.empty() ? term : (term[0] == '-' ? " - " + term.substr(1) : " + " + term);
  }
  if (f.constant != 0 || out.empty())
    out += out.empty() ? std::to_string(f.constant)
                       : fmt::format(" {} {}", f.constant < 0 ? '-' : '+', f.constant < 0 ? -f.constant : f.constant);
  return out;
}

}  // namespace

std::string proofText(const Its& its, const Proof& proof) {
  std::string out = fmt::format("integer transition system: {} locations, {} transitions; over mathematical integers\n",
                                its.locs.size(), its.trans.size());
  out += "over-approximations: values the translation does not track are unconstrained (fields, array elements, "
         "results of calls); an uncaught exception ends the run; the JDK's class initializers and the library "
         "methods it may call (String.length, Math.abs, println, ...) terminate\n";
  if (!proof.dead.empty()) out += fmt::format("{} transitions cannot be taken (infeasible guards)\n", proof.dead.size());
  size_t k = 0;
  for (const Round& r : proof.rounds) {
    out += fmt::format("round {}:\n", ++k);
    for (const auto& [l, f] : r.f) out += fmt::format("  f({}) = {}\n", its.locs[l].name, functionText(its.locs[l], f));
    for (TransId t : r.strict) out += fmt::format("  decreases by at least 1, from >= 0: {}\n", its.trans[t].origin);
    if (r.strict.size() < r.scc.size())
      out += fmt::format("  does not increase on the other {} transitions of the loop\n", r.scc.size() - r.strict.size());
  }
  if (proof.rounds.empty()) out += "no transition can be taken twice: no ranking function is needed\n";
  return out;
}

engine::Result TerminationEngine::analyze(const engine::Entry& entry, const engine::Goal&, const engine::Budget& budget,
                                          engine::Certifier&) {
  engine::Result result;
  result.engine = "term";
  if (entry.semantics != engine::Semantics::Math) {
    result.notes.push_back("termination proofs are over mathematical integers so far (JVM overflow not excluded)");
    return result;
  }
  clp::TranslateOptions to = options_.translate;
  to.for_termination = true;
  clp::ClpProgram program = clp::translate(entry.program, entry.method, entry.main_convention, to);
  Its its = fromClp(program, entry.main_convention);
  if (options_.trace) options_.trace(toText(its));
  if (its.trans.size() > options_.max_transitions) {
    result.notes.push_back(fmt::format("the transition system is too large ({} transitions)", its.trans.size()));
    return result;
  }
  smt::Context ctx;
  std::unique_ptr<smt::Solver> solver = smt::makeSolver(ctx, options_.smt, options_.stats);
  RankOptions ro = options_.rank;
  ro.max_rounds = budget.scaled(ro.max_rounds);
  ro.deadline = budget.deadline();
  RankResult ranked = prove(its, *solver, ro);
  if (!ranked.proof) {
    result.notes.push_back(ranked.why_not);
    return result;
  }
  CheckResult checked = check(its, *ranked.proof);
  if (!checked.ok) {
    result.notes.push_back("proof rejected by the exact check: " + checked.error);
    return result;
  }
  engine::TerminationProof tp;
  tp.proven_for = engine::SemanticsSet::only(engine::Semantics::Math);
  tp.certificates = checked.certificates;
  tp.text = proofText(its, *ranked.proof) +
            fmt::format("{} Farkas certificates re-checked with exact integer arithmetic (GMP)\n", checked.certificates);
  if (options_.trace) options_.trace(tp.text);
  result.answer = engine::Answer::Yes;
  result.termination = std::move(tp);
  return result;
}

}  // namespace jhalt::its
