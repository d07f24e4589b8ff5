// Colours of the occupancy-bits output per point slot (voxelizer.h, "COLOURS IN BITS MODE"): the owner and
// colour passes of the atlas output run again after the point list exists, with the destination "slot of the
// voxel" (a function linked in from another file: the HistoPyramid's rank, or voxelize_slot_dense.glsl in
// tests) instead of the voxel's atlas texel, so the colour of point k is the atlas output's colour of its
// voxel while a frame clears O(points) bytes instead of 4 per voxel.
#include "voxelizer.h"

#include "gl_debug.h"
#include "voxel_shared.h"
#include "voxelizer_state.h"

#include <algorithm>
#include <string>

namespace dicer {
using voxelizer_detail::groups;
using voxelizer_detail::kBitsWritten;
using voxelizer_detail::StateGuard;

Result<void> Voxelizer::enableSlotColors(const std::string& slotFile, std::uint32_t capacity) {
    const std::int64_t ownerBytes = (std::int64_t(capacity) + VOX_SLOTS_HEADER) * 4;
    if (capacity == 0 || ownerBytes > m_info.maxStorageBlockBytes)
        return makeError("slot colours: " + std::to_string(capacity) + " slots need " +
                         std::to_string(ownerBytes) +
                         " bytes of owners, but the capacity must be at least 1 and the driver's "
                         "GL_MAX_SHADER_STORAGE_BLOCK_SIZE is " +
                         std::to_string(m_info.maxStorageBlockBytes));
    std::array<gl::ProgramId, 2> prepare = m_slotPrepare, project = m_projectSlots;
    std::array<gl::ProgramId, 4> compute = m_computeSlots;
    gl::ProgramId fill = m_fillSlots;
    // The shader library keeps every program it built (for reloads): build them once per slot function.
    const bool built = fill.valid() && slotFile == m_slotFile;
    auto add = [&](gl::ProgramId& id, gl::ProgramDesc desc) -> Result<void> {
        Result<gl::ProgramId> program = m_shaders->add(std::move(desc));
        if (!program) return makeError(program.error());
        id = *program;
        return {};
    };
    const char* prepareDefine[2] = {"VOX_SLOTS_ARGS", "VOX_SLOTS_CLEAR"};
    const char* passDefine[2] = {"VOX_PASS_SLOT_OWNER", "VOX_PASS_SLOT_COLOR"};
    const char* kindDefine[2] = {"VOX_COMPUTE_TRIANGLES", "VOX_COMPUTE_LARGE"};
    Result<void> r;
    for (int i = 0; i < 2 && r && !built; ++i)
        r = add(prepare[size_t(i)], {std::string("voxelize slots ") + (i ? "clear" : "count"),
                                     {{GL_COMPUTE_SHADER, "voxelize_slots_prepare.comp.glsl"}},
                                     {{prepareDefine[i], ""}}});
    // The slot function is a second shader object of the stage that calls it.
    for (int pass = 0; pass < 2 && r && !built; ++pass)
        r = add(project[size_t(pass)], {std::string("voxelize projected slot ") + (pass ? "colour" : "owner"),
                                        {{GL_VERTEX_SHADER, "voxelize_project.vert.glsl"},
                                         {GL_FRAGMENT_SHADER, "voxelize_project.frag.glsl"},
                                         {GL_FRAGMENT_SHADER, slotFile}},
                                        {{passDefine[pass], ""}}});
    for (int program = 0; program < 4 && r && !built; ++program)
        r = add(compute[size_t(program)],
                {std::string("voxelize compute slot ") + (program / 2 ? "colour " : "owner ") +
                     kindDefine[program % 2],
                 {{GL_COMPUTE_SHADER, "voxelize_compute.comp.glsl"}, {GL_COMPUTE_SHADER, slotFile}},
                 {{passDefine[program / 2], ""}, {kindDefine[program % 2], ""}}});
    if (r && !built)
        r = add(fill, {"voxelize solid fill slots",
                       {{GL_COMPUTE_SHADER, "voxelize_fill.comp.glsl"}, {GL_COMPUTE_SHADER, slotFile}},
                       {{"VOX_FILL_SLOTS", ""}}});
    if (!r) return makeError(r.error());
    gl::ErrorScope errors("Voxelizer::enableSlotColors");
    gl::Buffer owners = gl::createBufferStorage(GLsizeiptr(ownerBytes), nullptr, 0, "voxelizer slot owners");
    gl::Buffer colors =
        gl::createBufferStorage(GLsizeiptr(std::int64_t(capacity) * 4), nullptr, 0, "voxelizer slot colours");
    if (errors.ownErrors() != 0)
        return makeError("allocating " + std::to_string(capacity) + " slot colours failed (" +
                         gl::errorName(errors.firstError()) + ")");
    m_slotPrepare = prepare;
    m_projectSlots = project;
    m_computeSlots = compute;
    m_fillSlots = fill;
    m_slotOwners = std::move(owners);
    m_slotColors = std::move(colors);
    m_slotCapacity = capacity;
    m_slotFile = slotFile;
    return {};
}

std::vector<GLuint> Voxelizer::slotPrograms() const {
    std::vector<GLuint> programs;
    if (!m_fillSlots.valid()) return programs;
    for (gl::ProgramId id : m_projectSlots)
        programs.push_back(m_shaders->get(id));
    for (gl::ProgramId id : m_computeSlots)
        programs.push_back(m_shaders->get(id));
    programs.push_back(m_shaders->get(m_fillSlots));
    return programs;
}

void Voxelizer::markSlots(VoxelMethod method, int pass) {
    if (method == VoxelMethod::Projected) {
        const int columns = std::max({m_layout.volume.x, m_layout.volume.y, m_layout.volume.z});
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_columnFbo.id());
        glViewport(0, 0, columns, columns);
        glUseProgram(m_shaders->get(m_projectSlots[size_t(pass)]));
        for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
            bindChunk(c);
            glDrawArrays(GL_TRIANGLES, 0, GLsizei(m_mesh.chunks[c].triangleCount * 6));
        }
        return;
    }
    const GLuint reset[4] = {0, 1, 1, 0}; // the large triangles' indirect dispatch (no groups), length 0
    for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
        const VoxelMeshChunk& chunk = m_mesh.chunks[c];
        bindChunk(c);
        const GLintptr header = GLintptr(chunk.triangleCount) * 16; // after the chunk's bins
        if (pass == 0) // the owner pass lists the large triangles, the colour pass visits the same list
            glClearNamedBufferSubData(chunk.bins.id(), GL_RGBA32UI, header, 16, GL_RGBA_INTEGER,
                                      GL_UNSIGNED_INT, reset);
        glUseProgram(m_shaders->get(m_computeSlots[size_t(pass * 2)]));
        const GLuint needed = groups(int(chunk.triangleCount), VOX_COMPUTE_LOCAL_SIZE);
        const GLuint x = std::min(needed, 65535u);
        glDispatchCompute(x, (needed + x - 1) / x, 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
        glUseProgram(m_shaders->get(m_computeSlots[size_t(pass * 2 + 1)]));
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, chunk.bins.id());
        glDispatchComputeIndirect(header);
    }
}

