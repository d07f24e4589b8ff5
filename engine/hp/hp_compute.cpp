#include "hp_compute.h"

#include "allocation.h"
#include "gl_debug.h"
#include "histopyramid.h"
#include "hp_math.h"
#include "occupancy_bits.h"

#include <algorithm>
#include <string>

namespace dicer::hp {

int computeLevels(glm::ivec2 input) {
    // At least the mask level: a small input is one 8x8 block (padding cells are inactive).
    int side = std::max({input.x, input.y, 1 << HPC_MASK_LEVEL});
    return log2Exact(nextPowerOfTwo(side));
}

glm::ivec2 computeLevelSize(glm::ivec2 input, int level) {
    return (input + glm::ivec2((1 << level) - 1)) >> level;
}

namespace {
// The largest child sum a texel of `level` stores: its children are level-(l-1) cells of <= 4^(l-1) cells.
std::int64_t maxChildSum(int level) {
    return std::int64_t(1) << (2 * (level - 1));
}
} // namespace

GLenum computeLevelFormat(int level) {
    if (level < HPC_MASK_LEVEL) return GL_NONE;    // inside the masks
    if (level == HPC_MASK_LEVEL) return GL_RG32UI; // 64-bit mask of 8x8 base cells
    std::int64_t m = maxChildSum(level);
    return m <= 0xff ? GL_RGBA8UI : m <= 0xffff ? GL_RGBA16UI : GL_RGBA32UI;
}

const char* computeLevelFormatName(int level) {
    switch (computeLevelFormat(level)) {
    case GL_RGBA8UI:
        return "rgba8ui";
    case GL_RGBA16UI:
        return "rgba16ui";
    case GL_RGBA32UI:
        return "rgba32ui";
    default:
        return "rg32ui"; // the masks, and the placeholder of the unstored levels 1-2
    }
}

int computeLevelTexture(int level) {
    switch (computeLevelFormat(level)) {
    case GL_NONE:
        return -1;
    case GL_RG32UI:
        return 0;
    case GL_RGBA8UI:
        return 1;
    case GL_RGBA16UI:
        return 2;
    default:
        return 3;
    }
}

std::int64_t computePyramidBytes(glm::ivec2 input) {
    std::int64_t bytes = 0;
    for (int level = HPC_MASK_LEVEL; level <= computeLevels(input); ++level) {
        glm::ivec2 s = computeLevelSize(input, level);
        GLenum f = computeLevelFormat(level);
        int texelBytes = f == GL_RGBA8UI ? 4 : f == GL_RG32UI || f == GL_RGBA16UI ? 8 : 16;
        bytes += std::int64_t(s.x) * s.y * texelBytes;
    }
    return bytes;
}

int computeDispatches(glm::ivec2 input) {
    return (computeLevels(input) + HPC_LEVELS_PER_DISPATCH - 1) / HPC_LEVELS_PER_DISPATCH;
}

Result<std::unique_ptr<ComputeHistoPyramid>>
ComputeHistoPyramid::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info, PyramidSource source) {
    std::unique_ptr<ComputeHistoPyramid> p(new ComputeHistoPyramid(shaders, info, source));
    const bool bits = source == PyramidSource::Bits;
    const std::string name = p->name();
    for (int i = 0; i < kPrograms; ++i) {
        const int start = p->firstStart() + i * HPC_LEVELS_PER_DISPATCH;
        Defines defines{{"HPC_START_LEVEL", std::to_string(start)}};
        if (i == 0) defines.push_back({bits ? "HPC_FROM_BITS" : "HPC_FROM_ATLAS", ""});
        for (int j = 1; j <= HPC_LEVELS_PER_DISPATCH; ++j)
            defines.push_back({"HPC_FORMAT_" + std::to_string(j), computeLevelFormatName(start + j)});
        auto program = shaders.add({name + "/build-from-" + std::to_string(start),
                                    {{GL_COMPUTE_SHADER, "hpc_build.comp.glsl"}},
                                    defines});
        if (!program) return makeError(program.error());
        p->m_build[i] = *program;
        if (i == 0 && bits) { // the same first dispatch reading two blocks a load, for an even block count
            defines.push_back({"HPC_BITS_PAIRS", ""});
            auto pairs = shaders.add({name + "/build-from-" + std::to_string(start) + "-pairs",
                                      {{GL_COMPUTE_SHADER, "hpc_build.comp.glsl"}},
                                      defines});
            if (!pairs) return makeError(pairs.error());
            p->m_buildPairs = *pairs;
        }
    }
    Defines listDefines;
    if (bits) listDefines.push_back({"HPC_FROM_BITS", ""});
    auto list = shaders.add({name + "/list", {{GL_COMPUTE_SHADER, "hpc_list.comp.glsl"}}, listDefines});
    if (!list) return makeError(list.error());
    p->m_list = *list;
    if (bits) { // the list reading a level-4 cell's four masks two blocks a load, for an even block count
        listDefines.push_back({"HPC_BITS_PAIRS", ""});
        auto pairs =
            shaders.add({name + "/list-pairs", {{GL_COMPUTE_SHADER, "hpc_list.comp.glsl"}}, listDefines});
        if (!pairs) return makeError(pairs.error());
        p->m_listPairs = *pairs;
    }
    if (Result<void> r = p->initDispatchArgs(shaders); !r) return makeError(r.error());
    if (Result<void> r = p->initCounters(); !r) return makeError(r.error());
    p->m_atlasSampler = createAtlasSampler(name + " atlas");
    if (bits) {
        p->m_blocksView = gl::BufferView::create(GL_RG32UI, 8, name + " bits view");
        p->m_pairsView = gl::BufferView::create(GL_RGBA32UI, 16, name + " bit pairs view");
    }
    return p;
}

