#include "analysis_common.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "jhalt/classfile/parser.h"
#include "jhalt/classpath/class_source.h"
#include "jhalt/input/input.h"
#include "jhalt/util/error.h"

namespace jhalt::cli {
namespace fs = std::filesystem;

void EntryFlags::addTo(CLI::App* cmd) {
  cmd->add_option("path", path,
                  "The program: a .jar (its Main-Class is the entry), a .jmod, a directory of classes (the root "
                  "of the packages or any package directory in it) or a .class file")
      ->required()
      ->check(CLI::ExistingPath);
  auto* e = cmd->add_option("--entry", entry, "Class whose main(String[]) is the entry (dots or slashes)");
  auto* m = cmd->add_option("--method", method,
                            "Any method as the entry: 'pkg.C.m(I[I)V', or 'pkg.C.m' when the name is unique; "
                            "nested classes as pkg.Outer$Inner; arguments are arbitrary (references possibly null)");
  e->excludes(m);
  classpath.addTo(*cmd);
}

void GraphFlags::addTo(CLI::App* cmd, const std::string& timeout_help) {
  cmd->add_option("--max-states", max_states, "Resource limit on the number of states")
      ->check(CLI::Range(size_t{1}, size_t{100000000}))
      ->capture_default_str();
  cmd->add_option("--timeout", timeout, timeout_help)->check(CLI::PositiveNumber)->capture_default_str();
  cmd->add_option("--max-memory", max_memory_mb, "Resource limit in MB on what the graph construction holds")
      ->check(CLI::Range(size_t{1}, size_t{1} << 20))
      ->capture_default_str();
  cmd->add_option("--int-semantics", int_semantics,
                  "math (unbounded integers, paper 000) or jvm (values wrap at 32/64 bits, as the program runs)")
      ->check(CLI::IsMember({"math", "jvm"}))
      ->capture_default_str();
}

seg::BuildOptions GraphFlags::buildOptions() const {
  seg::BuildOptions o;
  o.max_nodes = max_states;
  o.max_seconds = timeout;
  o.max_bytes = static_cast<int64_t>(max_memory_mb) << 20;
  o.eval.jvm_int_semantics = int_semantics == "jvm";
  o.trace = traceFor("JHALT_DEBUG_SEG");
  return o;
}

bool Target::inPath(std::string_view name) const {
  if (single_class) return name == *single_class || name.starts_with(*single_class + "$");
  return name.starts_with(class_prefix);
}

namespace {

std::string internalNameOf(const std::string& class_file) {
  auto source = classpath::openClassFile(class_file);
  return source->classNames().front();
}

// PATH ends with the directories of package `pkg` ("com/foo"): the root.
std::optional<std::string> rootAbove(const fs::path& dir, std::string_view pkg) {
  fs::path p = fs::absolute(dir).lexically_normal();
  if (pkg.empty()) return p.string();
  std::vector<std::string> parts;
  for (size_t start = 0; start <= pkg.size();) {
    size_t end = pkg.find('/', start);
    if (end == std::string_view::npos) end = pkg.size();
    parts.emplace_back(pkg.substr(start, end - start));
    start = end + 1;
  }
  std::string s = p.string();
  while (!s.empty() && s.back() == '/') s.pop_back();
  p = s;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
    if (p.filename() != *it) return std::nullopt;
    p = p.parent_path();
  }
  return p.string();
}

// A .class file: the root of its package, or a package layout made in a
// temporary directory when the file is not where its package says (with
// the nested classes beside it).
void locateClassFile(const std::string& path, Target& t) {
  std::string name = internalNameOf(path);
  t.single_class = name;
  size_t slash = name.rfind('/');
  std::string pkg = slash == std::string::npos ? "" : name.substr(0, slash);
  fs::path dir = fs::absolute(path).parent_path();
  if (auto root = rootAbove(dir, pkg)) {
    t.root = *root;
    return;
  }
  t.layout = std::make_shared<util::TempDir>("jhalt-classes");
  fs::path target = fs::path(t.layout->path()) / pkg;
  fs::create_directories(target);
  std::string simple = name.substr(slash == std::string::npos ? 0 : slash + 1);
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string f = e.path().filename().string();
    if (f == simple + ".class" || (f.starts_with(simple + "$") && f.ends_with(".class")))
      fs::copy_file(e.path(), target / f, fs::copy_options::overwrite_existing);
  }
  t.root = t.layout->path();
}

// A directory: the root of its packages, or a package directory below one.
void locateDirectory(const std::string& path, Target& t) {
  auto source = classpath::openDirectory(path);
  std::vector<std::string> names = source->classNames();
  t.root = fs::absolute(path).lexically_normal().string();
  if (names.empty()) return;
  std::string rel = names.front();
  std::string actual = internalNameOf(source->location(rel));
  if (actual == rel) return;
  if (!actual.ends_with(rel) || actual[actual.size() - rel.size() - 1] != '/')
    throw InputError(source->location(rel), fmt::format("holds class {}, which does not fit the directory", actual));
  std::string pkg = actual.substr(0, actual.size() - rel.size() - 1);
  auto root = rootAbove(path, pkg);
  if (!root) throw InputError(path, fmt::format("holds package {} but is not a directory of it", pkg));
  t.root = *root;
  t.class_prefix = pkg + "/";
}

Target locate(const std::string& path) {
  Target t;
  if (fs::is_directory(path))
    locateDirectory(path, t);
  else if (path.ends_with(".class"))
    locateClassFile(path, t);
  else
    t.root = fs::absolute(path).lexically_normal().string();
  return t;
}

