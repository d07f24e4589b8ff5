// Atlas -> occupancy bits on the GPU (bits_from_atlas.comp.glsl, occupancy_bits.h): one compute pass. The
// harnesses that have an atlas (the GL tests, dicer-bench) use it to feed the bits rows of the method table
// (MethodInfo::input == InputKind::Bits) the same voxels as the atlas rows; the CPU twin is hp::atlasToBits.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "point_method.h"
#include "result.h"
#include "shader.h"

#include <cstdint>
#include <memory>

namespace dicer::peers {

class AtlasToBits {
public:
    static Result<std::unique_ptr<AtlasToBits>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // Converts `atlas` (checked as every method's input: RGBA8 GL_TEXTURE_2D, finite threshold) with its
    // threshold and tiling into buffer(), a virtual atlas of max(width, height) texels a side (or `side` when
    // larger). Returns `atlas` with its bits and bitsSide filled in: a bits row's input. On error the previous
    // bits stay.
    Result<hp::MethodInput> convert(const hp::MethodInput& atlas, int side = 0);

    GLuint buffer() const { return m_bits.id(); }
    int side() const { return m_side; }

private:
    AtlasToBits(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}
    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::ProgramId m_program;
    gl::Sampler m_sampler;
    gl::Buffer m_bits;
    std::int64_t m_bytes = 0;
    int m_side = 0;
};

// The input a row of `kind` reads: `atlas` itself, or its bits through `converter` (made on first use).
Result<hp::MethodInput> inputFor(occupancy::VoxelOutput kind, const hp::MethodInput& atlas,
                                 std::unique_ptr<AtlasToBits>& converter, gl::ShaderLibrary& shaders,
                                 const gl::GlInfo& info);

} // namespace dicer::peers
