#include "zip_archive.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "jhalt/util/error.h"

namespace jhalt::classpath {

namespace {
// Entries larger than this are not class files we can analyse; refusing them
// keeps a hostile archive from exhausting memory.
constexpr uint64_t kMaxEntrySize = uint64_t{256} << 20;
}  // namespace

ZipArchive::ZipArchive(const std::string& path, uint64_t offset) : path_(path) {
  // The archive is mapped into memory and read through a libzip buffer
  // source: no system call per entry, and threads that open the same
  // archive share its pages.
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(path, fmt::format("cannot open file: {}", std::strerror(errno)));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || st.st_size < 0) {
    ::close(fd);
    throw InputError(path, "cannot read file");
  }
  map_size_ = static_cast<size_t>(st.st_size);
  if (map_size_ > 0) {
    void* p = ::mmap(nullptr, map_size_, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      ::close(fd);
      throw InputError(path, fmt::format("cannot map file: {}", std::strerror(errno)));
    }
    map_ = p;
  }
  ::close(fd);
  if (offset > map_size_) {
    unmap();
    throw InputError(path, "cannot open as a zip archive: file too short");
  }
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* src = zip_source_buffer_create(static_cast<const char*>(map_) + offset,
                                               map_size_ - offset, 0, &error);
  if (src != nullptr) {
    zip_ = zip_open_from_source(src, ZIP_RDONLY, &error);
    if (zip_ == nullptr) zip_source_free(src);
  }
  if (zip_ == nullptr) {
    std::string msg = fmt::format("cannot open as a zip archive: {}", zip_error_strerror(&error));
    zip_error_fini(&error);
    unmap();
    throw InputError(path, msg);
  }
  zip_error_fini(&error);
  zip_int64_t n = zip_get_num_entries(zip_, 0);
  names_.reserve(static_cast<size_t>(n > 0 ? n : 0));
  for (zip_int64_t i = 0; i < n; ++i) {
    const char* name = zip_get_name(zip_, static_cast<zip_uint64_t>(i), ZIP_FL_ENC_RAW);
    names_.emplace_back(name ? name : "");
  }
}

void ZipArchive::unmap() {
  if (map_ != nullptr) ::munmap(map_, map_size_);
  map_ = nullptr;
}

ZipArchive::~ZipArchive() {
  if (zip_ != nullptr) zip_discard(zip_);
  unmap();
}

std::vector<uint8_t> ZipArchive::read(size_t index) {
  const std::string& entry = names_[index];
  auto fail = [&](const std::string& what) -> std::vector<uint8_t> {
    throw InputError(path_ + "!/" + entry, what);
  };
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(zip_, index, 0, &st) != 0 || !(st.valid & ZIP_STAT_SIZE))
    return fail(fmt::format("cannot read zip entry: {}", zip_strerror(zip_)));
  if (st.size > kMaxEntrySize) return fail(fmt::format("zip entry too large ({} bytes)", st.size));
  if ((st.valid & ZIP_STAT_COMP_METHOD) && st.comp_method == ZIP_CM_DEFLATE &&
      (st.valid & ZIP_STAT_COMP_SIZE) && !(st.valid & ZIP_STAT_ENCRYPTION_METHOD && st.encryption_method))
    return inflateEntry(index, st.comp_size, st.size);
  zip_file_t* f = zip_fopen_index(zip_, index, 0);
  if (f == nullptr) return fail(fmt::format("cannot read zip entry: {}", zip_strerror(zip_)));
  std::vector<uint8_t> data(st.size);
  zip_int64_t got = st.size ? zip_fread(f, data.data(), st.size) : 0;
  bool ok = got == static_cast<zip_int64_t>(st.size);
  std::string err = ok ? "" : zip_error_strerror(zip_file_get_error(f));
  zip_fclose(f);
  if (!ok) return fail(fmt::format("corrupt zip entry: {}", err));
  return data;
}

// Reads the raw deflate stream and inflates it in one call into a buffer of
// the size the central directory states. Skips libzip's buffered
// decompression and CRC check (a third of the time of reading a jmod); a
// corrupt stream is still detected by zlib, and the class-file parser
// validates what comes out.
std::vector<uint8_t> ZipArchive::inflateEntry(size_t index, uint64_t comp_size, uint64_t size) {
  const std::string& entry = names_[index];
  if (comp_size > kMaxEntrySize) throw InputError(path_ + "!/" + entry, "zip entry too large");
  zip_file_t* f = zip_fopen_index(zip_, index, ZIP_FL_COMPRESSED);
  if (f == nullptr) throw InputError(path_ + "!/" + entry, fmt::format("cannot read zip entry: {}", zip_strerror(zip_)));
  std::vector<uint8_t> packed(comp_size);
  zip_int64_t got = comp_size ? zip_fread(f, packed.data(), comp_size) : 0;
  zip_fclose(f);
  if (got != static_cast<zip_int64_t>(comp_size)) throw InputError(path_ + "!/" + entry, "corrupt zip entry: short read");
  std::vector<uint8_t> data(size);
  z_stream z{};
  if (inflateInit2(&z, -MAX_WBITS) != Z_OK) throw InputError(path_ + "!/" + entry, "cannot start zlib");
  z.next_in = packed.data();
  z.avail_in = static_cast<uInt>(packed.size());
  z.next_out = data.data();
  z.avail_out = static_cast<uInt>(data.size());
  int rc = inflate(&z, Z_FINISH);
  uint64_t produced = z.total_out;
  inflateEnd(&z);
  if (rc != Z_STREAM_END || produced != size)
    throw InputError(path_ + "!/" + entry, "corrupt zip entry: bad deflate data");
  return data;
}

}  // namespace jhalt::classpath
