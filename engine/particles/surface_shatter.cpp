#include "surface_shatter.h"

#include "allocation.h"
#include "gl_debug.h"
#include "log.h"
#include "mc_shared.h"
#include "particles_shared.h"
#include "storage_blocks.h"

#include <algorithm>
#include <string>

namespace dicer::particles {

// The passes read a source vertex as one entry of the blocks (shatter_vertices.glsl): the marching cubes' uvec4.
static_assert(MC_VERTEX_BYTES == gl::kEntryBytes,
              "shatter_vertices.glsl reads a vertex as one 16-byte entry");

ps::ShatterParams packShatterParams(const ParticleTuning& tuning, const ShatterTuning& shatter,
                                    ParticlePhase phase, bool launch, std::uint32_t seed, float dt,
                                    const ShatterSource& source) {
    ps::ShatterParams params{};
    params.toWorld = source.toWorld;
    params.motion = {dt, tuning.gravity, tuning.drag, floorHeight(tuning, source.shape)};
    params.bounce = {tuning.restitution, tuning.friction, tuning.returnOmega, tuning.speed};
    params.launch = {0.f, 0.f, 0.f, tuning.noise};
    params.tumble = {shatter.tumble, shatter.normalShare, 0.f, 0.f};
    params.control = {std::uint32_t(phase), launch ? 1u : 0u, seed, 0u};
    params.grid = {source.cells, 0u};
    params.spacing = {source.spacing, 0.f};
    return params;
}

bool SurfaceShatter::isAvailable(const gl::GlInfo& info) {
    return info.maxVertexStorageBlocks >= 1 + int(gl::kEntryBlocks); // the links and the motion's blocks
}

Result<SurfaceShatter> SurfaceShatter::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    if (!isAvailable(info))
        return makeError(
            "surface shatter: the draw reads the pieces in the vertex shader (" +
            std::to_string(1 + gl::kEntryBlocks) +
            " storage blocks), and this driver offers fewer (GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS = " +
            std::to_string(info.maxVertexStorageBlocks) + ")");
    Result<ShatterPieces> pieces = ShatterPieces::create(shaders);
    if (!pieces) return makeError(pieces.error());
    SurfaceShatter shatter(shaders, info, std::move(pieces.value()));
    const gl::ProgramDesc step{"shatter step", {{GL_COMPUTE_SHADER, "shatter_update.comp.glsl"}}, {}};
    Result<void> r =
        shaders.addInto(shatter.m_args, {"shatter args", {{GL_COMPUTE_SHADER, "shatter_args.comp.glsl"}}, {}});
    if (r) r = shaders.addInto(shatter.m_step, step);
    if (r) r = shaders.addInto(shatter.m_lowest, gl::withDefine(step, "SHATTER_LOWEST", "lowest"));
    if (r) r = shaders.addInto(shatter.m_floor, gl::withDefine(step, "SHATTER_FLOOR", "floor"));
    if (r)
        r = allocateStepBuffers(shatter.m_control, shatter.m_params, SHATTER_CTRL_UINTS,
                                sizeof(ps::ShatterParams), "shatter");
    if (r) r = shatter.reserve(1024);
    if (!r) return makeError(r.error());
    return shatter;
}

std::uint32_t SurfaceShatter::maxTriangles(const gl::GlInfo& info) {
    // The links in one block, the motion in kEntryBlocks blocks of vec4 (shatter_state.glsl).
    const std::int64_t links = info.maxStorageBlockBytes / 16;
    // The motion's vec4 index (t * SHATTER_MOTION_VEC4S) is a uint in the shaders and here.
    const std::int64_t motion =
        std::min<std::int64_t>(std::int64_t(gl::kEntryBlocks) * gl::entriesPerBlock(info), UINT32_MAX) /
        SHATTER_MOTION_VEC4S;
    return std::uint32_t(std::min({links, motion, std::int64_t(UINT32_MAX)}));
}

