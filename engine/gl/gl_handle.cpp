#include "gl_handle.h"

namespace dicer::gl {
namespace {
// Creates one object with a DSA glCreate* call and labels it.
template <class H, class Create> H created(Create create, std::string_view label) {
    GLuint id = 0;
    create(&id);
    H handle(id);
    if (!label.empty()) handle.setLabel(label);
    return handle;
}
template <class H> ObjectCount countOf(const char* kind) {
    return {kind, H::liveCount(), H::createdCount()};
}
} // namespace

std::vector<ObjectCount> objectCounts() {
    return {countOf<Texture>("textures"),         countOf<Buffer>("buffers"),
            countOf<Framebuffer>("framebuffers"), countOf<VertexArray>("vertex arrays"),
            countOf<Sampler>("samplers"),         countOf<Query>("queries"),
            countOf<Shader>("shaders"),           countOf<Program>("programs")};
}

Texture createTexture(GLenum target, std::string_view label) {
    return created<Texture>([&](GLuint* id) { glCreateTextures(target, 1, id); }, label);
}
Buffer createBuffer(std::string_view label) {
    return created<Buffer>([](GLuint* id) { glCreateBuffers(1, id); }, label);
}
Framebuffer createFramebuffer(std::string_view label) {
    return created<Framebuffer>([](GLuint* id) { glCreateFramebuffers(1, id); }, label);
}
VertexArray createVertexArray(std::string_view label) {
    return created<VertexArray>([](GLuint* id) { glCreateVertexArrays(1, id); }, label);
}
Sampler createSampler(std::string_view label) {
    return created<Sampler>([](GLuint* id) { glCreateSamplers(1, id); }, label);
}
Query createQuery(GLenum target, std::string_view label) {
    return created<Query>([&](GLuint* id) { glCreateQueries(target, 1, id); }, label);
}
Sampler createSampler(GLenum filter, std::string_view label) {
    Sampler s = createSampler(label);
    glSamplerParameteri(s.id(), GL_TEXTURE_MIN_FILTER, GLint(filter));
    glSamplerParameteri(s.id(), GL_TEXTURE_MAG_FILTER, GLint(filter));
    return s;
}
Framebuffer createFramebuffer(GLuint texture, GLint level, std::string_view label) {
    Framebuffer fbo = createFramebuffer(label);
    glNamedFramebufferTexture(fbo.id(), GL_COLOR_ATTACHMENT0, texture, level);
    return fbo;
}

} // namespace dicer::gl
