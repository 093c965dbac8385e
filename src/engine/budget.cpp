#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "jhalt/engine/engine.h"
#include "jhalt/util/error.h"
#include "jhalt/util/memory.h"

namespace jhalt::engine {

Budget::Budget(double seconds, double effort, int64_t memory_bytes)
    : deadline_(Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(std::max(0.0, seconds)))),
      effort_(effort),
      memory_bytes_(memory_bytes),
      memory_base_(util::threadAllocatedBytes()) {}

Budget Budget::share(double fraction) const {
  Budget b = *this;
  b.deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                   std::chrono::duration<double>(std::max(0.0, secondsLeft() * fraction)));
  return b;
}

Budget Budget::withEffort(double effort) const {
  Budget b = *this;
  b.effort_ = effort;
  return b;
}

uint64_t Budget::scaled(uint64_t limit) const {
  double v = std::ceil(static_cast<double>(limit) * effort_);
  return v < 1 ? 1 : v > 1e18 ? static_cast<uint64_t>(1e18) : static_cast<uint64_t>(v);
}

double Budget::secondsLeft() const {
  return std::max(0.0, std::chrono::duration<double>(deadline_ - Clock::now()).count());
}

bool Budget::memoryExceeded() const { return util::threadAllocatedBytes() - memory_base_ > memory_bytes_; }

void Budget::checkMemory() const {
  if (memoryExceeded())
    throw ResourceLimit(fmt::format("the analysis holds more than {} MB (--max-memory)", memory_bytes_ >> 20));
}

}  // namespace jhalt::engine
