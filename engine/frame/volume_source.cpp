#include "volume_source.h"

#include "mc_reference.h"
#include "vox_method.h"

namespace dicer::frame {

Result<std::unique_ptr<InputSource>> VolumeSource::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    return makeSource<VolumeSource>(discriminate::VolumeDiscriminator::create(shaders, info));
}

Result<void> VolumeSource::configure(const FrameSettings& settings, const gl::GlInfo& info) {
    if (!hasVolume()) return makeError("the volume input has no volume loaded");
    auto layout = discriminate::VolumeDiscriminator::layoutFor(m_discriminator.volumeSize(), settings.voxels, info);
    if (!layout) return makeError(layout.error());
    if (Result<void> r = m_discriminator.setLayout(*layout, settings.voxels); !r) return r;
    m_layout = *layout;
    return {};
}

Result<void> VolumeSource::setVolume(const volume::ScalarVolume& volume, occupancy::VoxelOutput output,
                                     const gl::GlInfo& info, bool inUse) {
    // The layout first: a volume the output cannot hold is refused before the upload replaces the old one.
    auto layout = discriminate::VolumeDiscriminator::layoutFor(volume.size, output, info);
    if (!layout) return makeError(volume.name + ": " + layout.error());
    Result<void> r = inUse ? m_discriminator.setVolume(volume, *layout, output) : m_discriminator.setVolume(volume);
    if (!r) return makeError(volume.name + ": " + r.error());
    if (inUse) m_layout = *layout;
    m_volumeName = volume.name;
    m_field = {m_discriminator.volumeTexture(), volume.size, volume.type, volume.spacing,
               surface::isBinaryField(volume)};
    return {};
}

void VolumeSource::produce(const glm::mat4&, const FrameSettings& settings) {
    // Every frame, like the voxelizer (so the stage's time is always there to read); configure() made sure a
    // volume and its layout exist, the only reasons discriminate() refuses.
    m_lastBand = settings.band;
    (void)m_discriminator.discriminate(settings.band);
}

Result<void> VolumeSource::colorPoints(const hp::PointMethod& method, std::uint32_t capacity) {
    // The discriminator writes the bits only (the input table offers volumes no sparse output).
    if (!voxel::slotRankFile(output())) return {};
    return m_discriminator.colorPoints(method.points().id(), method.counterBuffer(), capacity);
}

std::string VolumeSource::description() const {
    const glm::ivec3 v = m_layout.volume;
    const std::string size = std::to_string(v.x) + "x" + std::to_string(v.y) + "x" + std::to_string(v.z) +
                             " in " + std::to_string(m_layout.atlasSize) + "^2";
    return "volume " + m_volumeName + " (" + volume::scalarTypeName(m_discriminator.valueType()) + "), band " +
           volume::bandText(m_lastBand) + ", discriminated into " +
           (output() == occupancy::VoxelOutput::Bits
                ? "occupancy bits " + size + " (" + std::to_string((bitsBytes() + 1023) >> 10) + " KiB)"
                : "the slice atlas " + size);
}

} // namespace dicer::frame
