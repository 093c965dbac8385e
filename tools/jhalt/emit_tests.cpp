#include "emit_tests.h"

#include <cctype>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "jhalt/report/java_source.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {
namespace {

// `Repro_Shapes_tailHead_3`: a Java identifier naming the finding.
std::string className(const report::EntrySignature& e, size_t number) {
  std::string simple = e.cls.substr(e.cls.find_last_of("/$") == std::string::npos ? 0 : e.cls.find_last_of("/$") + 1);
  std::string method = e.name == "<init>" ? "new" : e.name == "<clinit>" ? "clinit" : e.name;
  std::string out = fmt::format("Repro_{}_{}_{}", simple, method, number);
  for (char& c : out)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
  return out;
}

}  // namespace

TestEmitter::TestEmitter(std::string dir) : dir_(std::move(dir)) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec || !std::filesystem::is_directory(dir_))
    throw InputError(dir_, fmt::format("cannot create the directory for --emit-tests: {}", ec.message()));
}

void TestEmitter::emit(const report::EntryReport& rep) {
  if (rep.result.findings.empty()) return;
  report::EntrySignature entry = report::EntrySignature::parse(rep.method);
  std::lock_guard lock(mutex_);
  for (const engine::Finding& f : rep.result.findings) {
    std::string name = className(entry, ++written_);
    std::string path = (std::filesystem::path(dir_) / (name + ".java")).string();
    std::ofstream out(path);
    out << report::reproducer(f, entry, name);
    if (!out) throw InputError(path, "cannot write the reproducer");
  }
}

}  // namespace jhalt::cli
