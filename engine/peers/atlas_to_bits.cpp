#include "atlas_to_bits.h"

#include "allocation.h"
#include "gl_debug.h"
#include "hp_math.h"
#include "hpc_shared.h"
#include "occupancy_bits.h"
#include "peers_shared.h"

#include <algorithm>
#include <string>

namespace dicer::peers {

Result<std::unique_ptr<AtlasToBits>> AtlasToBits::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    std::unique_ptr<AtlasToBits> p(new AtlasToBits(shaders, info));
    auto program = shaders.add({"atlas to bits", {{GL_COMPUTE_SHADER, "bits_from_atlas.comp.glsl"}}, {}});
    if (!program) return makeError(program.error());
    p->m_program = *program;
    p->m_sampler = hp::createAtlasSampler("atlas to bits");
    return p;
}

Result<hp::MethodInput> AtlasToBits::convert(const hp::MethodInput& atlas, int side) {
    auto size = hp::checkInput("atlas to bits", atlas, HP_BITS_MAX_ATLAS, m_info);
    if (!size) return makeError(size.error());
    side = std::max({side, size->x, size->y});
    if (side > HP_BITS_MAX_ATLAS)
        return makeError("atlas to bits: side " + std::to_string(side) + " is beyond HP_BITS_MAX_ATLAS");
    const std::int64_t bytes = hp::hpBitsBytes(side);
    if (bytes > m_info.maxStorageBlockBytes)
        return makeError("atlas to bits: " + std::to_string(bytes) +
                         " bytes of bits are beyond GL_MAX_SHADER_STORAGE_BLOCK_SIZE " +
                         std::to_string(m_info.maxStorageBlockBytes));
    if (bytes != m_bytes) {
        Result<gl::Buffer> b = gl::allocateBuffer(GLsizeiptr(bytes), nullptr, 0, "occupancy bits");
        if (!b) return makeError("atlas to bits: " + b.error());
        m_bits = std::move(b.value());
        m_bytes = bytes;
    }
    m_side = side;

    gl::DebugGroup group("atlas to bits");
    GLuint program = m_shaders->get(m_program);
    glProgramUniform2i(program, HP_LOC_INPUT_SIZE, size->x, size->y);
    glProgramUniform1ui(program, HP_LOC_THRESHOLD, hp::thresholdToByte(atlas.threshold));
    glProgramUniform1i(program, HPB_LOC_SIDE, side);
    hp::setTilingUniforms(program, atlas.tiling, *size);
    glUseProgram(program);
    glBindTextureUnit(HP_UNIT_INPUT, atlas.atlas);
    glBindSampler(HP_UNIT_INPUT, m_sampler.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HPB_BIND_BITS, m_bits.id());
    const GLuint groups = GLuint((hp::hpBitsBlocksX(side) + HPB_LOCAL_SIZE - 1) / HPB_LOCAL_SIZE);
    glDispatchCompute(groups, groups, 1);
    // Readers: the pyramid's build and list (SSBO), read-backs in tests.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);

    hp::MethodInput out = atlas;
    out.bits = m_bits.id();
    out.bitsSide = side;
    return out;
}

Result<hp::MethodInput> inputFor(occupancy::VoxelOutput kind, const hp::MethodInput& atlas,
                                 std::unique_ptr<AtlasToBits>& converter, gl::ShaderLibrary& shaders,
                                 const gl::GlInfo& info) {
    if (kind == occupancy::VoxelOutput::Atlas) return atlas;
    if (kind == occupancy::VoxelOutput::Sparse) // made from the bits by voxel::SparseOccupancy::fromBits, not a peer's
        return makeError(
            "a sparse row reads the sparse occupancy (voxel::SparseOccupancy::fromBits of the bits)");
    if (!converter) {
        auto made = AtlasToBits::create(shaders, info);
        if (!made) return makeError(made.error());
        converter = std::move(made.value());
    }
    return converter->convert(atlas);
}

} // namespace dicer::peers
