#include "hp_reference.h"

#include "hp_math.h"
#include "hp_pick.h"

#include <algorithm>

namespace dicer::hp {

CpuPyramid buildCpuPyramid(std::span<const std::uint8_t> alpha, int width, int height,
                           std::uint32_t thresholdByte, const AtlasTiling& tiling) {
    CpuPyramid p;
    p.baseSize = paddedBaseSize(width, height);
    p.thresholdByte = thresholdByte;
    p.inputSize = {width, height};
    p.tiling = tiling;
    const int n = p.baseSize;
    std::vector<std::uint32_t> base(size_t(n) * size_t(n), 0);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            base[size_t(y) * size_t(n) + size_t(x)] =
                alpha[size_t(y) * size_t(width) + size_t(x)] >= thresholdByte &&
                inVolume({x, y}, tiling, p.inputSize);
    p.levels.push_back(std::move(base));
    for (int level = 1; (n >> level) >= 1; ++level) {
        const int size = n >> level, below = size * 2;
        const std::vector<std::uint32_t>& src = p.levels.back();
        std::vector<std::uint32_t> dst(size_t(size) * size_t(size));
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x) {
                size_t i = size_t(2 * y) * size_t(below) + size_t(2 * x);
                dst[size_t(y) * size_t(size) + size_t(x)] =
                    src[i] + src[i + 1] + src[i + size_t(below)] + src[i + size_t(below) + 1];
            }
        p.levels.push_back(std::move(dst));
    }
    return p;
}

glm::ivec2 cpuFind(const CpuPyramid& pyramid, std::uint32_t k) {
    glm::ivec2 p{0, 0};
    for (int level = pyramid.storedLevels() - 1; level >= 0; --level) {
        const glm::ivec2 b = 2 * p;
        const glm::uvec4 sums{pyramid.at(level, b.x, b.y), pyramid.at(level, b.x + 1, b.y),
                              pyramid.at(level, b.x, b.y + 1), pyramid.at(level, b.x + 1, b.y + 1)};
        const glm::uvec3 pick = hpPick(p, sums, k); // hp_pick.h: the rule the GPU traversals run
        p = glm::ivec2(pick.x, pick.y);
        k = pick.z;
    }
    return p;
}

std::vector<glm::ivec2> cpuPointList(const CpuPyramid& pyramid) {
    std::vector<glm::ivec2> out(pyramid.count());
    for (std::uint32_t k = 0; k < out.size(); ++k)
        out[k] = cpuFind(pyramid, k);
    return out;
}

std::vector<glm::uvec4> cpuKeyIndexEntries(const CpuPyramid& pyramid) {
    std::vector<glm::uvec4> out;
    out.reserve(pyramid.count());
    for (glm::ivec2 cell : cpuPointList(pyramid))
        out.push_back(pointEntry(cell, pyramid.tiling, pyramid.inputSize));
    return out;
}

std::vector<glm::ivec2> cpuLinewiseList(std::span<const std::uint8_t> alpha, int width, int height,
                                        std::uint32_t thresholdByte, const AtlasTiling& tiling) {
    std::vector<glm::ivec2> out;
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* row = alpha.data() + size_t(y) * size_t(width);
        for (int x = 0; x < width; ++x)
            if (row[x] >= thresholdByte && inVolume({x, y}, tiling, {width, height})) out.push_back({x, y});
    }
    return out;
}

std::vector<glm::uvec4> referenceEntries(std::span<const std::uint8_t> alpha, int width, int height,
                                         std::uint32_t thresholdByte, const AtlasTiling& tiling) {
    std::vector<glm::uvec4> out;
    for (glm::ivec2 cell : cpuLinewiseList(alpha, width, height, thresholdByte, tiling))
        out.push_back(pointEntry(cell, tiling, {width, height}));
    return out;
}

std::vector<glm::uvec4> sortedEntries(std::vector<glm::uvec4> entries) {
    // The packed atlas texel (.w) is unique per entry up to 65536 a side, so it decides almost every comparison;
    // past it (the sparse occupancy's virtual atlases) it is the texel mod 65536 and the voxel breaks the ties.
    std::sort(entries.begin(), entries.end(), [](const glm::uvec4& a, const glm::uvec4& b) {
        if (a.w != b.w) return a.w < b.w;
        if (a.z != b.z) return a.z < b.z;
        if (a.y != b.y) return a.y < b.y;
        return a.x < b.x;
    });
    return entries;
}

std::vector<glm::uvec4> expectedEntries(std::span<const std::uint8_t> alpha, int width, int height,
                                        std::uint32_t thresholdByte, const AtlasTiling& tiling,
                                        EntryOrder order) {
    if (order == EntryOrder::KeyIndex)
        return cpuKeyIndexEntries(buildCpuPyramid(alpha, width, height, thresholdByte, tiling));
    return referenceEntries(alpha, width, height, thresholdByte, tiling);
}

VerifyReport compareEntries(std::vector<glm::uvec4> got, std::uint32_t gpuCount,
                            std::vector<glm::uvec4> expected, EntryOrder order) {
    if (order == EntryOrder::Unordered) {
        got = sortedEntries(std::move(got));
        expected = sortedEntries(std::move(expected));
    }
    VerifyReport r;
    r.gpuCount = gpuCount;
    r.held = gpuCount;
    r.cpuCount = std::uint32_t(expected.size());
    const std::size_t common = std::min(got.size(), expected.size());
    for (std::size_t i = 0; i < common; ++i)
        r.mismatches += got[i] != expected[i] ? 1u : 0u;
    r.mismatches += std::uint32_t(std::max<std::size_t>(std::max(r.gpuCount, r.cpuCount), common) - common);
    return r;
}

std::string VerifyReport::describe() const {
    const std::string gpu = std::to_string(gpuCount), cpu = std::to_string(cpuCount);
    const std::string why = limit.empty() ? "" : " (" + limit + ")";
    switch (verdict()) {
    case Verdict::Ok: return "OK: the " + gpu + " points equal the CPU reference";
    case Verdict::Incomplete:
        return "INCOMPLETE: " +
               (held < gpuCount ? "the list holds the first " + std::to_string(held) + " of " + gpu + " points"
                                : std::string("the list's input lost active cells")) +
               why + "; what it holds equals the CPU reference";
    case Verdict::Mismatch: break;
    }
    return "MISMATCH: " + std::to_string(mismatches) + " entries differ from the CPU reference (GPU " + gpu +
           ", CPU " + cpu + " points" + (held < gpuCount ? ", " + std::to_string(held) + " held" : "") + ")" +
           why;
}

VerifyReport verifyPointList(const PointList& list, const CpuPyramid& reference) {
    return verifyPointList(list, list.count(), reference);
}

VerifyReport verifyPointList(const PointList& list, std::uint32_t gpuCount, const CpuPyramid& reference) {
    VerifyReport r;
    r.gpuCount = gpuCount;
    r.held = gpuCount;
    r.cpuCount = reference.count();
    std::uint32_t common = std::min(r.gpuCount, r.cpuCount);
    std::vector<glm::uvec4> gpu = list.points().read(common);
    for (std::uint32_t k = 0; k < common; ++k)
        if (gpu[k] != pointEntry(cpuFind(reference, k), reference.tiling, reference.inputSize))
            ++r.mismatches;
    r.mismatches += std::max(r.gpuCount, r.cpuCount) - common;
    return r;
}

} // namespace dicer::hp
