// The volume input's first stage: the discriminator (volume_discriminator.h). The volume is uploaded once
// (setVolume), laid out with its own X x Y x Z (never resampled), and each frame writes the voxels whose value
// lies in the band into the same outputs; with the bits output the colours per point are the colour map of the
// values (colorPoints), with the atlas the map is in the texels' rgb. Its values are also the field the surface
// is cut from (valueField: the uploaded texture, borrowed, no second upload).
#pragma once

#include "input_source.h"
#include "scalar_volume.h"
#include "shader.h"
#include "volume_discriminator.h"

#include <memory>
#include <string>

namespace dicer::frame {

class VolumeSource final : public InputSource {
public:
    static Result<std::unique_ptr<InputSource>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Uploads the volume (once; the band only re-runs discriminate). Checks first that its size has a layout
    // for `output` within the driver's limits. `inUse` (the voxels are the volume's now): the volume takes its
    // layout in the same step, both or neither. On error the previous volume (and its layout and output) stays.
    Result<void> setVolume(const volume::ScalarVolume& volume, occupancy::VoxelOutput output,
                           const gl::GlInfo& info, bool inUse);
    bool hasVolume() const { return m_discriminator.hasVolume(); }
    const discriminate::VolumeDiscriminator& discriminator() const { return m_discriminator; }
    const std::string& volumeName() const { return m_volumeName; }

    // Its own size, in the settings' output; an error without a volume.
    Result<void> configure(const FrameSettings& settings, const gl::GlInfo& info) override;
    void produce(const glm::mat4& model, const FrameSettings& settings) override;
    occupancy::VoxelOutput output() const override { return m_discriminator.output(); }
    GLuint atlas() const override { return m_discriminator.atlas(); }
    GLuint bits() const override { return m_discriminator.bits(); }
    std::int64_t bitsBytes() const override { return m_discriminator.bitsBytes(); }
    Result<void> colorPoints(const hp::PointMethod& method, std::uint32_t capacity) override;
    GLuint slotColors() const override { return m_discriminator.pointColors(); }
    glm::vec3 spacing() const override { return m_field.spacing; } // the loaded volume's, per axis
    const SurfaceInput* valueField() const override { return hasVolume() ? &m_field : nullptr; }
    std::string description() const override;

    explicit VolumeSource(discriminate::VolumeDiscriminator d) : m_discriminator(std::move(d)) {} // create()

private:
    discriminate::VolumeDiscriminator m_discriminator;
    std::string m_volumeName;
    SurfaceInput m_field; // the uploaded values as the surface reads them
    volume::Band m_lastBand;
};

} // namespace dicer::frame
