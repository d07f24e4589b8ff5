// Vox method "compute" (vox_method_compute.h): the projected method's work in compute passes, with
// a voxel list for the colour pass. Based on: Schwarz & Seidel, "Fast Parallel Surface and Solid Voxelization
// on GPUs" (SIGGRAPH Asia 2010).
#include "vox_method_compute.h"

#include "allocation.h"
#include "voxel_passes.h"
#include "voxel_slot_programs.h"
#include "gpu_pass.h"

#include "gl_debug.h"
#include "voxel_shared.h"

#include <algorithm>
#include <string>

namespace dicer::voxel {
namespace {

// One pass of the method: the per-triangle dispatch (small triangles), then the indirect one over the
// chunk's large triangles.
struct Dispatches {
    gl::ProgramId triangles, large;
};
std::vector<gl::ProgramId> programsOf(const Dispatches& d) { // SlotPrograms::programs
    return {d.triangles, d.large};
}

// An indirect dispatch of no groups and a list of length 0: the large-triangle list's and the voxel list's
// headers before a pass that appends.
constexpr GLuint kEmptyList[4] = {0, 1, 1, 0};

Result<Dispatches> addDispatches(gl::ShaderLibrary& shaders, const std::string& name, const char* passDefine,
                                 const std::string& slotFile = {}) {
    auto add = [&](const char* kind) {
        std::vector<gl::ShaderStageFile> stages = {{GL_COMPUTE_SHADER, "voxelize_compute.comp.glsl"}};
        if (!slotFile.empty())
            stages.push_back({GL_COMPUTE_SHADER, slotFile}); // a second object of the stage
        return shaders.add({name + " " + kind, std::move(stages), {{passDefine, ""}, {kind, ""}}});
    };
    Result<gl::ProgramId> triangles = add("VOX_COMPUTE_TRIANGLES");
    if (!triangles) return makeError(triangles.error());
    Result<gl::ProgramId> large = add("VOX_COMPUTE_LARGE");
    if (!large) return makeError(large.error());
    return Dispatches{*triangles, *large};
}

class ComputeMethod final : public SlotMarkingMethod<Dispatches> {
public:
    ComputeMethod(Dispatches owner, Dispatches colour, gl::ProgramId colorVoxels, Dispatches bits,
                  gl::ProgramId sparseBricks, Dispatches sparseBits, std::int64_t maxStorageBlockBytes)
        : m_owner(owner), m_color(colour), m_colorVoxels(colorVoxels), m_bits(bits),
          m_sparseBricks(sparseBricks), m_sparseBits(sparseBits),
          m_maxStorageBlockBytes(maxStorageBlockBytes) {}

