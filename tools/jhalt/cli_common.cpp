#include "cli_common.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>

#include <fmt/format.h>

#include "jhalt/util/error.h"

namespace jhalt::cli {
namespace fs = std::filesystem;

void printError(const std::string& file, const std::string& what) {
  std::fflush(stdout);
  std::fprintf(stderr, "jhalt: error: %s: %s\n", file.c_str(), what.c_str());
}

void printError(const std::string& what) {
  std::fflush(stdout);
  std::fprintf(stderr, "jhalt: error: %s\n", what.c_str());
}

void ClassPathFlags::addTo(CLI::App& cmd) {
  cmd.add_option("--classpath,--cp", classpath,
                 "Further application class-path entries (.class, directories, jars), ':'-separated");
  cmd.add_option("--jdk", jdk,
                 "JDK home whose jmods/ provide the Java library, or 'none' (default: $JAVA_HOME, "
                 "else the JDK found at build time)");
  cmd.add_option("--models", models,
                 "Library-models jar, or 'none' (default: the jar bundled with jhalt)");
  cmd.add_option("--search-order", search_order,
                 "Order in which class sources are searched, a permutation of app,models,jdk")
      ->capture_default_str();
}

std::function<void(const std::string&)> traceFor(const char* variable) {
  if (!std::getenv(variable)) return nullptr;
  return [](const std::string& text) { std::fprintf(stderr, "%s\n", text.c_str()); };
}

std::string executableDirectory() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string(".") : exe.parent_path().string();
}

classpath::ClassPathOptions ClassPathFlags::resolve(const std::vector<std::string>& application) const {
  classpath::ClassPathOptions o;
  o.application = application;
  std::stringstream cp(classpath);
  for (std::string item; std::getline(cp, item, ':');)
    if (!item.empty()) o.application.push_back(item);

  if (models != "none") {
    if (!models.empty()) {
      o.models_jar = models;
    } else {
      // Installed layout and build tree: <prefix>/bin/jhalt, <prefix>/share/jhalt/.
      fs::path jar = fs::path(executableDirectory()) / ".." / "share" / "jhalt" / "jhalt-models.jar";
      std::error_code ec;
      if (!fs::exists(jar, ec))
        throw InputError(jar.lexically_normal().string(),
                         "bundled library models not found (rebuild jhalt or pass --models)");
      o.models_jar = jar.lexically_normal().string();
    }
  }
  if (jdk != "none") {
    if (!jdk.empty()) {
      o.jdk_home = jdk;
    } else if (const char* home = std::getenv("JAVA_HOME"); home && *home) {
      o.jdk_home = home;
    } else {
      o.jdk_home = JHALT_DEFAULT_JDK;
    }
  }

  o.order.clear();
  std::stringstream order(search_order);
  for (std::string item; std::getline(order, item, ',');) {
    classpath::Origin origin;
    if (item == "app") origin = classpath::Origin::Application;
    else if (item == "models") origin = classpath::Origin::Model;
    else if (item == "jdk") origin = classpath::Origin::Jdk;
    else throw InputError("--search-order", fmt::format("unknown source '{}' (use app, models, jdk)", item));
    for (auto seen : o.order)
      if (seen == origin) throw InputError("--search-order", fmt::format("'{}' appears twice", item));
    o.order.push_back(origin);
  }
  if (o.order.size() != 3) throw InputError("--search-order", "must name each of app, models, jdk once");
  return o;
}

}  // namespace jhalt::cli
