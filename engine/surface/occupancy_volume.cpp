// A mesh's occupancy as an R8UI 3D texture for the marching cubes (occupancy_volume.h): the
// checks, the allocation and the one pass (shaders/occupancy_volume.comp.glsl) from the occupancy bits
// (occupancy_bits.h), the sparse occupancy (occupancy_sparse.h) or the RGBA8 slice atlas (volume_layout.h) with the HistoPyramid discriminator's rule
// (Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006): active = alpha >= threshold).
#include "occupancy_volume.h"

#include "allocation.h"
#include "gpu_pass.h"

#include "gl_debug.h"
#include "hp_math.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "voxel_shared.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <string>
#include <tuple>

namespace dicer::surface {

namespace {

static_assert(OCC_BORDER == OccupancyVolume::kBorder, "the shader's border is the class'");

// After the image stores: the marching cubes' image loads (discriminate_values.glsl), and read-backs
// (glGetTextureImage) in tests.
constexpr GLbitfield kVolumeWritten = GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT;

std::string errorPrefix(const occupancy::VolumeLayout& layout) {
    return "occupancy volume of " + occupancy::volumeText(layout.volume) + " voxels: ";
}

} // namespace

Result<OccupancyVolume> OccupancyVolume::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    OccupancyVolume o(shaders, info);
    Result<gl::ProgramId> bits =
        shaders.add({"occupancy volume (bits)", {{GL_COMPUTE_SHADER, "occupancy_volume.comp.glsl"}}, {}});
    if (!bits) return makeError(bits.error());
    Result<gl::ProgramId> atlas = shaders.add({"occupancy volume (atlas)",
                                               {{GL_COMPUTE_SHADER, "occupancy_volume.comp.glsl"}},
                                               {{"OCC_FROM_ATLAS", ""}}});
    if (!atlas) return makeError(atlas.error());
    Result<gl::ProgramId> sparse = shaders.add({"occupancy volume (sparse)",
                                                {{GL_COMPUTE_SHADER, "occupancy_volume.comp.glsl"}},
                                                {{"OCC_FROM_SPARSE", ""}}});
    if (!sparse) return makeError(sparse.error());
    o.m_fromBits = *bits;
    o.m_fromAtlas = *atlas;
    o.m_fromSparse = *sparse;
    // texelFetch ignores filtering, but completeness does not: a caller's atlas with a mipmapping min filter and
    // one level would read as 0. The sampler's state replaces the texture's.
    o.m_nearest = gl::createSampler(GL_NEAREST, "occupancy volume atlas");
    return o;
}

std::int64_t OccupancyVolume::bitsBytes(const occupancy::VolumeLayout& layout) {
    const std::int64_t blocksX = hp::hpBitsBlocksX(layout.atlasSize);
    return blocksX * blocksX * HP_BITS_WORDS_PER_BLOCK * 4;
}

glm::mat4 OccupancyVolume::sampleToVolume() const {
    // volume space = -1 + (i - kBorder + 0.5) * 2 / X per axis (a voxel's centre, volume_layout.h).
    const glm::vec3 voxels = glm::vec3(glm::max(m_volume, glm::ivec3(1)));
    const glm::vec3 scale = 2.0f / voxels;
    const glm::vec3 shift = -1.0f + (0.5f - float(kBorder)) * scale;
    return glm::scale(glm::translate(glm::mat4(1.0f), shift), scale);
}

