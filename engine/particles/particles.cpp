#include "particles.h"

#include "allocation.h"
#include "gl_debug.h"
#include "hp_point.h"
#include "particle_step.h"
#include "particles_shared.h"
#include "storage_blocks.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace dicer::particles {

namespace {
bool always(const gl::GlInfo&) {
    return true;
}
// The draw's vertex shader reads the positions and the points (ENTRY_BLOCKS blocks each) and the slot colours;
// sorted blending the order too. GL guarantees no storage block in a vertex shader; llvmpipe and NVIDIA 16.
bool vertexReadsThePoints(const gl::GlInfo& info) {
    return info.maxVertexStorageBlocks >= 2 * ENTRY_BLOCKS + 1;
}
bool vertexReadsThePointsAndTheOrder(const gl::GlInfo& info) {
    return info.maxVertexStorageBlocks >= 2 * ENTRY_BLOCKS + 2;
}
constexpr ParticleRenderInfo kRenderModes[] = {
    {ParticleRender::Splats, "splats", "compute splats",
     "opaque compute splats + depth resolve (fast on llvmpipe)", false, always},
    {ParticleRender::Sprites, "sprites", "GL point sprites", "opaque GL point sprites", false, vertexReadsThePoints},
    {ParticleRender::SortedBlend, "sorted", "sorted blending",
     "translucent soft splats, alpha-blended back to front (HP counting sort of the depths every frame)",
     true, vertexReadsThePointsAndTheOrder},
};

// The PS_COLOR_* a draw shows: the model's colours come from the slot colours where the bits output made them.
int colorMode(const ParticleDraw& params) {
    if (params.color == ParticleColor::FalseColor) return PS_COLOR_FALSE;
    if (params.color == ParticleColor::Height) return PS_COLOR_HEIGHT;
    return params.slotColors ? PS_COLOR_SLOTS : PS_COLOR_MODEL;
}
} // namespace

std::span<const ParticleRenderInfo> particleRenderModes() {
    return kRenderModes;
}

const ParticleRenderInfo& particleRenderInfo(ParticleRender mode) {
    return kRenderModes[std::size_t(mode)];
}

float floorHeight(const ParticleTuning& tuning, glm::vec3 shape) {
    return tuning.floorY * shape.y;
}

float restingRadius(glm::ivec3 volume, glm::vec3 shape) {
    const glm::vec3 side = 2.f * shape / glm::vec3(glm::max(volume, glm::ivec3(1)));
    return 0.5f * std::max({side.x, side.y, side.z});
}

float floorReach(const ParticleTuning& tuning, glm::vec3 shape) {
    // The launch: the speed along the way out plus up to noise * speed per axis (psExplodeVelocity); in the
    // plane it is at most speed * (1 + noise * sqrt(2)). Drag alone would stop it after v / drag; the bounces
    // only take speed away (restitution, friction).
    const float launch = tuning.speed * (1.f + tuning.noise * std::sqrt(2.f));
    const float travel = tuning.drag > 0.f ? launch / tuning.drag : 1e3f;
    return std::max(shape.x, shape.z) + travel;
}

Result<void> allocateStepBuffers(gl::Buffer& control, gl::Buffer& params, std::uint32_t controlWords,
                                 GLsizeiptr paramsBytes, const std::string& owner) {
    const std::vector<std::uint32_t> zeros(controlWords);
    Result<gl::Buffer> c =
        gl::allocateBuffer(GLsizeiptr(zeros.size() * 4), zeros.data(), 0, owner + " control");
    if (!c) return makeError(c.error());
    Result<gl::Buffer> p =
        gl::allocateBuffer(paramsBytes, nullptr, GL_DYNAMIC_STORAGE_BIT, owner + " params");
    if (!p) return makeError(p.error());
    control = std::move(c.value());
    params = std::move(p.value());
    return {};
}

