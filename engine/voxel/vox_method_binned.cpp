// Vox method "binned" (vox_method_binned.h): a scan over the setup pass's slice bins, then one
// indirect draw of the binned (triangle, slice) quads per chunk. Based on: Ziegler, Tevs, Theobalt, Seidel,
// TR MPI-I-2006-4-002 (2006).
#include "vox_method_binned.h"

#include "allocation.h"
#include "vox_method_slab.h"
#include "voxel_passes.h"

#include "voxel_shared.h"

namespace dicer::voxel {
namespace {

class BinnedMethod final : public SlabMethod {
public:
    BinnedMethod(gl::ProgramId surface, gl::ProgramId scan, gl::Buffer args)
        : SlabMethod(surface), m_scan(scan), m_args(std::move(args)) {}

    GLuint drawArgs() const override { return m_args.id(); }

private:
    void bindOwnBuffers() override {
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_ARGS, m_args.id()); // written by the scan
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, m_args.id());
    }
    void drawChunk(const VoxelPasses& passes, size_t /*chunk*/) override {
        // The scan lays out the bound chunk's (triangle, slice) pairs and the draw arguments.
        passes.use(m_scan);
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        passes.use(m_surface);
        glDrawArraysIndirect(GL_TRIANGLES, nullptr);
    }

    gl::ProgramId m_scan;
    gl::Buffer m_args; // DrawArraysIndirectCommand, then the saturation flag (VOX_ARGS_UINTS)
};

} // namespace

// The scan is ONE work group of VOX_SCAN_LOCAL_SIZE invocations (any triangle count).
bool binnedMethodAvailable(const gl::GlInfo& info) {
    return info.maxComputeInvocations >= VOX_SCAN_LOCAL_SIZE;
}

Result<std::unique_ptr<VoxMethod>> createBinnedMethod(gl::ShaderLibrary& shaders, const gl::GlInfo&) {
    Result<gl::ProgramId> scan =
        shaders.add({"voxelize scan", {{GL_COMPUTE_SHADER, "voxelize_scan.comp.glsl"}}, {}});
    if (!scan) return makeError(scan.error());
    Result<gl::ProgramId> surface = addSlabProgram(shaders, "binned", "VOX_DRAW_BINNED");
    if (!surface) return makeError(surface.error());
    const GLuint zeros[VOX_ARGS_UINTS] = {};
    Result<gl::Buffer> args = gl::allocateBuffer(sizeof(zeros), zeros, 0, "voxelizer draw args");
    if (!args) return makeError(args.error());
    return std::unique_ptr<VoxMethod>(
        std::make_unique<BinnedMethod>(*surface, *scan, std::move(args.value())));
}

} // namespace dicer::voxel
