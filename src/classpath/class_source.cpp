#include "jhalt/classpath/class_source.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <unordered_map>

#include <fmt/format.h>

#include "jhalt/classfile/parser.h"
#include "jhalt/util/error.h"
#include "zip_archive.h"

namespace jhalt::classpath {
namespace fs = std::filesystem;

namespace {

// The Java feature release of the JVM jhalt stands for (OpenJDK 17): the
// variants of a multi-release jar it runs.
constexpr int kRuntimeRelease = 17;

constexpr std::string_view kClassSuffix = ".class";

bool endsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::vector<uint8_t> readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open file");
  in.seekg(0, std::ios::end);
  auto size = static_cast<std::streamoff>(in.tellg());
  if (size < 0) throw InputError(path, "cannot read file");
  in.seekg(0);
  std::vector<uint8_t> data(static_cast<size_t>(size));
  if (size > 0 && !in.read(reinterpret_cast<char*>(data.data()), size))
    throw InputError(path, "cannot read file");
  return data;
}

// module-info.class describes a module (JVMS §4.1, ACC_MODULE); it is not a
// class, so sources do not list it.
bool isModuleDescriptor(std::string_view name) {
  return name == "module-info" || name.ends_with("/module-info");
}

class DirectorySource final : public ClassSource {
 public:
  explicit DirectorySource(std::string path) : path_(std::move(path)) {}
  const std::string& path() const override { return path_; }

  std::vector<std::string> classNames() override {
    std::vector<std::string> names;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(path_, ec); !ec && it != fs::end(it); it.increment(ec)) {
      if (!it->is_regular_file(ec)) continue;
      std::string rel = fs::relative(it->path(), path_, ec).generic_string();
      if (!endsWith(rel, kClassSuffix)) continue;
      std::string name = rel.substr(0, rel.size() - kClassSuffix.size());
      if (!isModuleDescriptor(name)) names.push_back(std::move(name));
    }
    if (ec) throw InputError(path_, fmt::format("cannot list directory: {}", ec.message()));
    std::sort(names.begin(), names.end());
    return names;
  }

  std::optional<std::vector<uint8_t>> read(std::string_view name) override {
    std::string file = location(name);
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) return std::nullopt;
    return readFile(file);
  }

  std::string location(std::string_view name) const override {
    return fmt::format("{}/{}{}", path_, name, kClassSuffix);
  }

 private:
  std::string path_;
};

// The value of a main-section attribute of a jar's manifest (JAR File
// Specification: lines of at most 72 bytes; longer values continue on
// lines that start with a space), or nullopt.
std::optional<std::string> manifestAttribute(ZipArchive& zip, std::string_view name) {
  for (size_t i = 0; i < zip.size(); ++i) {
    if (zip.name(i) != "META-INF/MANIFEST.MF") continue;
    std::vector<uint8_t> data = zip.read(i);
    std::string text(data.begin(), data.end());
    std::string unfolded;
    for (size_t k = 0; k < text.size(); ++k) {
      if (text[k] == '\r') continue;
      if (text[k] == '\n' && k + 1 < text.size() && text[k + 1] == ' ') {
        ++k;
        continue;
      }
      unfolded.push_back(text[k]);
    }
    const std::string key = std::string(name) + ":";
    size_t pos = 0;
    while (pos < unfolded.size()) {
      size_t end = unfolded.find('\n', pos);
      if (end == std::string::npos) end = unfolded.size();
      std::string_view line(unfolded.data() + pos, end - pos);
      if (line.empty()) break;  // the end of the main section
      if (line.size() >= key.size() && std::equal(key.begin(), key.end(), line.begin(), [](char a, char b) {
            return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
          })) {
        std::string value(line.substr(key.size()));
        value.erase(0, value.find_first_not_of(" \t"));
        value.erase(value.find_last_not_of(" \t") + 1);
        if (!value.empty()) return value;
      }
      pos = end + 1;
    }
  }
  return std::nullopt;
}

