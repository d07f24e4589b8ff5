// The passes and bindings every vox method shares (voxel_passes.h).
#include "voxel_passes.h"

#include "gpu_pass.h"

#include "gl_debug.h"
#include "voxel_shared.h"

#include <algorithm>

namespace dicer::voxel {

void VoxelPasses::bindChunk(size_t c) const {
    const VoxelMeshChunk& chunk = mesh.chunks[c];
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_VERTICES, chunk.vertices.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_TRIANGLES, chunk.triangles.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_SETUP, chunk.setup.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_BINS, chunk.bins.id());
    glBindBufferRange(GL_UNIFORM_BUFFER, VOX_UBO_PARAMS, params, paramsStride * GLintptr(c),
                      sizeof(shared::VoxParams));
}

void VoxelPasses::runSetup() const {
    gl::DebugGroup group("voxelize setup");
    use(setup);
    for (size_t c = 0; c < chunkCount(); ++c) {
        bindChunk(c);
        occupancy::dispatchItems(int(triangleCount(c)), VOX_SETUP_LOCAL_SIZE);
    }
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void VoxelPasses::bindMeshTextures() const {
    glBindTextureUnit(VOX_UNIT_TEXTURES, mesh.textures->texture.id());
    glBindSampler(VOX_UNIT_TEXTURES, 0); // the texture's own filtering and wrapping
}

void VoxelPasses::renderToAtlas() const {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, atlasFramebuffer);
    glViewport(0, 0, layout.atlasSize, layout.atlasSize);
}

void VoxelPasses::renderToColumns() const {
    const int columns = std::max({layout.volume.x, layout.volume.y, layout.volume.z});
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, columnFramebuffer);
    glViewport(0, 0, columns, columns);
}

void VoxelPasses::bindOwners() const {
    glBindImageTexture(VOX_IMAGE_ATLAS_U32, owners, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
}

void VoxelPasses::bindBits() const {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_BITS, bits);
}

void VoxelPasses::drawChunks(gl::ProgramId program, int verticesPerTriangle) const {
    use(program);
    for (size_t c = 0; c < chunkCount(); ++c) {
        bindChunk(c);
        glDrawArrays(GL_TRIANGLES, 0, GLsizei(triangleCount(c) * std::uint32_t(verticesPerTriangle)));
    }
}

} // namespace dicer::voxel
