// KHR_debug → the engine logger, and explicit glGetError checks for tests and start-up code.
#pragma once

#include "gl.h"

namespace dicer::gl {

enum class DebugFilter { ErrorsOnly, Warnings, All };

// Installs glDebugMessageCallback (when the context has KHR_debug). Synchronous output makes the callback
// run inside the offending GL call, so a breakpoint in it shows the culprit; it costs speed, so it is used
// for debug contexts and --gl-debug only.
void installDebugOutput(DebugFilter filter, bool synchronous);

// Number of GL_DEBUG_TYPE_ERROR messages (any severity) seen since start-up.
int debugErrorCount();

// Drains glGetError; logs each error with `where` and returns how many there were.
int checkErrors(const char* where);

// Human-readable name of a GL error enum (GL_INVALID_OPERATION → "GL_INVALID_OPERATION").
const char* errorName(GLenum error);

// Pushes a KHR_debug group (shown by RenderDoc/Nsight) for the lifetime of the object.
class DebugGroup {
public:
    explicit DebugGroup(const char* name);
    ~DebugGroup();
    DebugGroup(const DebugGroup&) = delete;
    DebugGroup& operator=(const DebugGroup&) = delete;
};

} // namespace dicer::gl
