#include "point_method.h"

#include "occupancy_sparse.h"

#include "hp_point.h"
#include "occupancy_bits.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace dicer::hp {

// The 4th word of an entry names the texel of hp_bits' virtual atlases on its own (hpb_rank_check.comp.glsl).
static_assert(HP_BITS_MAX_ATLAS <= HP_POINT_TEXEL_MAX_ATLAS, "hp_bits' texels fit the entries' 16:16 word");

// Names in enumerator order.
const char* entryOrderName(EntryOrder order) {
    static constexpr const char* kNames[] = {"row-major", "key-index", "unordered"};
    return kNames[int(order)];
}
const char* listPathName(ListPath path) {
    static constexpr const char* kNames[] = {"readback", "resident"};
    return kNames[int(path)];
}
const char* storageName(Storage storage) {
    static constexpr const char* kNames[] = {"uint32", "float32"};
    return kNames[int(storage)];
}
const char* buildPathName(BuildPath path) {
    static constexpr const char* kNames[] = {"compute", "fragment"};
    return kNames[int(path)];
}


std::int64_t hpBitsBytes(int side) {
    const std::int64_t blocks = hpBitsBlocksX(side);
    return blocks * blocks * HP_BITS_WORDS_PER_BLOCK * 4;
}

namespace {
Result<void> checkCapacity(const std::string& name, const MethodInput& input, const gl::GlInfo& info) {
    if (input.capacity == 0) return makeError(name + ": capacity must be at least 1");
    if (input.capacity > PointBuffer::maxEntries(info)) // ENTRY_BLOCKS blocks, the 4-byte buffers one
        return makeError(name + ": capacity of " + std::to_string(input.capacity) +
                         " entries is beyond this driver's limit of " +
                         std::to_string(PointBuffer::maxEntries(info)) + " (" +
                         std::to_string(gl::kEntryBlocks) + " blocks of GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    return {};
}
} // namespace

Result<int> checkBitsInput(const char* who, const MethodInput& input, const gl::GlInfo& info) {
    const std::string name = who;
    if (Result<void> r = checkCapacity(name, input, info); !r) return makeError(r.error());
    if (input.bits == 0 || !glIsBuffer(input.bits)) return makeError(name + ": bits input is not a buffer");
    if (input.bitsSide < 1 || input.bitsSide > HP_BITS_MAX_ATLAS)
        return makeError(name + ": virtual atlas side " + std::to_string(input.bitsSide) + " is outside 1.." +
                         std::to_string(HP_BITS_MAX_ATLAS) + " (HP_BITS_MAX_ATLAS)");
    const std::int64_t need = hpBitsBytes(input.bitsSide);
    GLint64 size = 0;
    glGetNamedBufferParameteri64v(input.bits, GL_BUFFER_SIZE, &size);
    if (size < need)
        return makeError(name + ": bits buffer of " + std::to_string(size) + " bytes is smaller than the " +
                         std::to_string(need) + " a " + std::to_string(input.bitsSide) +
                         "-texel virtual atlas needs");
    if (need > info.maxStorageBlockBytes)
        return makeError(name + ": " + std::to_string(need) + " bytes of bits are beyond this driver's " +
                         std::to_string(info.maxStorageBlockBytes) + " (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    return input.bitsSide;
}

Result<std::uint32_t> checkSparseInput(const char* who, const MethodInput& input, const gl::GlInfo& info) {
    const std::string name = who;
    if (Result<void> r = checkCapacity(name, input, info); !r) return makeError(r.error());
    if (input.bitsSide < 1 || input.bitsSide > HP_SPARSE_MAX_ATLAS)
        return makeError(name + ": virtual atlas side " + std::to_string(input.bitsSide) + " is outside 1.." +
                         std::to_string(HP_SPARSE_MAX_ATLAS) + " (HP_SPARSE_MAX_ATLAS)");
    for (GLuint buffer : {input.sparseIndex, input.sparsePool})
        if (buffer == 0 || !glIsBuffer(buffer))
            return makeError(name + ": the sparse occupancy's " +
                             (buffer == input.sparseIndex ? "index" : "pool") + " is not a buffer");
    GLint64 indexBytes = 0, poolBytes = 0;
    glGetNamedBufferParameteri64v(input.sparseIndex, GL_BUFFER_SIZE, &indexBytes);
    glGetNamedBufferParameteri64v(input.sparsePool, GL_BUFFER_SIZE, &poolBytes);
    const std::int64_t need = std::int64_t(hpSparseIndexUints(input.bitsSide)) * 4;
    if (indexBytes < need)
        return makeError(name + ": sparse index of " + std::to_string(indexBytes) +
                         " bytes is smaller than the " + std::to_string(need) + " a " +
                         std::to_string(input.bitsSide) + "-texel virtual atlas needs");
    const std::int64_t slotBytes = SPARSE_SLOT_UINTS * 4;
    if (poolBytes < slotBytes || poolBytes % slotBytes != 0)
        return makeError(name + ": sparse pool of " + std::to_string(poolBytes) +
                         " bytes is not a whole number of slots (" + std::to_string(slotBytes) +
                         " bytes each)");
    if (poolBytes > info.maxStorageBlockBytes || indexBytes > info.maxStorageBlockBytes)
        return makeError(name + ": the sparse occupancy's buffers are beyond this driver's " +
                         std::to_string(info.maxStorageBlockBytes) + " (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    return std::uint32_t(poolBytes / slotBytes);
}

gl::Sampler createAtlasSampler(const std::string& label) {
    gl::Sampler s = gl::createSampler(GL_NEAREST, label);
    glSamplerParameteri(s.id(), GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glSamplerParameteri(s.id(), GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    return s;
}

Result<glm::ivec2> checkInput(const char* who, const MethodInput& input, int maxSide,
                              const gl::GlInfo& info) {
    const std::string name = who;
    if (!std::isfinite(input.threshold)) return makeError(name + ": threshold is not a finite number");
    if (Result<void> r = checkCapacity(name, input, info); !r) return makeError(r.error());
    if (input.atlas == 0 || !glIsTexture(input.atlas)) return makeError(name + ": input is not a texture");
    GLint target = 0, format = 0, width = 0, height = 0;
    glGetTextureParameteriv(input.atlas, GL_TEXTURE_TARGET, &target);
    if (target != GL_TEXTURE_2D) return makeError(name + ": input must be a GL_TEXTURE_2D");
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_WIDTH, &width);
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_HEIGHT, &height);
    if (format != GL_RGBA8) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s: input must be RGBA8 (GL_RGBA8), got internal format 0x%04x", who,
                      unsigned(format));
        return makeError(buf);
    }
    if (width < 1 || height < 1) return makeError(name + ": input has no texels");
    if (width > maxSide || height > maxSide)
        return makeError(name + ": input " + std::to_string(width) + "x" + std::to_string(height) +
                         " is beyond this method's limit of " + std::to_string(maxSide) + " texels a side");
    return glm::ivec2(width, height);
}

} // namespace dicer::hp
