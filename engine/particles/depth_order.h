// Sorted blending, the per-frame order: a compute pass writes one key per particle slot, its view depth
// quantized into `buckets` buckets (far -> key 0, particle_step.h psDepthKey), and the HistoPyramid counting
// sort (engine/sort, hp_counting_sort.h) sorts the keys with the particle index as payload. The permutation
// (slot k -> particle index) is the back-to-front order the sorted draw reads. Nothing is read back: the
// particle count stays on the GPU (retired slots get key `buckets` and sort behind every live one), the depth
// range comes from the cloud's bounding sphere in view space, computed on the CPU from the camera.
// Ties (one bucket) are in no particular order: the HP sort's permutation is not stable (docs/SORT.md).
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"
#include "sorter.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <memory>

namespace dicer::particles {

struct DepthOrderParams {
    glm::mat4 view{1.0f};      // world -> view (camera looks down -z)
    glm::vec3 centre{0.0f};    // bounding sphere of the cloud (world): the depth range's middle
    float radius = 1.7320508f; // the range is the sphere's extent along the view direction (volume: sqrt 3)
    std::uint32_t buckets = 4096; // [kMinBuckets, kMaxBuckets]
};

// The view depths of the key range's two ends: far (key 0) and near (key buckets - 1).
struct DepthRange {
    float farDepth = 1.0f, nearDepth = 0.0f;
};
DepthRange depthRange(const DepthOrderParams& params);
// The view depth of a world position (what the keys pass computes): -(view * p).z.
glm::vec4 depthRow(const glm::mat4& view);

class ParticleDepthOrder {
public:
    // One key more than the buckets is the retired particles' key, and the sort takes m <= 2^20.
    static constexpr std::uint32_t kMinBuckets = 2, kMaxBuckets = (1u << 20) - 1;
    static Result<void> checkBuckets(std::uint32_t buckets);

    static Result<ParticleDepthOrder> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Keys and sort for particle slots [0, slots) of `positions` (ParticleSystem::positionBuffer); the live
    // count is `control`'s PS_CTRL_DRAW (ParticleSystem::controlBuffer). Records GPU work only. Errors: bad buckets, slots beyond the sort's limit.
    Result<void> sort(GLuint positions, GLuint control, std::uint32_t slots, const DepthOrderParams& params);

    GLuint keys() const { return m_keys.id(); }              // uint per slot, input order
    GLuint order() const { return m_sorter->permutation(); } // slot k -> particle index, back to front
    const sort::Sorter& sorter() const { return *m_sorter; }
    sort::Sorter& sorter() { return *m_sorter; } // the X-ray draws and traces its pyramid

private:
    ParticleDepthOrder() = default;
    gl::ShaderLibrary* m_shaders = nullptr;
    gl::ProgramId m_keysPass;
    std::unique_ptr<sort::Sorter> m_sorter;
    gl::Buffer m_keys;
    std::uint32_t m_keyCapacity = 0;
    std::uint32_t m_perBlock = 0; // the positions are bound as blocks of this many (storage_blocks.h)
};

} // namespace dicer::particles
