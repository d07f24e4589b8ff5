#include "hp_variants.h"

#include <string>

namespace dicer::hp {
namespace {
bool always(const gl::GlInfo&) {
    return true;
}
// Float32 render targets and linear filtering of R32F are core in GL 3.0+/4.5: available wherever we run.
constexpr VariantInfo kVariants[] = {
    {"dicer_single", "GL_TEXTURE_2D mip chain, one count per texel", true, always, createSingle},
    {"dicer_vec4", "mip chain of four children's sums per texel: one fetch per level", true, always,
     createVec4},
    {"dicer_rect", "GL_TEXTURE_RECTANGLE pseudo-mipmap, levels side by side", true, always, createRect},
    {"dicer_bil", "single + one bilinear fetch x4 per reduction (float32 only)", false, always,
     createBilinear},
};
} // namespace

std::span<const VariantInfo> variantTable() {
    return kVariants;
}

const VariantInfo* findVariant(std::string_view name) {
    for (const VariantInfo& v : kVariants)
        if (name == v.name) return &v;
    return nullptr;
}

Storage effectiveStorage(const VariantInfo& variant, Storage wanted) {
    return variant.supportsUint ? wanted : Storage::Float32;
}

Result<std::unique_ptr<HistoPyramid>> createVariant(std::string_view name, gl::ShaderLibrary& shaders,
                                                    const gl::GlInfo& info, Storage storage) {
    const VariantInfo* v = findVariant(name);
    if (!v) {
        std::string known;
        for (const VariantInfo& k : kVariants)
            known += std::string(known.empty() ? "" : ", ") + k.name;
        return makeError("unknown variant '" + std::string(name) + "' (known: " + known + ")");
    }
    if (!v->isAvailable(info))
        return makeError(std::string(v->name) + " is not available on " + info.renderer);
    return v->create(shaders, effectiveStorage(*v, storage));
}

} // namespace dicer::hp
