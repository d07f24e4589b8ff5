// The process's memory as the kernel counts it (Linux /proc/self/statm): what `dicer --soak` reports and
// bounds. Resident = pages in RAM now (the heap, the GL driver's buffers on software GL, mapped files).
#pragma once

#include <cstdint>
#include <optional>

namespace dicer {

// Resident set size in bytes; nullopt where /proc/self/statm cannot be read (not Linux).
std::optional<std::uint64_t> residentBytes();

} // namespace dicer
