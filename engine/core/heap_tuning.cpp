#include "heap_tuning.h"

#include <cstdlib> // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace dicer {

bool keepHeapMemoryMapped() {
#if defined(__GLIBC__)
    constexpr int kMmapThreshold = 32 << 20; // glibc's largest dynamic value; setting it fixes it
    constexpr int kTrimThreshold = 1 << 30;
    return mallopt(M_MMAP_THRESHOLD, kMmapThreshold) == 1 && mallopt(M_TRIM_THRESHOLD, kTrimThreshold) == 1;
#else
    return false;
#endif
}

} // namespace dicer
