// Colours of the occupancy-bits output per point slot (voxelizer.h, "COLOURS IN BITS MODE"): the owner and
// colour passes of the atlas output run again after the point list exists, with the destination "slot of the
// voxel" (a function linked in from another file: the HistoPyramid's rank, or voxelize_slot_dense.glsl in
// tests) instead of the voxel's atlas texel, so the colour of point k is the atlas output's colour of its
// voxel while a frame clears O(points) bytes instead of 4 per voxel.
#include "voxelizer.h"

#include "allocation.h"
#include "storage_blocks.h"
#include "voxel_passes.h"
#include "gpu_pass.h"

#include "gl_debug.h"
#include "voxel_shared.h"

#include <algorithm>
#include <iterator>
#include <string>

namespace dicer::voxel {

const char* slotRankFile(occupancy::VoxelOutput output) {
    // In enumerator order: the atlas, the bits (hpb_rank.glsl), the sparse occupancy (hps_rank.glsl).
    static constexpr const char* kFiles[] = {nullptr, "voxelize_slot_rank.glsl",
                                             "voxelize_slot_sparse_rank.glsl"};
    static_assert(std::size(kFiles) == occupancy::kVoxelOutputs.size(), "a slot function (or none) per output");
    return kFiles[int(output)];
}

Result<void> Voxelizer::enableSlotColors(const std::string& slotFile, std::uint32_t capacity) {
    const std::int64_t ownerBytes = (std::int64_t(capacity) + VOX_SLOTS_HEADER) * 4;
    if (Result<void> r = gl::checkOneBlock("slot colours", capacity, "slots", ownerBytes, "owners", m_info); !r)
        return r;
    // The shader library keeps every program it built (for reloads), so each is built once: the count and clear
    // passes (no slot function) once, the marking passes and the fill once per slot function (switching between
    // the bits and the sparse output, or a larger point buffer, reuses them).
    std::array<gl::ProgramId, 2> prepare = m_slotPrepare;
    const auto known = m_fillSlots.find(slotFile);
    gl::ProgramId fill = known != m_fillSlots.end() ? known->second : gl::ProgramId{};
    auto add = [&](gl::ProgramId& id, gl::ProgramDesc desc) {
        return m_shaders->addInto(id, std::move(desc));
    };
    const char* prepareDefine[2] = {"VOX_SLOTS_ARGS", "VOX_SLOTS_CLEAR"};
    Result<void> r;
    for (int i = 0; i < 2 && r && !prepare[1].valid(); ++i)
        r = add(prepare[size_t(i)], {std::string("voxelize slots ") + (i ? "clear" : "count"),
                                     {{GL_COMPUTE_SHADER, "voxelize_slots_prepare.comp.glsl"}},
                                     {{prepareDefine[i], ""}}});
    // The marking passes are the methods' (each keeps its programs per slot file, so a failure below leaves
    // the active file's in place), for every row that writes an output with slot colours; the slot function is
    // a second shader object of the stage that calls it.
    auto writesRanked = [](const VoxMethodInfo& row) {
        return std::ranges::any_of(occupancy::kVoxelOutputs,
                                   [&](occupancy::VoxelOutput o) { return occupancy::hasSlotColors(o) && row.canWrite(o); });
    };
    for (size_t row = 0; row < m_methods.size() && r && !fill.valid(); ++row)
        if (m_methods[row] && writesRanked(voxMethodTable()[row]))
            r = m_methods[row]->addSlotPrograms(*m_shaders, slotFile);
    if (r && !fill.valid())
        r = add(fill, {"voxelize solid fill slots",
                       {{GL_COMPUTE_SHADER, "voxelize_fill.comp.glsl"}, {GL_COMPUTE_SHADER, slotFile}},
                       {{"VOX_FILL_SLOTS", ""}}});
    if (!r) return makeError(r.error());
    Result<gl::Buffer> owners =
        gl::allocateBuffer(GLsizeiptr(ownerBytes), nullptr, 0, "voxelizer slot owners");
    if (!owners) return makeError(owners.error());
    Result<gl::Buffer> colors =
        gl::allocateBuffer(GLsizeiptr(std::int64_t(capacity) * 4), nullptr, 0, "voxelizer slot colours");
    if (!colors) return makeError(colors.error() + " (" + std::to_string(capacity) + " slots)");
    m_slotPrepare = prepare;
    m_fillSlots[slotFile] = fill;
    m_slotOwners = std::move(owners.value());
    m_slotColors = std::move(colors.value());
    m_slotCapacity = capacity;
    m_slotFile = slotFile;
    return {};
}

std::vector<GLuint> Voxelizer::slotPrograms() const {
    std::vector<GLuint> programs;
    if (m_slotCapacity == 0) return programs;
    for (const std::unique_ptr<VoxMethod>& method : m_methods)
        if (method)
            for (gl::ProgramId id : method->slotPrograms(m_slotFile))
                programs.push_back(m_shaders->get(id));
    programs.push_back(m_shaders->get(m_fillSlots.at(m_slotFile)));
    return programs;
}

void Voxelizer::colorSlots(const VoxelizeParams& params, GLuint countBuffer, GLintptr countOffset) {
    if (m_slotCapacity == 0 || !occupancy::hasSlotColors(m_storage.output()) || !hasLayout() || !hasMesh()) return;
    // voxelize() logged a refused method or mode (the sparse output holds no solid) and left the output empty.
    if (!checkOutput(params.method, m_storage.output()) || !checkMode(m_storage.output(), params.mode)) return;
    VoxMethod* method = m_methods[size_t(params.method.row)].get();
    if (!method) return; // not available on this driver: voxelize() logged it
    gl::DebugGroup group("voxelize slot colours");
    occupancy::StateGuard state;
    glBindVertexArray(m_vao.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_TEXTURES, m_mesh.textureSlots.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_SLOT_OWNERS, m_slotOwners.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, VOX_BIND_SLOT_COLORS, m_slotColors.id());
    glBindTextureUnit(VOX_UNIT_TEXTURES, m_mesh.textures->texture.id());
    glBindSampler(VOX_UNIT_TEXTURES, 0);
    uploadParams(params);
    // The count on the GPU (no readback), clamped, and owner[0, count) cleared by an indirect dispatch.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // the count may have just been written by a shader
    glCopyNamedBufferSubData(countBuffer, m_slotOwners.id(), countOffset, 12, 4);
    glUseProgram(m_shaders->get(m_slotPrepare[0]));
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glUseProgram(m_shaders->get(m_slotPrepare[1]));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_slotOwners.id());
    glDispatchComputeIndirect(0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    const VoxelPasses p = passes();
    for (SlotPass pass : {SlotPass::Owner, SlotPass::Color}) { // owners of every chunk, then their colours
        method->markSlots(p, pass);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (params.mode == VoxelMode::Solid) {
        // The interior colour per column (the atlas output's second crossing pass; voxelize() left the
        // markers and lowest crossings), then every inside voxel without a surface owner takes it.
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_columnFbo.id());
        glViewport(0, 0, m_storage.layout().volume.x, m_storage.layout().volume.y);
        glEnable(GL_DEPTH_CLAMP);
        glBindImageTexture(VOX_IMAGE_PARITY, m_parity.id(), 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32UI);
        p.drawChunks(m_crossings[1], 3);
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT); // the markers: the next crossing pass, the fill
        glDisable(GL_DEPTH_CLAMP);
        p.use(m_fillSlots.at(m_slotFile));
        // The markers as an image, bound again: image bindings are transient (binding_ranges.h).
        glBindImageTexture(VOX_IMAGE_PARITY, m_parity.id(), 0, GL_TRUE, 0, GL_READ_ONLY, GL_R32UI);
        occupancy::dispatchItems(m_storage.layout().volume.x * m_storage.layout().volume.y, VOX_FILL_LOCAL_SIZE); // one item per column
    }
    glMemoryBarrier(occupancy::kBitsWritten);
}

} // namespace dicer::voxel
