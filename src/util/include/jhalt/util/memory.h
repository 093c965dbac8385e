// Memory accounting per thread, for the per-method memory limit: jhalt's
// own allocations (operator new) are counted for the thread that made them,
// so that the analysis of one method, which runs on one thread, can be
// stopped when it holds more than its budget, whatever other workers do.
// Deterministic: the same analysis allocates the same amounts. Z3's memory
// is not counted here; its queries are bounded by resource limits instead.
#pragma once

#include <cstdint>

namespace jhalt::util {

// Bytes allocated by this thread with operator new and not yet freed (a
// block freed by another thread is subtracted there, so the figure is
// approximate when objects move between threads).
int64_t threadAllocatedBytes();

// Whether the counting operator new is linked into this program.
bool memoryAccountingActive();

}  // namespace jhalt::util
