// A mesh's occupancy as a scalar volume (for meshes, the surface of their occupancy, a voxel
// remesh): the voxelizer's output, the occupancy bits (occupancy_bits.h), the sparse occupancy
// (occupancy_sparse.h) or the RGBA8 slice atlas (volume_layout.h), becomes an R8UI 3D texture of 1 where a voxel is occupied and 0 where not, which the GPU
// marching cubes (surface::McMethod::useVolumeTexture) read like any scalar volume, with the band [1, 1]. The
// occupancy is exactly the voxel set the point list lists: a bit of the bits, or, for the atlas, the
// HistoPyramid discriminator's rule (shaders/hp_discriminator.glsl: the alpha byte >= the threshold byte,
// hp::thresholdToByte). A 0/1 field is binary, so the marching cubes put every vertex at an edge's midpoint:
// on the face between an occupied voxel and an empty one.
//
// THE BORDER: the texture is the volume plus an empty layer of kBorder = 1 voxel on every side,
// (X+2) x (Y+2) x (Z+2) texels, voxel v at texel v + kBorder. Marching cubes leave a surface open where it
// meets the volume's boundary faces (docs/SURFACES.md, "Why the surface closes"), and a mesh's occupancy does
// reach them: the built-in teapot at the paper's placement reaches the volume's sides, and a spinning model is
// clipped by the volume's box; those faces would be holes. With the border every occupied voxel has cells on
// all sides and the surface is closed (tests/mc_occupancy_gltest.cpp checks it watertight). The cost:
// (X+2)(Y+2)(Z+2) bytes instead of XYZ (256^3: +2.4 %) and the offset, which sampleToVolume() takes care of.
//
// ONE PASS per call (shaders/occupancy_volume.comp.glsl): one invocation per texel writes it (the border 0), so
// the whole texture is written every call and never cleared; then a barrier for image loads (and read-backs).
// No readback, no glFinish. The texture is (re)allocated only when the size changes.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"
#include "volume_layout.h"

#include "band.h"
#include "scalar_volume.h"

#include <glm/glm.hpp>

#include <cstdint>

namespace dicer::surface {

class OccupancyVolume {
public:
    // What the marching cubes need besides texture() and size():
    //   mc.useVolumeTexture(o.texture(), o.size(), OccupancyVolume::kScalarType, OccupancyVolume::kSpacing,
    //                       OccupancyVolume::kBinaryField);   then   mc.run(OccupancyVolume::kOccupiedBand);
    static constexpr volume::ScalarType kScalarType = volume::ScalarType::Uint8; // R8UI
    static constexpr volume::Band kOccupiedBand{1, 1}; // the occupied voxels, exactly (0 is empty)
    static constexpr bool kBinaryField = true;         // two values: vertices at the edges' midpoints
    // Spacing 1: the marching cubes' positions are texel coordinates (sample i at i), which sampleToVolume()
    // maps to the voxelizer's volume space.
    static constexpr glm::vec3 kSpacing{1.0f};
    static constexpr int kBorder = 1; // empty texels on each side: voxel v is texel v + kBorder
    // The most bytes the texture may take: 1024^3 voxels (1026^3 texels with the border, 1.08 GB) are beyond
    // it; the marching cubes over such a volume (a byte per cell) exceed most drivers' storage blocks anyway.
    static constexpr std::int64_t kMaxBytes = std::int64_t(1) << 30;

    // Compiles the two programs (from bits, from an atlas). Errors: the compile or link log. `info`: the
    // limits it checks against (tests pass a fake one).
    static Result<OccupancyVolume> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // The occupancy bits of `layout` (occupancy_bits.h: a virtual atlas of layout.atlasSize texels a side, at
    // least bitsBytes(layout) long) -> the texture: 1 where the voxel's bit is set.
    Result<void> fromBits(GLuint bitsBuffer, const occupancy::VolumeLayout& layout);
    // The RGBA8 slice atlas of `layout` (a GL_TEXTURE_2D of GL_RGBA8, at least atlasSize a side) -> the
    // texture: 1 where the voxel's alpha byte >= hp::thresholdToByte(threshold), the discriminator's rule.
    Result<void> fromAtlas(GLuint atlasTexture, const occupancy::VolumeLayout& layout, float threshold);
    // The sparse occupancy of `layout` (occupancy_sparse.h: its index and pool buffers, SparseOccupancy::index()
    // and pool()) -> the texture: 1 where the voxel's brick has a used slot and the voxel's bit is set there.
    Result<void> fromSparse(GLuint indexBuffer, GLuint poolBuffer, const occupancy::VolumeLayout& layout);
    // Errors (each one line; nothing runs and the previous texture, size and contents stay): a layout that
    // VolumeLayout::make would not give; a texture side beyond GL_MAX_3D_TEXTURE_SIZE or more than kMaxBytes
    // (the message names the size, the limit and what to do: a smaller volume); an input that is not a
    // buffer / an RGBA8 2D texture or is too small for the layout (the sparse index: for the layout's side); bits beyond the storage block limit; a
    // threshold that is not a finite number; an allocation failure.

    // Bytes of the occupancy bits of `layout`: 2 uints per 8x8 block of its virtual atlas.
    static std::int64_t bitsBytes(const occupancy::VolumeLayout& layout);

    bool hasTexture() const { return bool(m_texture); }
    GLuint texture() const { return m_texture.id(); } // R8UI, GL_TEXTURE_3D, size() texels; 0 before a call
    glm::ivec3 size() const { return m_size; }        // texels: volume() + 2 kBorder per axis
    glm::ivec3 volume() const { return m_volume; }    // the layout's voxels; 0 before a call
    // Texel coordinates (the marching cubes' positions with kSpacing) -> the voxelizer's volume space [-1,1]^3
    // (volume_layout.h): texel i is voxel i - kBorder, whose centre is -1 + (i - kBorder + 0.5) 2 / X. Draw
    // the surface with volumeToWorld(shape) * sampleToVolume(); for the voxelizer's cubic voxels that is a
    // uniform scale and a shift, so the normals need no correction.
    glm::mat4 sampleToVolume() const;

    OccupancyVolume(OccupancyVolume&&) noexcept = default;
    OccupancyVolume& operator=(OccupancyVolume&&) noexcept = default;
    OccupancyVolume(const OccupancyVolume&) = delete;
    OccupancyVolume& operator=(const OccupancyVolume&) = delete;
    ~OccupancyVolume() = default;

private:
    OccupancyVolume(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}
    // The layout's checks and the texture's limits (before any input is looked at).
    Result<void> checkLayout(const occupancy::VolumeLayout& layout) const;
    // The texture for the layout, allocated when the size changes; on failure the previous one stays.
    Result<void> allocate(const occupancy::VolumeLayout& layout);
    // The pass over the whole texture with `program` (its input bound), then the barrier.
    void dispatch(GLuint program, const occupancy::VolumeLayout& layout);

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::ProgramId m_fromBits, m_fromAtlas, m_fromSparse;
    gl::Sampler m_nearest; // the atlas' texel fetches: complete whatever the texture's own filter
    gl::Texture m_texture;
    glm::ivec3 m_size{0}, m_volume{0};
};

} // namespace dicer::surface
