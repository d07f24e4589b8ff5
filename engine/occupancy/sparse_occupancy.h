// The sparse occupancy (layout: shaders/occupancy_sparse.h, docs/SPARSE.md): the occupancy bits of
// only the 32x32-texel bricks of the virtual slice atlas that a frame touches, so a frame's cost follows the
// surface (~N^2 voxels), not the volume (N^3 bits cleared, written and reduced).
//
// A frame, on the GPU only:
//   begin():    clears the coarse map (one bit per brick: 1/1024 of the dense bits); the writer (the voxelizer's
//               compute method, or fromBits()) marks the bricks it will write.
//   allocate(): hands out the slots: a marked brick's slot is its rank among the marked bricks in Morton order
//               (an exclusive scan of the coarse words' popcounts, sparse_alloc.comp.glsl), so the pool is in
//               hp_bits' key-index order; writes the status (marked, capacity, used, overflow) and zeroes the
//               used slots' bits. The writer then ORs its bits into the slots (slot of a texel's brick: the
//               slot base of its coarse word + the marked bricks below it in the word).
//   end():      copies the status into a ring read a few frames late (gl::LateReadback), never waited for.
// What bounds the pool: its capacity in slots (132 bytes each). A frame marking more bricks than the pool holds
// keeps the first ones in key-index order, sets SPARSE_OVERFLOW (so the list over it says it is incomplete) and
// the next begin() that sees that status grows the pool (a quarter of headroom) within the driver's largest
// storage block; where it cannot, growthError() says so once and the pool stays.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "late_readback.h"
#include "result.h"
#include "shader.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace dicer::occupancy {

struct SparseStatus {
    std::uint32_t marked = 0;   // bricks the frame marked
    std::uint32_t capacity = 0; // slots the pool held
    std::uint32_t used = 0;     // min(marked, capacity)
    bool overflowed = false;    // marked > capacity: the frame's bricks past the capacity were dropped
};

// One line for the demo's panel and summary: the pool (slots, bytes held), the newest status read back (null:
// none yet) and whether the frame's list was incomplete (the pool overflowed and dropped bricks; it grows for a
// later frame, or `growthError` says why it cannot). E.g. "pool 416256 bricks (56.4 MiB held); last frame read
// back: 155965 bricks marked, complete".
std::string describeSparse(std::uint32_t capacity, std::int64_t bytes,
                           const std::optional<SparseStatus>& late, bool incomplete,
                           const std::string& growthError);

class SparseOccupancy {
public:
    static Result<SparseOccupancy> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Allocates the index for a virtual atlas of `side` texels (1..HP_SPARSE_MAX_ATLAS) and a pool of `slots`
    // (0: initialSlots(side)). Errors: a side outside the range, an index or pool beyond the driver's largest
    // storage block, a refused allocation; on error the previous structure stays.
    Result<void> setLayout(int side, std::uint32_t slots = 0);
    // The pool's capacity (a test hook, and the growth): the same errors; the contents are not kept.
    Result<void> setCapacity(std::uint32_t slots);
    void release(); // frees the index and the pool (another output): side() 0, every call a no-op
    // The most slots one storage block holds on this driver.
    std::uint32_t maxSlots() const;
    // The first guess for a side: a surface of a few voxels per slice column, ~1/16 of the bricks, at least 64.
    static std::uint32_t initialSlots(int side);

    void begin();    // grows the pool first if a late status says a frame overflowed; clears the coarse map
    void allocate(); // the slots of the marked bricks, the status, the used slots' bits zeroed
    void end();      // the status into the late ring
    // A harness's input: the sparse occupancy of dense bits (occupancy_bits.h over `side`), one frame
    // (begin, mark, allocate, copy, end). Errors as setLayout when the side changes.
    Result<void> fromBits(GLuint bits, int side);

    GLuint index() const { return m_index.id(); } // SPARSE_BIND_INDEX layout
    GLuint pool() const { return m_pool.id(); }   // SPARSE_BIND_POOL layout
    int side() const { return m_side; }
    std::uint32_t capacity() const { return m_capacity; }
    std::int64_t bytes() const; // index + pool: what the structure holds on the GPU
    void bind() const;          // index and pool at their bindings

    // This frame's status, read now (waits for the GPU: tests and Verify only).
    SparseStatus readStatus() const;
    // The newest status that came back through the ring (a few frames old), if any.
    const std::optional<SparseStatus>& lateStatus() const { return m_late; }
    // Non-empty once a frame overflowed a pool that cannot grow further (the message names the limit).
    const std::string& growthError() const { return m_growthError; }

private:
    SparseOccupancy(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}
    void poll(); // harvests the ring; grows on an overflow
    void dispatchScan();

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::ProgramId m_sums, m_scan, m_slots, m_clear, m_mark, m_copy;
    gl::Buffer m_index, m_pool;
    int m_side = 0;
    std::uint32_t m_capacity = 0;
    std::unique_ptr<gl::LateReadback> m_ring; // the status of past frames (movable: the ring is not)
    std::optional<SparseStatus> m_late;
    std::string m_growthError;
};

} // namespace dicer::occupancy
