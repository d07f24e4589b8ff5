// dicer_vec4: mip chain whose texel stores its four children's partial sums, so the traversal decides each
// branch from one fetch per level (log2 N fetches instead of 4 log2 N). Level 1 holds the discriminator
// results of its 2x2 base block, so the traversal needs no input fetch at the bottom.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "hp_mip.h"
#include "paper_method.h"

namespace dicer::hp {
namespace {
class Vec4Pyramid final : public MipPyramid {
public:
    Vec4Pyramid(gl::ShaderLibrary& shaders, Storage storage)
        : MipPyramid(shaders, storage,
                     storage == Storage::Uint32 ? MipFormat{GL_RGBA32UI, 4, false, true, false}
                                                : MipFormat{GL_RGBA32F, 4, true, true, false}) {}
    const char* name() const override { return "dicer_vec4"; }

protected:
    Defines defines() const override {
        if (m_storage == Storage::Float32)
            return {{"HP_LAYOUT_MIP", ""},
                    {"HP_VEC4", ""},
                    {"HP_STORAGE_FLOAT", ""},
                    {"HP_IMAGE_FORMAT", "rgba32f"},
                    {"HP_IMAGE_TYPE", "image2D"}};
        return {{"HP_LAYOUT_MIP", ""},
                {"HP_VEC4", ""},
                {"HP_IMAGE_FORMAT", "rgba32ui"},
                {"HP_IMAGE_TYPE", "uimage2D"}};
    }
};
} // namespace

Result<std::unique_ptr<HistoPyramid>> createVec4(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                 Storage storage) {
    return HistoPyramid::make<Vec4Pyramid>(info, shaders, storage);
}
} // namespace dicer::hp
