// Move-only RAII handles for GL objects. A default-constructed handle holds id 0 (the "no-create" state) and
// is usable without a context; the destructor deletes a non-zero id. Every kind keeps a live-object count and
// a count of the objects it ever took (objectCounts()), so tests and `dicer --soak` can check that
// create/destroy cycles leak nothing. Relaxed atomics: one add per creation or deletion, never a lock.
// Modelled on Magnum's GL::Buffer / NoCreate handles (ownership rules only).
#pragma once

#include "gl.h"

#include <atomic>
#include <string_view>
#include <utility>
#include <vector>

namespace dicer::gl {

template <class Traits> class Handle {
public:
    Handle() noexcept = default;
    // Takes ownership of an existing id (0 is allowed and means "none").
    explicit Handle(GLuint id) noexcept : m_id(id) {
        if (!m_id) return;
        s_live.fetch_add(1, std::memory_order_relaxed);
        s_created.fetch_add(1, std::memory_order_relaxed);
    }
    ~Handle() { reset(); }

    Handle(const Handle&) = delete;
    Handle& operator=(const Handle&) = delete;
    Handle(Handle&& other) noexcept : m_id(std::exchange(other.m_id, 0)) {}
    Handle& operator=(Handle&& other) noexcept {
        if (this != &other) {
            reset();
            m_id = std::exchange(other.m_id, 0);
        }
        return *this;
    }

    GLuint id() const noexcept { return m_id; }
    explicit operator bool() const noexcept { return m_id != 0; }

    // Gives up ownership without deleting: the caller now owns the id.
    GLuint release() noexcept {
        if (m_id) s_live.fetch_sub(1, std::memory_order_relaxed);
        return std::exchange(m_id, 0);
    }
    void reset() noexcept {
        if (!m_id) return;
        Traits::destroy(m_id);
        s_live.fetch_sub(1, std::memory_order_relaxed);
        m_id = 0;
    }
    // Names the object in debuggers (RenderDoc, Nsight) and in KHR_debug messages.
    void setLabel(std::string_view label) const {
        if (m_id && glObjectLabel)
            glObjectLabel(Traits::kLabelNamespace, m_id, GLsizei(label.size()), label.data());
    }

    static int liveCount() noexcept { return s_live.load(std::memory_order_relaxed); }
    static long long createdCount() noexcept { return s_created.load(std::memory_order_relaxed); }

private:
    GLuint m_id = 0;
    static inline std::atomic<int> s_live{0};
    static inline std::atomic<long long> s_created{0}; // ids ever owned (released ones included)
};

// What a handle kind needs: its KHR_debug label namespace and its delete call. `Delete` is the address of
// glad's function-pointer variable (glDeleteTextures and friends are macros naming it), read at delete time.
template <GLenum LabelNamespace, auto* Delete> struct DeleteManyTraits { // glDelete*(n, ids)
    static constexpr GLenum kLabelNamespace = LabelNamespace;
    static void destroy(GLuint id) { (*Delete)(1, &id); }
};
template <GLenum LabelNamespace, auto* Delete> struct DeleteOneTraits { // glDeleteShader/Program(id)
    static constexpr GLenum kLabelNamespace = LabelNamespace;
    static void destroy(GLuint id) { (*Delete)(id); }
};

using Texture = Handle<DeleteManyTraits<GL_TEXTURE, &glDeleteTextures>>;
using Buffer = Handle<DeleteManyTraits<GL_BUFFER, &glDeleteBuffers>>;
using Framebuffer = Handle<DeleteManyTraits<GL_FRAMEBUFFER, &glDeleteFramebuffers>>;
using VertexArray = Handle<DeleteManyTraits<GL_VERTEX_ARRAY, &glDeleteVertexArrays>>;
using Sampler = Handle<DeleteManyTraits<GL_SAMPLER, &glDeleteSamplers>>;
using Query = Handle<DeleteManyTraits<GL_QUERY, &glDeleteQueries>>;
using Shader = Handle<DeleteOneTraits<GL_SHADER, &glDeleteShader>>;
using Program = Handle<DeleteOneTraits<GL_PROGRAM, &glDeleteProgram>>;

// One handle kind's counts: objects alive now (owned by a handle) and ever created.
struct ObjectCount {
    const char* kind; // "textures", "buffers", ...: plural, for reports
    int live = 0;
    long long created = 0;
};
// Every handle kind above, in a fixed order (the order of the aliases). Objects made outside the handles
// (GLFW's and ImGui's own, fences) are not counted.
std::vector<ObjectCount> objectCounts();

// DSA constructors (GL 4.5): the object exists (and can be labelled) as soon as it is created.
Texture createTexture(GLenum target, std::string_view label = {});
Buffer createBuffer(std::string_view label = {});
Framebuffer createFramebuffer(std::string_view label = {});
VertexArray createVertexArray(std::string_view label = {});
Sampler createSampler(std::string_view label = {});
Query createQuery(GLenum target, std::string_view label = {});
// The two set-ups nearly every pass makes: a sampler with one filter for minification and magnification
// (GL_NEAREST or GL_LINEAR, no mipmaps), and a framebuffer drawing into `level` of `texture` (colour
// attachment 0).
Sampler createSampler(GLenum filter, std::string_view label);
Framebuffer createFramebuffer(GLuint texture, GLint level, std::string_view label);
// Storage (glNamedBufferStorage, glTextureStorage*) is given only through allocation.h, which checks that the
// driver did not refuse it.

} // namespace dicer::gl