ps::ParticleParams packParticleParams(const ParticleTuning& tuning, ParticlePhase phase, bool launch,
                                      std::uint32_t seed, float dt, glm::ivec3 volume, glm::vec3 shape) {
    ps::ParticleParams params{};
    params.motion = {dt, tuning.gravity, tuning.drag, floorHeight(tuning, shape) + restingRadius(volume, shape)};
    params.bounce = {tuning.restitution, tuning.friction, tuning.returnOmega, tuning.speed};
    params.centre = {0.f, 0.f, 0.f, tuning.noise}; // the volume's centre: models are placed around it
    params.volume = {glm::vec3(glm::max(volume, glm::ivec3(1))), 0.f};
    params.control = {std::uint32_t(phase), launch ? 1u : 0u, seed, 0u};
    params.shape = {shape, 0.f};
    return params;
}

std::uint32_t ParticleSystem::maxParticles(const gl::GlInfo& info) {
    static_assert(PS_STATE_ENTRY_BYTES == HP_POINT_BYTES && HP_POINT_BYTES == gl::kEntryBytes,
                  "the state's arrays hold as many as the points");
    return gl::maxBlockedEntries(info);
}

ParticleSystem::ParticleSystem(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
    : m_shaders(&shaders), m_maxParticles(maxParticles(info)), m_perBlock(gl::entriesPerBlock(info)) {}

Result<ParticleSystem> ParticleSystem::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    ParticleSystem ps(shaders, info);
    // One update per phase, its PS_PHASE_* a constant of the program (particles_update.comp.glsl says why).
    constexpr std::pair<ParticlePhase, const char*> kUpdates[] = {
        {ParticlePhase::Assembled, "PS_PHASE_ASSEMBLED"},
        {ParticlePhase::Exploding, "PS_PHASE_EXPLODING"},
        {ParticlePhase::Returning, "PS_PHASE_RETURNING"}};
    static_assert(std::size(kUpdates) == kParticlePhases);
    for (auto [phase, value] : kUpdates) {
        std::vector<std::pair<std::string, std::string>> defines = {{"PS_UPDATE_PHASE", value}};
        if (phase == ParticlePhase::Assembled) defines.push_back({"PS_UPDATE_ASSEMBLED", ""});
        auto update = gl::addBlockedProgram(
            shaders, {std::string("particles update (") + particlePhaseName(phase) + ")",
                      {{GL_COMPUTE_SHADER, "particles_update.comp.glsl"}},
                      std::move(defines)});
        if (!update) return makeError(update.error());
        ps.m_update[std::size_t(phase)] = *update;
    }
    auto splatDepth = gl::addBlockedProgram(
        shaders, {"particles splat depth", {{GL_COMPUTE_SHADER, "particles_splat.comp.glsl"}}, {}});
    if (!splatDepth) return makeError(splatDepth.error());
    ps.m_splatDepth = *splatDepth;
    constexpr std::pair<int, const char*> kSplatColors[] = {{PS_COLOR_FALSE, "PS_COLOR_FALSE"},
                                                            {PS_COLOR_MODEL, "PS_COLOR_MODEL"},
                                                            {PS_COLOR_SLOTS, "PS_COLOR_SLOTS"},
                                                            {PS_COLOR_HEIGHT, "PS_COLOR_HEIGHT"}};
    static_assert(std::size(kSplatColors) == std::tuple_size_v<decltype(ps.m_splatColor)>);
    for (auto [mode, value] : kSplatColors) {
        auto splatColor =
            gl::addBlockedProgram(shaders, {std::string("particles splat colour (") + value + ")",
                                            {{GL_COMPUTE_SHADER, "particles_splat.comp.glsl"}},
                                            {{"PS_SPLAT_COLOR", ""}, {"PS_SPLAT_COLOR_MODE", value}}});
        if (!splatColor) return makeError(splatColor.error());
        ps.m_splatColor[std::size_t(mode)] = *splatColor;
    }
    // The draws: GL points or sprites, the same program with and without sorted blending.
    const gl::ProgramDesc draw{
        "particles draw",
        {{GL_VERTEX_SHADER, "particles_draw.vert.glsl"}, {GL_FRAGMENT_SHADER, "particles_draw.frag.glsl"}},
        {}};
    Result<void> r = shaders.addInto(ps.m_draw, draw);
    if (r) r = shaders.addInto(ps.m_drawBlend, gl::withDefine(draw, "PS_SORTED_BLEND", "sorted blending"));
    if (r)
        r = shaders.addInto(ps.m_resolve, {"particles splat resolve",
                                           {{GL_VERTEX_SHADER, "particles_resolve.vert.glsl"},
                                            {GL_FRAGMENT_SHADER, "particles_resolve.frag.glsl"}},
                                           {}});
    if (r)
        r = shaders.addInto(ps.m_args,
                            {"particles args", {{GL_COMPUTE_SHADER, "particles_args.comp.glsl"}}, {}});
    if (r)
        r = allocateStepBuffers(ps.m_control, ps.m_params, PS_CTRL_UINTS, sizeof(ps::ParticleParams),
                                "particles");
    if (r) r = ps.reserve(4096);
    if (!r) return makeError(r.error());
    ps.m_emptyVao = gl::createVertexArray("particles (attribute-less)");
    return ps;
}

