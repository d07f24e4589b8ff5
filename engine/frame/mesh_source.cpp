#include "mesh_source.h"

#include "test_images.h"

#include <algorithm>
#include <cmath>

namespace dicer::frame {

Result<std::unique_ptr<InputSource>> MeshSource::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    return makeSource<MeshSource>(voxel::Voxelizer::create(shaders, info));
}

Result<void> MeshSource::configure(const FrameSettings& settings, const gl::GlInfo& info) {
    if (settings.testAtlas && settings.voxels != occupancy::VoxelOutput::Atlas)
        return makeError("the test atlas is an RGBA8 atlas: it needs --voxels atlas");
    // The atlas output needs a real texture (1024^3 would be 32768^2: refused here with the driver's limit),
    // the bits output only a storage buffer (presetLayoutFor names the limit it hits).
    auto layout = occupancy::presetLayoutFor(
        settings.preset, settings.testAtlas ? occupancy::VoxelOutput::Atlas : settings.voxels, info);
    if (!layout) return makeError(layout.error());
    if (settings.testAtlas) {
        // The sphere generator picks its own tiling for an atlas size (256 slices where they fit, as in the
        // paper), so its volume may differ from the preset's (preset "128": 128x128x256 instead of 128^3).
        testbed::AtlasImage image = testbed::makeSphereShellAtlas(layout->atlasSize);
        Result<gl::Texture> sphere = testbed::uploadAtlas(image, "slice atlas (test sphere)");
        if (!sphere) return makeError(sphere.error()); // the previous voxels stay
        m_sphere = std::move(sphere.value());
        const int tilesY = (image.volume.z + image.tilesX - 1) / image.tilesX;
        m_layout = {image.volume, {image.tilesX, tilesY}, image.size};
    } else {
        if (Result<void> r = m_voxelizer.setLayout(*layout, settings.voxels); !r) return r;
        m_sphere.reset(); // 64 MB at 4096^2: not kept around while unused
        m_layout = *layout;
    }
    m_useSphere = settings.testAtlas;
    return {};
}

void MeshSource::produce(const glm::mat4& model, const FrameSettings& settings) {
    if (m_useSphere) return; // static: uploaded once by configure()
    m_lastParams = {model, settings.voxelMode, settings.voxMethod, settings.rule};
    m_voxelizer.voxelize(m_lastParams);
}

occupancy::VoxelOutput MeshSource::output() const {
    return m_useSphere ? occupancy::VoxelOutput::Atlas : m_voxelizer.output();
}

const occupancy::SparseOccupancy* MeshSource::sparse() const {
    return !m_useSphere && output() == occupancy::VoxelOutput::Sparse ? &m_voxelizer.sparse() : nullptr;
}

Result<void> MeshSource::setSpacing(glm::vec3 spacing) {
    for (int a = 0; a < 3; ++a)
        if (!std::isfinite(spacing[a]) || !(spacing[a] > 0.f))
            return makeError("voxel spacing (" + std::to_string(spacing.x) + ", " +
                             std::to_string(spacing.y) + ", " + std::to_string(spacing.z) +
                             ") is invalid: every axis must be finite and > 0");
    m_spacing = spacing;
    return {};
}

Result<void> MeshSource::colorPoints(const hp::PointMethod& method, std::uint32_t capacity) {
    // The slot function: the rank in the list of the pyramid over the output (hp_bits', hp_sparse's).
    const char* rankFile = voxel::slotRankFile(output());
    if (!rankFile) return {};
    // Programs built once per rank file, then only the slots reallocated when the list grows.
    if (capacity > m_voxelizer.slotCapacity() || m_voxelizer.slotFile() != rankFile) {
        const std::uint32_t slots = std::max(capacity, m_voxelizer.slotCapacity());
        if (Result<void> r = m_voxelizer.enableSlotColors(rankFile, slots); !r) return r;
    }
    for (GLuint program : m_voxelizer.slotPrograms())
        if (Result<void> r = method.bindForRank(program); !r) return r;
    m_voxelizer.colorSlots(m_lastParams, method.counterBuffer(), 0);
    return {};
}

std::string MeshSource::description() const {
    const glm::ivec3 v = m_layout.volume;
    const std::string size = std::to_string(v.x) + "x" + std::to_string(v.y) + "x" + std::to_string(v.z);
    const std::string atlas = std::to_string(m_layout.atlasSize) + "^2";
    if (m_useSphere) return "test atlas: sphere shell " + size + " in " + atlas;
    const std::string how = voxel::voxMethodName(m_lastParams.method) + std::string(", ") +
                            voxel::voxelModeName(m_lastParams.mode) + ", " + voxel::voxRuleName(m_lastParams.rule);
    if (output() == occupancy::VoxelOutput::Sparse)
        return "voxelized " + size + " as the sparse occupancy (" +
               std::to_string((m_voxelizer.sparse().bytes() + 1023) >> 10) + " KiB held, " +
               std::to_string(m_voxelizer.sparse().capacity()) + " bricks of 32^2 texels, virtual atlas " +
               atlas + "), " + how;
    if (output() == occupancy::VoxelOutput::Bits)
        return "voxelized " + size + " as occupancy bits (" + std::to_string((bitsBytes() + 1023) >> 10) +
               " KiB, virtual atlas " + atlas + "), " + how;
    return "voxelized " + size + " in " + atlas + ", " + how;
}

} // namespace dicer::frame
