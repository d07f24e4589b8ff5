// Where the frame's voxels come from: its first stage. Normally the GPU voxelizer (voxelizer.h) turns the
// model into the occupancy every frame, with the model matrix of that frame: the RGBA8 slice atlas, or with
// the bits output one bit per voxel, or the sparse output the bits of the touched bricks (no atlas: atlas() is 0;
// the model colours of the active voxels then come per point after the list: colorPoints, where the slot of a
// voxel is the rank of its texel in the list of the pyramid over the output, hp_bits' or hp_sparse's,
// voxel::slotRankFile, so a frame never clears a 4-byte-per-voxel volume).
// The test atlas replaces the voxelizer by the built-in sphere shell (test_images.h) in the preset's atlas
// size: a model-free input with a known answer, for looking at the HistoPyramid stages alone.
// A scalar volume (Input::Volume) replaces the voxelizer by the discriminator (volume_discriminator.h): the
// volume is uploaded once (setVolume), laid out with its own X x Y x Z (never resampled), and each frame writes
// the voxels whose value lies in the band into the same outputs; with the bits output the colours per point are
// the colour map of the values (colorPoints), with the atlas the map is in the texels' rgb.
#pragma once

#include "frame_settings.h"
#include "mesh.h"
#include "point_method.h"
#include "result.h"
#include "scalar_volume.h"
#include "volume_discriminator.h"
#include "voxelizer.h"

#include <glm/glm.hpp>

#include <memory>
#include <optional>
#include <string>

namespace dicer::frame {

class VoxelSource {
public:
    static Result<VoxelSource> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // The preset's layout for the voxelizer's output, or the sphere in that atlas size, or for a volume its own
    // size. Errors name the preset (or the volume's size) and the driver limit; the test atlas exists only as an
    // atlas (an error with the bits output); a volume input needs a volume. On error the previous voxels stay.
    Result<void> configure(const FrameSettings& settings, const gl::GlInfo& info);
    Result<void> setMesh(const model::Mesh& mesh);
    // Uploads the volume for Input::Volume (once; the band only re-runs discriminate). Checks first that its
    // size has a layout for `output` within the driver's limits. `inUse` (the voxels are the volume's now):
    // the volume takes its layout in the same step, both or neither. On error the previous volume (and its
    // layout and output) stays.
    Result<void> setVolume(const volume::ScalarVolume& volume, occupancy::VoxelOutput output,
                           const gl::GlInfo& info, bool inUse = false);
    bool hasVolume() const { return m_discriminator->hasVolume(); }
    bool usesVolume() const { return m_useVolume; }
    const discriminate::VolumeDiscriminator& discriminator() const { return *m_discriminator; }
    const std::string& volumeName() const { return m_volumeName; }
    glm::vec3 volumeSpacing() const { return m_volumeSpacing; } // the loaded volume's, per axis
    // The mesh's textures as the voxelizer uploaded them, for the mesh view to share (voxel_mesh.h).
    std::shared_ptr<const voxel::MeshTextureArray> meshTextures() const {
        return m_voxelizer->meshTextures();
    }
    // Fills the output for this frame (model = the mesh's matrix into the volume space [-1,1]^3:
    // worldToVolume(shape()) * rotation * its placement in the box).
    void produce(const glm::mat4& model, const FrameSettings& settings);

    GLuint atlas() const; // 0: bits output
    occupancy::VoxelOutput output() const;
    GLuint bits() const; // bits output: occupancy_bits.h over atlasSize()
    std::int64_t bitsBytes() const;
    // Sparse output: the voxelizer's sparse occupancy (its index, pool and status); null otherwise.
    const occupancy::SparseOccupancy* sparse() const;
    const voxel::Voxelizer& voxelizer() const { return *m_voxelizer; }

    // Bits or sparse output (occupancy::hasSlotColors), after the list of `method` (the pyramid over that output,
    // which ranks: hp_bits, hp_sparse): the model colour of point k (a volume: its value's colour) into
    // slotColors()[k] for the first min(count, slot capacity) points; the count stays on the GPU. The slots grow
    // to `capacity` first (the point buffer's), which allocates only when it grows. Nothing for the atlas.
    Result<void> colorPoints(const hp::PointMethod& method, std::uint32_t capacity);
    GLuint slotColors() const; // 0 for the atlas output (its texels hold the colours)
    int atlasSize() const { return m_atlasSize; }
    glm::ivec3 volume() const { return m_volume; }
    // The box the volume is drawn as (volume_layout.h volumeShape of the volume and the voxel spacing; largest
    // axis 1). The test atlas is (1,1,1): its sphere is made in the unit cube, whatever its slice count.
    glm::vec3 shape() const;
    // The physical size of a voxel per axis: (1,1,1), cubes, for meshes (the default); a scan's spacing.
    // Errors on a component that is not finite and positive (the previous spacing stays).
    Result<void> setSpacing(glm::vec3 spacing);
    glm::vec3 spacing() const { return m_spacing; }
    hp::AtlasTiling tiling() const { return {{m_volume.x, m_volume.y}, m_tilesX, m_volume.z}; }
    std::string description() const; // what the voxels are, and the box they are drawn as unless the cube

private:
    std::string sourceText() const;
    Result<void> configureVolume(const FrameSettings& settings, const gl::GlInfo& info);
    void useVolumeLayout(const occupancy::VolumeLayout& layout); // the voxels are the volume's, in `layout`
    std::optional<voxel::Voxelizer> m_voxelizer; // optional only because it is created by a factory
    std::optional<discriminate::VolumeDiscriminator> m_discriminator;
    gl::Texture m_sphere;
    bool m_useSphere = false;
    bool m_useVolume = false;
    std::string m_volumeName;
    glm::vec3 m_volumeSpacing{1.f};
    volume::Band m_lastBand;
    int m_atlasSize = 0, m_tilesX = 1;
    glm::ivec3 m_volume{0};
    glm::vec3 m_spacing{1.f};
    voxel::VoxelizeParams m_lastParams;
};

} // namespace dicer::frame
