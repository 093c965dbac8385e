#include "analysis_common.h"

#include <filesystem>

#include <fmt/format.h>

#include "jhalt/classpath/class_source.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {

void EntryFlags::addTo(CLI::App* cmd) {
  cmd->add_option("path", path, "The program: a .jar (its Main-Class is the entry), a directory or a .class file")
      ->required()
      ->check(CLI::ExistingPath);
  cmd->add_option("--entry", entry, "Class whose main(String[]) is the entry (dots or slashes)");
  cmd->add_option("--method", method,
                  "Any method as the entry, as class.name(descriptor), e.g. 'pkg/C.m(I[I)V'; "
                  "arguments are arbitrary (references possibly null)");
  classpath.addTo(*cmd);
}

namespace {

const program::MethodInfo* findMethod(program::Program& prog, const std::string& spec) {
  size_t paren = spec.find('(');
  size_t dot = spec.rfind('.', paren);
  if (paren == std::string::npos || dot == std::string::npos)
    throw InputError("--method", fmt::format("'{}' is not of the form class.name(descriptor)", spec));
  std::string cls = spec.substr(0, dot);
  std::replace(cls.begin(), cls.end(), '.', '/');
  std::string name = spec.substr(dot + 1, paren - dot - 1);
  std::string desc = spec.substr(paren);
  const program::ClassInfo& c = prog.get(cls);
  const program::MethodInfo* m = c.declaredMethod(name, desc);
  if (!m) throw InputError("--method", fmt::format("class {} has no method {}{}", cls, name, desc));
  if (!m->hasCode()) throw InputError("--method", fmt::format("method {}{} has no code", name, desc));
  return m;
}

}  // namespace

std::vector<std::pair<const program::MethodInfo*, bool>> allEntries(Analysis& a) {
  std::vector<std::pair<const program::MethodInfo*, bool>> out;
  for (classpath::ClassSource* src : a.class_path->sources(classpath::Origin::Application))
    for (const std::string& name : src->classNames()) {
      const program::ClassInfo* c = a.program->find(name);
      if (!c) continue;
      for (const auto& m : c->methods) {
        if (!m->isStatic() || !m->hasCode() || m->name() == "<clinit>") continue;
        bool main = m->name() == "main" && m->descriptor() == "([Ljava/lang/String;)V";
        out.push_back({m.get(), main});
      }
    }
  return out;
}

Analysis setUpAnalysis(const EntryFlags& flags, bool no_entry_needed) {
  Analysis a;
  a.class_path = std::make_unique<classpath::ClassPath>(flags.classpath.resolve({flags.path}));
  a.program = std::make_unique<program::Program>(*a.class_path);
  if (no_entry_needed) return a;
  if (!flags.method.empty()) {
    a.entry = findMethod(*a.program, flags.method);
    return a;
  }
  std::string cls = flags.entry;
  if (cls.empty() && std::filesystem::is_regular_file(flags.path)) {
    if (flags.path.ends_with(".class")) {
      cls = classpath::openClassSource(flags.path)->classNames().front();
    } else {
      auto main = classpath::jarMainClass(flags.path);
      if (!main) throw InputError(flags.path, "jar has no Main-Class; use --entry or --method");
      cls = *main;
    }
  }
  if (cls.empty()) throw InputError(flags.path, "no entry: use --entry CLASS or --method SPEC");
  std::replace(cls.begin(), cls.end(), '.', '/');
  const program::ClassInfo& c = a.program->get(cls);
  const program::MethodInfo* m = c.declaredMethod("main", "([Ljava/lang/String;)V");
  if (!m || !m->isStatic() || !m->hasCode())
    throw InputError(flags.path, fmt::format("class {} has no static main(String[]) with code", cls));
  a.entry = m;
  a.main_convention = true;
  return a;
}

}  // namespace jhalt::cli
