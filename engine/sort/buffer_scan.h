// Horn's multi-level scan (engine/peers/horn_scan.h) over a uint storage buffer instead of an atlas: the same
// shaders (horn_scan.comp.glsl without HORN_FROM_ATLAS, horn_scan_add.comp.glsl) and the same level math
// (peers::scanLevels), so the scan-based counting sort and the radix sort reuse the peer as it is. Level 0 is
// the first `elements` uints of buffer(); run() turns them into their inclusive prefix sums in place.
// The scan's passes bind the peers' scan bindings (PEER_BIND_DATA / SUMS) and HP_BIND_COUNTERS (to a scratch
// word of this buffer): transient bindings, set before each pass like every pass of the engine does.
// Based on: Horn, GPU Gems 2 ch. 36 (2005); Blelloch, CMU-CS-90-190 (1990).
#pragma once

#include "gl_handle.h"
#include "result.h"
#include "shader.h"

#include <cstdint>
#include <vector>

namespace dicer::sort {

class BufferScan {
public:
    // `storageAlignment`: GlInfo::storageBufferOffsetAlignment (the scan binds its levels at offsets).
    Result<void> init(gl::ShaderLibrary& shaders, const char* owner, int storageAlignment);
    // Sizes the storage for `elements` (>= 1) uints at level 0; keeps it when big enough. An allocation the
    // driver refuses is one error and the previous storage and levels stay.
    Result<void> resize(std::uint32_t elements);
    // Inclusive scan of level 0, in place. Level 0 must be written (and a storage barrier issued) before.
    void run() const;
    GLuint buffer() const { return m_buffer.id(); }
    GLsizeiptr levelZeroBytes() const { return GLsizeiptr(m_elements) * 4; }

private:
    void bindLevel(GLuint binding, std::size_t level) const;

    gl::ShaderLibrary* m_shaders = nullptr;
    gl::ProgramId m_scan, m_add;
    gl::Buffer m_buffer;
    struct Level {
        std::uint32_t elements, blocks;
        std::int64_t offset;
    };
    std::vector<Level> m_levels;
    std::int64_t m_topSumOffset = 0, m_scratchOffset = 0;
    std::uint32_t m_elements = 0, m_capacity = 0;
    int m_alignment = 256;
    const char* m_owner = "";
};

} // namespace dicer::sort
