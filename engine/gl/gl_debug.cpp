#include "gl_debug.h"

#include "log.h"
#include "lookup_table.h"

#include <atomic>
#include <cstring>
#include <mutex>
#include <unordered_set>

namespace dicer::gl {
namespace {
std::atomic<int> g_debugErrors{0};
std::atomic<int> g_quiet{0}; // QuietErrors scopes alive
DebugFilter g_filter = DebugFilter::Warnings;

// What the log calls a message's source and type; "other" for the rest.
constexpr LookupEntry<GLenum, const char*> kSourceNames[] = {
    {GL_DEBUG_SOURCE_API, "api"},
    {GL_DEBUG_SOURCE_WINDOW_SYSTEM, "window-system"},
    {GL_DEBUG_SOURCE_SHADER_COMPILER, "shader-compiler"},
    {GL_DEBUG_SOURCE_THIRD_PARTY, "third-party"},
    {GL_DEBUG_SOURCE_APPLICATION, "application"},
};
constexpr LookupEntry<GLenum, const char*> kTypeNames[] = {
    {GL_DEBUG_TYPE_ERROR, "error"},
    {GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR, "deprecated"},
    {GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR, "undefined-behaviour"},
    {GL_DEBUG_TYPE_PORTABILITY, "portability"},
    {GL_DEBUG_TYPE_PERFORMANCE, "performance"},
    {GL_DEBUG_TYPE_MARKER, "marker"},
};

// NVIDIA repeats one performance note per buffer readback (#131186, "copied/moved from VIDEO memory to HOST
// memory": a benchmark's checks raise thousands), so each performance message id is logged once.
bool firstOfItsKind(GLenum type, GLuint id) {
    if (type != GL_DEBUG_TYPE_PERFORMANCE) return true;
    static std::mutex mutex; // the callback may run on a driver thread without GL_DEBUG_OUTPUT_SYNCHRONOUS
    static std::unordered_set<GLuint> seen;
    std::lock_guard lock(mutex);
    return seen.insert(id).second;
}

void GLAPIENTRY onDebugMessage(GLenum source, GLenum type, GLuint id, GLenum severity, GLsizei length,
                               const GLchar* message, const void*) {
    if (type == GL_DEBUG_TYPE_PUSH_GROUP || type == GL_DEBUG_TYPE_POP_GROUP) return;
    if (type == GL_DEBUG_TYPE_ERROR) {
        if (g_quiet.load(std::memory_order_relaxed) > 0) return; // read and reported by the code that raised it
        g_debugErrors.fetch_add(1, std::memory_order_relaxed);
    }

    log::Level level = log::Level::Debug;
    if (type == GL_DEBUG_TYPE_ERROR || severity == GL_DEBUG_SEVERITY_HIGH)
        level = log::Level::Error;
    else if (severity == GL_DEBUG_SEVERITY_MEDIUM || type == GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR)
        level = log::Level::Warn;
    else if (severity == GL_DEBUG_SEVERITY_LOW)
        level = log::Level::Info;

    // Debug output "can be quite spammy" (NVIDIA reports every buffer placement): filter by severity.
    if (g_filter == DebugFilter::ErrorsOnly && level < log::Level::Error) return;
    if (g_filter == DebugFilter::Warnings && level < log::Level::Warn) return;

    if (!firstOfItsKind(type, id)) return;
    int len = length >= 0 ? length : int(std::strlen(message));
    log::printf(level, "GL %s %s #%u: %.*s%s", lookup(kSourceNames, source, "other"),
                lookup(kTypeNames, type, "other"), id, len, message,
                type == GL_DEBUG_TYPE_PERFORMANCE ? " (performance notes: each id once)" : "");
}
} // namespace

void installDebugOutput(DebugFilter filter, bool synchronous) {
    g_filter = filter;
    if (!glDebugMessageCallback) return;
    glEnable(GL_DEBUG_OUTPUT);
    if (synchronous)
        glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    else
        glDisable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
    glDebugMessageCallback(onDebugMessage, nullptr);
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
}

int debugErrorCount() {
    return g_debugErrors.load(std::memory_order_relaxed);
}

const char* errorName(GLenum error) {
    switch (error) {
    case GL_NO_ERROR:
        return "GL_NO_ERROR";
    case GL_INVALID_ENUM:
        return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE:
        return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION:
        return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION:
        return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY:
        return "GL_OUT_OF_MEMORY";
    case GL_STACK_OVERFLOW:
        return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW:
        return "GL_STACK_UNDERFLOW";
    default:
        return "GL_UNKNOWN_ERROR";
    }
}

int checkErrors(const char* where) {
    int count = 0;
    // Bounded: a lost context can report errors forever.
    for (GLenum e = glGetError(); e != GL_NO_ERROR && count < 16; e = glGetError(), ++count)
        log::error("%s: %s (0x%04x)", where, errorName(e), e);
    return count;
}

ErrorScope::ErrorScope(const char* where) : m_where(where) {
    // Bounded like checkErrors: a lost context can report errors forever.
    for (GLenum e = glGetError(); e != GL_NO_ERROR && m_earlier < 16; e = glGetError(), ++m_earlier)
        log::error("%s: %s (0x%04x) was pending before it started, left by earlier GL calls", where,
                   errorName(e), e);
}

int ErrorScope::ownErrors() {
    int count = 0;
    for (GLenum e = glGetError(); e != GL_NO_ERROR && count < 16; e = glGetError(), ++count) {
        if (m_first == GL_NO_ERROR) m_first = e;
        log::error("%s: %s (0x%04x)", m_where, errorName(e), e);
    }
    return count;
}

GLenum ErrorScope::takeOwnErrors() {
    GLenum first = GL_NO_ERROR;
    int count = 0;
    for (GLenum e = glGetError(); e != GL_NO_ERROR && count < 16; e = glGetError(), ++count)
        if (first == GL_NO_ERROR) first = e;
    if (m_first == GL_NO_ERROR) m_first = first;
    return first;
}

QuietErrors::QuietErrors() {
    g_quiet.fetch_add(1, std::memory_order_relaxed);
}
QuietErrors::~QuietErrors() {
    g_quiet.fetch_sub(1, std::memory_order_relaxed);
}

DebugGroup::DebugGroup(const char* name) {
    if (glPushDebugGroup) glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, -1, name);
}
DebugGroup::~DebugGroup() {
    if (glPopDebugGroup) glPopDebugGroup();
}

} // namespace dicer::gl