bool ComputeHistoPyramid::storesLevel(int level) const {
    return computeLevelTexture(level) >= 0 && (m_source == PyramidSource::Atlas ||
                                               level >= HPB_FIRST_STORED_LEVEL); // bits: 3 and 4 are the bits
}

namespace {
const char* kTextureNames[] = {"masks", "8-bit sums", "16-bit sums", "32-bit sums"};
}

// Extents of the four level textures for `input` (levels of one format side by side) and each level's offset.
int ComputeHistoPyramid::levelsFor(glm::ivec2 input) const {
    // Over bits the first dispatch starts at level 3 and must store at least one level: the count's.
    return m_source == PyramidSource::Bits ? std::max(computeLevels(input), HPC_MASK_LEVEL + 1)
                                           : computeLevels(input);
}

void ComputeHistoPyramid::layoutLevels(glm::ivec2 input, glm::ivec2 (&extent)[kTextures],
                                       int (&offsets)[HPC_MAX_LEVELS + 1]) const {
    for (int level = HPC_MASK_LEVEL; level <= levelsFor(input); ++level) {
        if (!storesLevel(level)) continue;
        glm::ivec2 s = computeLevelSize(input, level);
        glm::ivec2& e = extent[computeLevelTexture(level)];
        offsets[level] = e.x; // side by side, in level order
        e = {e.x + s.x, std::max(e.y, s.y)};
    }
}

Result<void> ComputeHistoPyramid::checkLevelTextures(glm::ivec2 input) const {
    glm::ivec2 extent[kTextures] = {};
    int offsets[HPC_MAX_LEVELS + 1] = {};
    layoutLevels(input, extent, offsets);
    for (int t = 0; t < kTextures; ++t)
        if (extent[t].x > m_info.maxTextureSize || extent[t].y > m_info.maxTextureSize)
            return makeError(std::string(name()) + ": the pyramid's " + kTextureNames[t] + " of a " +
                             std::to_string(input.x) + "x" + std::to_string(input.y) + " input would be " +
                             std::to_string(extent[t].x) + "x" + std::to_string(extent[t].y) +
                             " texels, beyond GL_MAX_TEXTURE_SIZE " + std::to_string(m_info.maxTextureSize));
    return {};
}