void Voxelizer::colorSlots(const VoxelizeParams& params, GLuint countBuffer, GLintptr countOffset) {
    if (m_slotCapacity == 0 || m_output != VoxelOutput::Bits || !hasLayout() || !hasMesh()) return;
    if (!checkOutput(params.method, m_output)) return; // voxelize() logged it
    gl::DebugGroup group("voxelize slot colours");
    StateGuard state;
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
    if (params.method == VoxelMethod::Projected) runSetup();
    for (int pass = 0; pass < 2; ++pass) { // owners of every chunk, then the owners' colours
        markSlots(params.method, pass);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (params.mode == VoxelMode::Solid) {
        // The interior colour per column (the atlas output's second crossing pass; voxelize() left the
        // markers and lowest crossings), then every inside voxel without a surface owner takes it.
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m_columnFbo.id());
        glViewport(0, 0, m_layout.volume.x, m_layout.volume.y);
        glEnable(GL_DEPTH_CLAMP);
        glBindImageTexture(VOX_IMAGE_PARITY, m_parity.id(), 0, GL_TRUE, 0, GL_READ_WRITE, GL_R32UI);
        glUseProgram(m_shaders->get(m_crossings[1]));
        for (size_t c = 0; c < m_mesh.chunks.size(); ++c) {
            bindChunk(c);
            glDrawArrays(GL_TRIANGLES, 0, GLsizei(m_mesh.chunks[c].triangleCount * 3));
        }
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
        glDisable(GL_DEPTH_CLAMP);
        glUseProgram(m_shaders->get(m_fillSlots));
        glBindTextureUnit(VOX_UNIT_PARITY, m_parity.id());
        glBindSampler(VOX_UNIT_PARITY, 0);
        const int items = m_layout.volume.x * m_layout.volume.y; // one per column
        const GLuint needed = groups(items, VOX_FILL_LOCAL_SIZE);
        const GLuint x = std::min(needed, 65535u);
        glDispatchCompute(x, (needed + x - 1) / x, 1);
    }
    glMemoryBarrier(kBitsWritten);
}

} // namespace dicer
