// GPU marching cubes by HistoPyramid stream expansion (mc_expander.h): the programs, the volume (own upload
// or borrowed texture), the pyramid's buffers and the four passes (shaders/mc_*.comp.glsl).
//
// [SECTION] layout  [SECTION] creation  [SECTION] volume  [SECTION] vertices  [SECTION] passes
#include "mc_expander.h"

#include "volume_texture.h"

#include "discriminate_shared.h"
#include "gl_debug.h"
#include "log.h"

#include "value_keys.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace dicer::surface {
namespace {

constexpr GLuint kLevel1 = 0xffffffffu; // MC_LOC_LEVEL's "level 1" (its own buffer)

std::string sizeText(glm::ivec3 s) {
    return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z);
}

// A 2D grid of 1D groups for `items` invocations (mc_common.glsl: rows of MC_GROUPS_X groups).
void dispatchItems(std::uint64_t items) {
    const std::uint64_t groups = (items + MC_LOCAL_SIZE - 1) / MC_LOCAL_SIZE;
    if (groups == 0) return;
    const auto x = GLuint(std::min<std::uint64_t>(groups, MC_GROUPS_X));
    glDispatchCompute(x, GLuint((groups + x - 1) / x), 1);
}

// A double as two floats whose sum is it to ~48 bits (0 for the low part of a non-finite end, never used:
// no value lies beyond an infinite band end).
glm::vec2 floatPair(double x) {
    const float high = float(x);
    const double low = x - double(high);
    return {high, std::isfinite(low) ? float(low) : 0.0f};
}

} // namespace

// [SECTION] layout -----------------------------------------------------------------------------------------

McPyramidLayout mcPyramidLayout(glm::ivec3 cells) {
    McPyramidLayout l;
    if (cells.x <= 0 || cells.y <= 0 || cells.z <= 0) return l;
    l.cells = std::uint64_t(cells.x) * std::uint64_t(cells.y) * std::uint64_t(cells.z);
    const std::uint64_t words = (std::uint64_t(cells.x) + MC_FAN_IN - 1) / MC_FAN_IN *
                                std::uint64_t(cells.y) * std::uint64_t(cells.z);
    if (words > 0xffffffffull / MC_FAN_IN) return l; // padded cell indices must fit a uint
    l.words = std::uint32_t(words);
    l.levels = 1;
    l.sizes[1] = l.words;
    while (l.sizes[std::size_t(l.levels)] > 1) {
        const std::uint32_t below = l.sizes[std::size_t(l.levels)];
        ++l.levels;
        l.sizes[std::size_t(l.levels)] = (below + MC_FAN_IN - 1) / MC_FAN_IN;
        l.offsets[std::size_t(l.levels)] = l.upperEntries;
        l.upperEntries += l.sizes[std::size_t(l.levels)];
    }
    return l;
}

// [SECTION] creation ---------------------------------------------------------------------------------------

Result<McExpander> McExpander::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    McExpander e(shaders, info);
    auto add = [&](gl::ProgramId& id, gl::ProgramDesc desc) -> Result<void> {
        Result<gl::ProgramId> program = shaders.add(std::move(desc));
        if (!program) return makeError(program.error());
        id = *program;
        return {};
    };
    Result<void> r;
    for (size_t k = 0; k < voxel::kValueKinds.size() && r; ++k) {
        KindPrograms& p = e.m_programs[k];
        const std::string suffix = std::string(" (") + voxel::kValueKinds[k].name + " values)";
        r = add(p.count, {"mc count" + suffix,
                          {{GL_COMPUTE_SHADER, "mc_count.comp.glsl"}},
                          {{voxel::kValueKinds[k].define, ""}}});
        if (r)
            r = add(p.expand, {"mc expand" + suffix,
                               {{GL_COMPUTE_SHADER, "mc_expand.comp.glsl"}},
                               {{voxel::kValueKinds[k].define, ""}}});
    }
    if (r) r = add(e.m_reduce, {"mc pyramid level", {{GL_COMPUTE_SHADER, "mc_reduce.comp.glsl"}}, {}});
    if (r) r = add(e.m_args, {"mc arguments", {{GL_COMPUTE_SHADER, "mc_args.comp.glsl"}}, {}});
    if (!r) return makeError(r.error());
    const McTable& table = mcTable();
    e.m_table =
        gl::createBufferStorage(GLsizeiptr(sizeof table.packed), table.packed.data(), 0, "mc packed table");
    e.m_header = gl::createBufferStorage(MC_HEADER_WORDS * 4, nullptr, GL_DYNAMIC_STORAGE_BIT, "mc header");
    e.writeEmptyHeader();
    return e;
}

void McExpander::writeEmptyHeader() {
    std::uint32_t words[MC_HEADER_WORDS] = {};
    words[MC_HEADER_DISPATCH + 1] = words[MC_HEADER_DISPATCH + 2] = 1;
    words[MC_HEADER_DRAW + 1] = 1;
    words[MC_HEADER_CAPACITY] = m_capacity;
    glNamedBufferSubData(m_header.id(), 0, sizeof words, words);
}

