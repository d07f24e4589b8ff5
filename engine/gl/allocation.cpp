#include "allocation.h"

#include "gl_debug.h"

#include <algorithm>
#include <atomic>
#include <cstdio>

namespace dicer::gl {
namespace {

std::atomic<std::int64_t> g_refuseFrom{-1}; // InjectedOutOfMemory: refuse allocations of this size and more
std::atomic<int> g_refused{0};
std::atomic<std::int64_t> g_garbage{-1}; // InjectedGarbage: the word new buffers without data are filled with

std::int64_t texelBytes(GLenum format) {
    switch (format) {
    case GL_R8:
    case GL_R8UI:
    case GL_R8I:
        return 1;
    case GL_R16:
    case GL_R16UI:
    case GL_R16I:
    case GL_R16F:
    case GL_RG8:
        return 2;
    case GL_RG32UI:
    case GL_RG32F:
    case GL_RGBA16:
    case GL_RGBA16F:
    case GL_RGBA16UI:
    case GL_RGBA16I:
        return 8;
    case GL_RGBA32UI:
    case GL_RGBA32F:
        return 16;
    default: // RGBA8, R32UI, R32F, depth: 4
        return 4;
    }
}

bool injectedRefusal(std::int64_t bytes) {
    const std::int64_t from = g_refuseFrom.load(std::memory_order_relaxed);
    if (from < 0 || bytes < from) return false;
    g_refused.fetch_add(1, std::memory_order_relaxed);
    return true;
}

// Runs `allocate` with the debug output quiet for its errors, then reads them: the first one, or GL_NO_ERROR.
template <class Allocate> GLenum allocationErrors(const char* where, Allocate allocate) {
    ErrorScope scope(where); // errors pending before are logged as left by earlier code
    {
        QuietErrors quiet;
        allocate();
    }
    return scope.takeOwnErrors();
}

template <class H, class Allocate>
Result<H> checked(H handle, std::string_view label, std::int64_t bytes, Allocate allocate) {
    if (injectedRefusal(bytes)) return makeError(allocationError(label, bytes, GL_OUT_OF_MEMORY));
    const GLenum error = allocationErrors("allocation", [&] { allocate(handle.id()); });
    if (error != GL_NO_ERROR) return makeError(allocationError(label, bytes, error));
    return handle;
}

} // namespace

std::string allocationError(std::string_view label, std::int64_t bytes, GLenum error) {
    char size[32];
    if (bytes >= (std::int64_t(1) << 20))
        std::snprintf(size, sizeof size, "%.0f MiB", double(bytes) / double(1 << 20));
    else
        std::snprintf(size, sizeof size, "%lld bytes", static_cast<long long>(bytes));
    return "cannot allocate " + std::string(size) + " for " + std::string(label.empty() ? "a GL object" : label) +
           ": the driver refused the memory (" + errorName(error) + ")";
}

Result<Buffer> allocateBuffer(GLsizeiptr size, const void* data, GLbitfield flags, std::string_view label) {
    return checked(createBuffer(label), label, size, [&](GLuint id) {
        glNamedBufferStorage(id, size, data, flags);
        if (const std::int64_t garbage = g_garbage.load(); garbage >= 0 && !data && size > 0) {
            const auto word = std::uint32_t(garbage);
            if (size % 4 == 0)
                glClearNamedBufferData(id, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &word);
            else
                glClearNamedBufferData(id, GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, &word);
        }
    });
}

Result<StagedWords> stageWords(const Buffer& buffer, std::uint32_t capacity, std::uint32_t words,
                               std::string_view label) {
    if (words <= capacity && buffer) return StagedWords{};
    const std::uint32_t grown = std::max<std::uint32_t>(words, 1);
    Result<Buffer> b = allocateBuffer(GLsizeiptr(grown) * 4, nullptr, 0, label);
    if (!b) return makeError(b.error());
    return StagedWords{std::move(b.value()), grown};
}

void StagedWords::commit(Buffer& buffer, std::uint32_t& bufferCapacity) {
    if (!grown) return;
    buffer = std::move(grown);
    bufferCapacity = capacity;
}

Result<void> growWords(Buffer& buffer, std::uint32_t& capacity, std::uint32_t words, std::string_view label) {
    Result<StagedWords> staged = stageWords(buffer, capacity, words, label);
    if (!staged) return makeError(staged.error());
    staged->commit(buffer, capacity);
    return {};
}

Result<Texture> allocateTexture2D(GLsizei width, GLsizei height, GLenum internalFormat, GLsizei levels,
                                  std::string_view label) {
    // Every level together is at most 4/3 of the first.
    const std::int64_t bytes = std::int64_t(width) * height * texelBytes(internalFormat) * (levels > 1 ? 4 : 3) / 3;
    return checked(createTexture(GL_TEXTURE_2D, label), label, bytes,
                   [&](GLuint id) { glTextureStorage2D(id, levels, internalFormat, width, height); });
}

Result<Texture> allocateTexture2D(GLenum target, GLsizei width, GLsizei height, GLenum internalFormat,
                                  std::string_view label) {
    const std::int64_t bytes = std::int64_t(width) * height * texelBytes(internalFormat);
    return checked(createTexture(target, label), label, bytes,
                   [&](GLuint id) { glTextureStorage2D(id, 1, internalFormat, width, height); });
}

Result<Texture> allocateTexture3D(GLenum target, GLsizei width, GLsizei height, GLsizei depth,
                                  GLenum internalFormat, std::string_view label) {
    const std::int64_t bytes = std::int64_t(width) * height * depth * texelBytes(internalFormat);
    return checked(createTexture(target, label), label, bytes,
                   [&](GLuint id) { glTextureStorage3D(id, 1, internalFormat, width, height, depth); });
}

InjectedOutOfMemory::InjectedOutOfMemory(std::int64_t fromBytes)
    : m_previous(g_refuseFrom.exchange(fromBytes)), m_refusedBefore(g_refused.load()) {}
InjectedOutOfMemory::~InjectedOutOfMemory() {
    g_refuseFrom.store(m_previous);
}
int InjectedOutOfMemory::refused() const {
    return g_refused.load() - m_refusedBefore;
}

InjectedGarbage::InjectedGarbage(std::uint32_t word) : m_previous(g_garbage.exchange(word)) {}
InjectedGarbage::~InjectedGarbage() {
    g_garbage.store(m_previous);
}

} // namespace dicer::gl
