// Vox method "projected" (vox_method_projected.h): one quad per triangle, the box of its projection
// along its sampling axis; owner and colour passes through an image. Based on: Schwarz & Seidel (SIGGRAPH
// Asia 2010), Crassin & Green (OpenGL Insights 2012) for dominant-axis sampling.
#include "vox_method_projected.h"

#include "voxel_passes.h"
#include "voxel_slot_programs.h"
#include "gpu_pass.h"

#include "gl_debug.h"

#include <array>
#include <string>

namespace dicer::voxel {
namespace {

constexpr int kVerticesPerTriangle = 6; // the projection box: one quad per triangle

Result<gl::ProgramId> addProgram(gl::ShaderLibrary& shaders, std::string name, const char* passDefine,
                                 const std::string& slotFile = {}) {
    std::vector<gl::ShaderStageFile> stages = {{GL_VERTEX_SHADER, "voxelize_project.vert.glsl"},
                                               {GL_FRAGMENT_SHADER, "voxelize_project.frag.glsl"}};
    if (!slotFile.empty()) stages.push_back({GL_FRAGMENT_SHADER, slotFile}); // a second object of the stage
    return shaders.add({std::move(name), std::move(stages), {{passDefine, ""}}});
}

class ProjectedMethod final : public SlotMarkingMethod<gl::ProgramId> {
public:
    ProjectedMethod(std::array<gl::ProgramId, 2> atlasPasses, gl::ProgramId bitsPass)
        : m_atlas(atlasPasses), m_bits(bitsPass) {}

    void markAtlas(const VoxelPasses& passes) override {
        passes.runSetup();
        gl::DebugGroup group("voxelize projected");
        passes.renderToColumns();
        passes.bindMeshTextures();
        passes.bindOwners();
        // Owners of every chunk, then the owners' colours.
        passes.drawChunks(m_atlas[0], kVerticesPerTriangle);
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
        passes.drawChunks(m_atlas[1], kVerticesPerTriangle);
        glMemoryBarrier(occupancy::kAtlasWrittenByImage);
    }

    void markBits(const VoxelPasses& passes) override {
        passes.runSetup();
        gl::DebugGroup group("voxelize projected");
        passes.renderToColumns();
        passes.bindMeshTextures();
        passes.bindBits(); // one pass: a voxel's bit does not depend on which triangle sets it
        passes.drawChunks(m_bits, kVerticesPerTriangle);
        glMemoryBarrier(occupancy::kBitsWritten);
    }

    Result<gl::ProgramId> addSlotPass(gl::ShaderLibrary& shaders, const char* label, const char* passDefine,
                                      const std::string& slotFile) override {
        return addProgram(shaders, std::string("voxelize projected ") + label, passDefine, slotFile);
    }

    void markSlots(const VoxelPasses& passes, SlotPass pass) override {
        if (pass == SlotPass::Owner) passes.runSetup(); // the colour pass reads the same setup records
        passes.renderToColumns();
        passes.drawChunks(m_slots.at(passes.slotFile, pass), kVerticesPerTriangle);
    }

private:
    std::array<gl::ProgramId, 2> m_atlas; // owner pass, colour pass
    gl::ProgramId m_bits;
};

} // namespace

Result<std::unique_ptr<VoxMethod>> createProjectedMethod(gl::ShaderLibrary& shaders, const gl::GlInfo&) {
    Result<gl::ProgramId> owner = addProgram(shaders, "voxelize projected owner", "VOX_PASS_OWNER");
    if (!owner) return makeError(owner.error());
    Result<gl::ProgramId> colour = addProgram(shaders, "voxelize projected colour", "VOX_PASS_COLOR");
    if (!colour) return makeError(colour.error());
    Result<gl::ProgramId> bits = addProgram(shaders, "voxelize projected bits", "VOX_PASS_BITS");
    if (!bits) return makeError(bits.error());
    return std::unique_ptr<VoxMethod>(
        std::make_unique<ProjectedMethod>(std::array<gl::ProgramId, 2>{*owner, *colour}, *bits));
}

} // namespace dicer::voxel
