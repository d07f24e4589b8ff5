#include "point_snapshot.h"

#include "hp_point.h"
#include "volume_layout.h"

#include <cmath>

namespace dicer::frame {

glm::mat4 physicalToVolume(glm::ivec3 size, glm::vec3 spacing) {
    const glm::vec3 extent = glm::vec3(size) * spacing;
    glm::mat4 m(1.f);
    for (int a = 0; a < 3; ++a) {
        m[a][a] = 2.f / extent[a];
        m[3][a] = -1.f;
    }
    return m;
}

Result<std::vector<model::PlyPoint>> modelSpacePoints(const PointSnapshot& s) {
    const glm::mat4 toModel = glm::inverse(s.modelToVolume);
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (!std::isfinite(toModel[c][r]))
                return makeError("PLY export: the model matrix is not invertible");
    const bool perPoint = !s.pointColors.empty();
    if (perPoint ? s.pointColors.size() != s.entries.size()
                 : s.rgba.size() != size_t(s.atlasSize) * size_t(s.atlasSize) * 4)
        return makeError(perPoint ? "PLY export: the point colours do not match the points"
                                  : "PLY export: the atlas read-back has the wrong size");
    occupancy::VolumeLayout layout;
    layout.volume = s.volume;
    std::vector<model::PlyPoint> points;
    points.reserve(s.entries.size());
    for (size_t i = 0; i < s.entries.size(); ++i) {
        const glm::uvec4& e = s.entries[i];
        const glm::ivec3 voxel(e.x, e.y, e.z);
        // The atlas colours come from a texture (at most HP_POINT_TEXEL_MAX_ATLAS a side), whose texel the 4th word
        // names; per-point colours (bits, sparse: virtual atlases up to 262144) need only the voxel.
        const glm::ivec2 texel = hp::hpEntryAtlasTexel(e.w);
        if (!layout.contains(voxel) || (!perPoint && (texel.x >= s.atlasSize || texel.y >= s.atlasSize)))
            return makeError("PLY export: point entry " + std::to_string(i) +
                             " lies outside the volume or atlas");
        const glm::vec4 model = toModel * glm::vec4(layout.voxelCenterToWorld(voxel), 1.f);
        if (perPoint) {
            const std::uint32_t c = s.pointColors[i];
            points.push_back(
                {glm::vec3(model) / model.w, {std::uint8_t(c), std::uint8_t(c >> 8), std::uint8_t(c >> 16)}});
            continue;
        }
        const size_t at = (size_t(texel.y) * size_t(s.atlasSize) + texel.x) * 4;
        points.push_back({glm::vec3(model) / model.w, {s.rgba[at], s.rgba[at + 1], s.rgba[at + 2]}});
    }
    return points;
}

} // namespace dicer::frame
