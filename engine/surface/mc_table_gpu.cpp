// The packed case table on the GPU (mc_table_gpu.h).
#include "mc_table_gpu.h"

#include "allocation.h"
#include "mc_table.h"

#include "mc_shared.h"

#include <string>

namespace dicer::surface {

Result<McTableGpu> McTableGpu::create(std::string_view label) {
    const McTable& table = mcTable();
    Result<gl::Buffer> packed =
        gl::allocateBuffer(GLsizeiptr(sizeof table.packed), table.packed.data(), 0, label);
    if (!packed) return makeError(packed.error());
    McTableGpu t;
    t.m_buffer = std::move(packed.value());
    t.m_view = gl::BufferView::create(GL_RG32UI, 8, std::string(label) + " view");
    return t;
}

void McTableGpu::bind() const {
    m_view.bind(MC_IMAGE_TABLE, m_buffer.id(), GLsizeiptr(sizeof(McTable::packed)));
}

} // namespace dicer::surface
