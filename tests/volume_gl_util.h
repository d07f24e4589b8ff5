// Shared by the discriminator's GL test files (volume_gltest.cpp, volume_discriminator_gltest.cpp): one
// discriminator per executable (its programs compile once), a case run into an output, read-backs.
#pragma once

#include "gl_test_util.h"
#include "volume_cases.h"
#include "volume_discriminator.h"

#include "atlas_tiling.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace dicer::test {

inline gl::ShaderLibrary& volumeShaders() {
    static gl::ShaderLibrary shaders;
    return shaders;
}

// nullptr (and a test failure naming the error) if it cannot be made.
inline discriminate::VolumeDiscriminator* sharedDiscriminator() {
    return sharedObject<discriminate::VolumeDiscriminator>(volumeShaders());
}

// Uploads the case's volume, lays it out for `output` and discriminates its band. The error of the step
// that failed, if one did.
inline Result<occupancy::VolumeLayout> discriminateCase(discriminate::VolumeDiscriminator& d, const VolumeCase& c,
                                                    occupancy::VoxelOutput output) {
    if (Result<void> r = d.setVolume(*c.volume); !r) return makeError(r.error());
    Result<occupancy::VolumeLayout> layout =
        discriminate::VolumeDiscriminator::layoutFor(c.volume->size, output, context().info());
    if (!layout) return layout;
    if (Result<void> r = d.setLayout(*layout, output); !r) return makeError(r.error());
    if (Result<void> r = d.discriminate(c.band); !r) return makeError(r.error());
    return layout;
}

inline hp::AtlasTiling tilingOf(const occupancy::VolumeLayout& layout) {
    return {{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
}

inline std::vector<std::uint8_t> readRgba(GLuint texture, int side) {
    std::vector<std::uint8_t> rgba(size_t(side) * size_t(side) * 4);
    glGetTextureImage(texture, 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(rgba.size()), rgba.data());
    return rgba;
}

inline std::vector<std::uint32_t> readWords(GLuint buffer, std::int64_t count) {
    std::vector<std::uint32_t> words(static_cast<size_t>(count));
    glGetNamedBufferSubData(buffer, 0, GLsizeiptr(count * 4), words.data());
    return words;
}

} // namespace dicer::test
