// Places classes are read from: a single .class file, a directory tree, a
// .jar (libzip) or a JDK module file (.jmod: a 4-byte header, then a zip whose
// class entries sit under classes/).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jhalt::classpath {

class ClassSource {
 public:
  virtual ~ClassSource() = default;
  // The path the source was opened from.
  virtual const std::string& path() const = 0;
  // Internal names of all classes in the source, in the source's own order
  // (zip entry order, or sorted path order for directories); module
  // descriptors (module-info.class) are not classes and are not listed.
  virtual std::vector<std::string> classNames() = 0;
  // Raw bytes of the class, or nullopt if the source does not have it.
  // Throws InputError if the entry exists but cannot be read.
  virtual std::optional<std::vector<uint8_t>> read(std::string_view internal_name) = 0;
  // Where the class lives, for messages: `lib.jar!/p/A.class`, `dir/p/A.class`.
  virtual std::string location(std::string_view internal_name) const = 0;
};

// Opens a source by what `path` is (directory, .jar/.zip, .jmod, .class).
// Throws InputError if it does not exist or is not a readable archive.
std::unique_ptr<ClassSource> openClassSource(const std::string& path);

std::unique_ptr<ClassSource> openDirectory(const std::string& path);
std::unique_ptr<ClassSource> openJar(const std::string& path);
std::unique_ptr<ClassSource> openJmod(const std::string& path);
// A single class file; its internal name is read from the file itself.
std::unique_ptr<ClassSource> openClassFile(const std::string& path);

// Main-Class attribute of a jar's manifest (dots turned into slashes), if any.
std::optional<std::string> jarMainClass(const std::string& jar_path);

}  // namespace jhalt::classpath