Result<void> ComputeHistoPyramid::allocate(glm::ivec2 input) {
    glm::ivec2 extent[kTextures] = {};
    int offsets[HPC_MAX_LEVELS + 1] = {};
    layoutLevels(input, extent, offsets);
    static const GLenum kFormats[kTextures] = {GL_RG32UI, GL_RGBA8UI, GL_RGBA16UI, GL_RGBA32UI};
    static const GLenum kClearFormats[kTextures] = {GL_RG_INTEGER, GL_RGBA_INTEGER, GL_RGBA_INTEGER,
                                                    GL_RGBA_INTEGER};
    static const GLenum kClearTypes[kTextures] = {GL_UNSIGNED_INT, GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT,
                                                  GL_UNSIGNED_INT};
    // All four or none: a refused one leaves the pyramid of the previous input whole.
    gl::Texture textures[kTextures];
    for (int t = 0; t < kTextures; ++t) {
        if (extent[t].x == 0) continue;
        Result<gl::Texture> texture = gl::allocateTexture2D(extent[t].x, extent[t].y, kFormats[t], 1,
                                                            std::string(name()) + " " + kTextureNames[t]);
        if (!texture) return makeError(texture.error());
        textures[t] = std::move(texture.value());
        // Integer textures are complete only with nearest filtering (texelFetch reads 0 otherwise).
        glTextureParameteri(textures[t].id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTextureParameteri(textures[t].id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    }
    for (int t = 0; t < kTextures; ++t) {
        m_textures[t] = std::move(textures[t]);
        // 0 where no build writes: the rows above the tile grid (dispatchBuild) read as empty.
        if (m_textures[t].id() != 0)
            glClearTexImage(m_textures[t].id(), 0, kClearFormats[t], kClearTypes[t], nullptr);
    }
    m_writtenGroupRows = 0;
    std::copy(std::begin(offsets), std::end(offsets), m_offsets);
    m_levelCount = levelsFor(input);
    m_inputSize = input;
    return {};
}

int ComputeHistoPyramid::maxInputSide() const {
    if (m_source == PyramidSource::Bits) return std::min(HP_BITS_MAX_ATLAS, 1 << HPC_MAX_LEVELS);
    return std::min(m_info.maxTextureSize, 1 << HPC_MAX_LEVELS);
}

Result<void> ComputeHistoPyramid::build(GLuint atlas, float threshold, std::uint32_t listCapacity,
                                        const AtlasTiling& tiling) {
    if (m_source != PyramidSource::Atlas)
        return makeError(std::string(name()) + ": builds from bits, not an atlas");
    auto size = checkInput({atlas, threshold, tiling, std::max(listCapacity, 1u)}, maxInputSide());
    if (!size) return makeError(size.error());
    if (Result<void> r = checkLevelTextures(*size); !r) return r;
    if (listCapacity > 0)
        if (Result<void> r = m_points.reserve(listCapacity); !r) return r;
    if (*size != m_inputSize)
        if (Result<void> r = allocate(*size); !r) return r;

    gl::DebugGroup group("hp_compute build");
    // The previous list pass read these levels and the counter: finish before overwriting them.
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glBindTextureUnit(HP_UNIT_INPUT, atlas);
    glBindSampler(HP_UNIT_INPUT, m_atlasSampler.id());
    GLuint first = m_shaders->get(m_build[0]);
    glProgramUniform1ui(first, HP_LOC_THRESHOLD, thresholdToByte(threshold));
    setTilingUniforms(first, tiling, m_inputSize);
    dispatchBuild(listCapacity, tiling);
    m_tiling = tiling;
    return {};
}

Result<void> ComputeHistoPyramid::buildFromBits(GLuint bits, int side, std::uint32_t listCapacity,
                                                const AtlasTiling& tiling) {
    if (m_source != PyramidSource::Bits)
        return makeError(std::string(name()) + ": builds from an atlas, not bits");
    MethodInput in;
    in.bits = bits;
    in.bitsSide = side;
    in.tiling = tiling;
    in.capacity = std::max(listCapacity, 1u);
    if (auto r = checkBitsInput(name(), in, m_info); !r) return makeError(r.error());
    if (auto r = m_blocksView.fits(GLsizeiptr(hpBitsBytes(side)), m_info, std::string(name()) + ": the bits");
        !r)
        return r;
    if (Result<void> r = checkLevelTextures(glm::ivec2(side)); !r) return r; // all checks before any change
    if (listCapacity > 0)
        if (Result<void> r = m_points.reserve(listCapacity); !r) return r;
    if (glm::ivec2(side) != m_inputSize)
        if (Result<void> r = allocate(glm::ivec2(side)); !r) return r;

    gl::DebugGroup group("hp_bits build");
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPB_BIND_BITS, bits);
    bindBitsView(bits, readsBlockPairs());
    dispatchBuild(listCapacity, tiling);
    m_bits = bits;
    m_tiling = tiling;
    return {};
}

void ComputeHistoPyramid::bindBitsView(GLuint bits, bool pairs) const {
    (pairs ? m_pairsView : m_blocksView).bind(HPB_IMAGE_BITS, bits, GLsizeiptr(hpBitsBytes(m_inputSize.x)));
}

bool ComputeHistoPyramid::readsBlockPairs() const {
    return m_source == PyramidSource::Bits && hpBitsBlocksX(m_inputSize.x) % 2 == 0;
}

int ComputeHistoPyramid::usedGroupRows(const AtlasTiling& tiling) const {
    const int groupTexels = HPC_GROUP_CELLS << firstStart(); // a first-dispatch group's side in input texels
    int rows = m_inputSize.y;
    if (tiling.slices > 0) {
        const int tileRows = (tiling.slices + tiling.tilesX - 1) / std::max(tiling.tilesX, 1);
        rows = int(std::min<std::int64_t>(std::int64_t(tileRows) * tileSizeFor(tiling, m_inputSize).y, rows));
    }
    return (rows + groupTexels - 1) / groupTexels;
}

void ComputeHistoPyramid::dispatchBuild(std::uint32_t listCapacity, const AtlasTiling& tiling) {
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, counterBuffer());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_ARGS, argsBuffer());
    for (int start = firstStart(); start < m_levelCount; start += HPC_LEVELS_PER_DISPATCH) {
        const int i = (start - firstStart()) / HPC_LEVELS_PER_DISPATCH;
        const bool pairs = i == 0 && readsBlockPairs();
        GLuint program = m_shaders->get(pairs ? m_buildPairs : m_build[i]);
        glProgramUniform2i(program, HP_LOC_INPUT_SIZE, m_inputSize.x, m_inputSize.y);
        glProgramUniform1i(program, HP_LOC_LEVELS, m_levelCount);
        glProgramUniform1iv(program, HPC_LOC_LEVEL_OFFSETS, HPC_MAX_LEVELS + 1, m_offsets);
        glProgramUniform1ui(program, HP_LOC_CAPACITY, listCapacity);
        glUseProgram(program);
        // Slot j-1 writes level start+j. Slots never stored to (absent levels, or levels inside the masks)
        // are unbound, so no stale level of another format stays bound to them.
        for (int j = 1; j <= HPC_LEVELS_PER_DISPATCH; ++j) {
            const int level = start + j;
            if (level <= m_levelCount && storesLevel(level))
                glBindImageTexture(GLuint(HPC_IMAGE_OUT + j - 1), m_textures[computeLevelTexture(level)].id(),
                                   0, GL_FALSE, 0, GL_WRITE_ONLY, computeLevelFormat(level));
            else
                glBindImageTexture(GLuint(HPC_IMAGE_OUT + j - 1), 0, 0, GL_FALSE, 0, GL_WRITE_ONLY,
                                   GL_RG32UI);
        }
        if (start > firstStart()) {
            // This dispatch samples what the previous one stored with imageStore.
            glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
            glBindTextureUnit(HPC_UNIT_SOURCE, m_textures[computeLevelTexture(start)].id());
            // Another pass' sampler on this unit could make the integer level incomplete.
            glBindSampler(HPC_UNIT_SOURCE, 0);
        }
        glm::ivec2 cells = computeLevelSize(m_inputSize, start);
        glm::ivec2 groups = (cells + (HPC_GROUP_CELLS - 1)) / HPC_GROUP_CELLS;
        if (i == 0) { // only the rows of the tile grid (a 512^3 volume fills half its square atlas)
            const int used = usedGroupRows(tiling);
            groups.y = std::min(groups.y, std::max(used, m_writtenGroupRows));
            m_writtenGroupRows = used;
        }
        glDispatchCompute(GLuint(groups.x), GLuint(groups.y), 1);
    }
    // Readers: the traversal (image loads), the X-ray's tiles and a foreign rank (texelFetch), the args pass and
    // the list (SSBO), the indirect dispatch (command), readCount() and readLevel() (read-backs).
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                    GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT |
                    GL_TEXTURE_UPDATE_BARRIER_BIT);
    m_argsCapacity = listCapacity;
}

