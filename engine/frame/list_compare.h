// The comparison of a frame's list with the CPU reference, over readers of what the frame wrote: the GL objects
// themselves (Frame::verify, which stalls) or a snapshot's mapped copy of them (verify_snapshot.h, on any
// thread). One choice of reference per output and entry order, whoever reads; the reference is streamed
// (hp/reference_stream.h), so the comparison holds at most its budget whatever the list's length.
#pragma once

#include "atlas_tiling.h"
#include "point_method.h"
#include "reference_stream.h"
#include "voxel_output.h"

#include <glm/vec2.hpp>

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <stop_token>

namespace dicer::frame {

// The atlas' RGBA8 texels of the rectangle [origin, origin + size), row by row, into `rgba` (size.x * size.y * 4).
using RgbaReader = std::function<void(glm::ivec2 origin, glm::ivec2 size, std::span<std::uint8_t> rgba)>;

// Where a frame's list and the output it was listed from lie on the GPU (Frame::listOnGpu): what verify() reads
// in place and a snapshot copies.
struct ListOnGpu {
    GLuint entries = 0;                      // the point buffer (hp_point.h entries)
    GLuint counters = 0;                     // uint[0] the count, uint[HP_COUNT_INCOMPLETE] the list's flag
    std::optional<std::uint32_t> listed;     // the paper path's count, known on the CPU
    std::uint32_t heldCap = 0;               // entries the buffer holds at most (the resident list's capacity)
    std::uint32_t maxEntries = 0;            // what the driver's storage blocks hold (PointBuffer::maxEntries)
    hp::EntryOrder order = hp::EntryOrder::KeyIndex;
    occupancy::VoxelOutput output = occupancy::VoxelOutput::Bits;
    int side = 0;                            // texels a side of the (virtual) atlas
    hp::AtlasTiling tiling;
    std::uint32_t thresholdByte = 0;         // Atlas: active = alpha >= it, inside the volume
    GLuint bits = 0, atlas = 0;              // Bits, Atlas
    GLuint sparseIndex = 0, sparsePool = 0;  // Sparse: its header and its pool (occupancy_sparse.h)
    std::uint32_t sparseCapacity = 0;        // slots of the pool
};

// The same, as readers of CPU-visible words.
struct ListReaders {
    ListOnGpu list;               // what was listed, from what (its GL names are not read here)
    hp::EntryReader entries;
    std::uint32_t count = 0;      // the count the list was made for
    bool listIncomplete = false;  // the counters' flag: the list may miss active cells
    hp::WordReader bits;                     // Bits: the buffer's words from an offset
    RgbaReader atlas;                        // Atlas
    hp::WordReader sparseIndex, sparsePool;  // Sparse
};

// The list against the reference of its output in its order, at most `budget` bytes held at once beyond what
// the readers hold. A list cut at its capacity, or whose input lost cells (the sparse pool overflowed), is
// INCOMPLETE with the limit named. Stops early when `stop` is requested (the report is then meaningless).
hp::VerifyReport compareList(const ListReaders& in, std::size_t budget, const std::stop_token& stop = {});

} // namespace dicer::frame
