// Mip-chain storage shared by dicer_single, dicer_vec4 and dicer_bil: pyramid level l is mip l-1 of one
// GL_TEXTURE_2D, each reduction pass renders into the next mip through its own framebuffer. The three
// variants differ only in data (kDicerSingle, kDicerVec4, kDicerBil below); their factory is
// createMip<variant>.
//  - dicer_single: one count per texel. Modern storage R32UI; the 2006 storage RGBA32F (the hardware then had
//    no one-channel float render target).
//  - dicer_vec4: the texel stores its four children's partial sums, so the traversal decides each branch from
//    one fetch per level (log2 N fetches instead of 4 log2 N). Level 1 holds the discriminator results of its
//    2x2 base block, so the traversal needs no input fetch at the bottom.
//  - dicer_bil: like dicer_single, but every reduction after the first is one bilinear fetch at the exact
//    centre of the 2x2 block, times 4. The first pass cannot filter (the discriminator must see each texel).
//    In 2006 only 16-bit float filtering existed and the variant was numerically unstable; float32 filtering
//    is core now (R32F is filterable), and the tests report whether this driver's filter is exact.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#pragma once

#include "histopyramid.h"

#include <memory>

namespace dicer::hp {

// One per storage of each variant (kDicerSingle, kDicerVec4, kDicerBil below); the flags default to false.
struct MipFormat {
    GLenum internalFormat;   // GL_R32UI, GL_RGBA32F, ...
    int channels;            // 1, or 4 for vec4 texels / the 2006 RGBA32F single
    bool isFloat = false;    // float32 storage (the 2006 path)
    bool vec4Sums = false;   // texel = four children's sums (vec4 variant)
    bool linearMips = false; // dicer_bil samples the level below bilinearly
};

// One mip-chain variant (kDicerSingle, kDicerVec4, kDicerBil below): its texel format per storage and its
// hp_storage.glsl defines.
struct MipVariant {
    const char* name;
    MipFormat uintFormat, floatFormat;
    const char* extraDefine;            // HP_VEC4, HP_BILINEAR or nullptr
    const char *uintImage, *floatImage; // image formats of the reduction passes
};

class MipPyramid final : public HistoPyramid {
public:
    MipPyramid(gl::ShaderLibrary& shaders, Storage storage, const MipVariant& variant)
        : HistoPyramid(shaders, storage), m_variant(variant),
          m_format(storage == Storage::Uint32 ? variant.uintFormat : variant.floatFormat) {}
    const char* name() const override { return m_variant.name; }

protected:
    Defines defines() const override {
        return storageDefines("HP_LAYOUT_MIP", m_variant.extraDefine, m_variant.uintImage,
                              m_variant.floatImage, "image2D");
    }

    int maxBaseSize(const gl::GlInfo& info) const override { return info.maxTextureSize; }
    Result<void> allocate(int baseSize) override;
    void reduce(const ReducePrograms& programs) override;
    void bindPyramid() const override;
    std::vector<std::uint32_t> readLevelRaw(int level) const override;

    const MipVariant& m_variant;
    MipFormat m_format;
    gl::Texture m_pyramid;
    std::vector<gl::Framebuffer> m_levelTargets; // [l-1] renders into level l
    gl::Sampler m_sampler;
};

// clang-format off
inline constexpr MipVariant kDicerSingle{"dicer_single", {GL_R32UI, 1, false, false, false},    {GL_RGBA32F, 4, true, false, false}, nullptr,       "r32ui",    "rgba32f"};
inline constexpr MipVariant kDicerVec4{  "dicer_vec4",   {GL_RGBA32UI, 4, false, true, false}, {GL_RGBA32F, 4, true, true, false},  "HP_VEC4",     "rgba32ui", "rgba32f"};
// float32 only: its uint32 "storage" is float32 too.
inline constexpr MipVariant kDicerBil{   "dicer_bil",    {GL_R32F, 1, true, false, true},      {GL_R32F, 1, true, false, true},     "HP_BILINEAR", "r32f",     "r32f"};
// clang-format on

// The factory of a mip-chain variant (a PyramidFactory, paper_method.h).
template <const MipVariant& variant>
Result<std::unique_ptr<HistoPyramid>> createMip(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                Storage storage) {
    const bool hasUint = variant.uintFormat.internalFormat != variant.floatFormat.internalFormat;
    return HistoPyramid::make<MipPyramid>(info, shaders, hasUint ? storage : Storage::Float32, variant);
}

} // namespace dicer::hp
