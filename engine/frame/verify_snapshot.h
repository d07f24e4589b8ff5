// A frame's list and the output it was listed from, copied on the GPU into one persistently mapped buffer and
// fenced. The frame thread only issues the copies (no wait, no readback); once the fence has signalled, the
// comparison with the CPU reference (list_compare.h) reads the mapped bytes on any thread. What Verify runs by
// itself after each change (auto_verify.h); Frame::verify() reads the same objects in place, stalling.
#pragma once

#include "gl_handle.h"
#include "hp_reference.h"
#include "list_compare.h"
#include "result.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stop_token>

namespace dicer::frame {

class VerifySnapshot {
public:
    // The bytes a snapshot of `g` copies: the counters, the entries the list may hold (the paper path: its
    // count; the resident one: its capacity) and the output (the bits, the atlas' RGBA8 texels, or the sparse
    // occupancy's header and pool).
    static std::size_t bytesFor(const ListOnGpu& g);
    // Issues the copies and the fence (frame thread, after the list this frame). Errors: the driver refused
    // the buffer (allocation.h; nothing is issued).
    static Result<std::unique_ptr<VerifySnapshot>> capture(const ListOnGpu& g);
    ~VerifySnapshot(); // frame thread (it deletes GL objects), never while compare() runs
    VerifySnapshot(const VerifySnapshot&) = delete;
    VerifySnapshot& operator=(const VerifySnapshot&) = delete;

    // Frame thread: the copies have landed (the fence signalled). Never waits.
    bool landed();
    // Any thread, once landed(): the copied list against the reference of the copied output, at most `budget`
    // bytes beyond the snapshot. Stops early when `stop` is requested (the report is then meaningless).
    hp::VerifyReport compare(std::size_t budget, const std::stop_token& stop = {}) const;
    std::size_t bytes() const { return m_bytes; }

private:
    struct Sections { // byte offsets into the buffer
        std::size_t counters = 0, entries = 0, output = 0, pool = 0, end = 0;
        std::size_t outputBytes = 0, poolBytes = 0; // what is copied there (the sections are padded)
        std::uint32_t entryCount = 0;
    };
    static Sections layout(const ListOnGpu& g);
    VerifySnapshot(const ListOnGpu& g, const Sections& s, gl::Buffer buffer);

    ListOnGpu m_gpu; // its GL names are not read again: only the parameters
    Sections m_sections;
    std::size_t m_bytes = 0;
    gl::Buffer m_buffer;
    const std::uint8_t* m_mapped = nullptr;
    GLsync m_fence = nullptr;
    bool m_landed = false;
};

} // namespace dicer::frame