Result<void> ComputeHistoPyramid::list(std::uint32_t capacity) {
    const std::string who = name();
    if (m_levelCount == 0) return makeError(who + ": the pyramid has not been built");
    if (capacity == 0) return makeError(who + ": capacity must be at least 1");
    if (Result<void> r = m_points.reserve(capacity); !r) return r;
    gl::DebugGroup group(m_source == PyramidSource::Bits ? "hp_bits list" : "hp_compute list");
    if (capacity != m_argsCapacity) { // else the build wrote them
        writeDispatchArgs(capacity);
        m_argsCapacity = capacity; // the arguments now hold this capacity (for the same count)
    }

    GLuint program = m_shaders->get(readsBlockPairs() ? m_listPairs : m_list);
    glProgramUniform1i(program, HP_LOC_LEVELS, m_levelCount);
    glProgramUniform1iv(program, HPC_LOC_LEVEL_OFFSETS, HPC_MAX_LEVELS + 1, m_offsets);
    if (m_source == PyramidSource::Bits) {
        glProgramUniform2i(program, HP_LOC_INPUT_SIZE, m_inputSize.x, m_inputSize.y);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPB_BIND_BITS, m_bits);
        bindBitsView(m_bits, readsBlockPairs());
    }
    MethodInput in;
    in.tiling = m_tiling;
    bindPointOutput(program, in, m_inputSize);
    glUseProgram(program);
    bindLevelImages();
    m_args.dispatch();
    return {};
}

