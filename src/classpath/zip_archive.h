// Thin RAII wrapper over libzip for reading entries (private to classpath).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct zip;

namespace jhalt::classpath {

class ZipArchive {
 public:
  // Opens `path`, skipping the first `offset` bytes (4 for .jmod files).
  // Throws InputError if the file is not a readable zip archive.
  ZipArchive(const std::string& path, uint64_t offset);
  ~ZipArchive();
  ZipArchive(const ZipArchive&) = delete;
  ZipArchive& operator=(const ZipArchive&) = delete;

  size_t size() const { return names_.size(); }
  const std::string& name(size_t index) const { return names_[index]; }
  // Reads a whole entry; throws InputError on a corrupt entry.
  std::vector<uint8_t> read(size_t index);
  const std::string& path() const { return path_; }

 private:
  std::vector<uint8_t> inflateEntry(size_t index, uint64_t comp_size, uint64_t size);
  void unmap();

  std::string path_;
  void* map_ = nullptr;  // the whole file, mapped read-only
  size_t map_size_ = 0;
  struct zip* zip_ = nullptr;
  std::vector<std::string> names_;
};

}  // namespace jhalt::classpath