const program::MethodInfo* findMethod(program::Program& prog, const std::string& spec) {
  size_t paren = spec.find('(');
  size_t dot = spec.rfind('.', paren == std::string::npos ? spec.size() : paren);
  if (dot == std::string::npos)
    throw InputError("--method", fmt::format("'{}' is not of the form class.name(descriptor) or class.name", spec));
  std::string cls = spec.substr(0, dot);
  std::replace(cls.begin(), cls.end(), '.', '/');
  std::string name = spec.substr(dot + 1, paren == std::string::npos ? std::string::npos : paren - dot - 1);
  const program::ClassInfo& c = prog.get(cls);
  const program::MethodInfo* m = nullptr;
  if (paren != std::string::npos) {
    m = c.declaredMethod(name, spec.substr(paren));
    if (!m) throw InputError("--method", fmt::format("class {} has no method {}{}", cls, name, spec.substr(paren)));
  } else {
    std::vector<std::string> found;
    for (const auto& x : c.methods)
      if (x->name() == name) {
        m = x.get();
        found.push_back(std::string(x->descriptor()));
      }
    if (found.empty()) throw InputError("--method", fmt::format("class {} has no method {}", cls, name));
    if (found.size() > 1)
      throw InputError("--method", fmt::format("class {} has {} methods named {}; add the descriptor, one of: {}", cls,
                                               found.size(), name, fmt::join(found, " ")));
  }
  if (!m->hasCode()) throw InputError("--method", fmt::format("method {}{} has no code", name, m->descriptor()));
  return m;
}

Analysis open(const EntryFlags& flags, Target target) {
  Analysis a;
  a.target = std::move(target);
  a.options = flags.classpath.resolve({a.target.root});
  a.class_path = std::make_unique<classpath::ClassPath>(a.options);
  a.program = std::make_unique<program::Program>(*a.class_path);
  a.target.replay_classpath.clear();
  for (const auto& e : a.options.application)
    if (!e.ends_with(".jmod")) a.target.replay_classpath.push_back(e);
  return a;
}

}  // namespace

Analysis reopen(const EntryFlags& flags, const Target& target) { return open(flags, target); }

Analysis setUpAnalysis(const EntryFlags& flags, bool no_entry_needed) {
  Analysis a = open(flags, locate(flags.path));
  if (no_entry_needed) return a;
  if (!flags.method.empty()) {
    a.entry = findMethod(*a.program, flags.method);
    return a;
  }
  std::string cls = flags.entry;
  if (cls.empty() && a.target.single_class) cls = *a.target.single_class;
  if (cls.empty() && fs::is_regular_file(flags.path)) {
    auto main = classpath::jarMainClass(flags.path);
    if (!main) throw InputError(flags.path, "jar has no Main-Class; use --entry, --method or --all-methods");
    cls = *main;
  }
  if (cls.empty()) throw InputError(flags.path, "no entry: use --entry CLASS, --method SPEC or --all-methods");
  std::replace(cls.begin(), cls.end(), '.', '/');
  const program::ClassInfo& c = a.program->get(cls);
  const program::MethodInfo* m = c.declaredMethod("main", "([Ljava/lang/String;)V");
  if (!m || !m->isStatic() || !m->hasCode())
    throw InputError(flags.path, fmt::format("class {} has no static main(String[]) with code", cls));
  a.entry = m;
  a.main_convention = true;
  return a;
}

bool globMatch(std::string_view p, std::string_view t) {
  size_t pi = 0, ti = 0, star = std::string_view::npos, mark = 0;
  while (ti < t.size()) {
    if (pi < p.size() && (p[pi] == '?' || p[pi] == t[ti])) {
      ++pi, ++ti;
    } else if (pi < p.size() && p[pi] == '*') {
      star = pi++;
      mark = ti;
    } else if (star != std::string_view::npos) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

namespace {

bool selected(const MethodFilter& f, const program::ClassInfo& c, const program::MethodInfo& m) {
  std::string name = fmt::format("{}.{}", input::javaClassName(c.name(), true), m.name());
  if (!f.include.empty() &&
      std::none_of(f.include.begin(), f.include.end(), [&](const auto& p) { return globMatch(p, name); }))
    return false;
  if (std::any_of(f.exclude.begin(), f.exclude.end(), [&](const auto& p) { return globMatch(p, name); })) return false;
  if (f.public_only) {
    if (!(c.file().access & classfile::kPublic)) return false;
    if (!(m.method().access & (classfile::kPublic | classfile::kProtected))) return false;
  }
  return true;
}

}  // namespace

std::vector<MethodRef> libraryMethods(Analysis& a, const MethodFilter& filter, std::vector<std::string>& skipped) {
  std::vector<MethodRef> out;
  classpath::ClassSource* src = a.class_path->sources(classpath::Origin::Application).front();
  for (const std::string& name : src->classNames()) {
    if (!a.target.inPath(name)) continue;
    const program::ClassInfo* c = nullptr;
    try {
      c = a.program->find(name);
    } catch (const InputError& e) {
      skipped.push_back(fmt::format("{}: {}", e.file(), e.what()));
      continue;
    }
    if (!c) continue;
    for (const auto& m : c->methods) {
      uint16_t access = m->method().access;
      if (!m->hasCode() || m->name() == "<clinit>") continue;
      if (access & (classfile::kSynthetic | classfile::kBridge)) continue;
      if (!selected(filter, *c, *m)) continue;
      bool main = m->isStatic() && m->name() == "main" && m->descriptor() == "([Ljava/lang/String;)V";
      out.push_back({name, std::string(m->name()), std::string(m->descriptor()), main});
    }
  }
  return out;
}

const program::MethodInfo* resolve(program::Program& p, const MethodRef& m) {
  const program::ClassInfo* c = p.find(m.cls);
  return c ? c->declaredMethod(m.name, m.descriptor) : nullptr;
}

}  // namespace jhalt::cli