// [SECTION] volume -----------------------------------------------------------------------------------------

Result<void> McExpander::setShape(glm::ivec3 size, volume::ScalarType type, glm::vec3 spacing,
                                  bool binaryField) {
    const bool hasCells = size.x >= 2 && size.y >= 2 && size.z >= 2;
    const McPyramidLayout layout = mcPyramidLayout(size - 1);
    const std::uint64_t cells = layout.cells;
    const std::int64_t levelBytes =
        std::int64_t((std::uint64_t(size.x + 2) / 4) * std::uint64_t(std::max(size.y - 1, 0)) *
                     std::uint64_t(std::max(size.z - 1, 0))) *
        4;
    if ((hasCells && layout.words == 0) || levelBytes > m_info.maxStorageBlockBytes)
        return makeError("marching cubes: volume " + sizeText(size) + " has " + std::to_string(cells) +
                         " cells, whose cases and first pyramid level need " + std::to_string(levelBytes) +
                         " bytes each, beyond this driver's GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                         std::to_string(m_info.maxStorageBlockBytes));
    if (layout.words != m_layout.words || !m_cases) {
        gl::ErrorScope errors("McExpander::setShape");
        const GLsizeiptr words = std::max<GLsizeiptr>(layout.words, 1);
        gl::Buffer cases = gl::createBufferStorage(words * 4, nullptr, 0, "mc cases");
        gl::Buffer level1 = gl::createBufferStorage(words * 4, nullptr, 0, "mc pyramid level 1");
        gl::Buffer upper = gl::createBufferStorage(std::max<GLsizeiptr>(layout.upperEntries, 1) * 4, nullptr,
                                                   0, "mc pyramid levels 2+");
        if (errors.ownErrors() != 0)
            return makeError("marching cubes: allocating the pyramid of volume " + sizeText(size) + " (" +
                             std::to_string(levelBytes * 2 + std::int64_t(layout.upperEntries) * 4) +
                             " bytes) failed (" + gl::errorName(errors.firstError()) + ")");
        m_cases = std::move(cases);
        m_level1 = std::move(level1);
        m_upper = std::move(upper);
    }
    m_layout = layout;
    m_size = size;
    m_type = type;
    m_spacing = spacing;
    m_binary = binaryField;
    m_kind = voxel::valueKindOf(type);
    if (!hasCells)
        log::info("marching cubes: volume %s has a side < 2, so no cells: 0 triangles",
                  sizeText(size).c_str());
    return {};
}

Result<void> McExpander::setVolume(const volume::ScalarVolume& v) {
    auto texture = voxel::uploadVolumeTexture(v, m_info, "mc volume '" + v.name + "'");
    if (!texture) return makeError("marching cubes: " + texture.error());
    if (Result<void> r = setShape(v.size, v.type, v.spacing, isBinaryField(v)); !r) return r;
    m_ownTexture = std::move(texture.value());
    m_texture = m_ownTexture.id();
    return {};
}

Result<void> McExpander::useVolumeTexture(GLuint texture, glm::ivec3 size, volume::ScalarType type,
                                          glm::vec3 spacing, bool binaryField) {
    if (texture == 0 || glIsTexture(texture) != GL_TRUE)
        return makeError("marching cubes: " + std::to_string(texture) + " is not a texture");
    if (Result<void> r = setShape(size, type, spacing, binaryField); !r) return r;
    m_ownTexture = {};
    m_texture = texture;
    return {};
}

// [SECTION] vertices ---------------------------------------------------------------------------------------

Result<void> McExpander::reserve(std::uint32_t vertices) {
    vertices = std::max(vertices, 3u);
    if (vertices <= m_capacity && m_vertices) return {};
    const std::int64_t maxVertices =
        std::min<std::int64_t>(m_info.maxStorageBlockBytes / MC_VERTEX_BYTES, std::int64_t(UINT32_MAX));
    if (vertices > maxVertices)
        return makeError("marching cubes: " + std::to_string(vertices) + " vertices (" +
                         std::to_string((std::int64_t(vertices) * MC_VERTEX_BYTES) >> 20) +
                         " MiB) are beyond this driver's limit of " + std::to_string(maxVertices) +
                         " (GL_MAX_SHADER_STORAGE_BLOCK_SIZE / " + std::to_string(MC_VERTEX_BYTES) +
                         " bytes)");
    const auto capacity = std::uint32_t(std::min<std::int64_t>(
        std::max<std::int64_t>(vertices, std::int64_t(m_capacity) + m_capacity / 2), maxVertices));
    gl::ErrorScope errors("McExpander::reserve");
    gl::Buffer buffer =
        gl::createBufferStorage(GLsizeiptr(capacity) * MC_VERTEX_BYTES, nullptr, 0, "mc vertices");
    if (errors.ownErrors() != 0 || !buffer)
        return makeError("marching cubes: the driver cannot allocate " +
                         std::to_string((std::int64_t(capacity) * MC_VERTEX_BYTES) >> 20) + " MiB for " +
                         std::to_string(capacity) + " vertices (" + gl::errorName(errors.firstError()) + ")");
    m_vertices = std::move(buffer);
    m_capacity = capacity;
    glNamedBufferSubData(m_header.id(), MC_HEADER_CAPACITY * 4, 4, &m_capacity);
    return {};
}

std::uint32_t McExpander::readTotal() const {
    std::uint32_t total = 0;
    glGetNamedBufferSubData(m_header.id(), totalOffset(), 4, &total);
    return total;
}

std::vector<McGpuVertex> McExpander::readVertices(std::uint32_t n) const {
    n = std::min(n, m_capacity);
    std::vector<McGpuVertex> out(n);
    if (n) glGetNamedBufferSubData(m_vertices.id(), 0, GLsizeiptr(n) * MC_VERTEX_BYTES, out.data());
    return out;
}

// [SECTION] passes -----------------------------------------------------------------------------------------

void McExpander::bindVolume(GLuint program) const {
    glBindTextureUnit(DISC_UNIT_VOLUME, m_texture);
    glBindSampler(DISC_UNIT_VOLUME, 0); // a caller's sampler would override the texture's nearest filter
    glProgramUniform3i(program, DISC_LOC_VOLUME, m_size.x, m_size.y, m_size.z);
    const volume::KeyBand keys = volume::bandKeys(m_type, m_band);
    glProgramUniform2ui(program, MC_LOC_BAND_KEYS, keys.lo, keys.hi);
    glProgramUniform1ui(program, MC_LOC_WORDS, m_layout.words);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_TABLE, m_table.id());
}

