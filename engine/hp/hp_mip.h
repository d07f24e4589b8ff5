// Mip-chain storage shared by dicer_single, dicer_vec4 and dicer_bil: pyramid level l is mip l-1 of one
// GL_TEXTURE_2D, each reduction pass renders into the next mip through its own framebuffer.
#pragma once

#include "histopyramid.h"

namespace dicer::hp {

struct MipFormat {
    GLenum internalFormat; // GL_R32UI, GL_RGBA32F, ...
    int channels;          // 1, or 4 for vec4 texels / the 2006 RGBA32F single
    bool isFloat;
    bool vec4Sums;   // texel = four children's sums (vec4 variant)
    bool linearMips; // dicer_bil samples the level below bilinearly
};

class MipPyramid : public HistoPyramid {
protected:
    MipPyramid(gl::ShaderLibrary& shaders, Storage storage, MipFormat format)
        : HistoPyramid(shaders, storage), m_format(format) {}

    int maxBaseSize(const gl::GlInfo& info) const override { return info.maxTextureSize; }
    void allocate(int baseSize) override;
    void reduce(const ReducePrograms& programs) override;
    void bindPyramid() const override;
    std::vector<std::uint32_t> readLevelRaw(int level) const override;

    MipFormat m_format;
    gl::Texture m_pyramid;
    std::vector<gl::Framebuffer> m_levelTargets; // [l-1] renders into level l
    gl::Sampler m_sampler;
};

} // namespace dicer::hp
