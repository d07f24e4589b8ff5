// Compute dispatches whose sizes live on the GPU: glDispatchComputeIndirect from a buffer, with the caller's
// GL_DISPATCH_INDIRECT_BUFFER binding left as it was (the demo's frame and the passes around it bind their own).
#pragma once

#include "gl.h"

namespace dicer::gl {

// glDispatchComputeIndirect from `offset` bytes into `buffer` (3 uints: the groups), the previous indirect binding
// restored after.
inline void dispatchIndirect(GLuint buffer, GLintptr offset) {
    GLint previous = 0;
    glGetIntegerv(GL_DISPATCH_INDIRECT_BUFFER_BINDING, &previous);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buffer);
    glDispatchComputeIndirect(offset);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, GLuint(previous));
}

} // namespace dicer::gl
