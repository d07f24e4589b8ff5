// dicer_bil: like dicer_single, but every reduction after the first is one bilinear fetch at the exact centre
// of the 2x2 block, times 4. The first pass cannot filter (the discriminator must see each texel).
// In 2006 only 16-bit float filtering existed and the variant was numerically unstable; float32 filtering is
// core now (R32F is filterable), and the tests report whether this driver's filter is exact.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006).
#include "hp_mip.h"
#include "paper_method.h"

namespace dicer::hp {
namespace {
class BilinearPyramid final : public MipPyramid {
public:
    explicit BilinearPyramid(gl::ShaderLibrary& shaders)
        : MipPyramid(shaders, Storage::Float32, MipFormat{GL_R32F, 1, true, false, true}) {}
    const char* name() const override { return "dicer_bil"; }

protected:
    Defines defines() const override {
        return {{"HP_LAYOUT_MIP", ""},
                {"HP_STORAGE_FLOAT", ""},
                {"HP_BILINEAR", ""},
                {"HP_IMAGE_FORMAT", "r32f"},
                {"HP_IMAGE_TYPE", "image2D"}};
    }
};
} // namespace

Result<std::unique_ptr<HistoPyramid>> createBilinear(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                     Storage) {
    return HistoPyramid::make<BilinearPyramid>(info, shaders);
}
} // namespace dicer::hp
