// Voxelization method "instanced" (voxel_method_instanced.h): every triangle for every slice, in one
// instanced draw per chunk. Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "voxel_method_instanced.h"

#include "voxel_method_slab.h"
#include "voxel_passes.h"

namespace dicer::voxel {
namespace {

class InstancedMethod final : public SlabMethod {
public:
    explicit InstancedMethod(gl::ProgramId surface) : SlabMethod(surface) {}

private:
    void drawChunk(const VoxelPasses& passes, size_t chunk) override {
        passes.use(m_surface);
        const auto vertices = GLsizei(passes.triangleCount(chunk) * 6); // a quad per triangle
        glDrawArraysInstanced(GL_TRIANGLES, 0, vertices, passes.layout.volume.z);
    }
};

} // namespace

// Nothing beyond what Voxelizer::create requires of every method (storage buffers in vertex and fragment
// shaders): a plain instanced draw.
bool instancedMethodAvailable(const gl::GlInfo& /*info*/) {
    return true;
}

Result<std::unique_ptr<SurfaceMethod>> createInstancedMethod(gl::ShaderLibrary& shaders, const gl::GlInfo&) {
    Result<gl::ProgramId> surface = addSlabProgram(shaders, "instanced", "VOX_DRAW_INSTANCED");
    if (!surface) return makeError(surface.error());
    return std::unique_ptr<SurfaceMethod>(std::make_unique<InstancedMethod>(*surface));
}

} // namespace dicer::voxel
