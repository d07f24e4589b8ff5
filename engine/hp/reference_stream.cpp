#include "reference_stream.h"

#include "hp_reference.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"

#include <algorithm>
#include <bit>

namespace dicer::hp {
namespace {

constexpr std::size_t kMaskBytes = HP_BITS_WORDS_PER_BLOCK * 4;

glm::ivec2 mortonBlock(std::uint64_t i) { // de-interleave: x from the even bits, y from the odd ones
    glm::ivec2 b{0, 0};
    for (int bit = 0; bit < 32 && (i >> (2 * bit)) != 0; ++bit) {
        b.x |= int((i >> (2 * bit)) & 1) << bit;
        b.y |= int((i >> (2 * bit + 1)) & 1) << bit;
    }
    return b;
}

glm::ivec2 maskTexel(int m) { // the texel of Morton bit m inside its 8x8 block
    return {(m & 1) | ((m >> 1) & 2) | ((m >> 2) & 4), ((m >> 1) & 1) | ((m >> 2) & 2) | ((m >> 3) & 4)};
}

std::uint64_t maskAt(std::span<const std::uint32_t> words, std::size_t block) {
    return std::uint64_t(words[2 * block]) | (std::uint64_t(words[2 * block + 1]) << 32);
}

// The largest power of two q with q * q masks in `bytes` (at least 1).
int quadrantBlocks(std::size_t bytes) {
    int q = 1;
    while (std::size_t(2 * q) * std::size_t(2 * q) * kMaskBytes <= bytes)
        q *= 2;
    return q;
}

class KeyIndexStream final : public EntryStream {
public:
    KeyIndexStream(BlockSource& source, const AtlasTiling& tiling, std::size_t bytes)
        : m_source(source), m_tiling(tiling), m_blocksX(hpBitsBlocksX(source.side())) {
        const int grid = int(std::bit_ceil(unsigned(std::max(m_blocksX, 1))));
        m_q = std::min(quadrantBlocks(bytes), grid);
        m_quadrants = std::uint64_t(grid / m_q) * std::uint64_t(grid / m_q);
        m_words.resize(std::size_t(m_q) * std::size_t(m_q) * HP_BITS_WORDS_PER_BLOCK);
        m_local = std::uint64_t(m_q) * std::uint64_t(m_q); // no quadrant loaded yet
    }
    std::size_t heldBytes() const override { return m_words.size() * 4; }

    std::size_t next(std::span<glm::uvec4> out) override {
        std::size_t n = 0;
        const glm::ivec2 input(m_source.side());
        while (n < out.size()) {
            if (m_mask == 0 && !nextBlock()) break;
            const int m = std::countr_zero(m_mask);
            m_mask &= m_mask - 1;
            out[n++] = pointEntry(m_block * HP_BITS_BLOCK + maskTexel(m), m_tiling, input);
        }
        return n;
    }

private:
    // Moves to the next block with a set bit (loading quadrants as needed); false at the end.
    bool nextBlock() {
        const std::uint64_t perQuadrant = std::uint64_t(m_q) * std::uint64_t(m_q);
        for (;;) {
            if (m_local == perQuadrant) {
                if (m_quadrant == m_quadrants) return false;
                m_origin = mortonBlock(m_quadrant++) * m_q;
                if (m_origin.x >= m_blocksX || m_origin.y >= m_blocksX) continue; // past the atlas: empty
                m_extent = glm::min(glm::ivec2(m_q), glm::ivec2(m_blocksX) - m_origin);
                m_source.read(m_origin, m_extent,
                              std::span(m_words).first(std::size_t(m_extent.x) * std::size_t(m_extent.y) * 2));
                m_local = 0;
            }
            const glm::ivec2 local = mortonBlock(m_local++);
            if (local.x >= m_extent.x || local.y >= m_extent.y) continue;
            m_mask = maskAt(m_words, std::size_t(local.y) * std::size_t(m_extent.x) + std::size_t(local.x));
            if (m_mask == 0) continue;
            m_block = m_origin + local;
            return true;
        }
    }