Result<void> OccupancyVolume::checkLayout(const occupancy::VolumeLayout& layout) const {
    const std::string prefix = errorPrefix(layout);
    if (glm::any(glm::lessThan(layout.volume, glm::ivec3(1))))
        return makeError(prefix + "a volume needs at least one voxel a side");
    Result<occupancy::VolumeLayout> expected = occupancy::VolumeLayout::make(layout.volume, 1 << 30);
    if (!expected || expected->tiles != layout.tiles || expected->atlasSize != layout.atlasSize)
        return makeError(prefix + "inconsistent volume layout (make it with VolumeLayout::make)");
    const glm::ivec3 size = layout.volume + 2 * kBorder;
    const int largest = std::max({size.x, size.y, size.z});
    const std::string texels =
        occupancy::volumeText(size) + " texels (the volume and its empty border of " + std::to_string(kBorder) + ")";
    if (largest > m_info.max3DTextureSize)
        return makeError(prefix + texels + " have a side of " + std::to_string(largest) +
                         ", beyond this driver's GL_MAX_3D_TEXTURE_SIZE " +
                         std::to_string(m_info.max3DTextureSize) + "; choose a volume of at most " +
                         std::to_string(m_info.max3DTextureSize - 2 * kBorder) + " voxels a side");
    const std::int64_t bytes = std::int64_t(size.x) * size.y * size.z;
    if (bytes > kMaxBytes)
        return makeError(prefix + texels + " are " + std::to_string(bytes) +
                         " bytes of R8UI, beyond the cap of " + std::to_string(kMaxBytes) +
                         " (1 GiB) on a mesh's occupancy volume; choose a smaller " +
                         "volume preset (512 or below)");
    return {};
}

