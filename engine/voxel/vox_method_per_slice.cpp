// Vox method "per-slice" (vox_method_per_slice.h): one draw per slice, as 2006. Based on:
// Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "vox_method_per_slice.h"

#include "vox_method_slab.h"
#include "voxel_passes.h"

#include "voxel_shared.h"

namespace dicer::voxel {
namespace {

class PerSliceMethod final : public SlabMethod {
public:
    using SlabMethod::SlabMethod;

private:
    void drawChunk(const VoxelPasses& passes, size_t chunk) override {
        passes.use(m_surface);
        for (int slice = 0; slice < passes.layout.volume.z; ++slice) {
            glUniform1i(VOX_LOC_SLICE, slice);
            glDrawArrays(GL_TRIANGLES, 0, quadVertices(passes, chunk));
        }
    }
};

} // namespace

Result<std::unique_ptr<VoxMethod>> createPerSliceMethod(gl::ShaderLibrary& shaders, const gl::GlInfo&) {
    return createSlabMethod<PerSliceMethod>(shaders, "per-slice", "VOX_DRAW_PER_SLICE");
}

} // namespace dicer::voxel
