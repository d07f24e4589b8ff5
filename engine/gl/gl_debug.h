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

// Checks one piece of code's own GL calls (typically an allocation) with glGetError, which is one queue for
// the whole context: an error someone else left pending would otherwise be read as this code's own. The
// constructor drains what is pending, logging each as left by earlier code (so it is not lost, and is not
// blamed on `where`); ownErrors() then drains and logs only what was raised since.
class ErrorScope {
public:
    explicit ErrorScope(const char* where);
    // Number of errors raised since construction (each logged with `where`); the first is in firstError().
    int ownErrors();
    // The first error raised since construction (GL_NO_ERROR if none), the rest drained, none logged: for a
    // caller that reports the failure itself (allocation.h).
    GLenum takeOwnErrors();
    GLenum firstError() const { return m_first; }
    // Number of errors that were pending at construction (raised by earlier code).
    int earlierErrors() const { return m_earlier; }
    ErrorScope(const ErrorScope&) = delete;
    ErrorScope& operator=(const ErrorScope&) = delete;

private:
    const char* m_where;
    int m_earlier = 0;
    GLenum m_first = GL_NO_ERROR;
};

// While alive, GL errors the debug output reports are neither logged nor counted in debugErrorCount(): the code
// inside reads them itself (allocation.h: a refused allocation is one Result error, not a GL defect). With
// synchronous output (debug contexts, --gl-debug) the callback runs inside the call; asynchronous output may
// deliver a message after the scope, which is then counted as before.
class QuietErrors {
public:
    QuietErrors();
    ~QuietErrors();
    QuietErrors(const QuietErrors&) = delete;
    QuietErrors& operator=(const QuietErrors&) = delete;
};

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
