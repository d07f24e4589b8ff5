// The compute read pass: every byte of a texture or buffer read once by a compute shader and reduced (XOR)
// into a sink: the memory yardstick dicer-bench reports every build against ("× read floor"), beside the copy
// pass (copy_pass.h: a full-screen fragment pass, which measures raster throughput; on an H100, whose graphics
// units are few, that is ~30x slower than its memory). A build that reads its input once cannot beat this floor.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"

#include <cstdint>

namespace dicer::testbed {

class ReadPass {
public:
    static Result<ReadPass> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Reads every texel of `rgba8` (an RGBA8 GL_TEXTURE_2D, width x height): width * height * 4 bytes.
    Result<void> runTexture(GLuint rgba8, int width, int height);
    // Reads the first `bytes` of `buffer` (a multiple of 4, at most GL_MAX_SHADER_STORAGE_BLOCK_SIZE).
    Result<void> runBuffer(GLuint buffer, std::int64_t bytes);
    // Clears the sink (the XOR starts from 0 again).
    void resetSink();
    // The XOR of every 32-bit word read since resetSink() (waits for the GPU): what tests check.
    std::uint32_t readSink() const;

private:
    ReadPass(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}
    void dispatch(GLuint program, std::int64_t words);
    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::ProgramId m_fromImage, m_fromBuffer;
    gl::Sampler m_nearest;
    gl::Buffer m_sink;
};

} // namespace dicer::testbed