Result<void> ParticleSystem::reserve(std::uint32_t particles) {
    // Never past what every per-point buffer holds: the args pass clamps the count to the capacity.
    particles = std::min(particles, m_maxParticles);
    if (particles <= m_capacity) return {};
    // Grow by 1.5x so a slowly growing cloud does not reallocate every frame; keep the old state (the
    // particles that exist keep flying).
    const std::uint32_t capacity = std::uint32_t(std::min<std::int64_t>(
        std::max<std::int64_t>(particles, std::int64_t(m_capacity) + m_capacity / 2), m_maxParticles));
    const GLsizeiptr bytes = GLsizeiptr(capacity) * PS_STATE_ENTRY_BYTES;
    // Both or neither: a refusal leaves the state as it was (never copied into a buffer without storage).
    Result<gl::Buffer> positions = gl::allocateBuffer(bytes, nullptr, 0, "particles positions");
    if (!positions) return makeError(positions.error());
    Result<gl::Buffer> velocities = gl::allocateBuffer(bytes, nullptr, 0, "particles velocities");
    if (!velocities) return makeError(velocities.error());
    const GLsizeiptr kept = GLsizeiptr(m_capacity) * PS_STATE_ENTRY_BYTES;
    if (m_positions) glCopyNamedBufferSubData(m_positions.id(), positions->id(), 0, 0, kept);
    if (m_velocities) glCopyNamedBufferSubData(m_velocities.id(), velocities->id(), 0, 0, kept);
    m_positions = std::move(positions.value());
    m_velocities = std::move(velocities.value());
    m_capacity = capacity;
    return {};
}

Result<void> ParticleSystem::update(const ParticleSource& source, const ParticleTuning& tuning, float dt) {
    // An empty point list still runs the passes: they set the draw count to 0.
    if (!source.pointBuffer || !source.counterBuffer) return {};
    gl::DebugGroup group("particles update");
    // Refused: the passes below clamp the count to the capacity the state has, so it keeps stepping.
    Result<void> grown = reserve(source.pointCapacity);
    dt = std::clamp(dt, 0.f, kMaxStep);
    const HeartBreakerPhase::Step step = m_phase.step(dt, tuning.returnOmega);
    ps::ParticleParams params =
        packParticleParams(tuning, step.phase, step.launch, step.seed, dt, source.volume, source.shape);
    glNamedBufferSubData(m_params.id(), 0, sizeof params, &params);

    GLuint args = m_shaders->get(m_args);
    glProgramUniform1ui(args, PS_LOC_CAPACITY, std::min(source.pointCapacity, m_capacity));
    glUseProgram(args);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, source.counterBuffer);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PS_BIND_CONTROL, m_control.id());
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the count pass wrote the counters
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);

    glUseProgram(m_update[std::size_t(step.phase)].get(*m_shaders, boundEntries(source), m_perBlock));
    glBindBufferBase(GL_UNIFORM_BUFFER, PS_BIND_PARAMS, m_params.id());
    gl::bindEntryBlocks(PS_BIND_POSITIONS, m_positions.id(), m_capacity, m_perBlock);
    gl::bindEntryBlocks(PS_BIND_VELOCITIES, m_velocities.id(), m_capacity, m_perBlock);
    bindPoints(source);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_control.id());
    glDispatchComputeIndirect(GLintptr(PS_CTRL_DISPATCH * sizeof(std::uint32_t)));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    return grown;
}

