// Vox method "instanced" (vox_method_instanced.h): every triangle for every slice, in one
// instanced draw per chunk. Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "vox_method_instanced.h"

#include "vox_method_slab.h"
#include "voxel_passes.h"

namespace dicer::voxel {
namespace {

class InstancedMethod final : public SlabMethod {
public:
    using SlabMethod::SlabMethod;

private:
    void drawChunk(const VoxelPasses& passes, size_t chunk) override {
        passes.use(m_surface);
        glDrawArraysInstanced(GL_TRIANGLES, 0, quadVertices(passes, chunk), passes.layout.volume.z);
    }
};

} // namespace

Result<std::unique_ptr<VoxMethod>> createInstancedMethod(gl::ShaderLibrary& shaders, const gl::GlInfo&) {
    return createSlabMethod<InstancedMethod>(shaders, "instanced", "VOX_DRAW_INSTANCED");
}

} // namespace dicer::voxel
