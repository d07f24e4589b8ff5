// Slice atlas bookkeeping: z-slices tiled into one 2D texture, as the slice atlas of Ziegler et al. 2006
// (TR MPI-I-2006-4-002, its "slicing" voxelization). The conventions are documented in volume_layout.h.
#include "volume_layout.h"

#include "hp_point.h" // HP_QUOTIENT_MAX

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>

namespace dicer::occupancy {
namespace {

std::int64_t nextPowerOfTwo(std::int64_t n) {
    std::int64_t p = 1;
    while (p < n)
        p <<= 1;
    return p;
}

std::int64_t ceilSqrt(std::int64_t n) {
    auto r = std::int64_t(std::sqrt(double(n)));
    while (r * r < n)
        ++r;
    while (r > 0 && (r - 1) * (r - 1) >= n)
        --r;
    return r;
}

struct Preset {
    std::string_view name;
    glm::ivec3 volume;
};

constexpr std::array<Preset, 10> kPresets = {{
    {"paper-4096", {256, 256, 256}},
    {"paper-2048", {128, 128, 256}},
    {"paper-1024", {64, 64, 256}},
    {"64", {64, 64, 64}},
    {"128", {128, 128, 128}},
    {"256", {256, 256, 256}},
    {"512", {512, 512, 512}},
    {"1024", {1024, 1024, 1024}},
    {"2048", {2048, 2048, 2048}},
    {"4096", {4096, 4096, 4096}},
}};

// A decimal count >= 1 without sign or leading zero, within int.
std::optional<int> voxelCount(std::string_view text) {
    int n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (text.empty() || text.front() == '0' || ec != std::errc() || end != text.data() + text.size() || n < 1)
        return std::nullopt;
    return n;
}


} // namespace

Result<VolumeLayout> VolumeLayout::make(glm::ivec3 volume, int maxAtlasSize, std::string_view limitName) {
    if (volume.x < 1 || volume.y < 1 || volume.z < 1)
        return makeError("volume " + volumeText(volume) + " is invalid: every dimension must be at least 1");
    if (maxAtlasSize < 1)
        return makeError("maximum atlas size " + std::to_string(maxAtlasSize) + " is invalid");
    // 64-bit throughout: the products below overflow int for absurd requests, which must fail cleanly.
    const std::int64_t tilesX = nextPowerOfTwo(ceilSqrt(volume.z));
    const std::int64_t tilesY = (volume.z + tilesX - 1) / tilesX;
    const std::int64_t atlas = nextPowerOfTwo(std::max(tilesX * volume.x, tilesY * volume.y));
    if (atlas > maxAtlasSize)
        return makeError("volume " + volumeText(volume) + " needs a " + std::to_string(atlas) + "x" +
                         std::to_string(atlas) + " slice atlas (" + std::to_string(tilesX) + "x" +
                         std::to_string(tilesY) + " tiles), but " + std::string(limitName) + " is " +
                         std::to_string(maxAtlasSize));
    // The shaders' slice -> tile row is a float-reciprocal quotient, exact below HP_QUOTIENT_MAX (hp_point.h).
    if (volume.z > HP_QUOTIENT_MAX)
        return makeError("volume " + volumeText(volume) + " has more than " +
                         std::to_string(HP_QUOTIENT_MAX) +
                         " slices (z), the most the shaders' tiling arithmetic handles exactly");
    VolumeLayout layout;
    layout.volume = volume;
    layout.tiles = glm::ivec2(int(tilesX), int(tilesY));
    layout.atlasSize = int(atlas);
    return layout;
}

bool VolumeLayout::contains(glm::ivec3 v) const {
    return v.x >= 0 && v.y >= 0 && v.z >= 0 && v.x < volume.x && v.y < volume.y && v.z < volume.z;
}

glm::ivec2 VolumeLayout::tileOrigin(int slice) const {
    return {(slice % tiles.x) * volume.x, (slice / tiles.x) * volume.y};
}

glm::ivec2 VolumeLayout::voxelToTexel(glm::ivec3 voxel) const {
    return tileOrigin(voxel.z) + glm::ivec2(voxel.x, voxel.y);
}

std::optional<glm::ivec3> VolumeLayout::texelToVoxel(glm::ivec2 texel) const {
    if (texel.x < 0 || texel.y < 0 || texel.x >= atlasSize || texel.y >= atlasSize) return std::nullopt;
    const int tileX = texel.x / volume.x, tileY = texel.y / volume.y;
    if (tileX >= tiles.x || tileY >= tiles.y) return std::nullopt; // right of / above the tile grid
    const int slice = tileY * tiles.x + tileX;
    if (slice >= volume.z) return std::nullopt; // an unused tile of the last row
    return glm::ivec3(texel.x % volume.x, texel.y % volume.y, slice);
}

glm::vec3 VolumeLayout::voxelCenterToWorld(glm::ivec3 voxel) const {
    return -1.f + (glm::vec3(voxel) + 0.5f) * voxelSize();
}

glm::ivec3 VolumeLayout::worldToVoxel(glm::vec3 world) const {
    glm::ivec3 voxel;
    for (int a = 0; a < 3; ++a) {
        const float cell = std::floor((world[a] + 1.f) * 0.5f * float(volume[a]));
        // fmax/fmin drop a NaN operand, so NaN lands on voxel 0 instead of an undefined int conversion.
        voxel[a] = int(std::fmin(std::fmax(cell, 0.f), float(volume[a] - 1)));
    }
    return voxel;
}

glm::vec2 VolumeLayout::sliceDepthRange(int slice) const {
    const float size = 2.f / float(volume.z);
    return {-1.f + float(slice) * size, -1.f + float(slice + 1) * size};
}

std::vector<std::string_view> presetNames() {
    std::vector<std::string_view> names;
    for (const Preset& p : kPresets)
        names.push_back(p.name);
    return names;
}

std::optional<glm::ivec3> presetVolume(std::string_view name) {
    for (const Preset& p : kPresets)
        if (p.name == name) return p.volume;
    if (name.starts_with("paper-")) { // the paper's layout at any atlas side: 256 slices of (N/16)^2
        const std::optional<int> n = voxelCount(name.substr(6));
        if (!n || *n < 16 || *n > (1 << 16) || (*n & (*n - 1)) != 0) return std::nullopt;
        return glm::ivec3(*n / 16, *n / 16, 256);
    }
    if (std::optional<glm::ivec3> cube = cubeVolume(name)) return cube;
    return boxVolume(name);
}

std::optional<glm::ivec3> boxVolume(std::string_view text) {
    glm::ivec3 volume;
    for (int axis = 0; axis < 3; ++axis) {
        const size_t cross = axis < 2 ? text.find('x') : std::string_view::npos;
        if (axis < 2 && cross == std::string_view::npos) return std::nullopt; // fewer than three counts
        // The last count takes the rest: "1x2x3x4" leaves "3x4", which is no count.
        const std::optional<int> n = voxelCount(text.substr(0, cross));
        if (!n) return std::nullopt;
        volume[axis] = *n;
        if (axis < 2) text.remove_prefix(cross + 1);
    }
    return volume;
}

std::optional<glm::ivec3> cubeVolume(std::string_view side) {
    const std::optional<int> n = voxelCount(side);
    return n ? std::optional<glm::ivec3>(glm::ivec3(*n)) : std::nullopt;
}

glm::vec3 volumeShape(glm::ivec3 volume, glm::vec3 spacing) {
    for (int a = 0; a < 3; ++a)
        if (volume[a] < 1 || !std::isfinite(spacing[a]) || !(spacing[a] > 0.f)) return glm::vec3(1.f);
    const glm::vec3 extent = glm::vec3(volume) * spacing;
    const float largest = std::max({extent.x, extent.y, extent.z});
    // x / x is exactly 1: a cube (or the largest axis) stays exactly 1, and a cubic volume's matrices below
    // are exactly the identity, so cubic volumes voxelize and draw as they always did.
    return std::isfinite(largest) ? extent / largest : glm::vec3(1.f);
}

glm::mat4 volumeToWorld(glm::vec3 shape) {
    return glm::mat4(glm::vec4(shape.x, 0.f, 0.f, 0.f), glm::vec4(0.f, shape.y, 0.f, 0.f),
                     glm::vec4(0.f, 0.f, shape.z, 0.f), glm::vec4(0.f, 0.f, 0.f, 1.f));
}

glm::mat4 worldToVolume(glm::vec3 shape) {
    return volumeToWorld(1.f / shape);
}

Result<VolumeLayout> presetLayout(std::string_view name, int maxAtlasSize, std::string_view limitName) {
    const std::optional<glm::ivec3> volume = presetVolume(name);
    if (!volume) {
        std::string known;
        for (const Preset& p : kPresets)
            known += (known.empty() ? "" : ", ") + std::string(p.name);
        return makeError("unknown volume preset '" + std::string(name) + "' (known: " + known +
                         ", or N (N^3 voxels), paper-N (N a power of two: the paper's layout of an N^2 atlas) or "
                         "XxYxZ voxels such as 128x128x256)");
    }
    Result<VolumeLayout> layout = VolumeLayout::make(*volume, maxAtlasSize, limitName);
    if (!layout) return makeError("preset '" + std::string(name) + "': " + layout.error());
    return layout;
}

} // namespace dicer::occupancy
