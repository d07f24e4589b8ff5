// dicer_vec4: mip chain whose texel stores its four children's partial sums, so the traversal decides each
// branch from one fetch per level (log2 N fetches instead of 4 log2 N). Level 1 holds the discriminator
// results of its 2x2 base block, so the traversal needs no input fetch at the bottom.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "hp_mip.h"
#include "hp_variants.h"

namespace dicer::hp {
namespace {
class Vec4Pyramid final : public MipPyramid {
public:
    Vec4Pyramid(gl::ShaderLibrary& shaders, Storage storage)
        : MipPyramid(shaders, storage,
                     storage == Storage::Uint32 ? MipFormat{GL_RGBA32UI, 4, false, true, false}
                                                : MipFormat{GL_RGBA32F, 4, true, true, false}) {}
    const char* name() const override { return "dicer_vec4"; }
    using HistoPyramid::init;

protected:
    Defines defines() const override {
        Defines d{{"HP_LAYOUT_MIP", ""}, {"HP_VEC4", ""}};
        if (m_storage == Storage::Float32) d.push_back({"HP_STORAGE_FLOAT", ""});
        return d;
    }
};
} // namespace

Result<std::unique_ptr<HistoPyramid>> createVec4(gl::ShaderLibrary& shaders, Storage storage) {
    auto p = std::make_unique<Vec4Pyramid>(shaders, storage);
    if (Result<void> r = p->init("hp_vec4_reduce.frag.glsl"); !r) return makeError(r.error());
    return std::unique_ptr<HistoPyramid>(std::move(p));
}
} // namespace dicer::hp
