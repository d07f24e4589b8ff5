#include "depth_order.h"

#include "allocation.h"
#include "gl_debug.h"
#include "hp_counting_sort.h"
#include "particles_shared.h"
#include "storage_blocks.h"

#include <algorithm>
#include <string>

namespace dicer::particles {

glm::vec4 depthRow(const glm::mat4& view) {
    // Row 2 of the view matrix (glm is column-major: element [c][2] of each column), negated.
    return -glm::vec4(view[0][2], view[1][2], view[2][2], view[3][2]);
}

DepthRange depthRange(const DepthOrderParams& params) {
    const float centre = glm::dot(depthRow(params.view), glm::vec4(params.centre, 1.0f));
    const float radius = std::max(params.radius, 1e-6f);
    return {centre + radius, centre - radius};
}

Result<void> ParticleDepthOrder::checkBuckets(std::uint32_t buckets) {
    if (buckets < kMinBuckets || buckets > kMaxBuckets)
        return makeError("depth buckets " + std::to_string(buckets) + " outside [" +
                         std::to_string(kMinBuckets) + ", " + std::to_string(kMaxBuckets) +
                         "] (one key more holds the retired particles, and the "
                         "counting sort takes at most 2^20 keys)");
    return {};
}

Result<ParticleDepthOrder> ParticleDepthOrder::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    ParticleDepthOrder order;
    order.m_shaders = &shaders;
    order.m_perBlock = gl::entriesPerBlock(info);
    auto keys = shaders.add({"particles depth keys", {{GL_COMPUTE_SHADER, "particles_keys.comp.glsl"}}, {}});
    if (!keys) return makeError(keys.error());
    order.m_keysPass = *keys;
    auto sorter = sort::HpCountingSort::create(shaders, info, 2);
    if (!sorter) return makeError(sorter.error());
    order.m_sorter = std::move(sorter.value());
    return order;
}

Result<void> ParticleDepthOrder::sort(GLuint positions, GLuint control, std::uint32_t slots,
                                      const DepthOrderParams& params) {
    if (Result<void> r = checkBuckets(params.buckets); !r) return r;
    gl::DebugGroup group("particles depth order");
    if (slots > m_keyCapacity || !m_keys) {
        const std::uint32_t capacity =
            std::max<std::uint32_t>(std::max(slots, m_keyCapacity + m_keyCapacity / 2), 1);
        // Refused: no order this frame (the draw then blends nothing), the previous keys and capacity stay.
        Result<gl::Buffer> keys =
            gl::allocateBuffer(GLsizeiptr(capacity) * 4, nullptr, 0, "particles depth keys");
        if (!keys) return makeError(keys.error());
        m_keys = std::move(keys.value());
        m_keyCapacity = capacity;
    }
    const DepthRange range = depthRange(params);
    const glm::vec4 row = depthRow(params.view);
    GLuint program = m_shaders->get(m_keysPass);
    glProgramUniform4f(program, PS_LOC_DEPTH_ROW, row.x, row.y, row.z, row.w);
    glProgramUniform2f(program, PS_LOC_DEPTH_RANGE, range.farDepth, range.nearDepth);
    glProgramUniform1ui(program, PS_LOC_BUCKETS, params.buckets);
    glProgramUniform1ui(program, PS_LOC_SLOTS, slots);
    glUseProgram(program);
    gl::bindEntryBlocks(PS_BIND_POSITIONS, positions, slots, m_perBlock);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PS_BIND_CONTROL, control);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, PS_BIND_DEPTH_KEYS, m_keys.id());
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the update wrote the positions and the count
    const std::uint32_t groups = (slots + PS_LOCAL_SIZE - 1) / PS_LOCAL_SIZE;
    if (groups > 0) {
        const std::uint32_t x =
            std::min<std::uint32_t>(groups, 65535u); // GL's guaranteed group count per axis
        glDispatchCompute(x, (groups + x - 1) / x, 1);
    }
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    // m = buckets + 1: the retired particles' key is `buckets`.
    return m_sorter->sort({m_keys.id(), slots, params.buckets + 1, /*permutation=*/true});
}

} // namespace dicer::particles
