#include "bits_reference.h"

#include "occupancy_bits.h"

#include <algorithm>
#include <bit>

namespace dicer::hp {

std::size_t bitsWordCount(int side) {
    const std::size_t blocks = std::size_t(hpBitsBlocksX(side));
    return blocks * blocks * HP_BITS_WORDS_PER_BLOCK;
}

bool bitAt(std::span<const std::uint32_t> words, int side, glm::ivec2 texel) {
    return (words[hpBitsWord(texel, hpBitsBlocksX(side))] & hpBitsMask(texel)) != 0;
}

void setBit(std::span<std::uint32_t> words, int side, glm::ivec2 texel) {
    words[hpBitsWord(texel, hpBitsBlocksX(side))] |= hpBitsMask(texel);
}

namespace {
template <int kStride>
std::vector<std::uint32_t> toBits(std::span<const std::uint8_t> bytes, int width, int height,
                                  std::uint32_t thresholdByte, const AtlasTiling& tiling, int side) {
    std::vector<std::uint32_t> words(bitsWordCount(side), 0);
    // inVolume uses the atlas size for a zero tile size, as the discriminator does.
    const glm::ivec2 input{width, height};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const std::size_t i =
                (std::size_t(y) * std::size_t(width) + std::size_t(x)) * kStride + kStride - 1;
            if (bytes[i] >= thresholdByte && inVolume({x, y}, tiling, input)) setBit(words, side, {x, y});
        }
    return words;
}
} // namespace

std::vector<std::uint32_t> atlasToBits(std::span<const std::uint8_t> alpha, int width, int height,
                                       std::uint32_t thresholdByte, const AtlasTiling& tiling, int side) {
    return toBits<1>(alpha, width, height, thresholdByte, tiling, side);
}

std::vector<std::uint32_t> rgbaToBits(std::span<const std::uint8_t> rgba, int width, int height,
                                      std::uint32_t thresholdByte, const AtlasTiling& tiling, int side) {
    return toBits<4>(rgba, width, height, thresholdByte, tiling, side);
}

std::uint64_t bitsCount(std::span<const std::uint32_t> words) {
    std::uint64_t n = 0;
    for (std::uint32_t w : words)
        n += std::uint64_t(std::popcount(w));
    return n;
}

std::uint64_t mortonCode(glm::ivec2 texel) {
    std::uint64_t code = 0;
    for (int b = 0; b < 32; ++b)
        code |= (std::uint64_t((texel.x >> b) & 1) << (2 * b)) |
                (std::uint64_t((texel.y >> b) & 1) << (2 * b + 1));
    return code;
}

std::vector<glm::ivec2> bitsKeyIndexTexels(std::span<const std::uint32_t> words, int side) {
    const int blocksX = hpBitsBlocksX(side);
    const int grid = int(std::bit_ceil(unsigned(blocksX))); // the pyramid's power-of-two grid of blocks
    std::vector<glm::ivec2> out;
    out.reserve(std::size_t(bitsCount(words)));
    for (std::uint64_t i = 0; i < std::uint64_t(grid) * std::uint64_t(grid); ++i) {
        glm::ivec2 block{0, 0}; // de-interleave the Morton index
        for (int b = 0; b < 16; ++b) {
            block.x |= int((i >> (2 * b)) & 1) << b;
            block.y |= int((i >> (2 * b + 1)) & 1) << b;
        }
        if (block.x >= blocksX || block.y >= blocksX) continue;
        const std::size_t w = std::size_t(block.y) * std::size_t(blocksX) + std::size_t(block.x);
        std::uint64_t mask = std::uint64_t(words[2 * w]) | (std::uint64_t(words[2 * w + 1]) << 32);
        while (mask != 0) {
            const int m = std::countr_zero(mask);
            mask &= mask - 1;
            const glm::ivec2 in{(m & 1) | ((m >> 1) & 2) | ((m >> 2) & 4),
                                ((m >> 1) & 1) | ((m >> 2) & 2) | ((m >> 3) & 4)};
            out.push_back(block * HP_BITS_BLOCK + in);
        }
    }
    return out;
}

std::vector<glm::uvec4> bitsKeyIndexEntries(std::span<const std::uint32_t> words, int side,
                                            const AtlasTiling& tiling) {
    std::vector<glm::ivec2> texels = bitsKeyIndexTexels(words, side);
    std::vector<glm::uvec4> out(texels.size());
    for (std::size_t k = 0; k < texels.size(); ++k)
        out[k] = pointEntry(texels[k], tiling, glm::ivec2(side));
    return out;
}

} // namespace dicer::hp
