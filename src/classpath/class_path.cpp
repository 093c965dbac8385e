#include "jhalt/classpath/class_path.h"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "jhalt/classfile/parser.h"
#include "jhalt/util/error.h"

namespace jhalt::classpath {
namespace fs = std::filesystem;

namespace {

// The JDK's module files, opened on demand: java.base first (it holds nearly
// every class a program under analysis touches), the others only when a
// class is not found in the ones opened so far.
class JdkSource final : public ClassSource {
 public:
  explicit JdkSource(const std::string& home) : path_(home) {
    fs::path dir = fs::path(home) / "jmods";
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      throw InputError(home, "JDK has no jmods/ directory (install openjdk-17-jdk-headless or pass --jdk)");
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (e.path().extension() == ".jmod") modules_.push_back(e.path().string());
    std::sort(modules_.begin(), modules_.end(), [](const std::string& a, const std::string& b) {
      bool abase = a.ends_with("/java.base.jmod"), bbase = b.ends_with("/java.base.jmod");
      return abase != bbase ? abase : a < b;
    });
  }
  const std::string& path() const override { return path_; }

  std::vector<std::string> classNames() override {
    while (openNext()) {
    }
    std::vector<std::string> names;
    for (auto& m : opened_)
      for (auto& n : m->classNames()) names.push_back(std::move(n));
    return names;
  }

  std::optional<std::vector<uint8_t>> read(std::string_view name) override {
    size_t k = 0;
    while (true) {
      for (; k < opened_.size(); ++k) {
        if (auto bytes = opened_[k]->read(name)) {
          last_hit_ = opened_[k].get();
          return bytes;
        }
      }
      if (!openNext()) return std::nullopt;
    }
  }

  std::string location(std::string_view name) const override {
    return last_hit_ ? last_hit_->location(name) : fmt::format("{}/jmods", path_);
  }

 private:
  bool openNext() {
    if (next_ >= modules_.size()) return false;
    opened_.push_back(openJmod(modules_[next_++]));
    return true;
  }

  std::string path_;
  std::vector<std::string> modules_;
  size_t next_ = 0;
  std::vector<std::unique_ptr<ClassSource>> opened_;
  ClassSource* last_hit_ = nullptr;
};

}  // namespace

std::string_view originName(Origin origin) {
  switch (origin) {
    case Origin::Application: return "application";
    case Origin::Model: return "model";
    case Origin::Jdk: return "jdk";
  }
  return "?";
}

ClassPath::ClassPath(const ClassPathOptions& options) {
  for (Origin o : options.order) {
    switch (o) {
      case Origin::Application:
        for (const auto& p : options.application) add(openClassSource(p), Origin::Application);
        break;
      case Origin::Model:
        if (options.models_jar) add(openJar(*options.models_jar), Origin::Model);
        break;
      case Origin::Jdk:
        if (options.jdk_home) add(std::make_unique<JdkSource>(*options.jdk_home), Origin::Jdk);
        break;
    }
  }
}

void ClassPath::add(std::unique_ptr<ClassSource> source, Origin origin) {
  entries_.push_back(Entry{std::move(source), origin});
}

std::vector<ClassSource*> ClassPath::sources(Origin origin) const {
  std::vector<ClassSource*> out;
  for (const auto& e : entries_)
    if (e.origin == origin) out.push_back(e.source.get());
  return out;
}

// The application class loader delegates to the JDK's loaders first: a
// class of java.* always comes from the JDK (the JVM refuses to define one
// from the class path), and so does any class the JDK defines in a package
// of its modules (a review's wrong YES: a jar's own java/util/Objects,
// which jhalt analysed and the JVM never runs). Other packages are
// probed in the JDK only when their name is one of the JDK's.
bool ClassPath::definedByJdk(std::string_view name) {
  if (name.starts_with("java/")) return true;
  static constexpr std::string_view kJdkPrefixes[] = {"javax/", "jdk/", "sun/", "com/sun/", "org/w3c/", "org/xml/",
                                                      "org/ietf/"};
  if (std::none_of(std::begin(kJdkPrefixes), std::end(kJdkPrefixes), [&](std::string_view p) { return name.starts_with(p); }))
    return false;
  for (auto& e : entries_)
    if (e.origin != Origin::Application && e.source->read(name)) return true;
  return false;
}

const LoadedClass* ClassPath::find(std::string_view name) {
  if (auto it = cache_.find(name); it != cache_.end()) return it->second.get();
  std::unique_ptr<LoadedClass> loaded;
  for (auto& e : entries_) {
    // (A jmod given as the application is a module of the JDK: its classes are analysed.)
    if (e.origin == Origin::Application && !e.source->path().ends_with(".jmod") && definedByJdk(name)) continue;
    std::optional<std::vector<uint8_t>> bytes = e.source->read(name);
    if (!bytes) continue;
    std::string location = e.source->location(name);
    try {
      loaded = std::make_unique<LoadedClass>(
          LoadedClass{classfile::parseClassFile(std::move(*bytes)), e.origin, location});
    } catch (const FormatError& err) {
      throw InputError(location, err.what());
    }
    if (loaded->file.name != name)
      throw InputError(location, fmt::format("file holds class {} instead of {}",
                                             loaded->file.name, name));
    break;
  }
  const LoadedClass* result = loaded.get();
  cache_.emplace(std::string(name), std::move(loaded));
  return result;
}

}  // namespace jhalt::classpath