Result<void> SurfaceShatter::reserve(std::uint32_t triangles) {
    // The state holds what the source's vertex blocks hold (maxTriangles is larger); a larger surface would be
    // stepped (and shattered) up to it, the rest left in place.
    const std::uint32_t most = maxTriangles(m_info);
    if (triangles > most && !m_toldLimit) { // once: the explosion is partial, and why
        log::warn("surface shatter: the surface's vertex buffer holds up to %u triangles, beyond the pieces' "
                  "state of %u (one storage block of links, %u blocks of motion, "
                  "GL_MAX_SHADER_STORAGE_BLOCK_SIZE): the triangles past it stay in place",
                  triangles, most, gl::kEntryBlocks);
        m_toldLimit = true;
    }
    triangles = std::min(triangles, most);
    if (triangles <= m_capacity) return {};
    // Grow by 1.5x so a slowly growing surface does not reallocate every frame; keep the old entries (those that
    // exist keep flying) and zero the rest, which shatter_apply.glsl draws as the rest pose. Both buffers or
    // neither: a refusal keeps the state as it was.
    const std::uint32_t capacity = std::uint32_t(
        std::min<std::int64_t>(std::max<std::int64_t>(triangles, m_capacity + m_capacity / 2), most));
    constexpr GLsizeiptr kLinkBytes = 16, kMotionBytes = SHATTER_MOTION_VEC4S * 16;
    Result<gl::Buffer> links = gl::allocateBuffer(capacity * kLinkBytes, nullptr, 0, "shatter links");
    if (!links) return makeError("surface shatter: " + links.error());
    Result<gl::Buffer> motion = gl::allocateBuffer(capacity * kMotionBytes, nullptr, 0, "shatter motion");
    if (!motion) return makeError("surface shatter: " + motion.error());
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // the passes' writes, before the copy reads them
    const auto keep = [&](const gl::Buffer& from, const gl::Buffer& to, GLsizeiptr entryBytes) {
        if (from) glCopyNamedBufferSubData(from.id(), to.id(), 0, 0, m_capacity * entryBytes);
        glClearNamedBufferSubData(to.id(), GL_R32UI, m_capacity * entryBytes,
                                  (capacity - m_capacity) * entryBytes, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                  nullptr);
    };
    keep(m_links, *links, kLinkBytes);
    keep(m_motion, *motion, kMotionBytes);
    m_links = std::move(links.value());
    m_motion = std::move(motion.value());
    m_capacity = capacity;
    return {};
}

void SurfaceShatter::bindState() const {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SHATTER_BIND_LINKS, m_links.id());
    gl::bindEntryBlocks(SHATTER_BIND_MOTION, m_motion.id(), m_capacity * SHATTER_MOTION_VEC4S,
                        gl::entriesPerBlock(m_info));
}

std::vector<ps::ShatterPiece> SurfaceShatter::readState(std::uint32_t triangles) const {
    triangles = std::min(triangles, m_capacity);
    std::vector<glm::uvec4> links(triangles);
    std::vector<glm::vec4> motion(std::size_t(triangles) * SHATTER_MOTION_VEC4S);
    if (triangles > 0) {
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // the passes' writes, before the read-back
        glGetNamedBufferSubData(m_links.id(), 0, GLsizeiptr(links.size() * 16), links.data());
        glGetNamedBufferSubData(m_motion.id(), 0, GLsizeiptr(motion.size() * 16), motion.data());
    }
    std::vector<ps::ShatterPiece> out(triangles);
    for (std::uint32_t t = 0; t < triangles; ++t) {
        const glm::vec4* m = &motion[std::size_t(t) * SHATTER_MOTION_VEC4S];
        out[t] = {m[0], m[1], m[2], m[3], m[4], links[t]};
    }
    return out;
}

