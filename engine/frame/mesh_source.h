// The mesh input's first stage: the GPU voxelizer (voxelizer.h) turns the model into the occupancy every frame,
// with the model matrix of that frame: the RGBA8 slice atlas, or with the bits output one bit per voxel, or the
// sparse output the bits of the touched bricks (no atlas: atlas() is 0; the model colours of the active voxels
// then come per point after the list: colorPoints, where the slot of a voxel is the rank of its texel in the
// list of the pyramid over the output, hp_bits' or hp_sparse's, voxel::slotRankFile, so a frame never clears a
// 4-byte-per-voxel volume).
// The test atlas replaces the voxelizer by the built-in sphere shell (test_images.h) in the preset's atlas
// size: a model-free input with a known answer, for looking at the HistoPyramid stages alone.
#pragma once

#include "input_source.h"
#include "mesh.h"
#include "shader.h"
#include "gl_handle.h"
#include "voxelizer.h"

#include <memory>

namespace dicer::frame {

class MeshSource final : public InputSource {
public:
    static Result<std::unique_ptr<InputSource>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // The mesh the voxelizer voxelizes; on error the previous one stays.
    Result<void> setMesh(const model::Mesh& mesh) { return m_voxelizer.setMesh(mesh); }
    // The mesh's textures as the voxelizer uploaded them, for the mesh view to share (voxel_mesh.h).
    std::shared_ptr<const voxel::MeshTextureArray> meshTextures() const { return m_voxelizer.meshTextures(); }
    const voxel::Voxelizer& voxelizer() const { return m_voxelizer; }
    // The physical size of a voxel per axis (default (1,1,1), cubes). Errors on a component that is not finite
    // and positive (the previous spacing stays).
    Result<void> setSpacing(glm::vec3 spacing);

    // The preset's layout for the voxelizer's output, or the sphere in that atlas size; the test atlas exists
    // only as an atlas (an error with the bits output).
    Result<void> configure(const FrameSettings& settings, const gl::GlInfo& info) override;
    void produce(const glm::mat4& model, const FrameSettings& settings) override;
    occupancy::VoxelOutput output() const override;
    GLuint atlas() const override { return m_useSphere ? m_sphere.id() : m_voxelizer.atlas(); }
    GLuint bits() const override { return m_voxelizer.bits(); }
    std::int64_t bitsBytes() const override { return m_voxelizer.bitsBytes(); }
    const occupancy::SparseOccupancy* sparse() const override;
    Result<void> colorPoints(const hp::PointMethod& method, std::uint32_t capacity) override;
    GLuint slotColors() const override { return m_voxelizer.slotColors(); }
    glm::vec3 spacing() const override { return m_spacing; }
    // The test atlas is (1,1,1): its sphere is made in the unit cube, whatever its slice count.
    glm::vec3 shape() const override { return m_useSphere ? glm::vec3(1.f) : InputSource::shape(); }
    std::string description() const override;

    explicit MeshSource(voxel::Voxelizer voxelizer) : m_voxelizer(std::move(voxelizer)) {} // create() makes it

private:
    voxel::Voxelizer m_voxelizer;
    gl::Texture m_sphere;
    bool m_useSphere = false;
    glm::vec3 m_spacing{1.f};
    voxel::VoxelizeParams m_lastParams;
};

} // namespace dicer::frame
