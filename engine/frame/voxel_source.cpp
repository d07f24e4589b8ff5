#include "voxel_source.h"

#include "test_images.h"
#include "volume_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace dicer::frame {

Result<VoxelSource> VoxelSource::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto voxelizer = voxel::Voxelizer::create(shaders, info);
    if (!voxelizer) return makeError(voxelizer.error());
    auto discriminator = discriminate::VolumeDiscriminator::create(shaders, info);
    if (!discriminator) return makeError(discriminator.error());
    VoxelSource source;
    source.m_voxelizer.emplace(std::move(voxelizer.value()));
    source.m_discriminator.emplace(std::move(discriminator.value()));
    return source;
}

Result<void> VoxelSource::configureVolume(const FrameSettings& settings, const gl::GlInfo& info) {
    if (!m_discriminator->hasVolume()) return makeError("the volume input has no volume loaded");
    auto layout = discriminate::VolumeDiscriminator::layoutFor(m_discriminator->volumeSize(), settings.voxels, info);
    if (!layout) return makeError(layout.error());
    if (Result<void> r = m_discriminator->setLayout(*layout, settings.voxels); !r) return r;
    useVolumeLayout(*layout);
    return {};
}

void VoxelSource::useVolumeLayout(const occupancy::VolumeLayout& layout) {
    m_sphere.reset();
    m_atlasSize = layout.atlasSize;
    m_tilesX = layout.tiles.x;
    m_volume = layout.volume;
    m_useSphere = false;
    m_useVolume = true;
}

Result<void> VoxelSource::setVolume(const volume::ScalarVolume& volume, occupancy::VoxelOutput output,
                                    const gl::GlInfo& info, bool inUse) {
    // The layout first: a volume the output cannot hold is refused before the upload replaces the old one.
    auto layout = discriminate::VolumeDiscriminator::layoutFor(volume.size, output, info);
    if (!layout) return makeError(volume.name + ": " + layout.error());
    Result<void> r =
        inUse ? m_discriminator->setVolume(volume, *layout, output) : m_discriminator->setVolume(volume);
    if (!r) return makeError(volume.name + ": " + r.error());
    if (inUse) useVolumeLayout(*layout);
    m_volumeName = volume.name;
    m_volumeSpacing = volume.spacing;
    return {};
}

Result<void> VoxelSource::configure(const FrameSettings& settings, const gl::GlInfo& info) {
    if (settings.input == Input::Volume) return configureVolume(settings, info);
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
    m_useVolume = false;
    return {};
}

glm::vec3 VoxelSource::shape() const {
    if (m_useSphere) return glm::vec3(1.f);
    return occupancy::volumeShape(m_volume, m_useVolume ? m_volumeSpacing : m_spacing);
}

GLuint VoxelSource::atlas() const {
    if (m_useVolume) return m_discriminator->atlas();
    return m_useSphere ? m_sphere.id() : m_voxelizer->atlas();
}

occupancy::VoxelOutput VoxelSource::output() const {
    if (m_useVolume) return m_discriminator->output();
    return m_useSphere ? occupancy::VoxelOutput::Atlas : m_voxelizer->output();
}

GLuint VoxelSource::bits() const {
    return m_useVolume ? m_discriminator->bits() : m_voxelizer->bits();
}

std::int64_t VoxelSource::bitsBytes() const {
    return m_useVolume ? m_discriminator->bitsBytes() : m_voxelizer->bitsBytes();
}

const occupancy::SparseOccupancy* VoxelSource::sparse() const {
    return !m_useVolume && !m_useSphere && output() == occupancy::VoxelOutput::Sparse ? &m_voxelizer->sparse()
                                                                                  : nullptr;
}

GLuint VoxelSource::slotColors() const {
    if (!occupancy::hasSlotColors(output())) return 0;
    return m_useVolume ? m_discriminator->pointColors() : m_voxelizer->slotColors();
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
    if (m_useVolume) {
        // Every frame, like the voxelizer (so the stage's time is always there to read); configure() made
        // sure a volume and its layout exist, the only reasons discriminate() refuses.
        m_lastBand = settings.band;
        (void)m_discriminator->discriminate(settings.band);
        return;
    }
    m_lastParams = {model, settings.voxelMode, settings.voxMethod, settings.rule};
    m_voxelizer->voxelize(m_lastParams);
}

Result<void> VoxelSource::colorPoints(const hp::PointMethod& method, std::uint32_t capacity) {
    // The slot function: the rank in the list of the pyramid over the output (hp_bits', hp_sparse's).
    const char* rankFile = voxel::slotRankFile(output());
    if (!rankFile) return {};
    if (m_useVolume) // the discriminator writes the bits only (the sparse output is refused for volumes)
        return m_discriminator->colorPoints(method.points().id(), method.counterBuffer(), capacity);
    // Programs built once per rank file, then only the slots reallocated when the list grows.
    if (capacity > m_voxelizer->slotCapacity() || m_voxelizer->slotFile() != rankFile) {
        const std::uint32_t slots = std::max(capacity, m_voxelizer->slotCapacity());
        if (Result<void> r = m_voxelizer->enableSlotColors(rankFile, slots); !r) return r;
    }
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
    if (m_useVolume)
        return "volume " + m_volumeName + " (" + volume::scalarTypeName(m_discriminator->valueType()) +
               "), band " + volume::bandText(m_lastBand) + ", discriminated into " +
               (output() == occupancy::VoxelOutput::Bits
                    ? "occupancy bits " + volume + " (" + std::to_string((bitsBytes() + 1023) >> 10) + " KiB)"
                    : "the slice atlas " + volume);
    if (output() == occupancy::VoxelOutput::Sparse)
        return "voxelized " + std::to_string(m_volume.x) + "x" + std::to_string(m_volume.y) + "x" +
               std::to_string(m_volume.z) + " as the sparse occupancy (" +
               std::to_string((m_voxelizer->sparse().bytes() + 1023) >> 10) + " KiB held, " +
               std::to_string(m_voxelizer->sparse().capacity()) + " bricks of 32^2 texels, virtual atlas " +
               std::to_string(m_atlasSize) + "^2), " + voxel::voxMethodName(m_lastParams.method) + ", " +
               voxel::voxelModeName(m_lastParams.mode) + ", " + voxel::voxRuleName(m_lastParams.rule);
    if (output() == occupancy::VoxelOutput::Bits)
        return "voxelized " + std::to_string(m_volume.x) + "x" + std::to_string(m_volume.y) + "x" +
               std::to_string(m_volume.z) + " as occupancy bits (" +
               std::to_string((bitsBytes() + 1023) >> 10) + " KiB, virtual atlas " +
               std::to_string(m_atlasSize) + "^2), " + voxel::voxMethodName(m_lastParams.method) + ", " +
               voxel::voxelModeName(m_lastParams.mode) + ", " + voxel::voxRuleName(m_lastParams.rule);
    return "voxelized " + volume + ", " + voxel::voxMethodName(m_lastParams.method) + ", " +
           voxel::voxelModeName(m_lastParams.mode) + ", " + voxel::voxRuleName(m_lastParams.rule);
}

} // namespace dicer::frame
