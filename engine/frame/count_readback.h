// The HistoPyramid's count, read back a few frames late without stalling: each frame copies it into one
// slot of a persistently mapped buffer and sets a fence; a slot is read only once its fence has signalled.
// Which slot is next, pending or ready is the engine's frame ring (frame_ring.h, tested on the CPU).
// The GPU-resident path uses it for the UI's voxel count and to grow the point buffer, never for drawing.
#pragma once

#include "frame_ring.h"
#include "gl_handle.h"

#include <cstdint>
#include <optional>

namespace dicer::frame {

class CountReadback {
public:
    CountReadback();
    ~CountReadback();
    CountReadback(const CountReadback&) = delete;
    CountReadback& operator=(const CountReadback&) = delete;

    // Copies the uint at byte `offset` of it into the next slot (the HistoPyramid's counter at 0, the marching
    // cubes' total in its header).
    void push(GLuint counterBuffer, GLintptr offset = 0);
    // The newest value whose copy has finished, if any new one finished since the last call.
    std::optional<std::uint32_t> poll();
    void clear(); // forget pending copies (the count they hold belongs to an old configuration)

private:
    void deleteFence(int slot);

    gl::FrameRing<GLsync> m_ring; // one fence per slot of m_buffer
    gl::Buffer m_buffer;          // one uint per slot
    const std::uint32_t* m_mapped = nullptr;
};

} // namespace dicer::frame
