#include "read_pass.h"

#include "allocation.h"
#include "gl_debug.h"
#include "testbed_shared.h"

#include <algorithm>
#include <string>

namespace dicer::testbed {

Result<ReadPass> ReadPass::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    ReadPass pass(shaders, info);
    auto image = shaders.add(
        {"read pass (texture)", {{GL_COMPUTE_SHADER, "read_pass.comp.glsl"}}, {{"READ_FROM_TEXTURE", ""}}});
    if (!image) return makeError(image.error());
    auto buffer = shaders.add(
        {"read pass (buffer)", {{GL_COMPUTE_SHADER, "read_pass.comp.glsl"}}, {{"READ_FROM_BUFFER", ""}}});
    if (!buffer) return makeError(buffer.error());
    pass.m_fromImage = *image;
    pass.m_nearest = gl::createSampler(GL_NEAREST, "read pass nearest");
    pass.m_fromBuffer = *buffer;
    const std::uint32_t zero = 0;
    Result<gl::Buffer> sink =
        gl::allocateBuffer(sizeof zero, &zero, GL_DYNAMIC_STORAGE_BIT, "read pass sink");
    if (!sink) return makeError(sink.error());
    pass.m_sink = std::move(sink.value());
    return pass;
}

void ReadPass::dispatch(GLuint program, std::int64_t words) {
    glProgramUniform1ui(program, READ_LOC_WORDS, GLuint(words));
    glUseProgram(program);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, READ_BIND_SINK, m_sink.id());
    const std::int64_t groups = (words + READ_WORDS_PER_GROUP - 1) / READ_WORDS_PER_GROUP;
    const std::int64_t x = std::clamp<std::int64_t>(groups, 1, READ_MAX_GROUPS_X);
    glDispatchCompute(GLuint(x), GLuint((groups + x - 1) / x), 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
}

Result<void> ReadPass::runTexture(GLuint rgba8, int width, int height) {
    if (rgba8 == 0 || !glIsTexture(rgba8)) return makeError("read pass: source is not a texture");
    GLint format = 0, w = 0, h = 0;
    glGetTextureLevelParameteriv(rgba8, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
    glGetTextureLevelParameteriv(rgba8, 0, GL_TEXTURE_WIDTH, &w);
    glGetTextureLevelParameteriv(rgba8, 0, GL_TEXTURE_HEIGHT, &h);
    if (format != GL_RGBA8) return makeError("read pass: source must be RGBA8");
    if (width < 1 || height < 1 || width > w || height > h)
        return makeError("read pass: " + std::to_string(width) + "x" + std::to_string(height) +
                         " is outside the " + std::to_string(w) + "x" + std::to_string(h) + " texture");
    gl::DebugGroup group("read pass (texture)");
    glBindTextureUnit(READ_UNIT_SOURCE, rgba8);
    glBindSampler(READ_UNIT_SOURCE, m_nearest.id()); // texelFetch; a mipmapped filter would be incomplete
    const GLuint program = m_shaders->get(m_fromImage);
    glProgramUniform2i(program, READ_LOC_SIZE, width, height);
    glUseProgram(program);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, READ_BIND_SINK, m_sink.id());
    // A group: READ_LOCAL_SIZE texels of a row x READ_WORDS_PER_INVOCATION rows (16384^2: 64 x 1024 groups).
    glDispatchCompute(GLuint((width + READ_LOCAL_SIZE - 1) / READ_LOCAL_SIZE),
                      GLuint((height + READ_WORDS_PER_INVOCATION - 1) / READ_WORDS_PER_INVOCATION), 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
    return {};
}

Result<void> ReadPass::runBuffer(GLuint buffer, std::int64_t bytes) {
    if (buffer == 0 || !glIsBuffer(buffer)) return makeError("read pass: source is not a buffer");
    GLint64 size = 0;
    glGetNamedBufferParameteri64v(buffer, GL_BUFFER_SIZE, &size);
    if (bytes < 4 || bytes % 4 != 0 || bytes > size || bytes > m_info.maxStorageBlockBytes)
        return makeError("read pass: " + std::to_string(bytes) + " bytes: not a multiple of 4 within the " +
                         std::to_string(size) + "-byte buffer and GL_MAX_SHADER_STORAGE_BLOCK_SIZE");
    gl::DebugGroup group("read pass (buffer)");
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, READ_BIND_SOURCE, buffer, 0, GLsizeiptr(bytes));
    dispatch(m_shaders->get(m_fromBuffer), bytes / 4);
    return {};
}

void ReadPass::resetSink() {
    const std::uint32_t zero = 0;
    glNamedBufferSubData(m_sink.id(), 0, sizeof zero, &zero);
}

std::uint32_t ReadPass::readSink() const {
    std::uint32_t v = 0;
    glGetNamedBufferSubData(m_sink.id(), 0, sizeof v, &v);
    return v;
}

} // namespace dicer::testbed