// A zip archive whose class entries live under `prefix` ("" for jars,
// "classes/" for jmods).
class ZipSource final : public ClassSource {
 public:
  // `release`: the Java feature release whose variants of a multi-release
  // jar count (0: none; a jmod has none).
  ZipSource(const std::string& path, uint64_t offset, std::string prefix, int release)
      : zip_(path, offset), prefix_(std::move(prefix)) {
    std::map<std::string, std::pair<int, size_t>> variants;  // name -> (version, entry)
    const bool multi = release >= 9 && [&] {
      auto v = manifestAttribute(zip_, "Multi-Release");
      return v && (*v == "true" || *v == "TRUE" || *v == "True");
    }();
    for (size_t i = 0; i < zip_.size(); ++i) {
      std::string_view entry = zip_.name(i);
      if (entry.substr(0, prefix_.size()) != prefix_ || !endsWith(entry, kClassSuffix)) continue;
      entry.remove_prefix(prefix_.size());
      entry.remove_suffix(kClassSuffix.size());
      if (entry.starts_with("META-INF/")) {
        // A multi-release jar's META-INF/versions/N/X.class replaces X on a
        // JVM of release N or later (JAR File Specification; the JVM that
        // runs the program picks the highest N it supports).
        constexpr std::string_view kVersions = "META-INF/versions/";
        if (!multi || !entry.starts_with(kVersions)) continue;
        std::string_view rest = entry.substr(kVersions.size());
        size_t slash = rest.find('/');
        if (slash == std::string_view::npos) continue;
        int n = 0;
        auto [p, ec] = std::from_chars(rest.data(), rest.data() + slash, n);
        if (ec != std::errc() || p != rest.data() + slash || n < 9 || n > release) continue;
        std::string name(rest.substr(slash + 1));
        auto& best = variants[name];
        if (n > best.first) best = {n, i};
        continue;
      }
      if (!isModuleDescriptor(entry)) order_.emplace_back(entry);
      index_.emplace(std::string(entry), i);
    }
    for (const auto& [name, v] : variants) {
      if (isModuleDescriptor(name)) continue;
      auto [it, added] = index_.insert_or_assign(name, v.second);
      if (added) order_.push_back(name);
    }
  }
  const std::string& path() const override { return zip_.path(); }
  std::vector<std::string> classNames() override { return order_; }

  std::optional<std::vector<uint8_t>> read(std::string_view name) override {
    auto it = index_.find(std::string(name));
    if (it == index_.end()) return std::nullopt;
    return zip_.read(it->second);
  }

  std::string location(std::string_view name) const override {
    return fmt::format("{}!/{}{}{}", zip_.path(), prefix_, name, kClassSuffix);
  }

 private:
  ZipArchive zip_;
  std::string prefix_;
  std::vector<std::string> order_;
  std::unordered_map<std::string, size_t> index_;
};

class SingleClassSource final : public ClassSource {
 public:
  explicit SingleClassSource(std::string path) : path_(std::move(path)), bytes_(readFile(path_)) {
    try {
      name_ = std::string(classfile::parseClassFile(bytes_).name);
    } catch (const FormatError& e) {
      throw InputError(path_, e.what());
    }
  }
  const std::string& path() const override { return path_; }
  std::vector<std::string> classNames() override { return {name_}; }
  std::optional<std::vector<uint8_t>> read(std::string_view name) override {
    if (name != name_) return std::nullopt;
    return bytes_;
  }
  std::string location(std::string_view) const override { return path_; }

 private:
  std::string path_;
  std::vector<uint8_t> bytes_;
  std::string name_;
};

}  // namespace

std::unique_ptr<ClassSource> openDirectory(const std::string& path) {
  return std::make_unique<DirectorySource>(path);
}

std::unique_ptr<ClassSource> openJar(const std::string& path) {
  return std::make_unique<ZipSource>(path, 0, "", kRuntimeRelease);
}

std::unique_ptr<ClassSource> openJmod(const std::string& path) {
  // JDK jmod format: magic "JM", major 1, minor 0, then a zip archive whose
  // offsets are relative to the end of the header.
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, "cannot open file");
  char header[4] = {};
  in.read(header, 4);
  if (!in || header[0] != 'J' || header[1] != 'M' || header[2] != 1 || header[3] != 0)
    throw InputError(path, "not a JDK module file (bad jmod header)");
  return std::make_unique<ZipSource>(path, 4, "classes/", 0);
}

std::unique_ptr<ClassSource> openClassFile(const std::string& path) {
  return std::make_unique<SingleClassSource>(path);
}

std::unique_ptr<ClassSource> openClassSource(const std::string& path) {
  std::error_code ec;
  auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) throw InputError(path, "no such file or directory");
  if (fs::is_directory(status)) return openDirectory(path);
  if (!fs::is_regular_file(status)) throw InputError(path, "not a regular file or directory");
  if (endsWith(path, ".jmod")) return openJmod(path);
  if (endsWith(path, ".class")) return openClassFile(path);
  if (endsWith(path, ".jar") || endsWith(path, ".zip")) return openJar(path);
  // Decide by content: class files start with CAFEBABE, zips with "PK".
  std::ifstream in(path, std::ios::binary);
  unsigned char magic[4] = {};
  in.read(reinterpret_cast<char*>(magic), 4);
  if (in && magic[0] == 0xCA && magic[1] == 0xFE && magic[2] == 0xBA && magic[3] == 0xBE)
    return openClassFile(path);
  if (in && magic[0] == 'P' && magic[1] == 'K') return openJar(path);
  throw InputError(path, "not a class file, directory, jar or jmod");
}

std::optional<std::string> jarMainClass(const std::string& jar_path) {
  ZipArchive zip(jar_path, 0);
  std::optional<std::string> value = manifestAttribute(zip, "Main-Class");
  if (!value) return std::nullopt;
  std::replace(value->begin(), value->end(), '.', '/');
  return value;
}

}  // namespace jhalt::classpath