void SurfaceShatter::dispatchOverTriangles(gl::ProgramId program) const {
    glUseProgram(m_shaders->get(program));
    glDispatchComputeIndirect(GLintptr(SHATTER_CTRL_DISPATCH * sizeof(std::uint32_t)));
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

Result<void> SurfaceShatter::update(const ShatterSource& source, const ParticleTuning& tuning, float dt,
                                    const ShatterTuning& shatter) {
    // An empty surface still runs the passes: they set the count to 0.
    if (!source.vertexBuffer || !source.headerBuffer) return {};
    // Sizes are the buffers' own state on the CPU side of the driver: no GPU wait.
    GLint64 headerBytes = 0, vertexBytes = 0;
    glGetNamedBufferParameteri64v(source.headerBuffer, GL_BUFFER_SIZE, &headerBytes);
    glGetNamedBufferParameteri64v(source.vertexBuffer, GL_BUFFER_SIZE, &vertexBytes);
    if (source.totalOffset < 0 || source.totalOffset % 4 != 0 || source.totalOffset + 4 > headerBytes)
        return makeError("surface shatter: the vertex count's offset " + std::to_string(source.totalOffset) +
                         " is not a uint inside the header buffer (" + std::to_string(headerBytes) +
                         " bytes)");
    if (std::int64_t(source.capacity) * MC_VERTEX_BYTES > vertexBytes ||
        source.capacity > gl::kEntryBlocks * std::uint64_t(gl::entriesPerBlock(m_info)))
        return makeError("surface shatter: the vertex buffer holds " + std::to_string(vertexBytes) +
                         " bytes, less than its capacity of " + std::to_string(source.capacity) +
                         " vertices, or more vertices than its storage blocks bind");
    const glm::uvec3 c = source.cells;
    if (std::uint64_t(c.x) * c.y * c.z == 0 || std::uint64_t(c.x) * c.y * c.z > UINT32_MAX)
        return makeError("surface shatter: a grid of " + std::to_string(c.x) + "x" + std::to_string(c.y) + "x" +
                         std::to_string(c.z) + " cells (1 to 2^32 cells)");
    if (Result<void> r = reserve(source.capacity / 3); !r) return r;

    gl::DebugGroup group("shatter update");
    dt = std::clamp(dt, 0.f, kMaxStep);
    const HeartBreakerPhase::Step step = m_phase.step(dt, tuning.returnOmega);
    if (step.phase == ParticlePhase::Assembled) {
        // The surface as it is: a zeroed state draws every triangle in place, whatever it changes into.
        if (!m_atRest) {
            glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT); // after the passes' writes
            glClearNamedBufferData(m_links.id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
            glClearNamedBufferData(m_motion.id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
        }
        m_atRest = true;
        m_piecesOf.reset();
        return {};
    }
    const ps::ShatterParams params = packShatterParams(tuning, shatter, step.phase, step.launch, step.seed,
                                                       dt, source);
    glNamedBufferSubData(m_params.id(), 0, sizeof params, &params);

    const GLuint args = m_shaders->get(m_args);
    glProgramUniform1ui(args, SHATTER_LOC_TOTAL_WORD, GLuint(source.totalOffset / 4));
    glProgramUniform1ui(args, SHATTER_LOC_CAPACITY, std::min(source.capacity / 3, m_capacity));
    glUseProgram(args);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SHATTER_BIND_HEADER, source.headerBuffer);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SHATTER_BIND_CONTROL, m_control.id());
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the expansion wrote the header and the vertices
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);

    glBindBufferBase(GL_UNIFORM_BUFFER, SHATTER_BIND_PARAMS, m_params.id());
    bindState();
    // A surface may be longer than one storage block: its vertices as blocks of entries (shatter_vertices.glsl).
    gl::bindEntryBlocks(SHATTER_BIND_VERTICES, source.vertexBuffer, source.capacity,
                        gl::entriesPerBlock(m_info));
    if (m_atRest || m_piecesOf != source.version) {
        if (Result<void> r = m_pieces.find(m_capacity, source.cells, m_control.id()); !r) return r;
        m_piecesOf = source.version;
        m_atRest = false;
    }
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_control.id());
    dispatchOverTriangles(m_step);
    if (step.phase == ParticlePhase::Exploding) {
        dispatchOverTriangles(m_lowest);
        dispatchOverTriangles(m_floor);
    }
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    // The draw's vertex shader reads the pieces next (the last barrier above covers it).
    return {};
}

void SurfaceShatter::bindForDraw() const {
    bindState();
}

} // namespace dicer::particles
