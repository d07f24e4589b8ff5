// dicer_single: GL_TEXTURE_2D, the pyramid levels are the texture's mip levels, one count per texel.
// Modern storage R32UI; the 2006 storage RGBA32F (the hardware then had no one-channel float render target).
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "hp_mip.h"
#include "hp_variants.h"

namespace dicer::hp {
namespace {
class SinglePyramid final : public MipPyramid {
public:
    SinglePyramid(gl::ShaderLibrary& shaders, Storage storage)
        : MipPyramid(shaders, storage,
                     storage == Storage::Uint32 ? MipFormat{GL_R32UI, 1, false, false, false}
                                                : MipFormat{GL_RGBA32F, 4, true, false, false}) {}
    const char* name() const override { return "dicer_single"; }
    using HistoPyramid::init;

protected:
    Defines defines() const override {
        Defines d{{"HP_LAYOUT_MIP", ""}};
        if (m_storage == Storage::Float32) d.push_back({"HP_STORAGE_FLOAT", ""});
        return d;
    }
};
} // namespace

Result<std::unique_ptr<HistoPyramid>> createSingle(gl::ShaderLibrary& shaders, Storage storage) {
    auto p = std::make_unique<SinglePyramid>(shaders, storage);
    if (Result<void> r = p->init("hp_reduce.frag.glsl"); !r) return makeError(r.error());
    return std::unique_ptr<HistoPyramid>(std::move(p));
}
} // namespace dicer::hp
