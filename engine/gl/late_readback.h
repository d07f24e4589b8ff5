// A few words of a GPU buffer read back a few frames late without stalling: each frame copies them into one slot
// of a persistently mapped buffer and sets a fence; a slot is read only once its fence has signalled. Which slot
// is next, pending or ready is the frame ring (frame_ring.h, tested on the CPU). The HistoPyramid's count and
// incomplete flag (frame::Frame) and the sparse occupancy's status (voxel/sparse_occupancy.h) come back this way:
// for the UI and to grow buffers, never for drawing.
#pragma once

#include "frame_ring.h"
#include "gl_handle.h"
#include "result.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace dicer::gl {

class LateReadback {
public:
    // The ring's mapped buffer is allocated here: an owner that cannot have one fails to be made, rather than
    // running without its late values. Errors: the driver refused the memory (allocation.h).
    static Result<std::unique_ptr<LateReadback>> create(int words,
                                                        std::string_view label = "late readback ring");
    ~LateReadback();
    LateReadback(const LateReadback&) = delete;
    LateReadback& operator=(const LateReadback&) = delete;

    // Copies words() uints of `buffer` from byte `offset` into the next slot (nothing for buffer 0).
    void push(GLuint buffer, GLintptr offset = 0);
    // The newest copy that finished since the last call: words() uints, or empty when none has (never waits).
    // The span is storage this object owns (sized once, at construction: polling allocates nothing, as every
    // frame polls) and holds its values until the next poll().
    std::span<const std::uint32_t> poll();
    void clear(); // forget pending copies (their values belong to an old configuration)
    int words() const { return m_words; }

private:
    LateReadback(int words, Buffer buffer);
    void deleteFence(int slot);

    int m_words;
    FrameRing<GLsync> m_ring; // one fence per slot of m_buffer
    Buffer m_buffer;          // words() uints per slot
    const std::uint32_t* m_mapped = nullptr;
    std::vector<std::uint32_t> m_newest; // words() uints: what poll() returns (a slot's copy, not the slot:
                                         // the GPU writes the slot again a ring later)
};

} // namespace dicer::gl
