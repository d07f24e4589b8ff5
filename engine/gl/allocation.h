// Checked allocations: every buffer and texture whose storage the driver may refuse (GL_OUT_OF_MEMORY) is made
// here, and a refusal is one Result error naming the object and its size, never a handle without storage that
// a later copy or dispatch would use. The GL error the refusal raises is read by the allocation itself: the
// debug output neither logs nor counts it (it is handled, not a defect), so the caller's one message is all the
// user sees, and the caller keeps its previous objects.
//
// Tests inject a refusal (InjectedOutOfMemory): every allocation of at least the given size then fails as a
// real one does, so each owner's "keep the previous state" path is tested on any driver. And garbage
// (InjectedGarbage): every buffer allocated without data then starts filled with a 32-bit pattern, as a driver
// that does not zero new storage may leave it (Mesa zeroes it, so a read of never-written storage passes there).
#pragma once

#include "gl_handle.h"
#include "result.h"

#include <cstdint>
#include <string_view>

namespace dicer::gl {

// GL_* names are int literals: pass a texture's format (and a target) as GLenum, e.g. GLenum(GL_RGBA8), or the
// two 2D overloads below are ambiguous.
Result<Buffer> allocateBuffer(GLsizeiptr size, const void* data, GLbitfield flags, std::string_view label);
// Grows `buffer` (of `capacity` uints) to at least `words` uints, at least one, never shrinking: a pass's
// scratch whose size follows its input. A refusal keeps the buffer and its capacity.
Result<void> growWords(Buffer& buffer, std::uint32_t& capacity, std::uint32_t words, std::string_view label);
// growWords in two steps, for an owner whose allocations are all or none: stageWords allocates what must grow
// (nothing when `buffer` already holds `words`), the owner's other reserves follow, then commit() installs it.
// A refusal anywhere before the commit leaves the owner's buffers as they were.
struct StagedWords {
    Buffer grown; // empty: the current buffer is kept
    std::uint32_t capacity = 0;
    void commit(Buffer& buffer, std::uint32_t& bufferCapacity);
};
Result<StagedWords> stageWords(const Buffer& buffer, std::uint32_t capacity, std::uint32_t words,
                               std::string_view label);
Result<Texture> allocateTexture2D(GLsizei width, GLsizei height, GLenum internalFormat, GLsizei levels,
                                  std::string_view label);
// GL_TEXTURE_RECTANGLE and other single-level 2D targets.
Result<Texture> allocateTexture2D(GLenum target, GLsizei width, GLsizei height, GLenum internalFormat,
                                  std::string_view label);
// GL_TEXTURE_3D or GL_TEXTURE_2D_ARRAY, one level.
Result<Texture> allocateTexture3D(GLenum target, GLsizei width, GLsizei height, GLsizei depth,
                                  GLenum internalFormat, std::string_view label);

// "cannot allocate 512 MiB for particles positions: the driver refused the memory (GL_OUT_OF_MEMORY)".
std::string allocationError(std::string_view label, std::int64_t bytes, GLenum error);

// While alive, every allocation of at least `fromBytes` bytes is refused as the driver refuses one.
class InjectedOutOfMemory {
public:
    explicit InjectedOutOfMemory(std::int64_t fromBytes);
    ~InjectedOutOfMemory();
    InjectedOutOfMemory(const InjectedOutOfMemory&) = delete;
    InjectedOutOfMemory& operator=(const InjectedOutOfMemory&) = delete;
    int refused() const; // allocations refused since it was made

private:
    std::int64_t m_previous;
    int m_refusedBefore;
};

// While one lives, every buffer allocateBuffer makes without initial data is filled with `word` first (its
// bytes, where the size is no whole number of words).
class InjectedGarbage {
public:
    explicit InjectedGarbage(std::uint32_t word);
    ~InjectedGarbage();
    InjectedGarbage(const InjectedGarbage&) = delete;
    InjectedGarbage& operator=(const InjectedGarbage&) = delete;

private:
    std::int64_t m_previous;
};

} // namespace dicer::gl