    BlockSource& m_source;
    AtlasTiling m_tiling;
    int m_blocksX = 0, m_q = 1;
    std::uint64_t m_quadrants = 0, m_quadrant = 0, m_local = 0;
    glm::ivec2 m_origin{0}, m_extent{0}, m_block{0};
    std::uint64_t m_mask = 0;
    std::vector<std::uint32_t> m_words; // the loaded quadrant's masks, row by row
};

class RowMajorStream final : public EntryStream {
public:
    RowMajorStream(BlockSource& source, const AtlasTiling& tiling, std::size_t bytes)
        : m_source(source), m_tiling(tiling), m_side(source.side()), m_blocksX(hpBitsBlocksX(m_side)) {
        const std::size_t rowBytes = std::max<std::size_t>(std::size_t(m_blocksX) * kMaskBytes, 1);
        m_bandRows = int(std::clamp<std::size_t>(bytes / rowBytes, 1, std::size_t(std::max(m_blocksX, 1))));
        m_words.resize(std::size_t(m_bandRows) * std::size_t(m_blocksX) * HP_BITS_WORDS_PER_BLOCK);
        m_bandY = -m_bandRows; // no band loaded yet
    }
    std::size_t heldBytes() const override { return m_words.size() * 4; }

    std::size_t next(std::span<glm::uvec4> out) override {
        std::size_t n = 0;
        const glm::ivec2 input(m_side);
        while (n < out.size() && m_y < m_side) {
            const int blockRow = m_y / HP_BITS_BLOCK;
            if (blockRow >= m_bandY + m_bandRows) load(blockRow);
            const std::size_t rowBase = std::size_t(blockRow - m_bandY) * std::size_t(m_blocksX);
            for (; m_x < m_side && n < out.size(); ++m_x) {
                const glm::ivec2 texel{m_x, m_y};
                const std::uint64_t mask = maskAt(m_words, rowBase + std::size_t(m_x / HP_BITS_BLOCK));
                if ((mask >> hpBitsMorton(texel)) & 1u) out[n++] = pointEntry(texel, m_tiling, input);
            }
            if (m_x == m_side) {
                m_x = 0;
                ++m_y;
            }
        }
        return n;
    }

private:
    void load(int blockRow) {
        m_bandY = blockRow;
        const int rows = std::min(m_bandRows, m_blocksX - blockRow);
        m_source.read({0, blockRow}, {m_blocksX, rows},
                      std::span(m_words).first(std::size_t(rows) * std::size_t(m_blocksX) * 2));
    }

    BlockSource& m_source;
    AtlasTiling m_tiling;
    int m_side, m_blocksX, m_bandRows = 1, m_bandY = 0;
    int m_x = 0, m_y = 0;
    std::vector<std::uint32_t> m_words;
};

class SparseStream final : public EntryStream {
public:
    SparseStream(WordReader index, WordReader pool, std::uint32_t capacity, int side, const AtlasTiling& tiling,
                 std::size_t bytes)
        : m_pool(std::move(pool)), m_capacity(capacity), m_side(side), m_tiling(tiling) {
        std::uint32_t header[SPARSE_HEADER];
        index(0, header);
        m_used = std::min(header[SPARSE_USED], capacity);
        constexpr std::size_t kSlotBytes = (SPARSE_BRICK_WORDS + 1) * 4; // its bits and its brick key
        m_chunkSlots = std::uint32_t(std::clamp<std::size_t>(bytes / kSlotBytes, 1, std::max(m_used, 1u)));
        m_bits.resize(std::size_t(m_chunkSlots) * SPARSE_BRICK_WORDS);
        m_bricks.resize(m_chunkSlots);
    }
    std::size_t heldBytes() const override { return (m_bits.size() + m_bricks.size()) * 4; }

