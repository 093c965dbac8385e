// `jhalt disasm PATH...` and `jhalt info PATH...`: walk every class of the
// given class files, directories, jars and jmods.
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli_common.h"
#include "commands.h"
#include "jhalt/classfile/parser.h"
#include "jhalt/classpath/class_source.h"
#include "jhalt/disasm/disassembler.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {
namespace {

// Calls `fn(classfile, location)` for every class below `paths`, in order.
// Malformed classes are reported one line each and skipped; returns the exit
// code (kExitBadInput if anything was malformed).
template <class Fn>
int forEachClass(const std::vector<std::string>& paths, Fn fn) {
  int status = kExitOk;
  for (const std::string& path : paths) {
    std::unique_ptr<classpath::ClassSource> source;
    std::vector<std::string> names;
    try {
      source = classpath::openClassSource(path);
      names = source->classNames();
    } catch (const InputError& e) {
      printError(e.file(), e.what());
      status = kExitBadInput;
      continue;
    }
    for (const std::string& name : names) {
      std::string location = source->location(name);
      try {
        std::optional<std::vector<uint8_t>> bytes = source->read(name);
        if (!bytes) continue;
        classfile::ClassFile cf = classfile::parseClassFile(std::move(*bytes));
        fn(cf, location);
      } catch (const FormatError& e) {
        printError(location, e.what());
        status = kExitBadInput;
      } catch (const InputError& e) {
        printError(e.file(), e.what());
        status = kExitBadInput;
      }
    }
  }
  return status;
}

}  // namespace

void addDisasm(CLI::App& app, Action& run) {
  struct Flags {
    std::vector<std::string> paths;
    bool verbose = false;
  };
  auto flags = std::make_shared<Flags>();
  CLI::App* cmd = app.add_subcommand(
      "disasm",
      "Disassemble every method with code: 'METHOD <class>.<name><descriptor>', then "
      "'<offset> <mnemonic>' per instruction, mnemonics as javap -c prints them");
  cmd->add_option("paths", flags->paths, ".class files, directories, .jar or .jmod files")
      ->required()
      ->check(CLI::ExistingPath);
  cmd->add_flag("--verbose,-v", flags->verbose,
                "Also print operands, source lines, basic blocks and loops");
  cmd->callback([flags, &run] {
    run = [flags] {
      Output out;
      disasm::Options options{flags->verbose};
      return forEachClass(flags->paths, [&](const classfile::ClassFile& cf, const std::string&) {
        disasm::disassemble(cf, options, out.buffer());
        out.maybeFlush();
      });
    };
  });
}

void addInfo(CLI::App& app, Action& run) {
  auto paths = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd = app.add_subcommand(
      "info", "Summarize classes: methods, instructions, loops per method with their source lines");
  cmd->add_option("paths", *paths, ".class files, directories, .jar or .jmod files")
      ->required()
      ->check(CLI::ExistingPath);
  cmd->callback([paths, &run] {
    run = [paths] {
      Output out;
      disasm::ClassSummary total;
      size_t classes = 0;
      int status = forEachClass(*paths, [&](const classfile::ClassFile& cf, const std::string& location) {
        out.buffer() += location;
        out.buffer() += ": ";
        disasm::ClassSummary s = disasm::summarize(cf, out.buffer());
        ++classes;
        total.methods += s.methods;
        total.methods_with_code += s.methods_with_code;
        total.instructions += s.instructions;
        total.loops += s.loops;
        out.maybeFlush();
      });
      fmt::format_to(std::back_inserter(out.buffer()),
                     "total: {} classes, {} methods ({} with code), {} instructions, {} loops\n",
                     classes, total.methods, total.methods_with_code, total.instructions, total.loops);
      return status;
    };
  });
}

}  // namespace jhalt::cli
