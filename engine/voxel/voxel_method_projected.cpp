// Voxelization method "projected" (voxel_method_projected.h): one quad per triangle, the box of its projection
// along its sampling axis; owner and colour passes through an image. Based on: Schwarz & Seidel (SIGGRAPH
// Asia 2010), Crassin & Green (OpenGL Insights 2012) for dominant-axis sampling.
#include "voxel_method_projected.h"

#include "voxel_passes.h"
#include "voxelizer_state.h"

#include "gl_debug.h"

#include <array>
#include <map>
#include <string>

namespace dicer::voxel {
using voxelizer_detail::kAtlasWrittenByImage;
using voxelizer_detail::kBitsWritten;
namespace {

constexpr int kVerticesPerTriangle = 6; // the projection box: one quad per triangle

Result<gl::ProgramId> addProgram(gl::ShaderLibrary& shaders, std::string name, const char* passDefine,
                                 const std::string& slotFile = {}) {
    std::vector<gl::ShaderStageFile> stages = {{GL_VERTEX_SHADER, "voxelize_project.vert.glsl"},
                                               {GL_FRAGMENT_SHADER, "voxelize_project.frag.glsl"}};
    if (!slotFile.empty()) stages.push_back({GL_FRAGMENT_SHADER, slotFile}); // a second object of the stage
    return shaders.add({std::move(name), std::move(stages), {{passDefine, ""}}});
}

class ProjectedMethod final : public SurfaceMethod {
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
        glMemoryBarrier(kAtlasWrittenByImage);
    }

    void markBits(const VoxelPasses& passes) override {
        passes.runSetup();
        gl::DebugGroup group("voxelize projected");
        passes.renderToColumns();
        passes.bindMeshTextures();
        passes.bindBits(); // one pass: a voxel's bit does not depend on which triangle sets it
        passes.drawChunks(m_bits, kVerticesPerTriangle);
        glMemoryBarrier(kBitsWritten);
    }

    Result<void> addSlotPrograms(gl::ShaderLibrary& shaders, const std::string& slotFile) override {
        if (m_slots.count(slotFile)) return {}; // the library keeps every program it built: once per file
        Result<gl::ProgramId> owner =
            addProgram(shaders, "voxelize projected slot owner", "VOX_PASS_SLOT_OWNER", slotFile);
        if (!owner) return makeError(owner.error());
        Result<gl::ProgramId> colour =
            addProgram(shaders, "voxelize projected slot colour", "VOX_PASS_SLOT_COLOR", slotFile);
        if (!colour) return makeError(colour.error());
        m_slots[slotFile] = {*owner, *colour};
        return {};
    }

    std::vector<gl::ProgramId> slotPrograms(const std::string& slotFile) const override {
        auto it = m_slots.find(slotFile);
        if (it == m_slots.end()) return {};
        return {it->second.begin(), it->second.end()};
    }

    void markSlots(const VoxelPasses& passes, SlotPass pass) override {
        if (pass == SlotPass::Owner) passes.runSetup(); // the colour pass reads the same setup records
        passes.renderToColumns();
        passes.drawChunks(m_slots.at(passes.slotFile)[pass == SlotPass::Owner ? 0 : 1], kVerticesPerTriangle);
    }

private:
    std::array<gl::ProgramId, 2> m_atlas; // owner pass, colour pass
    gl::ProgramId m_bits;
    std::map<std::string, std::array<gl::ProgramId, 2>> m_slots; // per slot function: owner, colour
};

} // namespace

// Nothing beyond what Voxelizer::create requires of every method: storage buffers in vertex and fragment
// shaders; image atomics in fragment shaders are core GL 4.5.
bool projectedMethodAvailable(const gl::GlInfo& /*info*/) {
    return true;
}

Result<std::unique_ptr<SurfaceMethod>> createProjectedMethod(gl::ShaderLibrary& shaders, const gl::GlInfo&) {
    Result<gl::ProgramId> owner = addProgram(shaders, "voxelize projected owner", "VOX_PASS_OWNER");
    if (!owner) return makeError(owner.error());
    Result<gl::ProgramId> colour = addProgram(shaders, "voxelize projected colour", "VOX_PASS_COLOR");
    if (!colour) return makeError(colour.error());
    Result<gl::ProgramId> bits = addProgram(shaders, "voxelize projected bits", "VOX_PASS_BITS");
    if (!bits) return makeError(bits.error());
    return std::unique_ptr<SurfaceMethod>(
        std::make_unique<ProjectedMethod>(std::array<gl::ProgramId, 2>{*owner, *colour}, *bits));
}

} // namespace dicer::voxel
