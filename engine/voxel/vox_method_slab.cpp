// The slab methods' shared pass (vox_method_slab.h): the 2006 slicing structure, one quad per (triangle,
// slice) pair through the framebuffer. Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "vox_method_slab.h"

#include "voxel_passes.h"

#include "gl_debug.h"

#include <string>

namespace dicer::voxel {

void SlabMethod::markAtlas(const VoxelPasses& passes) {
    passes.runSetup();
    gl::DebugGroup group("voxelize surface");
    passes.renderToAtlas();
    passes.bindMeshTextures();
    bindOwnBuffers();
    // Chunks in order: within every texel the framebuffer writes keep triangle order ("last one wins").
    for (size_t c = 0; c < passes.chunkCount(); ++c) {
        passes.bindChunk(c);
        drawChunk(passes, c);
    }
}

GLsizei SlabMethod::quadVertices(const VoxelPasses& passes, size_t chunk) {
    return GLsizei(passes.triangleCount(chunk) * 6);
}

Result<gl::ProgramId> addSlabProgram(gl::ShaderLibrary& shaders, const char* method, const char* drawDefine) {
    return shaders.add(
        {std::string("voxelize surface ") + method,
         {{GL_VERTEX_SHADER, "voxelize_slab.vert.glsl"}, {GL_FRAGMENT_SHADER, "voxelize_surface.frag.glsl"}},
         {{drawDefine, ""}}});
}

} // namespace dicer::voxel
