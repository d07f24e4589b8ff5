// One full-screen copy of an RGBA8 texture into another: the bandwidth yardstick of the benchmarks.
#pragma once

#include "result.h"
#include "shader.h"

namespace dicer::testbed {

class CopyPass {
public:
    static Result<CopyPass> create(gl::ShaderLibrary& shaders);
    // Copies `source` (RGBA8, width x height) into an internal target of the same size. Errors: the target
    // for a new size was refused (nothing is copied; the previous target stays).
    Result<void> run(GLuint source, int width, int height);

private:
    explicit CopyPass(gl::ShaderLibrary& shaders) : m_shaders(&shaders) {}
    gl::ShaderLibrary* m_shaders;
    gl::ProgramId m_program;
    gl::Texture m_target;
    gl::Framebuffer m_fbo;
    gl::VertexArray m_vao;
    gl::Sampler m_nearest;
    int m_width = 0, m_height = 0;
};

} // namespace dicer::testbed