Result<void> OccupancyVolume::allocate(const occupancy::VolumeLayout& layout) {
    const glm::ivec3 size = layout.volume + 2 * kBorder;
    if (m_texture && size == m_size) {
        m_volume = layout.volume;
        return {};
    }
    Result<gl::Texture> texture =
        gl::allocateTexture3D(GL_TEXTURE_3D, size.x, size.y, size.z, GL_R8UI, "occupancy volume");
    if (!texture)
        return makeError(errorPrefix(layout) + texture.error() + "; choose a smaller volume preset");
    // Integer textures are incomplete with a linear filter, even for texelFetch.
    glTextureParameteri(texture->id(), GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTextureParameteri(texture->id(), GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    m_texture = std::move(texture.value());
    m_size = size;
    m_volume = layout.volume;
    return {};
}

Result<void> OccupancyVolume::fromBits(GLuint bitsBuffer, const occupancy::VolumeLayout& layout) {
    if (Result<void> r = checkLayout(layout); !r) return r;
    const std::string prefix = errorPrefix(layout);
    const std::int64_t bytes = bitsBytes(layout);
    if (bytes > m_info.maxStorageBlockBytes)
        return makeError(prefix + "its " + std::to_string(bytes) +
                         " bytes of bits are beyond this driver's " + "GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                         std::to_string(m_info.maxStorageBlockBytes));
    if (bitsBuffer == 0 || glIsBuffer(bitsBuffer) != GL_TRUE)
        return makeError(prefix + "the bits (" + std::to_string(bitsBuffer) + ") are not a buffer");
    GLint64 held = 0;
    glGetNamedBufferParameteri64v(bitsBuffer, GL_BUFFER_SIZE, &held);
    if (held < bytes)
        return makeError(prefix + "the bits buffer holds " + std::to_string(held) + " bytes, the layout's " +
                         std::to_string(layout.atlasSize) + "^2 virtual atlas needs " +
                         std::to_string(bytes));
    if (Result<void> r = allocate(layout); !r) return r;

    gl::DebugGroup group("occupancy volume (bits)");
    const GLuint program = m_shaders->get(m_fromBits);
    glUseProgram(program);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, OCC_BIND_BITS, bitsBuffer, 0, GLsizeiptr(bytes));
    dispatch(program, layout);
    return {};
}

Result<void> OccupancyVolume::fromAtlas(GLuint atlasTexture, const occupancy::VolumeLayout& layout, float threshold) {
    if (Result<void> r = checkLayout(layout); !r) return r;
    const std::string prefix = errorPrefix(layout);
    if (!std::isfinite(threshold)) return makeError(prefix + "the threshold is not a finite number");
    if (atlasTexture == 0 || glIsTexture(atlasTexture) != GL_TRUE)
        return makeError(prefix + "the atlas (" + std::to_string(atlasTexture) + ") is not a texture");
    GLint target = 0, format = 0, width = 0, height = 0;
    glGetTextureParameteriv(atlasTexture, GL_TEXTURE_TARGET, &target);
    if (target == GL_TEXTURE_2D) {
        glGetTextureLevelParameteriv(atlasTexture, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
        glGetTextureLevelParameteriv(atlasTexture, 0, GL_TEXTURE_WIDTH, &width);
        glGetTextureLevelParameteriv(atlasTexture, 0, GL_TEXTURE_HEIGHT, &height);
    }
    if (target != GL_TEXTURE_2D || format != GL_RGBA8)
        return makeError(prefix + "the atlas must be a GL_TEXTURE_2D of GL_RGBA8");
    if (width < layout.atlasSize || height < layout.atlasSize)
        return makeError(prefix + "the atlas is " + std::to_string(width) + "x" + std::to_string(height) +
                         " texels, the layout needs " + std::to_string(layout.atlasSize) + " a side");
    if (Result<void> r = allocate(layout); !r) return r;

    gl::DebugGroup group("occupancy volume (atlas)");
    const GLuint program = m_shaders->get(m_fromAtlas);
    glUseProgram(program);
    glProgramUniform1ui(program, OCC_LOC_THRESHOLD, hp::thresholdToByte(threshold));
    glBindTextureUnit(OCC_UNIT_ATLAS, atlasTexture);
    glBindSampler(OCC_UNIT_ATLAS, m_nearest.id());
    dispatch(program, layout);
    glBindSampler(OCC_UNIT_ATLAS, 0); // the unit's other users rely on the textures' own sampling
    return {};
}

Result<void> OccupancyVolume::fromSparse(GLuint indexBuffer, GLuint poolBuffer, const occupancy::VolumeLayout& layout) {
    if (Result<void> r = checkLayout(layout); !r) return r;
    const std::string prefix = errorPrefix(layout);
    GLint64 indexBytes = 0, poolBytes = 0;
    for (auto [buffer, what, held] :
         {std::tuple{indexBuffer, "index", &indexBytes}, std::tuple{poolBuffer, "pool", &poolBytes}}) {
        if (buffer == 0 || glIsBuffer(buffer) != GL_TRUE)
            return makeError(prefix + "the sparse " + what + " (" + std::to_string(buffer) +
                             ") is not a buffer");
        glGetNamedBufferParameteri64v(buffer, GL_BUFFER_SIZE, held);
    }
    const std::int64_t needed = std::int64_t(hp::hpSparseIndexUints(layout.atlasSize)) * 4;
    if (indexBytes < needed)
        return makeError(prefix + "the sparse index holds " + std::to_string(indexBytes) +
                         " bytes, the layout's " + std::to_string(layout.atlasSize) +
                         "^2 virtual atlas needs " + std::to_string(needed));
    if (poolBytes < SPARSE_SLOT_UINTS * 4)
        return makeError(prefix + "the sparse pool holds " + std::to_string(poolBytes) +
                         " bytes, less than one slot");
    if (Result<void> r = allocate(layout); !r) return r;

    gl::DebugGroup group("occupancy volume (sparse)");
    const GLuint program = m_shaders->get(m_fromSparse);
    glUseProgram(program);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SPARSE_BIND_INDEX, indexBuffer);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SPARSE_BIND_POOL, poolBuffer);
    dispatch(program, layout);
    return {};
}

void OccupancyVolume::dispatch(GLuint program, const occupancy::VolumeLayout& layout) {
    glProgramUniform3i(program, OCC_LOC_VOLUME, layout.volume.x, layout.volume.y, layout.volume.z);
    // checkLayout: the layout is VolumeLayout::make's, whose tiles per row are a power of two.
    glProgramUniform2i(program, OCC_LOC_ATLAS, std::countr_zero(unsigned(layout.tiles.x)), layout.atlasSize);
    // Layered: an image3D sees every slice of the level.
    glBindImageTexture(OCC_IMAGE_VOLUME, m_texture.id(), 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_R8UI);
    // Sides are at most GL_MAX_3D_TEXTURE_SIZE (GPUs up to 16384): far below 65535 groups on every axis.
    glDispatchCompute(occupancy::groups(m_size.x, OCC_LOCAL_SIZE),
                      occupancy::groups(m_size.y, OCC_LOCAL_SIZE), GLuint(m_size.z));
    glMemoryBarrier(kVolumeWritten);
    glUseProgram(0); // never leave a program bound that a shader reload may delete (voxelizer_state.h)
}

} // namespace dicer::surface
