// The HistoPyramid's count, read back a few frames late without stalling: each frame copies it into one
// slot of a persistently mapped ring and sets a fence; a slot is read only once its fence has signalled.
// The GPU-resident path uses it for the UI's voxel count and to grow the point buffer, never for drawing.
#pragma once

#include "gl_handle.h"

#include <cstdint>
#include <optional>

namespace dicer::app {

class CountReadback {
public:
    static constexpr int kSlots = 4; // like the timer ring: results are ready 1-3 frames later

    CountReadback();
    ~CountReadback();
    CountReadback(const CountReadback&) = delete;
    CountReadback& operator=(const CountReadback&) = delete;

    void push(GLuint counterBuffer); // copies uint[0] of it into the next slot
    // The newest value whose copy has finished, if any new one finished since the last call.
    std::optional<std::uint32_t> poll();
    void clear(); // forget pending copies (the count they hold belongs to an old configuration)

private:
    gl::Buffer m_ring;
    const std::uint32_t* m_mapped = nullptr;
    GLsync m_fences[kSlots] = {};
    int m_frame[kSlots] = {};
    int m_next = 0, m_lastRead = -1;
};

} // namespace dicer::app
