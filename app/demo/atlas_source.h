// Where the slice atlas comes from: the first stage of the pipeline. Normally the GPU voxelizer
// (engine/voxelizer.h) turns the model into the atlas every frame, with the model matrix of that frame.
// The "test atlas" option replaces it by the built-in sphere shell (engine/test_images.h) in the preset's
// atlas size: a model-free input with a known answer, for looking at the HistoPyramid stages alone.
// With --voxels bits the voxelizer writes the occupancy bits instead (no atlas: atlas() is 0), and the model
// colours of the active voxels come per point after the list (colorSlots: the slot of a voxel is the rank of
// its texel in hp_bits' list, voxelize_slot_rank.glsl), so a frame never clears a 4-byte-per-voxel volume.
#pragma once

#include "mesh.h"
#include "point_list.h"
#include "result.h"
#include "settings.h"
#include "voxelizer.h"

#include <glm/glm.hpp>

#include <optional>
#include <string>

namespace dicer::app {

class AtlasSource {
public:
    static Result<AtlasSource> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // The preset's layout for the voxelizer, or the sphere in that atlas size. Errors name the preset and the
    // driver limit; on error the previous atlas stays.
    // The test atlas exists only as an atlas (an error with the bits output).
    Result<void> configure(const PipelineSettings& settings, const gl::GlInfo& info);
    Result<void> setMesh(const Mesh& mesh);
    // The mesh's textures as the voxelizer uploaded them, for the mesh view to share (voxel_mesh.h).
    std::shared_ptr<const MeshTextureArray> meshTextures() const { return m_voxelizer->meshTextures(); }
    // Fills the atlas for this frame (model = rotation * placement of the mesh in the volume).
    void produce(const glm::mat4& model, const PipelineSettings& settings);

    GLuint atlas() const { return m_useSphere ? m_sphere.id() : m_voxelizer->atlas(); } // 0: bits output
    VoxelOutput output() const { return m_useSphere ? VoxelOutput::Atlas : m_voxelizer->output(); }
    GLuint bits() const { return m_voxelizer->bits(); } // bits output: occupancy_bits.h over atlasSize()
    std::int64_t bitsBytes() const { return m_voxelizer->bitsBytes(); }

    // Bits output, after the list of `method` (a pyramid over these bits, which ranks): the model colour of
    // point k into slotColors()[k] for the first min(count, slot capacity) points; the count stays on the GPU.
    // The slots grow to `capacity` first (the point buffer's), which allocates only when it grows.
    Result<void> colorPoints(const hp::PointMethod& method, std::uint32_t capacity);
    GLuint slotColors() const { return output() == VoxelOutput::Bits ? m_voxelizer->slotColors() : 0; }
    int atlasSize() const { return m_atlasSize; }
    glm::ivec3 volume() const { return m_volume; }
    hp::AtlasTiling tiling() const { return {{m_volume.x, m_volume.y}, m_tilesX, m_volume.z}; }
    std::string description() const;

private:
    std::optional<Voxelizer> m_voxelizer; // optional only because it is created by a factory
    gl::Texture m_sphere;
    bool m_useSphere = false;
    int m_atlasSize = 0, m_tilesX = 1;
    glm::ivec3 m_volume{0};
    VoxelizeParams m_lastParams;
};

} // namespace dicer::app