    std::size_t next(std::span<glm::uvec4> out) override {
        std::size_t n = 0;
        const glm::ivec2 input(m_side);
        while (n < out.size()) {
            while (m_word == 0) {
                if (++m_wordIndex >= SPARSE_BRICK_WORDS) {
                    m_wordIndex = 0;
                    if (++m_slot >= m_used) return n;
                    if (m_slot >= m_chunkEnd) load(m_slot);
                }
                m_word = m_bits[std::size_t(m_slot - m_chunkFirst) * SPARSE_BRICK_WORDS + m_wordIndex];
            }
            const int b = std::countr_zero(m_word);
            m_word &= m_word - 1;
            const std::uint32_t brick = m_bricks[m_slot - m_chunkFirst];
            out[n++] = pointEntry(hpSparseTexel(brick, m_wordIndex * 32 + std::uint32_t(b)), m_tiling, input);
        }
        return n;
    }

private:
    void load(std::uint32_t first) {
        m_chunkFirst = first;
        const std::uint32_t slots = std::min(m_chunkSlots, m_used - first);
        m_chunkEnd = first + slots;
        m_pool(std::size_t(first) * SPARSE_BRICK_WORDS, std::span(m_bits).first(std::size_t(slots) * 32));
        m_pool(std::size_t(m_capacity) * SPARSE_BRICK_WORDS + first, std::span(m_bricks).first(slots));
    }

