// Buffer views (buffer_view.h): a buffer texture attached to a range of a buffer and bound as a read-only image.
#include "buffer_view.h"

namespace dicer::gl {

BufferView BufferView::create(GLenum format, GLsizeiptr texelBytes, std::string_view label) {
    BufferView v;
    v.m_texture = createTexture(GL_TEXTURE_BUFFER, label);
    v.m_format = format;
    v.m_texelBytes = texelBytes;
    return v;
}

Result<void> BufferView::fits(GLsizeiptr bytes, const GlInfo& info, std::string_view what) const {
    const std::int64_t texels = (std::int64_t(bytes) + m_texelBytes - 1) / m_texelBytes;
    if (texels <= info.maxBufferViewTexels) return {};
    return makeError(std::string(what) + ": " + std::to_string(texels) + " texels of " +
                     std::to_string(m_texelBytes) + " bytes, beyond this driver's buffer texture of " +
                     std::to_string(info.maxBufferViewTexels) + " (GL_MAX_TEXTURE_BUFFER_SIZE)");
}

void BufferView::bind(GLuint unit, GLuint buffer, GLsizeiptr bytes) const {
    const GLsizeiptr whole = bytes / m_texelBytes * m_texelBytes;
    if (whole > 0)
        glTextureBufferRange(m_texture.id(), m_format, buffer, 0, whole);
    else
        glTextureBuffer(m_texture.id(), m_format, 0); // nothing to show: every load reads 0
    glBindImageTexture(unit, m_texture.id(), 0, GL_FALSE, 0, GL_READ_ONLY, m_format);
}

} // namespace dicer::gl
