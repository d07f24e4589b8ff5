// A read-only view of a buffer as texels (a buffer texture read by `imageLoad` from a `uimageBuffer`), for the
// passes that read a buffer at places each invocation computes: a pyramid's descent, a table lookup.
// Why not the storage block the same buffer is also bound as: llvmpipe runs a storage-buffer load as a loop over
// its 8 lanes with a branch per lane (the lane's mask and the block's bounds), while an image load computes the
// 8 addresses and their bounds as vectors and gathers; side by side (SURFACES.md, "Reads through buffer views")
// the marching cubes' expansion took 8-13 % less time reading its pyramid and case table this way. The passes
// that write a buffer keep its storage block; the view only reads.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace dicer::gl {

class BufferView {
public:
    BufferView() = default; // no texture yet: create() makes it
    // A view whose texels have `format` (GL_R32UI, GL_RG32UI, GL_RGBA32UI), `texelBytes` each.
    static BufferView create(GLenum format, GLsizeiptr texelBytes, std::string_view label);

    // Nothing, or one error naming the limit: whether `bytes` of a buffer fit one view on this driver
    // (GL_MAX_TEXTURE_BUFFER_SIZE texels). `what` names the buffer for the message.
    Result<void> fits(GLsizeiptr bytes, const GlInfo& info, std::string_view what) const;

    // Shows the first `bytes` of `buffer` (whole texels; none: every load reads 0) at image unit `unit`,
    // read-only. A binding, no allocation: each pass attaches before it reads, so a buffer replaced since is
    // never read through a stale view.
    void bind(GLuint unit, GLuint buffer, GLsizeiptr bytes) const;

private:
    Texture m_texture;
    GLenum m_format = 0;
    GLsizeiptr m_texelBytes = 0;
};

} // namespace dicer::gl
