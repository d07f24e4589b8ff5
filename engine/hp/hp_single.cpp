// dicer_single: GL_TEXTURE_2D, the pyramid levels are the texture's mip levels, one count per texel.
// Modern storage R32UI; the 2006 storage RGBA32F (the hardware then had no one-channel float render target).
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "hp_mip.h"
#include "paper_method.h"

namespace dicer::hp {
namespace {
class SinglePyramid final : public MipPyramid {
public:
    SinglePyramid(gl::ShaderLibrary& shaders, Storage storage)
        : MipPyramid(shaders, storage,
                     storage == Storage::Uint32 ? MipFormat{GL_R32UI, 1, false, false, false}
                                                : MipFormat{GL_RGBA32F, 4, true, false, false}) {}
    const char* name() const override { return "dicer_single"; }

protected:
    Defines defines() const override {
        if (m_storage == Storage::Float32)
            return {{"HP_LAYOUT_MIP", ""},
                    {"HP_STORAGE_FLOAT", ""},
                    {"HP_IMAGE_FORMAT", "rgba32f"},
                    {"HP_IMAGE_TYPE", "image2D"}};
        return {{"HP_LAYOUT_MIP", ""}, {"HP_IMAGE_FORMAT", "r32ui"}, {"HP_IMAGE_TYPE", "uimage2D"}};
    }
};
} // namespace

Result<std::unique_ptr<HistoPyramid>> createSingle(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                   Storage storage) {
    return HistoPyramid::make<SinglePyramid>(info, shaders, storage);
}
} // namespace dicer::hp
