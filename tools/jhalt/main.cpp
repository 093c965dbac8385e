// jhalt: proves that Java programs do or do not terminate.
#include <cstdio>
#include <cstdlib>
#include <exception>

#include <CLI/CLI.hpp>

#include "cli_common.h"
#include "commands.h"
#include "jhalt/util/error.h"

int main(int argc, char** argv) {
  using namespace jhalt::cli;
  // libzip converts every entry's DOS time with mktime(); with TZ unset,
  // glibc then stats /etc/localtime once per entry (13,000 system calls for
  // java.base.jmod). Naming the same zone explicitly makes tzset() cache it.
  setenv("TZ", ":/etc/localtime", 0);
  CLI::App app{
      "jhalt: a termination analyzer for Java bytecode.\n"
      "Exit codes: 0 done, 1 findings (with --fail-on-findings), 2 bad input or usage,\n"
      "3 internal error, 4 analysis incomplete.",
      "jhalt"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("jhalt ") + JHALT_VERSION);
  Action run;
  addDisasm(app, run);
  addInfo(app, run);
  addGraph(app, run);
  addTermcomp(app, run);
  addAnalyze(app, run);
  addClp(app, run);
  addIts(app, run);
  addIrrelevant(app, run);
  addRun(app, run);
  addAttach(app, run);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::fputs(app.help().c_str(), stdout);
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    std::fputs(app.help("", CLI::AppFormatMode::All).c_str(), stdout);
    return kExitOk;
  } catch (const CLI::CallForVersion& e) {
    std::puts(e.what());
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    printError(std::string(e.what()) + " (run 'jhalt --help')");
    return kExitBadInput;
  }
  try {
    return run ? run() : kExitBadInput;
  } catch (const jhalt::InputError& e) {
    printError(e.file(), e.what());
    return kExitBadInput;
  } catch (const jhalt::FormatError& e) {
    printError(e.what());
    return kExitBadInput;
  } catch (const jhalt::ResourceLimit& e) {
    printError(std::string("resource limit: ") + e.what());
    return kExitIncomplete;
  } catch (const jhalt::Unsupported& e) {
    printError(std::string("unsupported: ") + e.what());
    return kExitIncomplete;
  } catch (const std::bad_alloc&) {
    printError("out of memory");
    return kExitInternal;
  } catch (const std::exception& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "jhalt: internal error: %s\n", e.what());
    return kExitInternal;
  }
}
