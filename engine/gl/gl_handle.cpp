#include "gl_handle.h"

namespace dicer::gl {
namespace {
template <class H> H labelled(H handle, std::string_view label) {
    if (!label.empty()) handle.setLabel(label);
    return handle;
}
} // namespace

Texture createTexture(GLenum target, std::string_view label) {
    GLuint id = 0;
    glCreateTextures(target, 1, &id);
    return labelled(Texture(id), label);
}
Buffer createBuffer(std::string_view label) {
    GLuint id = 0;
    glCreateBuffers(1, &id);
    return labelled(Buffer(id), label);
}
Framebuffer createFramebuffer(std::string_view label) {
    GLuint id = 0;
    glCreateFramebuffers(1, &id);
    return labelled(Framebuffer(id), label);
}
VertexArray createVertexArray(std::string_view label) {
    GLuint id = 0;
    glCreateVertexArrays(1, &id);
    return labelled(VertexArray(id), label);
}
Sampler createSampler(std::string_view label) {
    GLuint id = 0;
    glCreateSamplers(1, &id);
    return labelled(Sampler(id), label);
}
Query createQuery(GLenum target, std::string_view label) {
    GLuint id = 0;
    glCreateQueries(target, 1, &id);
    return labelled(Query(id), label);
}

Texture createTexture2D(GLsizei width, GLsizei height, GLenum internalFormat, GLsizei levels,
                        std::string_view label) {
    Texture texture = createTexture(GL_TEXTURE_2D, label);
    glTextureStorage2D(texture.id(), levels, internalFormat, width, height);
    return texture;
}

Buffer createBufferStorage(GLsizeiptr size, const void* data, GLbitfield flags, std::string_view label) {
    Buffer buffer = createBuffer(label);
    glNamedBufferStorage(buffer.id(), size, data, flags);
    return buffer;
}

} // namespace dicer::gl
