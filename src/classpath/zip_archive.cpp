#include "zip_archive.h"

#include <zip.h>

#include <fmt/format.h>

#include "jhalt/util/error.h"

namespace jhalt::classpath {

namespace {
// Entries larger than this are not class files we can analyse; refusing them
// keeps a hostile archive from exhausting memory.
constexpr uint64_t kMaxEntrySize = uint64_t{256} << 20;
}  // namespace

ZipArchive::ZipArchive(const std::string& path, uint64_t offset) : path_(path) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* src = zip_source_file_create(path.c_str(), offset, -1, &error);
  if (src != nullptr) {
    zip_ = zip_open_from_source(src, ZIP_RDONLY, &error);
    if (zip_ == nullptr) zip_source_free(src);
  }
  if (zip_ == nullptr) {
    std::string msg = fmt::format("cannot open as a zip archive: {}", zip_error_strerror(&error));
    zip_error_fini(&error);
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

ZipArchive::~ZipArchive() {
  if (zip_ != nullptr) zip_discard(zip_);
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

}  // namespace jhalt::classpath
