// What every GPU marching-cubes method shares (mc_method.h): the volume and its shape, the table, the header,
// the vertex buffer and its growth, the read-backs, and the uniforms of the placement passes.
//
// [SECTION] creation  [SECTION] volume  [SECTION] vertices  [SECTION] passes
#include "mc_method.h"

#include "allocation.h"
#include "discriminate_shared.h"
#include "dispatch.h"
#include "gl_debug.h"
#include "log.h"
#include "mc_vertex.h"
#include "storage_blocks.h"
#include "value_keys.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace dicer::surface {
namespace {

// A double as two floats whose sum is it to ~48 bits (0 for the low part of a non-finite end, never used:
// no value lies beyond an infinite band end); subnormal parts as 0, as the reference places (SUBNORMALS).
glm::vec2 floatPair(double x) {
    const float high = float(placementValue(x));
    const double low = placementValue(x - double(high));
    return {high, std::isfinite(low) ? float(low) : 0.0f};
}

} // namespace

// [SECTION] creation ---------------------------------------------------------------------------------------

McMethod::McMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info, const char* name, McOrder order,
                   const char* baseBuffers)
    : m_shaders(&shaders), m_info(info), m_name(name), m_order(order), m_baseBuffers(baseBuffers) {}

Result<void> McMethod::initShared(const char* argsLabel) {
    if (Result<void> r =
            m_shaders->addInto(m_args, {argsLabel, {{GL_COMPUTE_SHADER, "mc_args.comp.glsl"}}, {}});
        !r)
        return r;
    if (Result<void> r = discriminate::addKindPrograms(
            *m_shaders, m_rangePrograms,
            {"mc column ranges", {{GL_COMPUTE_SHADER, "mc_column_range.comp.glsl"}}, {}});
        !r)
        return r;
    if (Result<void> r = discriminate::addKindPrograms(*m_shaders, m_classifyPrograms,
                                                       {"mc classify columns",
                                                        {{GL_COMPUTE_SHADER, "mc_count.comp.glsl"}},
                                                        {{"MC_COUNT_CLASSIFY", ""}}});
        !r)
        return r;
    Result<McTableGpu> table = McTableGpu::create("mc packed table");
    if (!table) return makeError(table.error());
    Result<gl::Buffer> header =
        gl::allocateBuffer(MC_HEADER_WORDS * 4, nullptr, GL_DYNAMIC_STORAGE_BIT, "mc header");
    if (!header) return makeError(header.error());
    m_table = std::move(table.value());
    m_header = std::move(header.value());
    writeEmptyHeader();
    return {};
}

void McMethod::writeEmptyHeader() {
    std::uint32_t words[MC_HEADER_WORDS] = {};
    words[MC_HEADER_DISPATCH + 1] = words[MC_HEADER_DISPATCH + 2] = 1;
    words[MC_HEADER_DRAW + 1] = 1;
    words[MC_HEADER_CAPACITY] = m_capacity;
    glNamedBufferSubData(m_header.id(), 0, sizeof words, words);
}

std::string McMethod::sizeText(glm::ivec3 s) {
    return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z);
}

Result<std::uint32_t> McMethod::baseWords(glm::ivec3 size) const {
    if (size.x < 2 || size.y < 2 || size.z < 2) return std::uint32_t(0);
    const auto cells = glm::u64vec3(size - 1);
    const std::uint64_t words = (cells.x + MC_FAN_IN - 1) / MC_FAN_IN * cells.y * cells.z;
    const std::uint64_t bytes =
        (words + MC_FAN_IN - 1) / MC_FAN_IN * MC_FAN_IN * 4; // hp_mc stores whole nodes
    if (words > 0xffffffffull / MC_FAN_IN || std::int64_t(bytes) > m_info.maxStorageBlockBytes)
        return makeError("marching cubes (" + std::string(name()) + "): volume " + sizeText(size) + " has " +
                         std::to_string(cells.x * cells.y * cells.z) + " cells, whose " + m_baseBuffers +
                         " need " + std::to_string(bytes) + " bytes each, beyond this driver's " +
                         "GL_MAX_SHADER_STORAGE_BLOCK_SIZE " + std::to_string(m_info.maxStorageBlockBytes));
    return std::uint32_t(words);
}

std::vector<std::uint8_t> McMethod::readCases() const {
    const glm::ivec3 c = cells();
    if (!hasCells()) return {};
    // Rows of ceil((X-1) / 4) words: cell x of a row at byte x (byte j of a word = its cell j), the padding
    // after it.
    const std::size_t perRow = std::size_t(c.x + 3) / 4 * 4, rows = std::size_t(c.y) * std::size_t(c.z);
    std::vector<std::uint8_t> padded(perRow * rows), out(std::size_t(c.x) * rows);
    glGetNamedBufferSubData(m_cases.id(), 0, GLsizeiptr(padded.size()), padded.data());
    for (std::size_t row = 0; row < rows; ++row)
        std::copy_n(padded.begin() + std::ptrdiff_t(row * perRow), c.x,
                    out.begin() + std::ptrdiff_t(row * std::size_t(c.x)));
    return out;
}

