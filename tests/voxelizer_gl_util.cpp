#include "voxelizer_gl_util.h"

#include <memory>

namespace dicer::test {
namespace {
struct Shared {
    gl::ShaderLibrary shaders;
    std::unique_ptr<Voxelizer> voxelizer;
    bool tried = false;
};
Shared& shared() {
    static Shared s;
    return s;
}
} // namespace

gl::ShaderLibrary& sharedShaders() {
    return shared().shaders;
}

Voxelizer* sharedVoxelizer() {
    Shared& s = shared();
    if (!s.tried) {
        s.tried = true;
        Result<Voxelizer> v = Voxelizer::create(s.shaders, context().info());
        if (v)
            s.voxelizer = std::make_unique<Voxelizer>(std::move(v.value()));
        else
            ADD_FAILURE() << v.error();
    }
    return s.voxelizer.get();
}

void voxelizeInto(Voxelizer& v, const VolumeLayout& layout, const Mesh& mesh, const VoxelizeParams& params) {
    Result<void> r = v.setLayout(layout);
    ASSERT_TRUE(r) << r.error();
    r = v.setMesh(mesh);
    ASSERT_TRUE(r) << r.error();
    v.voxelize(params);
}

std::int64_t AtlasBytes::occupiedCount() const {
    std::int64_t n = 0;
    for (size_t i = 3; i < rgba.size(); i += 4)
        n += rgba[i] != 0;
    return n;
}

AtlasBytes readAtlas(const Voxelizer& v) {
    AtlasBytes a{v.layout(), {}};
    a.rgba.resize(size_t(a.layout.atlasTexelCount()) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTextureImage(v.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(a.rgba.size()), a.rgba.data());
    return a;
}

VolumeLayout layoutOf(glm::ivec3 volume) {
    Result<VolumeLayout> layout = VolumeLayout::make(volume, context().info().maxTextureSize);
    EXPECT_TRUE(layout) << layout.error();
    return layout ? *layout : VolumeLayout{};
}

VolumeLayout presetOf(std::string_view name) {
    Result<VolumeLayout> layout = presetLayout(name, context().info().maxTextureSize);
    EXPECT_TRUE(layout) << layout.error();
    return layout ? *layout : VolumeLayout{};
}

std::int64_t differingTexels(const AtlasBytes& a, const AtlasBytes& b) {
    std::int64_t n = 0;
    for (size_t i = 0; i < a.rgba.size(); i += 4)
        n += a.rgba[i] != b.rgba[i] || a.rgba[i + 1] != b.rgba[i + 1] || a.rgba[i + 2] != b.rgba[i + 2] ||
             a.rgba[i + 3] != b.rgba[i + 3];
    return n;
}

} // namespace dicer::test