std::uint32_t ParticleSystem::boundEntries(const ParticleSource& source) const {
    return std::max(m_capacity, std::min(source.pointCapacity, m_maxParticles)); // the state, the points
}

void ParticleSystem::bindPoints(const ParticleSource& source) const {
    // Only the entries that exist: the source's buffer may be longer than pointCapacity, never shorter.
    gl::bindEntryBlocks(HP_BIND_POINTS, source.pointBuffer, std::min(source.pointCapacity, m_maxParticles),
                        m_perBlock);
}

// Setting a location a program does not have is GL_INVALID_OPERATION, so each program gets only its own.
void ParticleSystem::setDrawUniforms(GLuint program, const ParticleSource& source, const ParticleDraw& params,
                                     unsigned uniforms) const {
    glProgramUniformMatrix4fv(program, PS_LOC_VIEW_PROJ, 1, GL_FALSE, &params.viewProj[0][0]);
    glProgramUniform1f(program, PS_LOC_POINT_SCALE, params.pointScale);
    if (uniforms & kColorMode) glProgramUniform1i(program, PS_LOC_COLOR_MODE, colorMode(params));
    if (uniforms & kVolume) {
        glm::ivec3 volume = glm::max(source.volume, glm::ivec3(1));
        glProgramUniform3i(program, PS_LOC_VOLUME, volume.x, volume.y, volume.z);
    }
    if (uniforms & kViewport)
        glProgramUniform2i(program, PS_LOC_VIEWPORT, params.viewport.x, params.viewport.y);
}

Result<void> ParticleSystem::draw(const ParticleSource& source, const ParticleDraw& params) {
    if (!source.pointBuffer || !m_positions) return {};
    gl::bindEntryBlocks(PS_BIND_POSITIONS, m_positions.id(), m_capacity, m_perBlock);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PS_BIND_CONTROL, m_control.id());
    bindPoints(source);
    glBindTextureUnit(PS_UNIT_ATLAS, params.atlas);
    // Always bound (the shaders declare it); read only in the slot colour mode.
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PS_BIND_SLOT_COLORS,
                     params.slotColors ? params.slotColors : source.pointBuffer);
    switch (params.render) {
    case ParticleRender::Splats:
        return drawSplats(source, params);
    case ParticleRender::Sprites:
        drawPoints(source, params);
        break;
    case ParticleRender::SortedBlend:
        drawSortedBlend(source, params);
        break;
    }
    return {};
}

void ParticleSystem::drawPoints(const ParticleSource& source, const ParticleDraw& params) const {
    gl::DebugGroup group("particles draw (points)");
    GLuint program = m_shaders->get(m_draw);
    setDrawUniforms(program, source, params, kColorMode | kVolume);
    glUseProgram(program);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(m_emptyVao.id());
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, m_control.id());
    glDrawArraysIndirect(GL_POINTS, reinterpret_cast<const void*>(PS_CTRL_DRAW * sizeof(std::uint32_t)));
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    glDisable(GL_PROGRAM_POINT_SIZE);
}

