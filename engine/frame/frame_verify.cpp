// Frame::verify: this frame's list against the CPU reference over the voxels read back, in bounded memory. The
// reference is streamed (hp/reference_stream.h) from the frame's own output, read a rectangle of blocks (or a
// run of sparse slots) at a time, and the list a chunk at a time: at most the budget beyond what the frame
// holds, whatever the list's length.
#include "frame.h"

#include "hp_math.h"
#include "hp_reference.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "point_buffer.h"
#include "reference_stream.h"

#include <algorithm>

namespace dicer::frame {
namespace {

// The bits output's buffer (occupancy_bits.h): a block row is a contiguous run of words.
class BitsBufferSource final : public hp::BlockSource {
public:
    BitsBufferSource(GLuint buffer, int side) : m_buffer(buffer), m_side(side) {}
    int side() const override { return m_side; }
    void read(glm::ivec2 origin, glm::ivec2 count, std::span<std::uint32_t> words) override {
        const int blocksX = hp::hpBitsBlocksX(m_side);
        const GLsizeiptr rowBytes = GLsizeiptr(count.x) * HP_BITS_WORDS_PER_BLOCK * 4;
        if (origin.x == 0 && count.x == blocksX) { // whole rows: one read
            glGetNamedBufferSubData(m_buffer, GLintptr(origin.y) * rowBytes, rowBytes * count.y, words.data());
            return;
        }
        for (int y = 0; y < count.y; ++y)
            glGetNamedBufferSubData(m_buffer,
                                    (GLintptr(origin.y + y) * blocksX + origin.x) * HP_BITS_WORDS_PER_BLOCK * 4,
                                    rowBytes, words.data() + std::size_t(y) * std::size_t(count.x) * 2);
    }

private:
    GLuint m_buffer;
    int m_side;
};

// The atlas output: the texels' alpha through the discriminator's rule (alpha >= the threshold byte, inside the
// volume), a block row of texels (8 rows) read at a time.
class AtlasSource final : public hp::BlockSource {
public:
    AtlasSource(GLuint atlas, int side, std::uint32_t thresholdByte, const hp::AtlasTiling& tiling,
                std::size_t stagingBytes)
        : m_atlas(atlas), m_side(side), m_threshold(thresholdByte), m_tiling(tiling), m_staging(stagingBytes) {}
    int side() const override { return m_side; }
    std::size_t heldBytes() const { return m_rgba.capacity(); }
    void read(glm::ivec2 origin, glm::ivec2 count, std::span<std::uint32_t> words) override {
        std::fill(words.begin(), words.end(), 0u);
        const int x0 = origin.x * HP_BITS_BLOCK, width = std::min(count.x * HP_BITS_BLOCK, m_side - x0);
        if (width <= 0) return;
        // Texel rows per read: as many as the staging bytes allow, at least one.
        const int perRead = int(std::clamp<std::size_t>(m_staging / (std::size_t(width) * 4), 1, HP_BITS_BLOCK));
        const int yEnd = std::min((origin.y + count.y) * HP_BITS_BLOCK, m_side);
        for (int y0 = origin.y * HP_BITS_BLOCK; y0 < yEnd; y0 += perRead) {
            const int height = std::min(perRead, yEnd - y0);
            m_rgba.resize(std::size_t(width) * std::size_t(height) * 4);
            glGetTextureSubImage(m_atlas, 0, x0, y0, 0, width, height, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                                 GLsizei(m_rgba.size()), m_rgba.data());
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
    GLuint m_atlas;
    int m_side;
    std::uint32_t m_threshold;
    hp::AtlasTiling m_tiling;
    std::size_t m_staging;
    std::vector<std::uint8_t> m_rgba;
};

hp::WordReader bufferWords(GLuint buffer) {
    return [buffer](std::size_t offset, std::span<std::uint32_t> out) {
        if (!out.empty())
            glGetNamedBufferSubData(buffer, GLintptr(offset) * 4, GLsizeiptr(out.size_bytes()), out.data());
    };
}

} // namespace

hp::VerifyReport Frame::verify() const {
    hp::PointMethod* m = method();
    if (!m) return {};
    const int size = m_source.atlasSize();
    const auto [count, held] = countAndHeld(*m);
    const hp::EntryReader got = [m](std::size_t first, std::span<glm::uvec4> out) {
        m->points().readRange(first, out);
    };
    // A quarter of the budget for the reference's copy of the output, a quarter for an atlas' texels on their
    // way to it, half for the two chunks of entries compared (the unordered comparison: its bitsets and chunk).
    const std::size_t quarter = m_verifyBudget / 4, half = m_verifyBudget / 2;
    hp::VerifyReport report;
    std::size_t sourceBytes = 0;
    if (const occupancy::SparseOccupancy* sparse = m_source.sparse()) {
        // The used slots' texels in key-index order (sparse_reference.h). A frame whose pool overflowed lost
        // bricks: never reported as right.
        auto stream = hp::sparseStream(bufferWords(sparse->index()), bufferWords(sparse->pool()),
                                       sparse->capacity(), size, m_source.tiling(), quarter);
        report = hp::compareOrdered(got, count, held, *stream, half);
        std::uint32_t overflow = 0;
        glGetNamedBufferSubData(sparse->index(), SPARSE_OVERFLOW * 4, 4, &overflow);
        if (overflow != 0 || m->readIncomplete()) {
            report.incomplete = true;
            report.limit = "the sparse occupancy's pool overflowed; it grows for a later frame";
        }
    } else {
        BitsBufferSource bits(m_source.bits(), size);
        AtlasSource atlas(m_source.atlas(), size, hp::thresholdToByte(listThreshold(m_settings)),
                          m_source.tiling(), quarter);
        hp::BlockSource& source = m_source.output() == occupancy::VoxelOutput::Bits
                                      ? static_cast<hp::BlockSource&>(bits)
                                      : static_cast<hp::BlockSource&>(atlas);
        switch (m->order()) {
        case hp::EntryOrder::KeyIndex: {
            auto stream = hp::keyIndexStream(source, m_source.tiling(), quarter);
            report = hp::compareOrdered(got, count, held, *stream, half);
            break;
        }
        case hp::EntryOrder::RowMajor: {
            auto stream = hp::rowMajorStream(source, m_source.tiling(), quarter);
            report = hp::compareOrdered(got, count, held, *stream, half);
            break;
        }
        case hp::EntryOrder::Unordered:
            report = hp::compareUnordered(got, count, held, source, m_source.tiling(), 3 * quarter);
            break;
        }
        sourceBytes = atlas.heldBytes();
    }
    report.peakBytes += sourceBytes;
    if (held < count && report.limit.empty())
        report.limit = held >= hp::PointBuffer::maxEntries(m_info)
                           ? "the driver's storage blocks hold " + std::to_string(held) +
                                 " points: " + std::to_string(gl::kEntryBlocks) +
                                 " x GL_MAX_SHADER_STORAGE_BLOCK_SIZE"
                           : "the GPU-resident list's capacity trails a growing count by a frame";
    return report;
}

} // namespace dicer::frame
