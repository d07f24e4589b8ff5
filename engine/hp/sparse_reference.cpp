// CPU reference of the sparse occupancy (occupancy_sparse.h): built from dense bits brick by brick, in the
// order the GPU's allocation gives the slots (the marked bricks' Morton order).
#include "sparse_reference.h"

#include "bits_reference.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"

#include <algorithm>
#include <bit>

namespace dicer::hp {

std::uint32_t SparseOccupancyCpu::marked() const {
    return index[SPARSE_MARKED];
}
std::uint32_t SparseOccupancyCpu::used() const {
    return index[SPARSE_USED];
}
bool SparseOccupancyCpu::overflowed() const {
    return index[SPARSE_OVERFLOW] != 0;
}

namespace {
// The dense bits' words of a brick, in the brick's order: its 16 masks in Morton order (0 beyond the atlas).
void brickWords(std::span<const std::uint32_t> bits, int side, std::uint32_t brick, std::uint32_t* out) {
    const int blocksX = hpBitsBlocksX(side);
    const glm::ivec2 origin = hpSparseTexel(brick, 0);
    for (std::uint32_t m = 0; m < SPARSE_BRICK_WORDS / 2; ++m) {
        const glm::ivec2 block = (origin + hpSparseTexel(0, m << 6)) / HP_BITS_BLOCK; // mask m's 8x8 block
        const bool inside = block.x < blocksX && block.y < blocksX;
        const std::uint32_t w = inside ? hpBitsWord(block * HP_BITS_BLOCK, blocksX) : 0;
        out[2 * m] = inside ? bits[w] : 0;
        out[2 * m + 1] = inside ? bits[w + 1] : 0;
    }
}
} // namespace

SparseOccupancyCpu sparseFromBits(std::span<const std::uint32_t> bits, int side, std::uint32_t capacity) {
    return sparseFromBits(bits, side, capacity, {});
}

SparseOccupancyCpu sparseFromBits(std::span<const std::uint32_t> bits, int side, std::uint32_t capacity,
                                  std::span<const std::uint32_t> coarse) {
    SparseOccupancyCpu s;
    s.side = side;
    s.capacity = capacity;
    s.index.assign(size_t(hpSparseIndexUints(side)), 0);
    s.pool.assign(size_t(capacity) * SPARSE_SLOT_UINTS, 0);
    const int grid = hpSparseGrid(side);
    const int words = hpSparseCoarseWords(side);
    std::uint32_t marked = 0, buffer[SPARSE_BRICK_WORDS]; // marked: bricks so far
    for (int w = 0; w < words; ++w) {
        s.index[size_t(hpSparseBaseOffset(side) + w)] = marked;
        for (int bit = 0; bit < 32; ++bit) {
            const auto brick = std::uint32_t(w * 32 + bit);
            if (brick >= std::uint32_t(grid * grid)) break;
            brickWords(bits, side, brick, buffer);
            const bool isMarked = coarse.empty() ? std::any_of(std::begin(buffer), std::end(buffer),
                                                               [](std::uint32_t v) { return v != 0; })
                                                 : (coarse[size_t(w)] >> bit & 1u) != 0;
            if (!isMarked) continue;
            s.index[size_t(SPARSE_HEADER + w)] |= 1u << bit;
            if (marked < capacity) {
                std::copy(std::begin(buffer), std::end(buffer), s.pool.begin() + std::ptrdiff_t(marked) * 32);
                s.pool[size_t(capacity) * SPARSE_BRICK_WORDS + marked] = brick;
            }
            ++marked;
        }
    }
    const std::uint32_t used = std::min(marked, capacity);
    s.index[SPARSE_MARKED] = marked;
    s.index[SPARSE_CAPACITY] = capacity;
    s.index[SPARSE_USED] = used;
    s.index[SPARSE_OVERFLOW] = marked > capacity ? 1u : 0u;
    // The pool clear's arguments: one invocation per used word, at most SPARSE_MAX_GROUPS groups (a grid-stride
    // loop covers the rest), at least one group.
    const std::uint64_t groups =
        (std::uint64_t(used) * SPARSE_BRICK_WORDS + SPARSE_CLEAR_LOCAL_SIZE - 1) / SPARSE_CLEAR_LOCAL_SIZE;
    s.index[SPARSE_CLEAR_ARGS] = std::uint32_t(std::clamp<std::uint64_t>(groups, 1, SPARSE_MAX_GROUPS));
    s.index[SPARSE_CLEAR_ARGS + 1] = 1;
    s.index[SPARSE_CLEAR_ARGS + 2] = 1;
    return s;
}

std::vector<std::uint32_t> sparseToBits(std::span<const std::uint32_t> index,
                                        std::span<const std::uint32_t> pool, int side,
                                        std::uint32_t capacity) {
    std::vector<std::uint32_t> bits(bitsWordCount(side), 0);
    const std::uint32_t used = std::min(index[SPARSE_USED], capacity);
    for (std::uint32_t s = 0; s < used; ++s) {
        const std::uint32_t brick = pool[size_t(capacity) * SPARSE_BRICK_WORDS + s];
        for (std::uint32_t i = 0; i < SPARSE_BRICK * SPARSE_BRICK; ++i)
            if (pool[size_t(s) * SPARSE_BRICK_WORDS + i / 32] >> (i % 32) & 1u) {
                const glm::ivec2 texel = hpSparseTexel(brick, i);
                if (texel.x < side && texel.y < side) setBit(bits, side, texel);
            }
    }
    return bits;
}

std::vector<glm::ivec2> sparseKeyIndexTexels(std::span<const std::uint32_t> index,
                                             std::span<const std::uint32_t> pool, std::uint32_t capacity) {
    std::vector<glm::ivec2> out;
    const std::uint32_t used = std::min(index[SPARSE_USED], capacity);
    for (std::uint32_t s = 0; s < used; ++s) {
        const std::uint32_t brick = pool[size_t(capacity) * SPARSE_BRICK_WORDS + s];
        for (std::uint32_t w = 0; w < SPARSE_BRICK_WORDS; ++w) {
            std::uint32_t word = pool[size_t(s) * SPARSE_BRICK_WORDS + w];
            while (word != 0) {
                const int b = std::countr_zero(word);
                word &= word - 1;
                out.push_back(hpSparseTexel(brick, w * 32 + std::uint32_t(b)));
            }
        }
    }
    return out;
}

std::vector<glm::uvec4> sparseKeyIndexEntries(std::span<const std::uint32_t> index,
                                              std::span<const std::uint32_t> pool, std::uint32_t capacity,
                                              int side, const AtlasTiling& tiling) {
    const std::vector<glm::ivec2> texels = sparseKeyIndexTexels(index, pool, capacity);
    std::vector<glm::uvec4> out(texels.size());
    for (size_t k = 0; k < texels.size(); ++k)
        out[k] = pointEntry(texels[k], tiling, glm::ivec2(side));
    return out;
}

std::vector<std::uint32_t> sparseIndexDefined(std::span<const std::uint32_t> index, int side) {
    return {index.begin(), index.begin() + hpSparsePartialOffset(side)};
}

} // namespace dicer::hp
