// `jhalt graph PATH`: builds the symbolic execution graph of the entry.
#include <fstream>
#include <memory>

#include <fmt/format.h>

#include "analysis_common.h"
#include "commands.h"
#include "jhalt/seg/builder.h"
#include "jhalt/seg/dot.h"
#include "jhalt/state/print.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {

void addGraph(CLI::App& app, Action& run) {
  struct Flags {
    EntryFlags entry;
    std::string dot;
    bool stats = false;
    GraphFlags graph;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "graph", "Build the symbolic execution graph of the entry and print its size. Exit 0 when the "
               "graph is complete, 4 when it could not be built (unsupported feature, limit)");
  flags->entry.addTo(cmd);
  cmd->add_option("--dot", flags->dot, "Write the graph in Graphviz format to this file");
  cmd->add_flag("--stats", flags->stats, "Also print statistics (evaluations, merges, library calls)");
  flags->graph.addTo(cmd, "Resource limit in seconds");
  cmd->callback([flags, &run] {
    run = [flags] {
      std::unique_ptr<std::ofstream> dot;
      if (!flags->dot.empty()) {
        dot = std::make_unique<std::ofstream>(flags->dot);
        if (!*dot) throw InputError(flags->dot, "cannot write file");
      }
      Analysis a = setUpAnalysis(flags->entry);
      state::TypeSystem types(*a.program);
      state::RefAllocator alloc;
      seg::BuildOptions options = flags->graph.buildOptions();
      seg::Evaluator ev(*a.program, types, alloc, options.eval);
      state::State start = a.main_convention ? ev.mainEntry(*a.entry) : ev.methodEntry(*a.entry);
      seg::Graph g;
      seg::BuildResult r = seg::buildGraph(g, std::move(start), ev, options);
      size_t sccs = g.cycles().size();
      fmt::print("graph of {}: {} states, {} edges, {} SCCs, {} loop heads, {:.1f} ms\n", a.entry->qualifiedName(),
                 g.liveNodes(), g.liveEdges(), sccs, g.loopHeads().size(), r.seconds * 1000);
      if (flags->stats) {
        fmt::print("evaluations: {}, merges: {}\n", r.evaluations, r.merges);
        if (r.call_states > 0)
          fmt::print("recursion (thesis 002, Ch. 3): {} call states abstracted, {} return states concretized\n",
                     r.call_states, r.return_states);
        for (const auto& call : r.library_calls) fmt::print("library call (not analysed): {}\n", call);
      }
      if (dot) *dot << seg::toDot(g, types);
      if (r.status != seg::BuildResult::Status::Complete) {
        std::string where;
        if (r.failed_at != seg::kNoNode && g.node(r.failed_at).alive) {
          const state::State& s = g.state(r.failed_at);
          if (!s.frames.empty())
            where = fmt::format(" at {} offset {} (line {})", s.top().method->qualifiedName(), s.top().pc,
                                s.top().method->code().line(s.top().pc));
        }
        std::fflush(stdout);
        std::fprintf(stderr, "jhalt: incomplete: %s%s\n", r.reason.c_str(), where.c_str());
        return static_cast<int>(kExitIncomplete);
      }
      return static_cast<int>(kExitOk);
    };
  });
}

}  // namespace jhalt::cli
