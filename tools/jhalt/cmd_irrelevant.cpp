// `jhalt irrelevant PATH`: code that cannot influence the outcomes the user
// names (thesis 002, Ch. 4), as source lines with reasons.
#include <memory>
#include <sstream>

#include <fmt/format.h>

#include "analysis_common.h"
#include "commands.h"
#include "jhalt/engine/result.h"
#include "jhalt/irrelevant/irrelevant.h"
#include "jhalt/report/irrelevant_report.h"
#include "jhalt/seg/builder.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {

namespace {

// `Graph.nodes` or `pkg.Outer.Inner.f` (or internal `pkg/C.f`) -> the
// declaring class and the field; InputError when there is no such field.
std::pair<std::string, bool> resolveField(program::Program& p, const std::string& text) {
  size_t dot = text.rfind('.');
  if (dot == std::string::npos || dot == 0 || dot + 1 == text.size())
    throw InputError("--relevant", fmt::format("'{}' is not a field name (Class.field)", text));
  std::string cls = text.substr(0, dot), field = text.substr(dot + 1);
  for (char& c : cls)
    if (c == '.') c = '/';
  // Nested classes: try `a/b/C$D` for `a.b.C.D`.
  for (;;) {
    if (const program::ClassInfo* c = p.find(cls)) {
      for (const program::ClassInfo* k = c; k; k = k->super)
        for (const auto& f : k->file().fields)
          if (f.name == field)
            return {std::string(k->name()) + "." + field, (f.access & classfile::kStatic) != 0};
      break;
    }
    size_t slash = cls.rfind('/');
    if (slash == std::string::npos) break;
    cls[slash] = '$';
  }
  throw InputError("--relevant", fmt::format("no field '{}' in the program", text));
}

irrelevant::Outcomes parseOutcomes(program::Program& p, const std::string& text) {
  irrelevant::Outcomes o;
  o.return_value = o.exceptions = o.output = false;
  std::stringstream in(text);
  std::string item;
  bool any = false;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    any = true;
    if (item == "return") o.return_value = true;
    else if (item == "exceptions") o.exceptions = true;
    else if (item == "output") o.output = true;
    else if (item.rfind("field:", 0) == 0 || item.rfind("static:", 0) == 0) {
      auto [name, is_static] = resolveField(p, item.substr(item.find(':') + 1));
      (is_static ? o.statics : o.fields).push_back(name);
    } else {
      throw InputError("--relevant", fmt::format("unknown outcome '{}' (return, exceptions, output, field:C.f)", item));
    }
  }
  if (!any) throw InputError("--relevant", "no outcome given");
  return o;
}

}  // namespace

void addIrrelevant(CLI::App& app, Action& run) {
  struct Flags {
    EntryFlags entry;
    std::string relevant = "return,exceptions,output";
    std::string format = "text";
    GraphFlags graph{.int_semantics = "jvm"};
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "irrelevant",
      "Report code that cannot influence the chosen outcomes of the entry (thesis 002, Ch. 4): per method, "
      "source lines with the reason. Exit 0 when the graph is complete, 4 when it is not (the report then "
      "leaves out what the graph does not reach)");
  flags->entry.addTo(cmd);
  cmd->add_option("--relevant", flags->relevant,
                  "Outcomes that matter, comma-separated: return (the entry's return value), exceptions "
                  "(uncaught), output (library calls acting outside the program, e.g. printing), "
                  "field:C.f (a static's final value, or every write of an instance field)")
      ->capture_default_str();
  cmd->add_option("--format", flags->format, "text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  flags->graph.addTo(cmd, "Resource limit in seconds (reaching it gives no report)");
  cmd->callback([flags, &run] {
    run = [flags] {
      Analysis a = setUpAnalysis(flags->entry);
      irrelevant::Options options;
      options.outcomes = parseOutcomes(*a.program, flags->relevant);
      state::TypeSystem types(*a.program);
      state::RefAllocator alloc;
      seg::BuildOptions build = flags->graph.buildOptions();
      build.eval.recursion = false;  // the analysis does not follow call and return edges yet
      seg::Evaluator ev(*a.program, types, alloc, build.eval);
      state::State start = a.main_convention ? ev.mainEntry(*a.entry) : ev.methodEntry(*a.entry);
      seg::Graph g;
      seg::BuildResult built = seg::buildGraph(g, std::move(start), ev, build);
      const bool complete = built.status == seg::BuildResult::Status::Complete;
      // A wall-clock limit would make the report depend on the machine's
      // load: no report then.
      if (!complete && built.status == seg::BuildResult::Status::ResourceLimit && built.seconds >= flags->graph.timeout)
        throw ResourceLimit(built.reason);
      options.graph_complete = complete;
      options.trace = traceFor("JHALT_DEBUG_IRRELEVANT");
      irrelevant::Result result = irrelevant::analyze(g, types, options);
      if (!a.main_convention)
        result.notes.push_back("a method entry: its arguments are taken as tree-shaped and unshared "
                               "(paper 000, §2.1)");
      report::IrrelevantHeader h;
      h.entry = engine::javaMethodName(a.entry->owner().name(), a.entry->name(), a.entry->descriptor());
      h.outcomes = flags->relevant;
      h.semantics = flags->graph.int_semantics == "jvm" ? "JVM 32/64-bit" : "mathematical";
      h.complete = complete;
      h.incomplete_reason = built.reason;
      if (flags->format == "json") fmt::print("{}\n", report::toJson(h, result).dump(2));
      else fmt::print("{}", report::toText(h, result));
      if (!complete) {
        std::fflush(stdout);
        std::fprintf(stderr, "jhalt: incomplete: %s\n", built.reason.c_str());
        return static_cast<int>(kExitIncomplete);
      }
      return static_cast<int>(kExitOk);
    };
  });
}

}  // namespace jhalt::cli
