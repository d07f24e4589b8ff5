// Large meshes: triangle storage in chunks gives the same atlas as one chunk for every method,
// and the compute method equals the projected one on a 1M-triangle mesh (whole and chunked).
#include "builtin_models.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <random>
#include <string>

using namespace dicer;
using namespace dicer::voxel;
using namespace dicer::occupancy;
using namespace dicer::test;

// Random vertex colours (seed 5) show a chunk that rebased an index wrongly or coloured from the wrong triangle.
constexpr unsigned kColorSeed = 5;

namespace {

// A mesh with those colours, and a turn that lines none of its faces up with the voxel grid.
struct TurnedMesh {
    model::Mesh mesh;
    glm::mat4 model;
};
TurnedMesh colouredAndTurned(model::Mesh mesh, float angle, glm::vec3 axis) {
    return {withRandomVertexColors(std::move(mesh), kColorSeed), glm::rotate(glm::mat4(1.f), angle, axis)};
}

} // namespace

class VoxelizerChunks : public VoxelizerTest<> {};

// A forced small chunk size (a few hundred triangles per chunk) against one chunk, every method and mode.
TEST_F(VoxelizerChunks, SmallChunksGiveTheSameAtlasForEveryMethod) {
    const auto [mesh, model] = colouredAndTurned(model::makeHeart(3000), 0.4f, {1.f, 0.5f, 0.2f});
    ASSERT_TRUE(v->setLayout(layoutOf({40, 48, 32})));
    for (VoxelMode mode : kVoxelModes)
        for (VoxMethodId method : voxMethods()) {
            const VoxelizeParams p{model, mode, method, VoxRule::DominantAxis};
            ASSERT_TRUE(v->setMesh(mesh));
            ASSERT_EQ(v->chunkCount(), 1u);
            v->voxelize(p);
            const AtlasBytes whole = readAtlas(*v);
            ASSERT_GT(whole.occupiedCount(), 1000);
            ASSERT_TRUE(v->setMesh(mesh, 40000)); // 356 triangles of setup data per chunk
            EXPECT_GE(v->chunkCount(), 8u);
            v->voxelize(p);
            EXPECT_EQ(differingTexels(whole, readAtlas(*v)), 0)
                << voxMethodName(method) << " " << voxelModeName(mode) << " differs when chunked";
        }
    DICER_EXPECT_NO_GL_ERROR();
}

// 1M triangles (a UV sphere, 500 x 1000 x 2) at 128^3: compute equals projected byte for byte, in one chunk
// and in chunks of 16 MB (7 chunks), shell and solid. Projected rasterizes 2M quads here (~3 s on llvmpipe).
TEST_F(VoxelizerChunks, MillionTrianglesComputeEqualsProjected) {
    const auto [mesh, model] =
        colouredAndTurned(model::makeUvSphere(500, 1000, 0.9f), 0.3f, {0.2f, 1.f, 0.4f});
    ASSERT_GE(mesh.triangleCount(), 990000u);
    ASSERT_TRUE(v->setLayout(layoutOf(glm::ivec3(128))));
    for (VoxelMode mode : kVoxelModes) {
        ASSERT_TRUE(v->setMesh(mesh));
        v->voxelize({model, mode, VoxMethodId::Projected, VoxRule::DominantAxis});
        const AtlasBytes reference = readAtlas(*v);
        EXPECT_GT(reference.occupiedCount(), 30000);
        v->voxelize({model, mode, VoxMethodId::Compute, VoxRule::DominantAxis});
        EXPECT_EQ(differingTexels(reference, readAtlas(*v)), 0) << voxelModeName(mode);
        ASSERT_TRUE(v->setMesh(mesh, 16 << 20));
        EXPECT_GE(v->chunkCount(), 7u);
        v->voxelize({model, mode, VoxMethodId::Compute, VoxRule::DominantAxis});
        EXPECT_EQ(differingTexels(reference, readAtlas(*v)), 0) << voxelModeName(mode) << " chunked";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// Random triangles spanning the whole volume: every one is "large" (a work group each), many at once.
TEST_F(VoxelizerChunks, HugeTrianglesComputeEqualsProjected) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> coord(-1.3f, 1.3f);
    model::Mesh mesh;
    for (std::uint32_t i = 0; i < 3 * 800; ++i) {
        mesh.positions.emplace_back(coord(rng), coord(rng), coord(rng));
        mesh.normals.emplace_back(0.f, 0.f, 1.f);
        mesh.texcoords.emplace_back(0.f);
        mesh.colors.emplace_back(1.f);
        mesh.indices.push_back(i);
    }
    mesh.triangleMaterial.assign(800, -1);
    mesh.computeBounds();
    mesh = withRandomVertexColors(std::move(mesh), kColorSeed);
    ASSERT_TRUE(v->setLayout(layoutOf({96, 64, 80})));
    for (VoxRule rule : kVoxRules) {
        ASSERT_TRUE(v->setMesh(mesh));
        v->voxelize({glm::mat4(1.f), VoxelMode::Shell, VoxMethodId::Projected, rule});
        const AtlasBytes reference = readAtlas(*v);
        v->voxelize({glm::mat4(1.f), VoxelMode::Shell, VoxMethodId::Compute, rule});
        EXPECT_EQ(differingTexels(reference, readAtlas(*v)), 0) << voxRuleName(rule);
        ASSERT_TRUE(v->setMesh(mesh, 20000));
        v->voxelize({glm::mat4(1.f), VoxelMode::Shell, VoxMethodId::Compute, rule});
        EXPECT_EQ(differingTexels(reference, readAtlas(*v)), 0) << voxRuleName(rule) << " chunked";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The voxel list the compute method colours from, limited to 100 voxels: the per-triangle colour fallback
// colours the rest, byte for byte as projected (chunked, shell and solid).
TEST_F(VoxelizerChunks, VoxelListOverflowFallsBackExactly) {
    const auto [mesh, model] = colouredAndTurned(model::makeHeart(4000), 0.9f, {0.3f, 1.f, 0.1f});
    ASSERT_TRUE(v->setLayout(layoutOf({64, 56, 72})));
    ASSERT_TRUE(v->setMesh(mesh, 60000));
    for (VoxelMode mode : kVoxelModes) {
        v->voxelize({model, mode, VoxMethodId::Projected, VoxRule::DominantAxis});
        const AtlasBytes reference = readAtlas(*v);
        ASSERT_GT(reference.occupiedCount(), 2000);
        ASSERT_TRUE(v->limitVoxelList(100));
        v->voxelize({model, mode, VoxMethodId::Compute, VoxRule::DominantAxis});
        EXPECT_EQ(differingTexels(reference, readAtlas(*v)), 0) << voxelModeName(mode);
        ASSERT_TRUE(v->limitVoxelList(0));
        v->voxelize({model, mode, VoxMethodId::Compute, VoxRule::DominantAxis});
        EXPECT_EQ(differingTexels(reference, readAtlas(*v)), 0) << voxelModeName(mode);
    }
    DICER_EXPECT_NO_GL_ERROR();
}
