#include "process_memory.h"

#include <cstdio>
#include <unistd.h>

namespace dicer {

std::optional<std::uint64_t> residentBytes() {
    // statm: size resident shared text lib data dt, in pages. One short read, no allocation.
    std::FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return std::nullopt;
    unsigned long long size = 0, resident = 0;
    const int read = std::fscanf(f, "%llu %llu", &size, &resident);
    std::fclose(f);
    const long page = sysconf(_SC_PAGESIZE);
    if (read != 2 || page <= 0) return std::nullopt;
    return std::uint64_t(resident) * std::uint64_t(page);
}

} // namespace dicer