Result<void> McExpander::run(volume::Band band) {
    if (Result<void> r = count(band); !r) return r;
    build();
    expand();
    return {};
}

Result<void> McExpander::count(volume::Band band) {
    if (m_texture == 0) return makeError("marching cubes: no volume (setVolume or useVolumeTexture first)");
    if (!m_vertices) return makeError("marching cubes: no vertex buffer (reserve first)");
    m_band = band;
    if (m_layout.cells == 0) return {};
    gl::DebugGroup group("mc count");
    const GLuint program = m_shaders->get(m_programs[std::size_t(m_kind)].count);
    glUseProgram(program);
    bindVolume(program);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_CASES, m_cases.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_level1.id());
    dispatchItems(m_layout.words);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glUseProgram(0); // never leave a program bound that a shader reload may delete
    return {};
}

void McExpander::build() {
    if (m_layout.cells == 0 || !m_vertices) {
        writeEmptyHeader();
        return;
    }
    gl::DebugGroup group("mc build");
    const GLuint reduce = m_shaders->get(m_reduce);
    glUseProgram(reduce);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_level1.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_UPPER, m_upper.id());
    for (int level = 2; level <= m_layout.levels; ++level) {
        const auto l = std::size_t(level);
        glProgramUniform4ui(reduce, MC_LOC_LEVEL, m_layout.offsets[l], m_layout.sizes[l],
                            level == 2 ? kLevel1 : m_layout.offsets[l - 1], m_layout.sizes[l - 1]);
        dispatchItems(m_layout.sizes[l]);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    const GLuint args = m_shaders->get(m_args);
    glUseProgram(args);
    const GLuint top = m_layout.levels == 1 ? kLevel1 : m_layout.offsets[std::size_t(m_layout.levels)];
    glProgramUniform4ui(args, MC_LOC_LEVEL, top, 0, 0, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
    glUseProgram(0);
}

void McExpander::expand() {
    if (m_layout.cells == 0 || !m_vertices) return;
    gl::DebugGroup group("mc expand");
    const GLuint program = m_shaders->get(m_programs[std::size_t(m_kind)].expand);
    glUseProgram(program);
    bindVolume(program);
    const glm::vec2 lo = floatPair(m_band.lo), hi = floatPair(m_band.hi);
    glProgramUniform2f(program, MC_LOC_BAND_LO, lo.x, lo.y);
    glProgramUniform2f(program, MC_LOC_BAND_HI, hi.x, hi.y);
    glProgramUniform3f(program, MC_LOC_SPACING, m_spacing.x, m_spacing.y, m_spacing.z);
    glProgramUniform1i(program, MC_LOC_BINARY, m_binary ? 1 : 0);
    glProgramUniform1ui(program, MC_LOC_LEVELS, GLuint(m_layout.levels));
    glProgramUniform1uiv(program, MC_LOC_OFFSETS, MC_MAX_LEVELS, m_layout.offsets.data());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_CASES, m_cases.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_LEVEL1, m_level1.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_UPPER, m_upper.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_VERTICES, m_vertices.id());
    GLint previousIndirect = 0;
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &previousIndirect);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, m_header.id());
    glDispatchComputeIndirect(MC_HEADER_DISPATCH * 4);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, GLuint(previousIndirect));
    // The view draws the vertices (attributes or storage) with the header's arguments; tests read them back.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                    GL_COMMAND_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    glUseProgram(0);
}

} // namespace dicer::surface