void ComputeHistoPyramid::bindLevelImages() const {
    constexpr int kFirstLevel[kTextures] = {HPC_MASK_LEVEL, 4, 5, 9}; // a level each texture holds
    for (int t = 0; t < kTextures; ++t)
        glBindImageTexture(GLuint(HPC_IMAGE_LEVELS + t), m_textures[t].id(), 0, GL_FALSE, 0, GL_READ_ONLY,
                           computeLevelFormat(kFirstLevel[t]));
}

Result<void> ComputeHistoPyramid::bindForRank(GLuint program) const {
    if (m_source != PyramidSource::Bits || m_levelCount == 0)
        return makeError(std::string(name()) + ": rank needs a pyramid built from bits");
    glProgramUniform1i(program, HPB_LOC_RANK_SIDE, m_inputSize.x);
    glProgramUniform1i(program, HPB_LOC_RANK_LEVELS, m_levelCount);
    glProgramUniform1iv(program, HPB_LOC_RANK_OFFSETS, HPC_MAX_LEVELS + 1, m_offsets);
    for (int t = 2; t < kTextures; ++t) { // the 16- and 32-bit sums; levels 3 and 4 are the bits
        glBindTextureUnit(GLuint(HPC_UNIT_MASKS + t), m_textures[t].id());
        glBindSampler(GLuint(HPC_UNIT_MASKS + t), 0);
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPB_BIND_BITS, m_bits);
    return {};
}

Result<void> ComputeHistoPyramid::build(const MethodInput& input) {
    m_listed.reset();
    if (m_source == PyramidSource::Bits) {
        if (auto side = checkBitsInput(name(), input, m_info); !side) return makeError(side.error());
        return buildFromBits(input.bits, input.bitsSide, input.capacity, input.tiling);
    }
    if (auto size = checkInput(input, maxInputSide()); !size) return makeError(size.error());
    return build(input.atlas, input.threshold, input.capacity, input.tiling);
}

Result<void> ComputeHistoPyramid::list(const MethodInput& input, ListPath path) {
    return listByPass(input, path, [this](std::uint32_t capacity) { return list(capacity); });
}

Result<std::unique_ptr<PointMethod>> createComputeHistoPyramid(gl::ShaderLibrary& shaders,
                                                               const gl::GlInfo& info) {
    auto p = ComputeHistoPyramid::create(shaders, info);
    if (!p) return makeError(p.error());
    return std::unique_ptr<PointMethod>(std::move(p.value()));
}

Result<std::unique_ptr<PointMethod>> createBitsHistoPyramid(gl::ShaderLibrary& shaders,
                                                            const gl::GlInfo& info) {
    auto p = ComputeHistoPyramid::create(shaders, info, PyramidSource::Bits);
    if (!p) return makeError(p.error());
    return std::unique_ptr<PointMethod>(std::move(p.value()));
}

} // namespace dicer::hp