    void markAtlas(const VoxelPasses& passes) override {
        gl::DebugGroup group("voxelize compute");
        passes.bindMeshTextures();
        passes.bindOwners();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_ARGS, m_voxelList.id());
        glClearNamedBufferSubData(m_voxelList.id(), GL_RGBA32UI, 0, 16, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
                                  kEmptyList);
        for (size_t c = 0; c < passes.chunkCount(); ++c) { // owners, and the list of marked voxels
            passes.bindChunk(c);
            emptyLargeList(passes, c);
            run(passes, c, m_owner);
        }
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                        GL_COMMAND_BARRIER_BIT);
        passes.use(m_colorVoxels); // colours: each listed voxel by its owner's chunk
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_voxelList.id());
        for (size_t c = 0; c < passes.chunkCount(); ++c) {
            passes.bindChunk(c);
            glDispatchComputeIndirect(0);
        }
        if (!m_voxelListComplete) { // the list may have overflowed: those passes return at once if it did not
            glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
            for (size_t c = 0; c < passes.chunkCount(); ++c) {
                passes.bindChunk(c);
                run(passes, c, m_color);
            }
        }
        glMemoryBarrier(occupancy::kAtlasWrittenByImage);
    }

    void markBits(const VoxelPasses& passes) override {
        gl::DebugGroup group("voxelize compute");
        passes.bindMeshTextures();
        passes.bindBits();
        for (size_t c = 0; c < passes.chunkCount(); ++c) { // one marking pass, large triangles listed
            passes.bindChunk(c);
            emptyLargeList(passes, c);
            run(passes, c, m_bits);
        }
        glMemoryBarrier(occupancy::kBitsWritten);
    }

    // The bricks into the coarse map per block of columns (one invocation per triangle, large ones listed), the
    // slots handed out, then the bits into the slots (both dispatches, the large-triangle lists visited again).
    void markSparse(const VoxelPasses& passes) override {
        gl::DebugGroup group("voxelize compute sparse");
        passes.bindMeshTextures();
        passes.sparse->bind();
        passes.use(m_sparseBricks);
        for (size_t c = 0; c < passes.chunkCount(); ++c) {
            passes.bindChunk(c);
            emptyLargeList(passes, c);
            occupancy::dispatchItems(int(passes.triangleCount(c)), VOX_COMPUTE_LOCAL_SIZE);
        }
        glMemoryBarrier(occupancy::kBitsWritten);
        passes.sparse->allocate(); // binds its own programs; the structure stays bound
        for (size_t c = 0; c < passes.chunkCount(); ++c) {
            passes.bindChunk(c);
            run(passes, c, m_sparseBits);
        }
        glMemoryBarrier(occupancy::kBitsWritten);
    }

    Result<Dispatches> addSlotPass(gl::ShaderLibrary& shaders, const char* label, const char* passDefine,
                                   const std::string& slotFile) override {
        return addDispatches(shaders, std::string("voxelize compute ") + label, passDefine, slotFile);
    }

    void markSlots(const VoxelPasses& passes, SlotPass pass) override {
        const Dispatches& programs = m_slots.at(passes.slotFile, pass);
        for (size_t c = 0; c < passes.chunkCount(); ++c) {
            passes.bindChunk(c);
            // The owner pass lists the large triangles, the colour pass visits the same list.
            if (pass == SlotPass::Owner) emptyLargeList(passes, c);
            run(passes, c, programs);
        }
    }

    // The voxel list: every voxel of the volume when the driver's storage blocks allow it (up to 32M voxels
    // on llvmpipe), otherwise as many as they hold, and the per-triangle colour fallback runs. The bits output
    // lists no voxels (it has no colour pass).
    Result<void> prepareLayout(const MethodLayout& m) override {
        m_pending = {};
        const glm::ivec3 volume = m.layout.volume;
        const std::int64_t voxels = std::int64_t(volume.x) * volume.y * volume.z;
        std::int64_t capacity = std::min(voxels, m_maxStorageBlockBytes / 4 - VOX_VOXELS_HEADER);
        if (m.listLimit > 0) capacity = std::min(capacity, m.listLimit);
        m_pendingComplete = capacity >= voxels;
        if (m.output != occupancy::VoxelOutput::Atlas) return {};
        Result<gl::Buffer> list = gl::allocateBuffer(GLsizeiptr((capacity + VOX_VOXELS_HEADER) * 4), nullptr,
                                                     0, "voxelizer voxel list (compute method)");
        if (!list) return makeError(list.error() + " (volume " + occupancy::volumeText(volume) + ")");
        m_pending = std::move(list.value());
        return {};
    }

    void adoptLayout(bool adopt) override {
        if (adopt) {
            m_voxelList = std::move(m_pending);
            m_voxelListComplete = m_pendingComplete;
        }
        m_pending = {};
    }

