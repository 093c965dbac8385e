// `jhalt its PATH`: the integer transition system the termination engine
// ranks (issue 13 item 1, docs/design/termination.md §2), from the CLP
// translation of the entry and the methods it calls, readable or in KoAT's
// input format for external provers.
#include <fmt/format.h>

#include "analysis_common.h"
#include "commands.h"
#include "jhalt/clp/translate.h"
#include "jhalt/its/from_clp.h"
#include "jhalt/its/its.h"

namespace jhalt::cli {

void addIts(CLI::App& app, Action& run) {
  struct Flags {
    EntryFlags entry;
    std::string format = "text";
    std::string int_semantics = "math";
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "its", "Print the integer transition system of the entry that termination proofs rank (from its constraint "
             "logic program): readable, or in KoAT's input format for external provers");
  flags->entry.addTo(cmd);
  cmd->add_option("--format", flags->format, "text (one transition per line, with its origin) or koat")
      ->check(CLI::IsMember({"text", "koat"}))
      ->capture_default_str();
  cmd->add_option("--int-semantics", flags->int_semantics,
                  "math (unbounded integers) or jvm (int ranges, and the transitions an overflow takes)")
      ->check(CLI::IsMember({"math", "jvm"}))
      ->capture_default_str();
  cmd->callback([flags, &run] {
    run = [flags] {
      Analysis a = setUpAnalysis(flags->entry);
      const bool jvm = flags->int_semantics == "jvm";
      clp::TranslateOptions to;
      to.for_termination = true;
      to.int_overflow = jvm;
      clp::ClpProgram p = clp::translate(*a.program, *a.entry, a.main_convention, to);
      its::Its system = its::fromClp(p, a.main_convention);
      fmt::print("{}", flags->format == "koat" ? its::toKoat(system, jvm) : its::toText(system));
      return static_cast<int>(kExitOk);
    };
  });
}

}  // namespace jhalt::cli
