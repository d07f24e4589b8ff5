// The packed case table (mc_table.h, THE PACKED FORM) on the GPU: its buffer and a read-only view of it, bound
// by every pass that asks the table a case's count or a vertex's edge (mc_table.glsl): an image load, which
// llvmpipe gathers for 8 lanes at once where a storage-buffer load loops over them (gl/buffer_view.h).
#pragma once

#include "buffer_view.h"
#include "gl_handle.h"
#include "result.h"

#include <string_view>

namespace dicer::surface {

class McTableGpu {
public:
    static Result<McTableGpu> create(std::string_view label);
    // At MC_IMAGE_TABLE.
    void bind() const;

private:
    gl::Buffer m_buffer;
    gl::BufferView m_view;
};

} // namespace dicer::surface
