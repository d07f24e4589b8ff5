// The CPU reference as a stream: the entries a method must write, produced a chunk at a time from an occupancy
// read a rectangle at a time, so that checking a list of any length holds a bounded number of bytes (a 512^3
// volume fully active is 134 M points: 2 GiB of entries on each side, which a whole-list comparison held). The
// same walks as bits_reference.h and sparse_reference.h (key-index: Morton order of the texels; row-major), and
// the set comparison of the unordered methods, done in bands of texel rows.
#pragma once

#include "atlas_tiling.h"
#include "point_method.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stop_token>
#include <vector>

namespace dicer::hp {

// The bytes a bounded comparison holds at most by default: its chunks and its copies of the reference's input,
// beyond what the frame itself holds.
inline constexpr std::size_t kVerifyBudgetBytes = std::size_t(192) << 20;

// An occupancy as 8x8-texel blocks of one 64-bit mask (occupancy_bits.h's words), read a rectangle of blocks
// at a time: from a bits buffer, an atlas texture with the discriminator's rule applied, or CPU memory.
class BlockSource {
public:
    virtual ~BlockSource() = default;
    virtual int side() const = 0; // texels a side of the (virtual) atlas
    // The masks of the blocks [origin, origin + count), row by row, 2 words each, into `words`
    // (count.x * count.y * 2 words). Blocks past the atlas read as 0.
    virtual void read(glm::ivec2 origin, glm::ivec2 count, std::span<std::uint32_t> words) = 0;
};

// The bits of occupancy_bits.h in CPU memory (tests; the layout of the GPU's bits buffer).
class WordsBlockSource : public BlockSource {
public:
    WordsBlockSource(std::span<const std::uint32_t> words, int side) : m_words(words), m_side(side) {}
    int side() const override { return m_side; }
    void read(glm::ivec2 origin, glm::ivec2 count, std::span<std::uint32_t> words) override;

private:
    std::span<const std::uint32_t> m_words;
    int m_side;
};

// Expected entries, in a method's order, a chunk at a time.
class EntryStream {
public:
    virtual ~EntryStream() = default;
    // Writes the next entries into `out` (as many as fit); returns how many: fewer only at the end.
    virtual std::size_t next(std::span<glm::uvec4> out) = 0;
    // The bytes the stream holds (its copies of the input).
    virtual std::size_t heldBytes() const = 0;
};

// The active texels of `source` in key-index order (bitsKeyIndexEntries): the blocks in Morton order over the
// pyramid's power-of-two grid, visited quadrant by quadrant (a quadrant of Q x Q blocks, Q a power of two
// whose masks fit `bytes`, is a run of Morton indices), each mask's set bits from bit 0 up.
std::unique_ptr<EntryStream> keyIndexStream(BlockSource& source, const AtlasTiling& tiling, std::size_t bytes);
// Row-major order (referenceEntries): bands of block rows whose masks fit `bytes`.
std::unique_ptr<EntryStream> rowMajorStream(BlockSource& source, const AtlasTiling& tiling, std::size_t bytes);

// The sparse occupancy's used slots (sparse_reference.h: slots in order, each brick's Morton order), reading
// `index` words (the header) and `pool` words (the slots' bits and brick keys) through the callbacks, `bytes`
// worth of slots at a time.
using WordReader = std::function<void(std::size_t offset, std::span<std::uint32_t> out)>;
std::unique_ptr<EntryStream> sparseStream(WordReader index, WordReader pool, std::uint32_t capacity, int side,
                                          const AtlasTiling& tiling, std::size_t bytes);

// A method's entries [offset, offset + out.size()) (a GPU point buffer read back, or CPU memory).
using EntryReader = std::function<void(std::size_t offset, std::span<glm::uvec4> out)>;

struct VerifyReport; // hp_reference.h

// An ordered method's first `held` of `count` entries against the stream, `bytes` worth at a time. A list cut
// before its end (held < count) is compared over what it holds and reported incomplete. Both comparisons look
// at `stop` once per chunk: a stopped one returns at once, its report meaningless (a verify off the frame
// thread, cancelled by the next change: frame/auto_verify.h).
VerifyReport compareOrdered(const EntryReader& got, std::uint32_t count, std::uint32_t held,
                            EntryStream& expected, std::size_t bytes, const std::stop_token& stop = {});
// An unordered method's entries as a set against the active texels of `source`: bands of texel rows whose
// bitsets fit `bytes`, the entries read once per band. Every entry must be a texel's own entry, once.
VerifyReport compareUnordered(const EntryReader& got, std::uint32_t count, std::uint32_t held,
                              BlockSource& source, const AtlasTiling& tiling, std::size_t bytes,
                              const std::stop_token& stop = {});

} // namespace dicer::hp
