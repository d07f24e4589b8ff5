#include "hp_reference.h"

#include "hp_math.h"

#include <algorithm>

namespace dicer::hp {

CpuPyramid buildCpuPyramid(std::span<const std::uint8_t> alpha, int width, int height,
                           std::uint32_t thresholdByte) {
    CpuPyramid p;
    p.baseSize = paddedBaseSize(width, height);
    p.thresholdByte = thresholdByte;
    const int n = p.baseSize;
    std::vector<std::uint32_t> base(size_t(n) * size_t(n), 0);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            base[size_t(y) * size_t(n) + size_t(x)] =
                alpha[size_t(y) * size_t(width) + size_t(x)] >= thresholdByte;
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
    static constexpr glm::ivec2 kChild[4] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
    glm::ivec2 p{0, 0};
    for (int level = pyramid.storedLevels() - 1; level >= 0; --level) {
        glm::ivec2 base = 2 * p;
        for (int c = 0; c < 4; ++c) {
            glm::ivec2 child = base + kChild[c];
            std::uint32_t v = pyramid.at(level, child.x, child.y);
            if (k < v || c == 3) {
                p = child;
                break;
            }
            k -= v;
        }
    }
    return p;
}

std::vector<glm::ivec2> cpuPointList(const CpuPyramid& pyramid) {
    std::vector<glm::ivec2> out(pyramid.count());
    for (std::uint32_t k = 0; k < out.size(); ++k)
        out[k] = cpuFind(pyramid, k);
    return out;
}

glm::uvec4 cpuPointEntry(glm::ivec2 cell, const AtlasTiling& tiling, int baseSize) {
    glm::ivec2 tile = tiling.tileSize;
    if (tile.x <= 0 || tile.y <= 0) tile = glm::ivec2(baseSize);
    glm::ivec2 t = cell / tile, in = cell - t * tile;
    int tilesX = std::max(tiling.tilesX, 1);
    return {std::uint32_t(in.x), std::uint32_t(in.y), std::uint32_t(t.y * tilesX + t.x),
            std::uint32_t(cell.x) | (std::uint32_t(cell.y) << 16)};
}

std::vector<glm::ivec2> cpuLinewiseList(std::span<const std::uint8_t> alpha, int width, int height,
                                        std::uint32_t thresholdByte) {
    std::vector<glm::ivec2> out;
    for (int y = 0; y < height; ++y) {
        const std::uint8_t* row = alpha.data() + size_t(y) * size_t(width);
        for (int x = 0; x < width; ++x)
            if (row[x] >= thresholdByte) out.push_back({x, y});
    }
    return out;
}

VerifyReport verifyPointList(const PointList& list, const CpuPyramid& reference, const AtlasTiling& tiling) {
    return verifyPointList(list, list.count(), reference, tiling);
}

VerifyReport verifyPointList(const PointList& list, std::uint32_t gpuCount, const CpuPyramid& reference,
                             const AtlasTiling& tiling) {
    VerifyReport r;
    r.gpuCount = gpuCount;
    r.cpuCount = reference.count();
    std::uint32_t common = std::min(r.gpuCount, r.cpuCount);
    std::vector<glm::uvec4> gpu = list.readPoints(common);
    for (std::uint32_t k = 0; k < common; ++k)
        if (gpu[k] != cpuPointEntry(cpuFind(reference, k), tiling, reference.baseSize)) ++r.mismatches;
    r.mismatches += std::max(r.gpuCount, r.cpuCount) - common;
    return r;
}

} // namespace dicer::hp
