// `jhalt disasm PATH...` and `jhalt info PATH...`: walk every class of the
// given class files, directories, jars and jmods.
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "class_walker.h"
#include "cli_common.h"
#include "commands.h"
#include "jhalt/disasm/disassembler.h"

namespace jhalt::cli {
namespace {

unsigned defaultJobs() { return std::max(1u, std::min(4u, std::thread::hardware_concurrency())); }

struct WalkFlags {
  std::vector<std::string> paths;
  unsigned jobs = defaultJobs();

  void addTo(CLI::App* cmd) {
    cmd->add_option("paths", paths, ".class files, directories, .jar or .jmod files")
        ->required()
        ->check(CLI::ExistingPath);
    cmd->add_option("--jobs,-j", jobs, "Worker threads (output order does not depend on it)")
        ->check(CLI::Range(1u, 64u))
        ->capture_default_str();
  }
};

}  // namespace

void addDisasm(CLI::App& app, Action& run) {
  struct Flags : WalkFlags {
    bool verbose = false;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "disasm",
      "Disassemble every method with code: 'METHOD <class>.<name><descriptor>', then "
      "'<offset> <mnemonic>' per instruction, mnemonics as javap -c prints them");
  flags->addTo(cmd);
  cmd->add_flag("--verbose,-v", flags->verbose,
                "Also print operands, source lines, basic blocks and loops");
  cmd->callback([flags, &run] {
    run = [flags] {
      Output out;
      disasm::Options options{flags->verbose};
      return walkClasses(
          flags->paths, flags->jobs,
          [&](const classfile::ClassFile& cf, const std::string&, ClassResult& r) {
            disasm::disassemble(cf, options, r.text);
          },
          [&](ClassResult& r) {
            out.buffer() += r.text;
            out.maybeFlush();
          });
    };
  });
}

void addInfo(CLI::App& app, Action& run) {
  auto flags = std::make_shared<WalkFlags>();
  CLI::App* cmd = app.add_subcommand(
      "info", "Summarize classes: methods, instructions, loops per method with their source lines");
  flags->addTo(cmd);
  cmd->callback([flags, &run] {
    run = [flags] {
      Output out;
      size_t classes = 0, methods = 0, with_code = 0, instructions = 0, loops = 0;
      int status = walkClasses(
          flags->paths, flags->jobs,
          [](const classfile::ClassFile& cf, const std::string& location, ClassResult& r) {
            r.text = location + ": ";
            disasm::ClassSummary s = disasm::summarize(cf, r.text);
            r.counters[0] = s.methods;
            r.counters[1] = s.methods_with_code;
            r.counters[2] = s.instructions;
            r.counters[3] = s.loops;
          },
          [&](ClassResult& r) {
            if (!r.error.empty()) return;
            ++classes;
            methods += r.counters[0];
            with_code += r.counters[1];
            instructions += r.counters[2];
            loops += r.counters[3];
            out.buffer() += r.text;
            out.maybeFlush();
          });
      fmt::format_to(std::back_inserter(out.buffer()),
                     "total: {} classes, {} methods ({} with code), {} instructions, {} loops\n", classes,
                     methods, with_code, instructions, loops);
      return status;
    };
  });
}

}  // namespace jhalt::cli
