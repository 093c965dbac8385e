// The class path: an ordered list of class sources searched by internal name.
// Classes are read and parsed lazily, on first request, and cached.
// The default search order is application, library models, JDK.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jhalt/classfile/class_file.h"
#include "jhalt/classpath/class_source.h"

namespace jhalt::classpath {

enum class Origin { Application, Model, Jdk };
std::string_view originName(Origin origin);

struct LoadedClass {
  classfile::ClassFile file;
  Origin origin;
  std::string location;  // for messages, e.g. `Loop.jar!/Loop.class`
};

struct ClassPathOptions {
  std::vector<std::string> application;   // .class files, directories, jars
  std::optional<std::string> models_jar;  // bundled library models
  std::optional<std::string> jdk_home;    // its jmods/ directory is used
  std::vector<Origin> order = {Origin::Application, Origin::Model, Origin::Jdk};
};

class ClassPath {
 public:
  ClassPath() = default;
  // Opens all sources named by `options` (JDK modules are opened on first
  // use). Throws InputError for a missing or unreadable application entry, a
  // missing models jar, or a JDK directory without jmods/.
  explicit ClassPath(const ClassPathOptions& options);
  ClassPath(const ClassPath&) = delete;
  ClassPath& operator=(const ClassPath&) = delete;

  void add(std::unique_ptr<ClassSource> source, Origin origin);

  // The class, parsed, or nullptr if no source has it. Throws InputError
  // (naming the file) if the class file is malformed or names another class.
  const LoadedClass* find(std::string_view internal_name);

  // Sources of one origin, in search order.
  std::vector<ClassSource*> sources(Origin origin) const;

 private:
  bool definedByJdk(std::string_view internal_name);
  struct Entry {
    std::unique_ptr<ClassSource> source;
    Origin origin;
  };
  std::vector<Entry> entries_;
  std::map<std::string, std::unique_ptr<LoadedClass>, std::less<>> cache_;
};

}  // namespace jhalt::classpath
