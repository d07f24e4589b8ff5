#include "list_compare.h"

#include "hp_math.h"
#include "hp_reference.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "storage_blocks.h"

#include <algorithm>
#include <string>
#include <vector>

namespace dicer::frame {
namespace {

// The bits output's words (occupancy_bits.h): a block row is a contiguous run of words.
class BitsSource final : public hp::BlockSource {
public:
    BitsSource(const hp::WordReader& words, int side) : m_words(words), m_side(side) {}
    int side() const override { return m_side; }
    void read(glm::ivec2 origin, glm::ivec2 count, std::span<std::uint32_t> words) override {
        const std::size_t blocksX = std::size_t(hp::hpBitsBlocksX(m_side));
        const std::size_t rowWords = std::size_t(count.x) * HP_BITS_WORDS_PER_BLOCK;
        if (origin.x == 0 && std::size_t(count.x) == blocksX) { // whole rows: one read
            m_words(std::size_t(origin.y) * rowWords, words.first(rowWords * std::size_t(count.y)));
            return;
        }
        for (int y = 0; y < count.y; ++y)
            m_words((std::size_t(origin.y + y) * blocksX + std::size_t(origin.x)) * HP_BITS_WORDS_PER_BLOCK,
                    words.subspan(std::size_t(y) * rowWords, rowWords));
    }

private:
    const hp::WordReader& m_words;
    int m_side;
};

// The atlas output: the texels' alpha through the discriminator's rule (alpha >= the threshold byte, inside the
// volume), as many texel rows per read as the staging bytes allow.
class AtlasSource final : public hp::BlockSource {
public:
    AtlasSource(const RgbaReader& rgba, int side, std::uint32_t thresholdByte, const hp::AtlasTiling& tiling,
                std::size_t stagingBytes)
        : m_read(rgba), m_side(side), m_threshold(thresholdByte), m_tiling(tiling), m_staging(stagingBytes) {}
    int side() const override { return m_side; }
    std::size_t heldBytes() const { return m_rgba.capacity(); }
    void read(glm::ivec2 origin, glm::ivec2 count, std::span<std::uint32_t> words) override {
        std::fill(words.begin(), words.end(), 0u);
        const int x0 = origin.x * HP_BITS_BLOCK, width = std::min(count.x * HP_BITS_BLOCK, m_side - x0);
        if (width <= 0) return;
        const int perRead = int(std::clamp<std::size_t>(m_staging / (std::size_t(width) * 4), 1, HP_BITS_BLOCK));
        const int yEnd = std::min((origin.y + count.y) * HP_BITS_BLOCK, m_side);
        for (int y0 = origin.y * HP_BITS_BLOCK; y0 < yEnd; y0 += perRead) {
            const int height = std::min(perRead, yEnd - y0);
            m_rgba.resize(std::size_t(width) * std::size_t(height) * 4);
            m_read({x0, y0}, {width, height}, m_rgba);
            for (int y = 0; y < height; ++y)
                for (int x = 0; x < width; ++x) {
                    const glm::ivec2 texel{x0 + x, y0 + y};
                    const std::uint8_t alpha = m_rgba[(std::size_t(y) * std::size_t(width) + std::size_t(x)) * 4 + 3];
                    if (alpha < m_threshold || !hp::inVolume(texel, m_tiling, glm::ivec2(m_side))) continue;
                    const std::size_t block = std::size_t(texel.y / HP_BITS_BLOCK - origin.y) * std::size_t(count.x) +
                                              std::size_t(x / HP_BITS_BLOCK);
                    words[block * 2 + (hp::hpBitsMorton(texel) >> 5)] |= hp::hpBitsMask(texel);
                }
        }
    }

private:
    const RgbaReader& m_read;
    int m_side;
    std::uint32_t m_threshold;
    hp::AtlasTiling m_tiling;
    std::size_t m_staging;
    std::vector<std::uint8_t> m_rgba;
};

} // namespace

hp::VerifyReport compareList(const ListReaders& in, std::size_t budget, const std::stop_token& stop) {
    const ListOnGpu& g = in.list;
    const std::uint32_t held = std::min(in.count, g.heldCap);
    // A quarter of the budget for the reference's copy of the output, a quarter for an atlas' texels on their
    // way to it, half for the two chunks of entries compared (the unordered comparison: its bitsets and chunk).
    const std::size_t quarter = budget / 4, half = budget / 2;
    hp::VerifyReport report;
    std::size_t sourceBytes = 0;
    switch (g.output) {
    case occupancy::VoxelOutput::Sparse: {
        // The used slots' texels in key-index order (sparse_reference.h). A frame whose pool overflowed lost
        // bricks: never reported as right.
        auto stream = hp::sparseStream(in.sparseIndex, in.sparsePool, g.sparseCapacity, g.side, g.tiling, quarter);
        report = hp::compareOrdered(in.entries, in.count, held, *stream, half, stop);
        std::uint32_t overflow = 0;
        in.sparseIndex(SPARSE_OVERFLOW, std::span(&overflow, 1));
        if (overflow != 0 || in.listIncomplete) {
            report.incomplete = true;
            report.limit = "the sparse occupancy's pool overflowed; it grows for a later frame";
        }
        break;
    }
    case occupancy::VoxelOutput::Bits:
    case occupancy::VoxelOutput::Atlas: {
        BitsSource bits(in.bits, g.side);
        AtlasSource atlas(in.atlas, g.side, g.thresholdByte, g.tiling, quarter);
        hp::BlockSource& source = g.output == occupancy::VoxelOutput::Bits ? static_cast<hp::BlockSource&>(bits)
                                                                            : static_cast<hp::BlockSource&>(atlas);
        switch (g.order) {
        case hp::EntryOrder::KeyIndex: {
            auto stream = hp::keyIndexStream(source, g.tiling, quarter);
            report = hp::compareOrdered(in.entries, in.count, held, *stream, half, stop);
            break;
        }
        case hp::EntryOrder::RowMajor: {
            auto stream = hp::rowMajorStream(source, g.tiling, quarter);
            report = hp::compareOrdered(in.entries, in.count, held, *stream, half, stop);
            break;
        }
        case hp::EntryOrder::Unordered:
            report = hp::compareUnordered(in.entries, in.count, held, source, g.tiling, 3 * quarter, stop);
            break;
        }
        sourceBytes = atlas.heldBytes();
        break;
    }
    }
    report.peakBytes += sourceBytes;
    if (held < in.count && report.limit.empty())
        report.limit = held >= g.maxEntries
                           ? "the driver's storage blocks hold " + std::to_string(held) +
                                 " points: " + std::to_string(gl::kEntryBlocks) +
                                 " x GL_MAX_SHADER_STORAGE_BLOCK_SIZE"
                           : "the GPU-resident list's capacity trails a growing count by a frame";
    return report;
}

} // namespace dicer::frame