    WordReader m_pool;
    std::uint32_t m_capacity, m_used = 0, m_chunkSlots = 1;
    int m_side;
    AtlasTiling m_tiling;
    // The position: slot, word of its bits and what is left of that word. Starts "before slot 0".
    std::uint32_t m_slot = ~0u, m_wordIndex = SPARSE_BRICK_WORDS - 1, m_word = 0;
    std::uint32_t m_chunkFirst = 0, m_chunkEnd = 0; // the loaded slots
    std::vector<std::uint32_t> m_bits, m_bricks;
};

// Entries per chunk when two chunks (the method's and the reference's) share `bytes`.
std::size_t chunkEntries(std::size_t bytes) {
    return std::max<std::size_t>(bytes / (2 * sizeof(glm::uvec4)), 1);
}

} // namespace

void WordsBlockSource::read(glm::ivec2 origin, glm::ivec2 count, std::span<std::uint32_t> words) {
    const int blocksX = hpBitsBlocksX(m_side);
    for (int y = 0; y < count.y; ++y)
        for (int x = 0; x < count.x; ++x) {
            const glm::ivec2 b = origin + glm::ivec2(x, y);
            const bool inside = b.x < blocksX && b.y < blocksX;
            const std::size_t src = (std::size_t(b.y) * std::size_t(blocksX) + std::size_t(b.x)) * 2;
            const std::size_t dst = (std::size_t(y) * std::size_t(count.x) + std::size_t(x)) * 2;
            words[dst] = inside ? m_words[src] : 0;
            words[dst + 1] = inside ? m_words[src + 1] : 0;
        }
}

std::unique_ptr<EntryStream> keyIndexStream(BlockSource& source, const AtlasTiling& tiling, std::size_t bytes) {
    return std::make_unique<KeyIndexStream>(source, tiling, bytes);
}
std::unique_ptr<EntryStream> rowMajorStream(BlockSource& source, const AtlasTiling& tiling, std::size_t bytes) {
    return std::make_unique<RowMajorStream>(source, tiling, bytes);
}
std::unique_ptr<EntryStream> sparseStream(WordReader index, WordReader pool, std::uint32_t capacity, int side,
                                          const AtlasTiling& tiling, std::size_t bytes) {
    return std::make_unique<SparseStream>(std::move(index), std::move(pool), capacity, side, tiling, bytes);
}

VerifyReport compareOrdered(const EntryReader& got, std::uint32_t count, std::uint32_t held,
                            EntryStream& expected, std::size_t bytes, const std::stop_token& stop) {
    VerifyReport r;
    r.gpuCount = count;
    r.held = held;
    r.incomplete = held < count;
    const std::size_t chunk = chunkEntries(bytes);
    std::vector<glm::uvec4> mine(std::min<std::size_t>(chunk, std::max(held, 1u))), theirs(mine.size());
    std::uint64_t compared = 0, reference = 0;
    for (bool more = true; more;) {
        if (stop.stop_requested()) return r;
        const std::size_t want = std::min<std::size_t>(mine.size(), held - compared);
        const std::size_t n = expected.next(theirs);
        reference += n;
        more = n == theirs.size();
        if (want == 0) continue; // past the list: only the reference's total is still wanted
        got(compared, std::span(mine).first(want));
        const std::size_t common = std::min(want, n);
        for (std::size_t i = 0; i < common; ++i)
            r.mismatches += mine[i] != theirs[i] ? 1u : 0u;
        r.mismatches += std::uint32_t(want - common); // entries past the reference's end
        compared += want;
    }
    r.mismatches += std::uint32_t(held - compared); // the reference ended first: every further entry is extra
    r.cpuCount = std::uint32_t(reference);
    // A whole list also counts the entries the reference has and the list lacks; a cut one cannot tell.
    if (!r.incomplete && reference > held) r.mismatches += std::uint32_t(reference - held);
    r.peakBytes = (mine.size() + theirs.size()) * sizeof(glm::uvec4) + expected.heldBytes();
    return r;
}

VerifyReport compareUnordered(const EntryReader& got, std::uint32_t count, std::uint32_t held,
                              BlockSource& source, const AtlasTiling& tiling, std::size_t bytes,
                              const std::stop_token& stop) {
    VerifyReport r;
    r.gpuCount = count;
    r.held = held;
    r.incomplete = held < count;
    const int side = source.side(), blocksX = hpBitsBlocksX(side);
    const glm::ivec2 input(side), tileSize = tileSizeFor(tiling, input);
    // A quarter each for the band's seen bits and its reference masks, half for the entries.
    const std::size_t rowBytes = std::max<std::size_t>(std::size_t(blocksX) * kMaskBytes, 1);
    const int bandRows = int(std::clamp<std::size_t>(bytes / 4 / rowBytes, 1, std::size_t(std::max(blocksX, 1))));
    std::vector<std::uint32_t> seen(std::size_t(bandRows) * std::size_t(blocksX) * 2);
    std::vector<std::uint32_t> active(seen.size());
    std::vector<glm::uvec4> mine(std::min<std::size_t>(std::max<std::size_t>(bytes / 2 / sizeof(glm::uvec4), 1),
                                                       std::max(held, 1u)));
    std::uint64_t reference = 0;
    for (int band = 0; band < std::max(blocksX, 1); band += bandRows) {
        const int rows = std::min(bandRows, blocksX - band);
        std::fill(seen.begin(), seen.end(), 0u);
        for (std::uint32_t first = 0; first < held; first += std::uint32_t(mine.size())) {
            if (stop.stop_requested()) return r;
            const std::size_t n = std::min<std::size_t>(mine.size(), held - first);
            got(first, std::span(mine).first(n));
            for (std::size_t i = 0; i < n; ++i) {
                const glm::ivec2 t = hpEntryTexel(mine[i], tileSize, std::max(tiling.tilesX, 1));
                const bool valid = t.x >= 0 && t.y >= 0 && t.x < side && t.y < side &&
                                   pointEntry(t, tiling, input) == mine[i];
                if (!valid) { // not any texel's entry: counted once, in the first band
                    r.mismatches += band == 0 ? 1u : 0u;
                    continue;
                }
                const int row = t.y / HP_BITS_BLOCK - band;
                if (row < 0 || row >= rows) continue;
                const std::size_t w = (std::size_t(row) * std::size_t(blocksX) + std::size_t(t.x / HP_BITS_BLOCK)) *
                                          2 + (hpBitsMorton(t) >> 5);
                const std::uint32_t bit = hpBitsMask(t);
                if (seen[w] & bit)
                    ++r.mismatches; // listed twice
                else
                    seen[w] |= bit;
            }
        }
        source.read({0, band}, {blocksX, rows}, std::span(active).first(std::size_t(rows) * std::size_t(blocksX) * 2));
        for (std::size_t w = 0; w < std::size_t(rows) * std::size_t(blocksX) * 2; ++w) {
            reference += std::uint64_t(std::popcount(active[w]));
            r.mismatches += std::uint32_t(std::popcount(seen[w] & ~active[w])); // listed, not active
            // Active and never listed: missing, unless the list was cut (then the rest may be anywhere).
            if (!r.incomplete) r.mismatches += std::uint32_t(std::popcount(active[w] & ~seen[w]));
        }
    }
    r.cpuCount = std::uint32_t(reference);
    r.peakBytes = (seen.size() + active.size()) * 4 + mine.size() * sizeof(glm::uvec4);
    return r;
}

} // namespace dicer::hp
