#include "jhalt/recurrent/check.h"

#include <fmt/format.h>

namespace jhalt::recurrent {
namespace {

std::string declare(const std::vector<smt::Term>& vars) {
  std::string out;
  for (const smt::Term& v : vars) out += fmt::format("(declare-const {} Int)\n", v.toString());
  return out;
}

}  // namespace

SetCheck checkRecurrentSet(smt::Solver& s, const Loop& loop, const LoopFormulas& f, const smt::Term& set,
                           const std::string& title) {
  SetCheck out;
  smt::Term r = f.frame && set;
  smt::Term r_next = r.substitute(f.x, f.y);
  std::string params, args;
  for (const smt::Term& v : f.x) {
    params += fmt::format("{}({} Int)", params.empty() ? "" : " ", v.toString());
    args += " " + v.toString();
  }
  std::string script = fmt::format("; {}\n; each check's expected answer is in the comment before it\n", title);
  script += declare(f.x) + declare(f.y);
  script += fmt::format("(define-fun R ({}) Bool {})\n", params, r.toString());
  std::string call = f.x.empty() ? "R" : "(R" + args + ")";
  std::string args_next;
  for (const smt::Term& v : f.y) args_next += " " + v.toString();
  std::string call_next = f.y.empty() ? "R" : "(R" + args_next + ")";
  auto obligation = [&](const std::string& what, const smt::Term& formula, bool expect_sat,
                        const std::vector<smt::Term>& locals, const std::string& assertion, bool quantified) {
    if (!out.failure.empty()) return;
    smt::Result res;
    if (quantified) {
      res = s.checkQuantified(formula, "recurrent-check");
    } else {
      s.push();
      s.add(formula);
      res = s.check("recurrent-check");
      s.pop();
    }
    if (res != (expect_sat ? smt::Result::Sat : smt::Result::Unsat))
      out.failure = fmt::format("{}: expected {}, the solver says {}", what, expect_sat ? "sat" : "unsat",
                                smt::resultName(res));
    // A quantified obligation names Z3's quantifier elimination (as jhalt's
    // own check does); the others are plain SMT-LIB.
    script += fmt::format("; {}: expect {}\n(push)\n{}(assert {})\n{}\n(pop)\n", what, expect_sat ? "sat" : "unsat",
                          declare(locals), assertion,
                          quantified ? "(check-sat-using (then simplify qe smt))" : "(check-sat)");
  };
  obligation("the set is not empty", r, true, {}, call, false);
  for (size_t k = 0; k < f.exits.size(); ++k) {
    std::vector<smt::Term> free;
    smt::Term exit = relation(s.ctx(), *loop.exits[k].clause, f.x, {}, fmt::format("e{}_", k), &free);
    obligation(fmt::format("no state of the set takes exit {} ({})", k + 1, loop.exits[k].exit), r && exit, false,
               free, fmt::format("(and {} {})", call, exit.toString()), false);
  }
  obligation("every state of the set takes a path of the loop body", r && f.uncovered, false, {},
             fmt::format("(and {} {})", call, f.uncovered.toString()), true);
  for (size_t k = 0; k < f.body.size(); ++k)
    obligation(fmt::format("body path {} leads back into the set", k + 1), r && f.body[k] && !r_next, false,
               f.temporaries[k], fmt::format("(and {} {} (not {}))", call, f.body[k].toString(), call_next), false);
  out.ok = out.failure.empty();
  out.smtlib = std::move(script);
  return out;
}

}  // namespace jhalt::recurrent