void McMethod::dispatchItems(std::uint64_t items) {
    const std::uint64_t groups = (items + MC_LOCAL_SIZE - 1) / MC_LOCAL_SIZE;
    if (groups == 0) return;
    const auto x = GLuint(std::min<std::uint64_t>(groups, MC_GROUPS_X));
    glDispatchCompute(x, GLuint((groups + x - 1) / x), 1);
}

// [SECTION] volume -----------------------------------------------------------------------------------------

Result<void> McMethod::setShape(glm::ivec3 size, volume::ScalarType type, glm::vec3 spacing,
                                bool binaryField) {
    Result<std::uint32_t> words = baseWords(size);
    if (!words) return makeError(words.error());
    m_keptBand.reset(); // the words may be reshaped, the contents new
    // The cases first, kept aside until the method's own buffers exist: a refusal of either keeps the previous
    // volume's.
    gl::Buffer cases;
    if (*words > m_caseWords || !m_cases) {
        // Whole nodes of 4 words: hp_mc's descent reads them 4 a texel (mc_expander.h).
        const GLsizeiptr bytes =
            (std::max<GLsizeiptr>(*words, 1) + MC_FAN_IN - 1) / MC_FAN_IN * MC_FAN_IN * 4;
        Result<gl::Buffer> allocated = gl::allocateBuffer(bytes, nullptr, 0, std::string(m_name) + " cases");
        if (!allocated)
            return makeError("marching cubes: " + allocated.error() + " (volume " + sizeText(size) + ")");
        cases = std::move(allocated.value());
    }
    // The count's columns (mc_method_count.cpp): their key ranges and their list.
    const std::uint64_t columns = countColumns(size);
    Result<ColumnBuffers> columnBuffers = allocateColumnBuffers(columns, size);
    if (!columnBuffers) return makeError(columnBuffers.error());
    if (Result<void> r = shapeBuffers(size, *words); !r) return r;
    if (columnBuffers->ranges) {
        m_ranges = std::move(columnBuffers->ranges);
        m_columns = std::move(columnBuffers->list);
        m_rangeColumns = std::uint32_t(columns);
    }
    m_rangeState = Ranges::Pending; // a new texture or shape: its ranges at the next count
    if (cases) {
        m_cases = std::move(cases);
        m_caseWords = *words;
    }
    m_words = *words;
    m_size = size;
    m_type = type;
    m_spacing = spacing;
    m_binary = binaryField;
    m_kind = discriminate::valueKindOf(type);
    if (!hasCells())
        log::info("marching cubes: volume %s has a side < 2, so no cells: 0 triangles",
                  sizeText(size).c_str());
    return {};
}

Result<void> McMethod::setVolume(const volume::ScalarVolume& v) {
    auto texture = discriminate::uploadVolumeTexture(v, m_info, "mc volume '" + v.name + "'");
    if (!texture) return makeError("marching cubes: " + texture.error());
    if (Result<void> r = setShape(v.size, v.type, v.spacing, isBinaryField(v)); !r) return r;
    m_ownTexture = std::move(texture.value());
    m_texture = m_ownTexture.id();
    return {};
}

Result<void> McMethod::useVolumeTexture(GLuint texture, glm::ivec3 size, volume::ScalarType type,
                                        glm::vec3 spacing, bool binaryField) {
    if (texture == 0 || glIsTexture(texture) != GL_TRUE)
        return makeError("marching cubes: " + std::to_string(texture) + " is not a texture");
    if (Result<void> r = setShape(size, type, spacing, binaryField); !r) return r;
    m_ownTexture = {};
    m_texture = texture;
    return {};
}

// [SECTION] vertices ---------------------------------------------------------------------------------------

static_assert(MC_VERTEX_BYTES == gl::kEntryBytes, "a vertex is one entry of the blocks (mc_vertex.h)");

std::uint32_t McMethod::verticesPerBlock(const gl::GlInfo& info) {
    return gl::entriesPerBlock(info);
}

std::uint32_t McMethod::maxVertices(const gl::GlInfo& info) {
    return std::uint32_t(std::min<std::int64_t>(std::int64_t(verticesPerBlock(info)) * gl::kEntryBlocks,
                                                std::int64_t(UINT32_MAX)));
}

