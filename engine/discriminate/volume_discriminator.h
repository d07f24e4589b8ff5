// The discriminator over a scalar volume on the GPU: which voxels of a CT/MR scan or a
// built-in field are active for a band [lo, hi] of values, written into the same outputs the voxelizer fills
// for a mesh (voxelizer.h: the RGBA8 slice atlas, or the occupancy bits), so every method of the method table
// lists them. Based on the discriminator of Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), here
// deciding a band of real values once, into the input all methods share.
//
// THE VOLUME is uploaded ONCE (setVolume) into a 3D texture of the type's own format (R8I, R8UI, R16I, R16UI,
// R32I, R32UI, R32F): values are never converted, so the band compares the data's own numbers. A texture, not
// a storage buffer: a 512^3 uint16 volume is 256 MiB, twice llvmpipe's largest storage block (128 MiB; many
// GPUs' limit is 2 GiB, llvmpipe's and others' much less), while a 3D texture is bounded only by
// GL_MAX_3D_TEXTURE_SIZE a side (llvmpipe 2048, GPUs 2048-16384) and memory. Changing the band re-runs only
// discriminate(): the upload is never repeated.
//
// THE BAND, EXACTLY (engine/volume/value_keys.h): each sample is read as a 32-bit order key of its type
// (shaders/volume_values.h), and the band as keys: integer types [ceil(lo), floor(hi)] clamped to the type,
// float32 [the smallest float >= lo, the largest float <= hi], so the GPU's integer comparisons equal the real
// comparison lo <= v <= hi for every value; NaN is never active. The CPU reference
// (engine/volume/volume_reference.h) decides in doubles from the definition; tests/volume_gltest.cpp compares.
//
// THE OUTPUTS (setLayout: the volume's own X x Y x Z, never resampled: tiles of X x Y, Z slices):
//  - bits (occupancy_bits.h): one invocation per 8x8 block builds its 64-bit mask, so every word is written
//    once per pass and no clear is needed (padding bits 0). The bits rows (hp_bits) read them.
//  - atlas (RGBA8): alpha 0 outside the band and max(bin, 1) in 1..255 inside, where the bin (0..255) is the
//    value's place in the data's range; rgb the colour map of the bin; padding 0. The paper variants and the
//    peers then list exactly the band with the threshold 1/255, the same voxels as the bits.
// THE COLOUR MAP is viridis over the data's value range (not the band's, so colours stay put while the band
// moves): volume_values.h. With the bits output colorPoints() writes point k's colour (the atlas texel of its
// voxel, RGBA8 as a uint) into pointColors()[k], the layout the particles read for the slot colours
// (PS_BIND_SLOT_COLORS), dispatched indirectly from the count on the GPU: no readback anywhere.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"
#include "volume_layout.h"
#include "volume_texture.h"
#include "voxel_output.h"
#include "voxel_storage.h"

#include "band.h"
#include "scalar_volume.h"

#include <array>
#include <cstdint>
#include <optional>

namespace dicer::discriminate {

class VolumeDiscriminator {
public:
    // Compiles its programs (per value kind: signed, unsigned, float; bits, atlas, colours). Errors: the first
    // compile or link log. `info`: the limits it checks against (tests pass a fake one).
    static Result<VolumeDiscriminator> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // The layout a volume of `size` voxels needs for `output` within this driver's limits (atlasLimit);
    // errors name the sizes and the limit.
    static Result<occupancy::VolumeLayout> layoutFor(glm::ivec3 size, occupancy::VoxelOutput output, const gl::GlInfo& info);

    // Uploads the volume (checkVolume first) into a new 3D texture and computes its value range (the colour
    // map's). Errors: an invalid volume, a side beyond GL_MAX_3D_TEXTURE_SIZE (the message names both), an
    // allocation failure; on error the previous volume stays. A volume of another size leaves the layout
    // stale: discriminate() refuses until setLayout() gives one for the new size.
    Result<void> setVolume(const volume::ScalarVolume& volume);
    // The volume and its layout in one step (a volume of another size while its output is in use): both or
    // neither. Errors: those of setVolume and setLayout; on error the previous volume, layout and output stay.
    Result<void> setVolume(const volume::ScalarVolume& volume, const occupancy::VolumeLayout& layout,
                           occupancy::VoxelOutput output);
    // Allocates the output for `layout`, which must be VolumeLayout::make's layout of the volume's own size.
    // Errors: no volume yet, a layout of another size or an inconsistent one, an atlas beyond
    // atlasLimit(output), an allocation failure; on error the previous layout and output stay.
    Result<void> setLayout(const occupancy::VolumeLayout& layout, occupancy::VoxelOutput output);

