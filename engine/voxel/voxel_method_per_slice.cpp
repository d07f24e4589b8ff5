// Voxelization method "per-slice" (voxel_method_per_slice.h): one draw per slice, as 2006. Based on:
// Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "voxel_method_per_slice.h"

#include "voxel_method_slab.h"
#include "voxel_passes.h"

#include "voxel_shared.h"

namespace dicer::voxel {
namespace {

class PerSliceMethod final : public SlabMethod {
public:
    explicit PerSliceMethod(gl::ProgramId surface) : SlabMethod(surface) {}

private:
    void drawChunk(const VoxelPasses& passes, size_t chunk) override {
        passes.use(m_surface);
        const auto vertices = GLsizei(passes.triangleCount(chunk) * 6); // a quad per triangle
        for (int slice = 0; slice < passes.layout.volume.z; ++slice) {
            glUniform1i(VOX_LOC_SLICE, slice);
            glDrawArrays(GL_TRIANGLES, 0, vertices);
        }
    }
};

} // namespace

// Nothing beyond what Voxelizer::create requires of every method (storage buffers in vertex and fragment
// shaders): plain draws.
bool perSliceMethodAvailable(const gl::GlInfo& /*info*/) {
    return true;
}

Result<std::unique_ptr<SurfaceMethod>> createPerSliceMethod(gl::ShaderLibrary& shaders, const gl::GlInfo&) {
    Result<gl::ProgramId> surface = addSlabProgram(shaders, "per-slice", "VOX_DRAW_PER_SLICE");
    if (!surface) return makeError(surface.error());
    return std::unique_ptr<SurfaceMethod>(std::make_unique<PerSliceMethod>(*surface));
}

} // namespace dicer::voxel
