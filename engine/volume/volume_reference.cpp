// The CPU reference of the discriminator (volume_reference.h): the definitions in doubles, voxel by voxel.
#include "volume_reference.h"

#include "value_visit.h"
#include "volume_values.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace dicer::volume {
namespace {

// Calls f(voxel, texel) for every voxel, and hands back the atlas texel index of each.
template <class F> void forEachTexel(const ScalarVolume& volume, Band band, F&& f) {
    const std::array<double, kColorEdges> edges = colorEdges(valueRange(volume));
    detail::forEachValue(volume, [&](std::int64_t i, double x) { f(i, referenceTexel(x, band, edges)); });
}

std::int64_t atlasIndex(const ScalarVolume& volume, std::int64_t i, int tilesX, int atlasSize) {
    const std::int64_t x = i % volume.size.x, y = (i / volume.size.x) % volume.size.y;
    const std::int64_t z = i / (std::int64_t(volume.size.x) * volume.size.y);
    const std::int64_t tx = (z % tilesX) * volume.size.x + x, ty = (z / tilesX) * volume.size.y + y;
    return ty * atlasSize + tx;
}

} // namespace

std::array<double, kColorEdges> colorEdges(std::optional<ValueRange> range) {
    std::array<double, kColorEdges> edges;
    if (!range) {
        edges.fill(std::numeric_limits<double>::infinity());
        return edges;
    }
    const double lo = clampedToFloat(range->min), width = clampedToFloat(range->max) - lo;
    for (int i = 0; i < kColorEdges; ++i)
        edges[size_t(i)] = lo + (i + 1) * width / VOL_COLOR_BINS;
    return edges;
}

int colorBin(double x, const std::array<double, kColorEdges>& edges) {
    return int(std::upper_bound(edges.begin(), edges.end(), x) - edges.begin());
}

std::uint32_t referenceTexel(double x, Band band, const std::array<double, kColorEdges>& edges) {
    if (std::isnan(x)) return 0;
    const auto q = std::uint32_t(colorBin(x, edges));
    return volTexel(q, inBand(x, band) ? std::max(q, 1u) : 0u);
}

std::vector<std::uint32_t> referenceTexels(const ScalarVolume& volume, Band band) {
    std::vector<std::uint32_t> texels(size_t(volume.voxelCount()));
    forEachTexel(volume, band, [&](std::int64_t i, std::uint32_t t) { texels[size_t(i)] = t; });
    return texels;
}

std::vector<std::uint8_t> referenceAtlasRgba(const ScalarVolume& volume, Band band, int tilesX,
                                             int atlasSize) {
    std::vector<std::uint8_t> rgba(size_t(atlasSize) * size_t(atlasSize) * 4, 0);
    forEachTexel(volume, band, [&](std::int64_t i, std::uint32_t t) {
        std::uint8_t* p = rgba.data() + atlasIndex(volume, i, tilesX, atlasSize) * 4;
        for (int c = 0; c < 4; ++c)
            p[c] = std::uint8_t(t >> (8 * c));
    });
    return rgba;
}

std::vector<std::uint8_t> referenceAtlasAlpha(const ScalarVolume& volume, Band band, int tilesX,
                                              int atlasSize) {
    std::vector<std::uint8_t> alpha(size_t(atlasSize) * size_t(atlasSize), 0);
    forEachTexel(volume, band, [&](std::int64_t i, std::uint32_t t) {
        alpha[size_t(atlasIndex(volume, i, tilesX, atlasSize))] = std::uint8_t(t >> 24);
    });
    return alpha;
}

std::vector<glm::ivec3> activeVoxels(const ScalarVolume& volume, Band band) {
    std::vector<glm::ivec3> voxels;
    const std::int64_t sx = volume.size.x, sxy = sx * volume.size.y;
    detail::forEachValue(volume, [&](std::int64_t i, double x) {
        if (inBand(x, band)) voxels.emplace_back(int(i % sx), int(i / sx % volume.size.y), int(i / sxy));
    });
    return voxels;
}

std::uint64_t activeCount(const ScalarVolume& volume, Band band) {
    std::uint64_t n = 0;
    detail::forEachValue(volume, [&](std::int64_t, double x) { n += inBand(x, band); });
    return n;
}

} // namespace dicer::volume
