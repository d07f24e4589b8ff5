// The shaded-mesh view: uploads a Mesh (triangles grouped by material so each group binds its map_Kd) and
// draws it with the same model matrix the voxelizer uses.
#pragma once

#include "gl_handle.h"
#include "mesh.h"
#include "result.h"
#include "shader.h"
#include "voxel_mesh.h"

#include <glm/glm.hpp>

#include <memory>
#include <vector>

namespace dicer::app {

class MeshView {
public:
    static Result<MeshView> create(gl::ShaderLibrary& shaders);
    // `textures`: the mesh's textures as the voxelizer uploaded them (null: draw untextured). Shared, not
    // copied: the view used to make its own mipmapped texture per material, a second GL copy of every
    // texture. The array has no mipmaps, so a large texture seen small shimmers a little here.
    // Errors: the driver refused the buffers; the previous mesh stays drawn.
    Result<void> upload(const model::Mesh& mesh, std::shared_ptr<const voxel::MeshTextureArray> textures);
    void draw(const glm::mat4& viewProj, const glm::mat4& model, const glm::vec3& lightDir) const;

private:
    explicit MeshView(gl::ShaderLibrary& shaders) : m_shaders(&shaders) {}
    struct Range {
        GLsizei first = 0, count = 0; // in indices
        int texture = -1;             // into m_textures->plan.slots
    };
    gl::ShaderLibrary* m_shaders;
    gl::ProgramId m_program;
    gl::VertexArray m_vao;
    gl::Buffer m_vertices, m_indices;
    std::shared_ptr<const voxel::MeshTextureArray> m_textures;
    gl::Sampler m_sampler;
    std::vector<Range> m_ranges;
};

} // namespace dicer::app
