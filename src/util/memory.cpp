// Replaces the global operator new/delete by versions that count the bytes
// each thread holds (see memory.h). The block sizes come from the C
// library's malloc_usable_size, so nothing is stored beside a block.
#include "jhalt/util/memory.h"

#include <malloc.h>

#include <cstdlib>
#include <new>

namespace {

thread_local int64_t allocated_bytes = 0;

void* allocate(std::size_t size) {
  if (size == 0) size = 1;
  void* p = std::malloc(size);
  if (!p) throw std::bad_alloc();
  allocated_bytes += static_cast<int64_t>(malloc_usable_size(p));
  return p;
}

void* allocateAligned(std::size_t size, std::align_val_t align) {
  if (size == 0) size = 1;
  auto a = static_cast<std::size_t>(align);
  void* p = std::aligned_alloc(a, (size + a - 1) / a * a);
  if (!p) throw std::bad_alloc();
  allocated_bytes += static_cast<int64_t>(malloc_usable_size(p));
  return p;
}

void release(void* p) noexcept {
  if (!p) return;
  allocated_bytes -= static_cast<int64_t>(malloc_usable_size(p));
  std::free(p);
}

}  // namespace

namespace jhalt::util {
int64_t threadAllocatedBytes() { return allocated_bytes; }
bool memoryAccountingActive() { return true; }
}  // namespace jhalt::util

void* operator new(std::size_t n) { return allocate(n); }
void* operator new[](std::size_t n) { return allocate(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return allocate(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new(std::size_t n, std::align_val_t a) { return allocateAligned(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return allocateAligned(n, a); }
void operator delete(void* p) noexcept { release(p); }
void operator delete[](void* p) noexcept { release(p); }
void operator delete(void* p, std::size_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t) noexcept { release(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { release(p); }
void operator delete(void* p, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { release(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { release(p); }
