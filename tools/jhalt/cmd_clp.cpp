// `jhalt clp PATH --print`: the constraint logic program of paper 001 that
// the CLP engine derives from the entry (and the methods it calls).
#include <memory>

#include <fmt/format.h>

#include "analysis_common.h"
#include "commands.h"
#include "jhalt/clp/translate.h"
#include "jhalt/clp/unfold.h"

namespace jhalt::cli {

void addClp(CLI::App& app, Action& run) {
  struct Flags {
    EntryFlags entry;
    bool print = false;
    bool prolog = false;
    bool only_exact = false;
    bool unfold = false;
    unsigned iterations = 8;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "clp", "Translate the entry and the methods it calls into a constraint logic program (paper 001)");
  flags->entry.addTo(cmd);
  cmd->add_flag("--print", flags->print, "Print the clauses, readable, with their exactness (the default)");
  cmd->add_flag("--prolog", flags->prolog, "Print the exact clauses in CLP(FD) syntax that a Prolog system can load");
  cmd->add_flag("--exact", flags->only_exact, "With --print: only the exact clauses");
  cmd->add_flag("--unfold", flags->unfold,
                "Print the binary clauses of the binary unfolding (paper 001, Def. 16) of the exact clauses");
  cmd->add_option("--iterations", flags->iterations, "With --unfold: powers of the unfolding operator computed")
      ->check(CLI::Range(1u, 64u))
      ->capture_default_str();
  cmd->callback([flags, &run] {
    run = [flags] {
      Analysis a = setUpAnalysis(flags->entry);
      clp::ClpProgram p = clp::translate(*a.program, *a.entry, a.main_convention);
      if (flags->unfold) {
        smt::Context ctx;
        std::unique_ptr<smt::Solver> solver = smt::makeSolver(ctx, smt::SolverOptions{});
        clp::UnfoldOptions uo;
        uo.iterations = flags->iterations;
        clp::UnfoldResult r = clp::unfold(p, *solver, uo);
        fmt::print("% {} binary clauses after {} step(s){}{}\n", r.clauses.size(), r.iterations,
                   r.fixpoint ? ", fixpoint" : "", r.truncated ? ", truncated by a limit" : "");
        for (const clp::BinaryClause& c : r.clauses)
          fmt::print("{}{}\n", clp::describe(p, c), c.calls ? fmt::format("   % {} call(s)", c.calls) : "");
      } else if (flags->prolog)
        fmt::print("{}", clp::toProlog(p));
      else
        fmt::print("{}", clp::toText(p, flags->only_exact));
      return static_cast<int>(kExitOk);
    };
  });
}

}  // namespace jhalt::cli
