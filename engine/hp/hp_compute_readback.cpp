// The compute pyramids read back on the CPU (hp_compute.h): the level-3 masks and any level's sums, for the
// tests, the bench's checks and the X-ray's figures. Waits for the GPU; never in the frame path.
#include "hp_compute.h"

#include <bit>

namespace dicer::hp {

std::vector<glm::uvec2> ComputeHistoPyramid::readMasks() const {
    const glm::ivec2 m = computeLevelSize(m_inputSize, HPC_MASK_LEVEL);
    std::vector<glm::uvec2> masks(size_t(m.x) * size_t(m.y));
    if (m_source == PyramidSource::Bits) // occupancy_bits.h: blocks row-major, a uint pair each
        glGetNamedBufferSubData(m_bits, 0, GLsizeiptr(masks.size() * sizeof(glm::uvec2)), masks.data());
    else
        glGetTextureSubImage(m_textures[0].id(), 0, 0, 0, 0, m.x, m.y, 1, GL_RG_INTEGER, GL_UNSIGNED_INT,
                             GLsizei(masks.size() * sizeof(glm::uvec2)), masks.data());
    return masks;
}

std::vector<std::uint32_t> ComputeHistoPyramid::readLevel(int level) const {
    if (level < 1 || level > m_levelCount) return {};
    const glm::ivec2 s = computeLevelSize(m_inputSize, level);
    std::vector<std::uint32_t> sums(size_t(s.x) * size_t(s.y));
    if (level <= HPC_MASK_LEVEL) {
        // Levels 1-3 are popcounts of 4, 16 or 64 consecutive bits (Morton order) of the level-3 masks.
        const glm::ivec2 m = computeLevelSize(m_inputSize, HPC_MASK_LEVEL);
        const std::vector<glm::uvec2> masks = readMasks();
        const int shift = HPC_MASK_LEVEL - level, bits = 1 << (2 * level); // cells per block: 8x8 >> shift
        for (int y = 0; y < s.y; ++y)
            for (int x = 0; x < s.x; ++x) {
                const glm::uvec2 mask = masks[size_t(y >> shift) * size_t(m.x) + size_t(x >> shift)];
                // Morton index of this cell's first bit inside the block: interleave the in-block x, y bits.
                int first = 0;
                for (int b = 0; b < shift; ++b)
                    first |= (((x >> b) & 1) << (2 * b)) | (((y >> b) & 1) << (2 * b + 1));
                first <<= 2 * level;
                const std::uint64_t word = std::uint64_t(mask.x) | (std::uint64_t(mask.y) << 32);
                const std::uint64_t window =
                    bits == 64 ? word : (word >> first) & ((std::uint64_t(1) << bits) - 1);
                sums[size_t(y) * size_t(s.x) + size_t(x)] = std::uint32_t(std::popcount(window));
            }
        return sums;
    }
    if (!storesLevel(level)) {
        // hp_bits' level 4 (hpc_shared.h, HPB_FIRST_STORED_LEVEL): the popcounts of the 2x2 masks under a cell.
        const glm::ivec2 m = computeLevelSize(m_inputSize, HPC_MASK_LEVEL);
        const std::vector<glm::uvec2> masks = readMasks();
        for (int y = 0; y < s.y; ++y)
            for (int x = 0; x < s.x; ++x)
                for (int c = 0; c < 4; ++c) {
                    const glm::ivec2 b(2 * x + (c & 1), 2 * y + (c >> 1));
                    if (b.x >= m.x || b.y >= m.y) continue;
                    const glm::uvec2 mask = masks[size_t(b.y) * size_t(m.x) + size_t(b.x)];
                    sums[size_t(y) * size_t(s.x) + size_t(x)] +=
                        std::uint32_t(std::popcount(mask.x) + std::popcount(mask.y));
                }
        return sums;
    }
    std::vector<std::uint32_t> raw(sums.size() * 4);
    glGetTextureSubImage(m_textures[computeLevelTexture(level)].id(), 0, m_offsets[level], 0, 0, s.x, s.y, 1,
                         GL_RGBA_INTEGER, GL_UNSIGNED_INT, GLsizei(raw.size() * 4), raw.data());
    for (size_t i = 0; i < sums.size(); ++i)
        sums[i] = raw[i * 4] + raw[i * 4 + 1] + raw[i * 4 + 2] + raw[i * 4 + 3];
    return sums;
}

} // namespace dicer::hp