Result<void> McMethod::reserve(std::uint32_t vertices) {
    vertices = std::max(vertices, 3u);
    if (vertices <= m_capacity && m_vertices) return {};
    const std::int64_t maxVertices = McMethod::maxVertices(m_info);
    if (vertices > maxVertices)
        return makeError("marching cubes: " + std::to_string(vertices) + " vertices (" +
                         std::to_string((std::int64_t(vertices) * MC_VERTEX_BYTES) >> 20) +
                         " MiB) are beyond this driver's limit of " + std::to_string(maxVertices) + " (" +
                         std::to_string(gl::kEntryBlocks) + " storage blocks of " +
                         std::to_string(verticesPerBlock(m_info)) + ", GL_MAX_SHADER_STORAGE_BLOCK_SIZE / " +
                         std::to_string(MC_VERTEX_BYTES) + " bytes)");
    const auto capacity = std::uint32_t(std::min<std::int64_t>(
        std::max<std::int64_t>(vertices, std::int64_t(m_capacity) + m_capacity / 2), maxVertices));
    Result<gl::Buffer> buffer =
        gl::allocateBuffer(GLsizeiptr(capacity) * MC_VERTEX_BYTES, nullptr, 0, "mc vertices");
    if (!buffer)
        return makeError("marching cubes: " + buffer.error() + " (" + std::to_string(capacity) +
                         " vertices)");
    m_vertices = std::move(buffer.value());
    m_capacity = capacity;
    glNamedBufferSubData(m_header.id(), MC_HEADER_CAPACITY * 4, 4, &m_capacity);
    return {};
}

std::uint32_t McMethod::readTotal() const {
    std::uint32_t total = 0;
    glGetNamedBufferSubData(m_header.id(), totalOffset(), 4, &total);
    return total;
}

McGpuVertex decodeVertex(const glm::uvec4& written, glm::ivec3 cells, glm::vec3 spacing) {
    return {mcVertexIndex(written, cells) * spacing, written.x, mcUnpackNormal(written.w), written.y};
}

std::vector<McGpuVertex> McMethod::readVertices(std::uint32_t n) const {
    n = std::min(n, m_capacity);
    std::vector<glm::uvec4> written(n);
    if (n) glGetNamedBufferSubData(m_vertices.id(), 0, GLsizeiptr(n) * MC_VERTEX_BYTES, written.data());
    std::vector<McGpuVertex> out(n);
    for (std::size_t k = 0; k < n; ++k)
        out[k] = decodeVertex(written[k], cells(), m_spacing);
    return out;
}

// [SECTION] passes -----------------------------------------------------------------------------------------

void McMethod::bindVolume(GLuint program) const {
    discriminate::bindVolumeImage(program, m_texture, m_type);
    glProgramUniform3i(program, DISC_LOC_VOLUME, m_size.x, m_size.y, m_size.z);
    const volume::KeyBand keys = volume::bandKeys(m_type, m_band);
    glProgramUniform2ui(program, MC_LOC_BAND_KEYS, keys.lo, keys.hi);
    m_table.bind();
}

void McMethod::bindPlacement(GLuint program) const {
    const glm::vec2 lo = floatPair(m_band.lo), hi = floatPair(m_band.hi);
    glProgramUniform2f(program, MC_LOC_BAND_LO, lo.x, lo.y);
    glProgramUniform2f(program, MC_LOC_BAND_HI, hi.x, hi.y);
    glProgramUniform3f(program, MC_LOC_SPACING, m_spacing.x, m_spacing.y, m_spacing.z);
    glProgramUniform1i(program, MC_LOC_BINARY, m_binary ? 1 : 0);
}

GLuint McMethod::useWordsProgram(const discriminate::KindPrograms& programs) const {
    const GLuint program = m_shaders->get(programs[std::size_t(m_kind)]);
    glUseProgram(program);
    bindVolume(program);
    glProgramUniform1ui(program, MC_LOC_WORDS, m_words);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_CASES, m_cases.id());
    return program;
}

void McMethod::bindVertexOutput() const {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, MC_BIND_HEADER, m_header.id());
    gl::bindEntryBlocks(MC_BIND_VERTICES, m_vertices.id(), m_capacity, verticesPerBlock(m_info));
}

void McMethod::writeDrawArgs(GLuint totalEntry) const {
    const GLuint args = m_shaders->get(m_args);
    glUseProgram(args);
    glProgramUniform4ui(args, MC_LOC_LEVEL, totalEntry, 0, 0, 0);
    glDispatchCompute(1, 1, 1);
}

void McMethod::expandPerTriangle() const {
    bindVertexOutput();
    gl::dispatchIndirect(m_header.id(), MC_HEADER_DISPATCH * 4);
    finishVertexWrites();
}

void McMethod::finishVertexWrites() {
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                    GL_COMMAND_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    glUseProgram(0);
}

Result<void> McMethod::run(volume::Band band) {
    if (Result<void> r = count(band); !r) return r;
    build();
    expand();
    return {};
}

Result<void> McMethod::count(volume::Band band) {
    if (m_texture == 0) return makeError("marching cubes: no volume (setVolume or useVolumeTexture first)");
    if (!m_vertices) return makeError("marching cubes: no vertex buffer (reserve first)");
    m_band = band;
    if (m_words > 0) countCells();
    return {};
}

void McMethod::build() {
    if (m_words == 0 || !m_vertices)
        writeEmptyHeader();
    else
        buildOffsets();
}

void McMethod::expand() {
    if (m_words > 0 && m_vertices) writeVertices();
}

} // namespace dicer::surface
