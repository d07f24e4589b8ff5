// A point list without a HistoPyramid, for the tests of what reads one (the particles, the allocations):
// `n` entries over a cube of `side` voxels, voxel k = (k % side, (k / side) % side, k / side^2), and the
// counter buffer (4 uints) saying `count`, which may exceed n as a list cut at its capacity does.
#pragma once

#include "gl_test_util.h"
#include "particles.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <vector>

namespace dicer::test {

struct FakePointList {
    gl::Buffer points, counters;
    std::uint32_t capacity = 0;
    std::uint32_t side = 0;

    FakePointList(std::uint32_t n, std::uint32_t count, std::uint32_t cubeSide) : capacity(n), side(cubeSide) {
        std::vector<glm::uvec4> entries(n);
        for (std::uint32_t k = 0; k < n; ++k)
            entries[k] = glm::uvec4(voxel(k), 0u);
        points = bufferStorage(GLsizeiptr(n * sizeof(glm::uvec4)), entries.data(), 0, "test points");
        const std::uint32_t words[4] = {count, 0u, 0u, 0u};
        counters = bufferStorage(sizeof words, words, GL_DYNAMIC_STORAGE_BIT, "test counters");
    }
    glm::uvec3 voxel(std::uint32_t k) const { return {k % side, (k / side) % side, k / (side * side)}; }
    void setCount(std::uint32_t count) { glNamedBufferSubData(counters.id(), 0, 4, &count); }
    particles::ParticleSource source() const {
        return {points.id(), counters.id(), capacity, glm::ivec3(int(side))};
    }
};

} // namespace dicer::test
