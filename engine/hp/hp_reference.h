// CPU reference of the HistoPyramid and its traversal, with the same padding, discriminator and child order
// as the GPU variants: the tests and the run-time verify() compare GPU results against it exactly.
#pragma once

#include "point_list.h"
#include "point_method.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dicer::hp {

struct CpuPyramid {
    int baseSize = 0;
    std::uint32_t thresholdByte = 0;
    glm::ivec2 inputSize{0};
    AtlasTiling tiling; // texels outside its volume are inactive; the entries use it
    // levels[0] = the discriminator result on the padded N x N base; levels[l] has size N >> l; back() is
    // 1x1.
    std::vector<std::vector<std::uint32_t>> levels;

    std::uint32_t count() const { return levels.empty() ? 0 : levels.back()[0]; }
    int storedLevels() const { return int(levels.size()) - 1; }
    std::uint32_t at(int level, int x, int y) const {
        return levels[size_t(level)][size_t(y) * size_t(baseSize >> level) + size_t(x)];
    }
};

// `alpha`: width x height bytes, row-major (the atlas' alpha channel). Active: inside the volume of `tiling`
// (hp_point.h) and alpha >= thresholdByte.
CpuPyramid buildCpuPyramid(std::span<const std::uint8_t> alpha, int width, int height,
                           std::uint32_t thresholdByte, const AtlasTiling& tiling = {});

// Base cell of the k-th active cell (k < count), descending in the GPU's child order (0,0),(1,0),(0,1),(1,1).
glm::ivec2 cpuFind(const CpuPyramid& pyramid, std::uint32_t k);

// All active cells in key-index order.
std::vector<glm::ivec2> cpuPointList(const CpuPyramid& pyramid);

// The point entries of the active cells in key-index order (what the HistoPyramids write).
std::vector<glm::uvec4> cpuKeyIndexEntries(const CpuPyramid& pyramid);

// Active cells in row-major (line-wise) order: the 2006 CPU path after downloading the atlas.
std::vector<glm::ivec2> cpuLinewiseList(std::span<const std::uint8_t> alpha, int width, int height,
                                        std::uint32_t thresholdByte, const AtlasTiling& tiling = {});
// Their point entries (row-major): what the row-major methods write.
std::vector<glm::uvec4> referenceEntries(std::span<const std::uint8_t> alpha, int width, int height,
                                         std::uint32_t thresholdByte, const AtlasTiling& tiling);
// The entries as a sorted set: what two methods must agree on exactly, whatever their order.
std::vector<glm::uvec4> sortedEntries(std::vector<glm::uvec4> entries);

// What a method of that order must write for this atlas: the key-index entries of the CPU pyramid, or the
// row-major ones (also the set an unordered method must produce).
std::vector<glm::uvec4> expectedEntries(std::span<const std::uint8_t> alpha, int width, int height,
                                        std::uint32_t thresholdByte, const AtlasTiling& tiling,
                                        EntryOrder order);

struct VerifyReport {
    std::uint32_t gpuCount = 0, cpuCount = 0;
    std::uint32_t mismatches = 0; // entries that differ (a count difference counts every missing/extra entry)
    // The list or its input lost active cells, so even a list equal to the reference over what was kept is not
    // the frame's list: never ok. Either the input lost them before the method saw them (hp_sparse: the sparse
    // occupancy's pool overflowed) or the list was cut after `held` entries (`limit` says by what).
    bool incomplete = false;
    std::uint32_t held = 0;  // entries of the list compared (gpuCount unless the list was cut)
    std::string limit;       // what cut the list or its input ("" when nothing did)
    std::size_t peakBytes = 0; // what the comparison held at once (reference_stream.h: bounded)
    bool ok() const { return gpuCount == cpuCount && mismatches == 0 && !incomplete; }
    // What the demo's panel and summary say: ok, incomplete (what was kept matches, but the list or its input
    // lost cells: never reported as right) or a mismatch.
    enum class Verdict { Ok, Incomplete, Mismatch };
    Verdict verdict() const {
        if (ok()) return Verdict::Ok;
        return incomplete && gpuCount == cpuCount && mismatches == 0 ? Verdict::Incomplete
                                                                     : Verdict::Mismatch;
    }
    const char* verdictName() const { // "OK", "INCOMPLETE", "MISMATCH"
        constexpr const char* kNames[] = {"OK", "INCOMPLETE", "MISMATCH"};
        return kNames[int(verdict())];
    }
    // One line that agrees with the verdict and its numbers: "OK: 9433 points equal the CPU reference",
    // "INCOMPLETE: ... (limit)", "MISMATCH: 3 entries differ from the CPU reference (GPU 10, CPU 12 points)".
    std::string describe() const;
};

// Compares a method's entries (`got`, its first min(gpuCount, capacity) entries) with expectedEntries(): in
// order for row-major and key-index methods, as sorted sets for unordered ones. Exact: tolerance 0.
VerifyReport compareEntries(std::vector<glm::uvec4> got, std::uint32_t gpuCount,
                            std::vector<glm::uvec4> expected, EntryOrder order);

// Compares the point buffer of a list built with PointList::build() against the reference (reads back).
VerifyReport verifyPointList(const PointList& list, const CpuPyramid& reference);
// The same for a list whose count the CPU did not get from build(): buildIndirect() leaves count() at 0, so
// the caller passes the count the GPU used (readIndirectCount()).
VerifyReport verifyPointList(const PointList& list, std::uint32_t gpuCount, const CpuPyramid& reference);

} // namespace dicer::hp