private:
    static void emptyLargeList(const VoxelPasses& passes, size_t c) {
        const GLintptr header = GLintptr(passes.triangleCount(c)) * 16; // after the chunk's bins
        glClearNamedBufferSubData(passes.mesh.chunks[c].bins.id(), GL_RGBA32UI, header, 16, GL_RGBA_INTEGER,
                                  GL_UNSIGNED_INT, kEmptyList);
    }
    // One pass over the bound chunk c: small triangles, then the large ones the first dispatch listed.
    static void run(const VoxelPasses& passes, size_t c, const Dispatches& d) {
        passes.use(d.triangles);
        occupancy::dispatchItems(int(passes.triangleCount(c)), VOX_COMPUTE_LOCAL_SIZE);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        passes.use(d.large);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, passes.mesh.chunks[c].bins.id());
        glDispatchComputeIndirect(GLintptr(passes.triangleCount(c)) * 16); // the large list's header
    }

    Dispatches m_owner, m_color; // atlas output: the owner pass; the colour fallback past a full list
    gl::ProgramId m_colorVoxels; // atlas output: the colour pass over the voxel list
    Dispatches m_bits;            // bits output: the marking pass
    gl::ProgramId m_sparseBricks; // sparse output: the brick pass (per triangle only)
    Dispatches m_sparseBits;      // sparse output: the bits pass
    std::int64_t m_maxStorageBlockBytes;
    gl::Buffer m_voxelList;           // header + one texel per marked voxel (VOX_BIND_ARGS); atlas output
    bool m_voxelListComplete = false; // it can hold every voxel of the volume (no fallback colour pass)
    gl::Buffer m_pending;             // prepareLayout's list, until adoptLayout
    bool m_pendingComplete = false;
};

} // namespace

// A work group of VOX_COMPUTE_LOCAL_SIZE invocations per 64 triangles, and of VOX_COMPUTE_TILE^2 per large one.
bool computeMethodAvailable(const gl::GlInfo& info) {
    return info.maxComputeInvocations >=
           std::max(VOX_COMPUTE_LOCAL_SIZE, VOX_COMPUTE_TILE * VOX_COMPUTE_TILE);
}

Result<std::unique_ptr<VoxMethod>> createComputeMethod(gl::ShaderLibrary& shaders,
                                                           const gl::GlInfo& info) {
    Result<Dispatches> owner = addDispatches(shaders, "voxelize compute owner", "VOX_PASS_OWNER");
    if (!owner) return makeError(owner.error());
    Result<Dispatches> colour = addDispatches(shaders, "voxelize compute colour", "VOX_PASS_COLOR");
    if (!colour) return makeError(colour.error());
    Result<gl::ProgramId> colorVoxels = shaders.add({"voxelize compute colour VOX_COMPUTE_VOXELS",
                                                      {{GL_COMPUTE_SHADER, "voxelize_compute.comp.glsl"}},
                                                      {{"VOX_PASS_COLOR", ""}, {"VOX_COMPUTE_VOXELS", ""}}});
    if (!colorVoxels) return makeError(colorVoxels.error());
    Result<Dispatches> bits = addDispatches(shaders, "voxelize compute bits", "VOX_PASS_BITS");
    if (!bits) return makeError(bits.error());
    Result<gl::ProgramId> bricks =
        shaders.add({"voxelize compute sparse bricks VOX_COMPUTE_TRIANGLES",
                     {{GL_COMPUTE_SHADER, "voxelize_compute.comp.glsl"}},
                     {{"VOX_PASS_SPARSE_BRICKS", ""}, {"VOX_COMPUTE_TRIANGLES", ""}}});
    if (!bricks) return makeError(bricks.error());
    Result<Dispatches> sparseBits =
        addDispatches(shaders, "voxelize compute sparse bits", "VOX_PASS_SPARSE_BITS");
    if (!sparseBits) return makeError(sparseBits.error());
    return std::unique_ptr<VoxMethod>(std::make_unique<ComputeMethod>(
        *owner, *colour, *colorVoxels, *bits, *bricks, *sparseBits, info.maxStorageBlockBytes));
}

} // namespace dicer::voxel