void ParticleSystem::drawSortedBlend(const ParticleSource& source, const ParticleDraw& params) const {
    if (!params.order) return; // no order this frame: nothing to blend
    gl::DebugGroup group("particles draw (sorted blending)");
    GLuint program = m_shaders->get(m_drawBlend);
    setDrawUniforms(program, source, params, kColorMode | kVolume);
    glProgramUniform1f(program, PS_LOC_OPACITY, params.opacity);
    glUseProgram(program);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PS_BIND_ORDER, params.order);
    // Premultiplied alpha "over", in the order of the buffer; the sprites are depth-tested against what the
    // framebuffer holds (the mesh, the floor) but write no depth, so every one behind another still blends.
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    glEnable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(m_emptyVao.id());
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, m_control.id()); // the live count: the first sorted slots
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glDrawArraysIndirect(GL_POINTS, reinterpret_cast<const void*>(PS_CTRL_DRAW * sizeof(std::uint32_t)));
    glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
    glDisable(GL_PROGRAM_POINT_SIZE);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
}

Result<void> ParticleSystem::drawSplats(const ParticleSource& source, const ParticleDraw& params) {
    if (params.viewport.x <= 0 || params.viewport.y <= 0) return {};
    gl::DebugGroup group("particles draw (splats)");
    if (params.viewport != m_splatSize) {
        // Both or neither; refused, this frame draws no splats (images of another size would not cover the
        // viewport) and the next frame asks again.
        Result<gl::Texture> depth =
            gl::allocateTexture2D(params.viewport.x, params.viewport.y, GLenum(GL_R32UI), 1, "splat depth");
        if (!depth) return makeError(depth.error());
        Result<gl::Texture> color =
            gl::allocateTexture2D(params.viewport.x, params.viewport.y, GLenum(GL_RGBA8), 1, "splat colour");
        if (!color) return makeError(color.error());
        m_splatDepthImage = std::move(depth.value());
        m_splatColorImage = std::move(color.value());
        m_splatSize = params.viewport;
    }
    const GLuint empty = PS_SPLAT_EMPTY, zero = 0;
    glClearTexImage(m_splatDepthImage.id(), 0, GL_RED_INTEGER, GL_UNSIGNED_INT, &empty);
    // Bounds: min = empty, max = 0, grown by the depth pass.
    const GLintptr bounds = PS_CTRL_BOUNDS * sizeof(std::uint32_t);
    glClearNamedBufferSubData(m_control.id(), GL_R32UI, bounds, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, &empty);
    glClearNamedBufferSubData(m_control.id(), GL_R32UI, bounds + 8, 8, GL_RED_INTEGER, GL_UNSIGNED_INT,
                              &zero);
    glBindImageTexture(PS_IMAGE_SPLAT_DEPTH, m_splatDepthImage.id(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
    glBindImageTexture(PS_IMAGE_SPLAT_COLOR, m_splatColorImage.id(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_control.id()); // one invocation per live particle
    const GLintptr dispatch = GLintptr(PS_CTRL_DISPATCH * sizeof(std::uint32_t));
    const std::uint32_t entries = boundEntries(source);
    const int mode = colorMode(params);
    for (const gl::BlockedProgram* pass : {&m_splatDepth, &m_splatColor[std::size_t(mode)]}) {
        GLuint program = pass->get(*m_shaders, entries, m_perBlock);
        // Only the false-colour pass reads the volume (the others fetch the model's colour).
        const bool volume = pass != &m_splatDepth && mode == PS_COLOR_FALSE;
        setDrawUniforms(program, source, params, kViewport | (volume ? kVolume : 0u));
        glUseProgram(program);
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                        GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
        glDispatchComputeIndirect(dispatch);
    }
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    GLuint resolve = m_shaders->get(m_resolve);
    glProgramUniform2i(resolve, PS_LOC_VIEWPORT, params.viewport.x, params.viewport.y);
    glUseProgram(resolve);
    glBindVertexArray(m_emptyVao.id());
    glDrawArrays(GL_TRIANGLES, 0, 6);
    return {};
}

} // namespace dicer::particles
