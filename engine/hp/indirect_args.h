// The one-thread pass (hp_list_args.comp.glsl) that turns a count on the GPU (uint[0] of a counter buffer)
// into indirect draw and dispatch arguments for at most `capacity` entries (HP_ARGS_* layout,
// hp_shared.h), so an output pass is sized without reading the count back. Shared by the GPU-resident
// PointList and the GPU peers (engine/peers/compactor.h).
#pragma once

#include "gl_handle.h"
#include "result.h"
#include "shader.h"

#include <cstdint>
#include <string>

namespace dicer::hp {

class IndirectArgs {
public:
    // `label` names the program and the buffer in shader errors and KHR_debug output.
    static Result<IndirectArgs> create(gl::ShaderLibrary& shaders, const std::string& label);

    // Writes the arguments and makes them visible to indirect commands and shader storage reads (the output
    // pass' bound on k); leaves them bound to GL_DISPATCH_INDIRECT_BUFFER.
    void write(GLuint counterBuffer, std::uint32_t capacity) const;
    // Dispatches the program in use from the arguments (also bound on HP_BIND_ARGS for its bound on k) and
    // makes its point-buffer writes visible to every reader (draws, read-backs, the next indirect command).
    void dispatch() const;
    GLuint buffer() const { return m_buffer.id(); }

private:
    gl::ShaderLibrary* m_shaders = nullptr;
    gl::ProgramId m_program;
    gl::Buffer m_buffer;
};

} // namespace dicer::hp
