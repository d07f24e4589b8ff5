#include "voxel_source.h"

#include "test_images.h"
#include "volume_layout.h"

#include <cmath>
#include <cstdio>

namespace dicer::frame {

Result<VoxelSource> VoxelSource::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto voxelizer = voxel::Voxelizer::create(shaders, info);
    if (!voxelizer) return makeError(voxelizer.error());
    VoxelSource source;
    source.m_voxelizer.emplace(std::move(voxelizer.value()));
    return source;
}

Result<void> VoxelSource::configure(const FrameSettings& settings, const gl::GlInfo& info) {
    if (settings.testAtlas && settings.voxels == voxel::VoxelOutput::Bits)
        return makeError("the test atlas is an RGBA8 atlas: it needs --voxels atlas");
    // The atlas output needs a real texture (1024^3 would be 32768^2: refused here with the driver's limit),
    // the bits output only a storage buffer (presetLayoutFor names the limit it hits).
    auto layout = voxel::presetLayoutFor(
        settings.preset, settings.testAtlas ? voxel::VoxelOutput::Atlas : settings.voxels, info);
    if (!layout) return makeError(layout.error());
    if (settings.testAtlas) {
        // The sphere generator picks its own tiling for an atlas size (256 slices where they fit, as in the
        // paper), so its volume may differ from the preset's (preset "128": 128x128x256 instead of 128^3).
        testbed::AtlasImage image = testbed::makeSphereShellAtlas(layout->atlasSize);
        m_sphere = testbed::uploadAtlas(image);
        m_sphere.setLabel("slice atlas (test sphere)");
        m_atlasSize = image.size;
        m_tilesX = image.tilesX;
        m_volume = image.volume;
    } else {
        if (Result<void> r = m_voxelizer->setLayout(*layout, settings.voxels); !r) return r;
        m_sphere.reset(); // 64 MB at 4096^2: not kept around while unused
        m_atlasSize = layout->atlasSize;
        m_tilesX = layout->tiles.x;
        m_volume = layout->volume;
    }
    m_useSphere = settings.testAtlas;
    return {};
}

glm::vec3 VoxelSource::shape() const {
    return m_useSphere ? glm::vec3(1.f) : voxel::volumeShape(m_volume, m_spacing);
}

Result<void> VoxelSource::setSpacing(glm::vec3 spacing) {
    for (int a = 0; a < 3; ++a)
        if (!std::isfinite(spacing[a]) || !(spacing[a] > 0.f))
            return makeError("voxel spacing (" + std::to_string(spacing.x) + ", " +
                             std::to_string(spacing.y) + ", " + std::to_string(spacing.z) +
                             ") is invalid: every axis must be finite and > 0");
    m_spacing = spacing;
    return {};
}

Result<void> VoxelSource::setMesh(const model::Mesh& mesh) {
    return m_voxelizer->setMesh(mesh);
}

void VoxelSource::produce(const glm::mat4& model, const FrameSettings& settings) {
    if (m_useSphere) return; // static: uploaded once by configure()
    m_lastParams = {model, settings.voxelMode, settings.voxelMethod, settings.rule};
    m_voxelizer->voxelize(m_lastParams);
}

Result<void> VoxelSource::colorPoints(const hp::PointMethod& method, std::uint32_t capacity) {
    if (output() != voxel::VoxelOutput::Bits) return {};
    if (capacity > m_voxelizer->slotCapacity()) // built once, then only reallocated when the list grows
        if (Result<void> r = m_voxelizer->enableSlotColors("voxelize_slot_rank.glsl", capacity); !r) return r;
    for (GLuint program : m_voxelizer->slotPrograms())
        if (Result<void> r = method.bindForRank(program); !r) return r;
    m_voxelizer->colorSlots(m_lastParams, method.counterBuffer(), 0);
    return {};
}

namespace {

// ", drawn as a 0.5 x 0.25 x 1 box" for a volume that is not drawn as the cube (nothing for the cube).
std::string drawnAs(glm::vec3 shape) {
    if (shape == glm::vec3(1.f)) return {};
    char text[96];
    std::snprintf(text, sizeof text, ", drawn as a %g x %g x %g box", double(shape.x), double(shape.y),
                  double(shape.z));
    return text;
}

} // namespace

std::string VoxelSource::description() const {
    return sourceText() + drawnAs(shape());
}

std::string VoxelSource::sourceText() const {
    std::string volume = std::to_string(m_volume.x) + "x" + std::to_string(m_volume.y) + "x" +
                         std::to_string(m_volume.z) + " in " + std::to_string(m_atlasSize) + "^2";
    if (m_useSphere) return "test atlas: sphere shell " + volume;
    if (output() == voxel::VoxelOutput::Bits)
        return "voxelized " + std::to_string(m_volume.x) + "x" + std::to_string(m_volume.y) + "x" +
               std::to_string(m_volume.z) + " as occupancy bits (" +
               std::to_string((bitsBytes() + 1023) >> 10) + " KiB, virtual atlas " +
               std::to_string(m_atlasSize) + "^2), " + voxel::voxelMethodName(m_lastParams.method) + ", " +
               voxel::voxelModeName(m_lastParams.mode) + ", " + voxel::surfaceRuleName(m_lastParams.rule);
    return "voxelized " + volume + ", " + voxel::voxelMethodName(m_lastParams.method) + ", " +
           voxel::voxelModeName(m_lastParams.mode) + ", " + voxel::surfaceRuleName(m_lastParams.rule);
}

} // namespace dicer::frame
