// The X-ray of the counting sort's 1D HistoPyramid (hp_counting_sort.h): sorted slot k followed down the pyramid
// over the buckets as the sort's own descent pass took it on the GPU (sort_hp_descend.comp.glsl compiled with
// HP_XRAY, the record of shaders/hp/hp_xray.h), and the same walk over a CPU-built pyramid of the same keys, to
// compare exactly. A step's cell.x is the visited entry's index at its level, its sums the fan-in children's (2
// or 4; the rest 0); the path's cell.x is the bucket found: slot k's sorted key. No GL.
#pragma once

#include "xray.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dicer::sort {

// The pyramid the GPU sort builds over keys in [0, m) (keys >= m skipped, as the sort does): level 0 the
// histogram padded to a power of `fanIn`, each level above the sums of `fanIn` below, up to the one-entry top.
std::vector<std::vector<std::uint32_t>> cpuSortPyramid(std::span<const std::uint32_t> keys, std::uint32_t m,
                                                       std::uint32_t fanIn);

// The descent over `levels` (cpuSortPyramid's) for slot k < the top's count.
hp::XrayPath cpuSortXray(std::span<const std::vector<std::uint32_t>> levels, std::uint32_t fanIn,
                         std::uint32_t k);

// One line a step, then the bucket found.
std::vector<std::string> describeSortXray(const hp::XrayPath& path, std::uint32_t fanIn);

} // namespace dicer::sort
