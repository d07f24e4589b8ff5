#include "voxelizer_gl_util.h"

#include "method_table.h"
#include "occupancy_bits.h"

#include <glm/gtc/matrix_transform.hpp>

#include <bit>
#include <map>
#include <memory>
#include <random>

namespace dicer::test {
namespace {
struct Shared {
    gl::ShaderLibrary shaders;
    std::unique_ptr<voxel::Voxelizer> voxelizer, bitsVoxelizer, sparseVoxelizer;
    bool tried = false, triedBits = false, triedSparse = false;
};

// Creates `out` once (`tried`); a failure is one test failure with the log, and nullptr after it.
voxel::Voxelizer* createOnce(std::unique_ptr<voxel::Voxelizer>& out, bool& tried,
                             gl::ShaderLibrary& shaders) {
    if (!tried) {
        tried = true;
        Result<voxel::Voxelizer> v = voxel::Voxelizer::create(shaders, context().info());
        if (v)
            out = std::make_unique<voxel::Voxelizer>(std::move(v.value()));
        else
            ADD_FAILURE() << v.error();
    }
    return out.get();
}
Shared& shared() {
    static Shared s;
    return s;
}
} // namespace

model::Mesh withRandomVertexColors(model::Mesh mesh, unsigned seed) {
    std::mt19937 rng(seed);
    for (glm::vec4& c : mesh.colors)
        c = glm::vec4(float(rng() % 256) / 255.f, float(rng() % 256) / 255.f, float(rng() % 256) / 255.f,
                      1.f);
    return mesh;
}

gl::ShaderLibrary& sharedShaders() {
    return shared().shaders;
}

voxel::Voxelizer* sharedVoxelizer() {
    Shared& s = shared();
    return createOnce(s.voxelizer, s.tried, s.shaders);
}

voxel::Voxelizer* sharedBitsVoxelizer() {
    Shared& s = shared();
    return createOnce(s.bitsVoxelizer, s.triedBits, s.shaders);
}

voxel::Voxelizer* sharedSparseVoxelizer() {
    Shared& s = shared();
    return createOnce(s.sparseVoxelizer, s.triedSparse, s.shaders);
}

const model::PlacedModel& placedTestModel(const std::string& name) {
    static std::map<std::string, model::PlacedModel> cache;
    auto it = cache.find(name);
    if (it != cache.end()) return it->second;
    Result<model::PlacedModel> placed =
        name == "spot" ? model::loadModelFile(assetModelPath("spot/spot_triangulated.obj"))
                       : model::loadBuiltinModel(name);
    EXPECT_TRUE(placed) << placed.error();
    return cache.emplace(name, placed ? std::move(placed.value()) : model::PlacedModel{}).first->second;
}

void voxelizeInto(voxel::Voxelizer& v, const occupancy::VolumeLayout& layout, const model::Mesh& mesh,
                  const voxel::VoxelizeParams& params) {
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

AtlasBytes readAtlas(const voxel::Voxelizer& v) {
    AtlasBytes a{v.layout(), {}};
    a.rgba.resize(size_t(a.layout.atlasTexelCount()) * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTextureImage(v.atlas(), 0, GL_RGBA, GL_UNSIGNED_BYTE, GLsizei(a.rgba.size()), a.rgba.data());
    return a;
}

occupancy::VolumeLayout layoutOf(glm::ivec3 volume) {
    Result<occupancy::VolumeLayout> layout = occupancy::VolumeLayout::make(volume, context().info().maxTextureSize);
    EXPECT_TRUE(layout) << layout.error();
    return layout ? *layout : occupancy::VolumeLayout{};
}

occupancy::VolumeLayout presetOf(std::string_view name) {
    Result<occupancy::VolumeLayout> layout = occupancy::presetLayout(name, context().info().maxTextureSize);
    EXPECT_TRUE(layout) << layout.error();
    return layout ? *layout : occupancy::VolumeLayout{};
}

std::int64_t differingTexels(const AtlasBytes& a, const AtlasBytes& b) {
    std::int64_t n = 0;
    for (size_t i = 0; i < a.rgba.size(); i += 4)
        n += a.rgba[i] != b.rgba[i] || a.rgba[i + 1] != b.rgba[i + 1] || a.rgba[i + 2] != b.rgba[i + 2] ||
             a.rgba[i + 3] != b.rgba[i + 3];
    return n;
}

std::vector<std::uint32_t> emptyBits(const occupancy::VolumeLayout& layout) {
    const size_t blocksX = size_t(hp::hpBitsBlocksX(layout.atlasSize));
    return std::vector<std::uint32_t>(blocksX * blocksX * HP_BITS_WORDS_PER_BLOCK, 0u);
}

void setBit(std::vector<std::uint32_t>& bits, const occupancy::VolumeLayout& layout, glm::ivec2 texel) {
    bits[hp::hpBitsWord(texel, hp::hpBitsBlocksX(layout.atlasSize))] |= hp::hpBitsMask(texel);
}

std::vector<std::uint32_t> atlasToBits(const AtlasBytes& atlas) {
    std::vector<std::uint32_t> bits = emptyBits(atlas.layout);
    const int n = atlas.layout.atlasSize;
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x)
            if (atlas.texel({x, y})[3] != 0) setBit(bits, atlas.layout, {x, y});
    return bits;
}

std::vector<std::uint32_t> readBits(const voxel::Voxelizer& v) {
    std::vector<std::uint32_t> bits(size_t(v.bitsBytes()) / 4);
    EXPECT_EQ(bits.size(), emptyBits(v.layout()).size());
    glGetNamedBufferSubData(v.bits(), 0, GLsizeiptr(bits.size() * 4), bits.data());
    return bits;
}

std::int64_t popcount(const std::vector<std::uint32_t>& bits) {
    std::int64_t n = 0;
    for (std::uint32_t w : bits)
        n += std::popcount(w);
    return n;
}

std::int64_t differingWords(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
    if (a.size() != b.size()) return std::int64_t(std::max(a.size(), b.size()));
    std::int64_t n = 0;
    for (size_t i = 0; i < a.size(); ++i)
        n += a[i] != b[i];
    return n;
}

void PrintTo(const ColorCase& c, std::ostream* os) {
    *os << c.model << (c.randomColors ? " (random vertex colours)" : "") << " " << c.side << "^3";
}

ColorScene colorScene(const ColorCase& c, unsigned seed) {
    const model::PlacedModel& placed = placedTestModel(c.model);
    return {c.randomColors ? withRandomVertexColors(placed.mesh, seed) : placed.mesh,
            layoutOf(glm::ivec3(c.side)),
            glm::rotate(glm::mat4(1.f), 0.6f, glm::normalize(glm::vec3(1, 2, 3))) * placed.placement};
}

void expectAtlasSlotColors(hp::PointMethod& method, const voxel::Voxelizer& v, const AtlasBytes& atlas,
                           std::uint32_t count, const std::string& context) {
    const std::vector<glm::uvec4> points = method.points().read(count);
    std::vector<std::uint32_t> colours(count);
    glGetNamedBufferSubData(v.slotColors(), 0, GLsizeiptr(count) * 4, colours.data());
    std::int64_t wrong = 0, outside = 0;
    for (std::uint32_t k = 0; k < count; ++k) {
        const glm::ivec3 voxel(points[k].x, points[k].y, points[k].z);
        if (!atlas.layout.contains(voxel))
            ++outside;
        else
            wrong += colours[k] != atlas.packedColor(voxel);
    }
    EXPECT_EQ(outside, 0) << context;
    EXPECT_EQ(wrong, 0) << context << ": of " << count << " points";
}

void expectNoRankUnbuilt(const std::string& row) {
    auto fresh = methods::createMethod(row, sharedShaders(), context().info());
    ASSERT_TRUE(fresh) << fresh.error();
    Result<void> r = (*fresh)->bindForRank(0);
    ASSERT_FALSE(r) << row;
    EXPECT_NE(r.error().find("rank"), std::string::npos) << r.error();
}

} // namespace dicer::test