    // One compute pass: the volume's voxels in `band` into the output (the whole output is written, padding
    // included). No readback, no glFinish. Errors (nothing written): no volume, no layout, or a layout of
    // another size than the volume.
    Result<void> discriminate(volume::Band band);

    // Point k's colour (the texel of its voxel, as the atlas output would hold it) into pointColors()[k] for
    // k < min(count, capacity, the points `points` holds), where count is the uint at countOffset of
    // countBuffer (the method's counter: PointMethod::counterBuffer(), offset 0), copied and clamped on the GPU.
    // The colours grow to `capacity` first (allocating only when it grows). Any output; a volume must be set.
    // Errors: no volume, a capacity of 0 or beyond the storage block limit, `points` or `countBuffer` not a
    // buffer, an allocation failure; on error nothing runs and the previous colours stay.
    Result<void> colorPoints(GLuint points, GLuint countBuffer, std::uint32_t capacity,
                             GLintptr countOffset = 0);

    bool hasVolume() const { return bool(m_texture); }
    glm::ivec3 volumeSize() const { return m_size; }
    volume::ScalarType valueType() const { return m_type; }
    // The volume's values without NaN (nullopt: every value is NaN): what the colour map spans.
    std::optional<volume::ValueRange> valueRange() const { return m_range; }
    GLuint volumeTexture() const { return m_texture.id(); }

    bool hasLayout() const { return m_storage.hasLayout(); }
    const occupancy::VolumeLayout& layout() const { return m_storage.layout(); }
    occupancy::VoxelOutput output() const { return m_storage.output(); }
    GLuint atlas() const { return m_storage.atlas(); } // atlas output; 0 otherwise
    GLuint bits() const { return m_storage.bits(); }   // bits output; 0 otherwise
    std::int64_t bitsBytes() const { return m_storage.bitsBytes(); }

    GLuint pointColors() const { return m_colors.id(); } // RGBA8 (packUnorm4x8) per point
    std::uint32_t colorCapacity() const { return m_colorCapacity; }

private:
    struct KindPrograms {
        gl::ProgramId bits, atlas, colors;
    };

    VolumeDiscriminator(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : m_shaders(&shaders), m_info(info) {}
    // Binds the volume and sets the uniforms every value pass reads (size, edges) on `program`.
    void bindVolume(GLuint program) const;
    Result<void> checkLayout(const occupancy::VolumeLayout& layout, occupancy::VoxelOutput output,
                             glm::ivec3 volumeSize) const;
    // The storage of a layout, allocated before anything changes (the present one, moved out, when it serves).
    Result<occupancy::VoxelStorage> storageFor(const occupancy::VolumeLayout& layout, occupancy::VoxelOutput output);
    void adoptVolume(const volume::ScalarVolume& volume, gl::Texture texture);

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    std::array<KindPrograms, discriminate::kValueKinds.size()> m_programs; // [ValueKind]
    gl::ProgramId m_colorCount; // the colour pass' count and dispatch (DISC_COLOR_ARGS)

    gl::Texture m_texture; // the volume, 3D, the type's own format
    glm::ivec3 m_size{0};
    volume::ScalarType m_type = volume::ScalarType::Uint8;
    discriminate::ValueKind m_kind = discriminate::ValueKind::Unsigned;
    std::optional<volume::ValueRange> m_range;
    std::array<std::uint32_t, 255> m_edgeKeys{}; // the colour bins' edges as keys of the type (DISC_EDGES)

    occupancy::VoxelStorage m_storage; // the layout and its atlas or bits

    gl::Buffer m_colors, m_colorArgs; // RGBA8 per point; the colour pass' dispatch and count
    std::uint32_t m_colorCapacity = 0;
};

} // namespace dicer::discriminate
