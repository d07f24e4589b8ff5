// The voxelizer's CPU-side packing (no GL): vertex and triangle records, the texture-array plan that
// places differently sized map_Kd textures into one array, and the method/mode/rule names.
#include "builtin_models.h"
#include "voxel_mesh.h"
#include "voxelizer.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace dicer;
using namespace dicer::model;
using namespace dicer::voxel;
using namespace dicer::occupancy;

namespace {
Image solidImage(int w, int h) {
    return {w, h, std::vector<std::uint8_t>(size_t(w) * size_t(h) * 4, 0x80)};
}
} // namespace

TEST(VoxelMesh, UntexturedMeshPlansOneWhiteLayerAndNoSlots) {
    const Mesh box = makeBox(glm::vec3(0.5f));
    const TextureArrayPlan plan = planTextureArray(box);
    EXPECT_EQ(plan.width, 1);
    EXPECT_EQ(plan.height, 1);
    EXPECT_EQ(plan.layers, 1);
    EXPECT_TRUE(plan.slots.empty());
    for (const glm::uvec4& t : packTriangles(box))
        EXPECT_EQ(t.w, 0u) << "untextured triangles use slot 0";
}

TEST(VoxelMesh, TexturesOfDifferentSizesShareTheLargestLayerSize) {
    Mesh mesh = makePlaneZ(0.f, 1.f);
    mesh.textures = {solidImage(64, 16), solidImage(16, 32), solidImage(64, 32)};
    const TextureArrayPlan plan = planTextureArray(mesh);
    EXPECT_EQ(plan.width, 64);
    EXPECT_EQ(plan.height, 32);
    EXPECT_EQ(plan.layers, 3);
    ASSERT_EQ(plan.slots.size(), 3u);
    EXPECT_EQ(plan.slots[0], glm::vec4(1.f, 0.5f, 0.f, 0.f));
    EXPECT_EQ(plan.slots[1], glm::vec4(0.25f, 1.f, 1.f, 0.f));
    EXPECT_EQ(plan.slots[2], glm::vec4(1.f, 1.f, 2.f, 0.f));
}

TEST(VoxelMesh, TrianglesCarryIndicesAndTextureSlotPlusOne) {
    Mesh mesh = makePlaneZ(0.f, 1.f);
    mesh.textures = {solidImage(2, 2), solidImage(4, 4)};
    mesh.materials = {{"plain", glm::vec3(0.5f), -1}, {"second", glm::vec3(1.f), 1}};
    mesh.triangleMaterial = {1, 0};
    ASSERT_TRUE(validateMesh(mesh));
    const std::vector<glm::uvec4> triangles = packTriangles(mesh);
    ASSERT_EQ(triangles.size(), 2u);
    EXPECT_EQ(triangles[0], glm::uvec4(mesh.indices[0], mesh.indices[1], mesh.indices[2], 2u));
    EXPECT_EQ(triangles[1], glm::uvec4(mesh.indices[3], mesh.indices[4], mesh.indices[5], 0u));
}

TEST(VoxelMesh, VerticesArePaddedToVec4) {
    Mesh mesh = makePlaneZ(0.25f, 1.f);
    mesh.colors[2] = glm::vec4(0.1f, 0.2f, 0.3f, 1.f);
    const std::vector<VoxelVertex> vertices = packVertices(mesh);
    ASSERT_EQ(vertices.size(), 4u);
    EXPECT_EQ(vertices[2].position, glm::vec4(mesh.positions[2], 1.f));
    EXPECT_EQ(vertices[2].color, mesh.colors[2]);
    EXPECT_EQ(vertices[2].texcoord, glm::vec4(mesh.texcoords[2], 0.f, 0.f));
}

TEST(VoxelMesh, NamesAreStable) {
    // The benchmark's CSV and the UI use these strings.
    EXPECT_STREQ(voxMethodName(VoxMethodId::Binned), "binned");
    EXPECT_STREQ(voxMethodName(VoxMethodId::Instanced), "instanced");
    EXPECT_STREQ(voxMethodName(VoxMethodId::PerSlice), "per-slice");
    EXPECT_STREQ(voxMethodName(VoxMethodId::Projected), "projected");
    EXPECT_STREQ(voxMethodName(VoxMethodId::Compute), "compute");
    EXPECT_STREQ(voxelModeName(VoxelMode::Shell), "shell");
    EXPECT_STREQ(voxelModeName(VoxelMode::Solid), "solid");
    EXPECT_STREQ(voxRuleName(VoxRule::DominantAxis), "dominant-axis");
    EXPECT_STREQ(voxRuleName(VoxRule::SliceAxis), "slice-axis");
    EXPECT_GE(voxMethods().size(), 5u); // the five above; a new method is one more row
}

// The names the command lines take (dicer and dicer-bench, app/common/vocabulary.h) and their inverses.
TEST(VoxelizerNames, ParseIsTheInverseOfName) {
    for (VoxMethodId m : voxMethods())
        EXPECT_EQ(parseVoxMethod(voxMethodName(m)), m);
    for (VoxelMode m : {VoxelMode::Shell, VoxelMode::Solid})
        EXPECT_EQ(parseVoxelMode(voxelModeName(m)), m);
    for (VoxRule r : {VoxRule::DominantAxis, VoxRule::SliceAxis})
        EXPECT_EQ(parseVoxRule(voxRuleName(r)), r);
    EXPECT_FALSE(parseVoxMethod("raytraced"));
    EXPECT_FALSE(parseVoxMethod(""));
    EXPECT_FALSE(parseVoxelMode("hollow"));
    EXPECT_FALSE(parseVoxRule("z"));
}

// Chunks (meshes beyond one storage block): consecutive, covering, within the limits, and the
// rebased triangles name the same vertices as the mesh.
TEST(VoxelMesh, ChunksCoverTheMeshWithinTheBlockSize) {
    const Mesh mesh = makeHeart(2000);
    const std::int64_t block = 30000; // 266 triangles, 625 vertices per chunk
    const std::vector<ChunkRange> chunks = planChunks(mesh, block);
    ASSERT_GE(chunks.size(), 7u);
    std::uint32_t next = 0;
    std::vector<VoxelVertex> vertices;
    std::vector<glm::uvec4> triangles;
    const std::vector<glm::uvec4> whole = packTriangles(mesh);
    for (const ChunkRange& c : chunks) {
        EXPECT_EQ(c.firstTriangle, next);
        next += c.triangleCount;
        EXPECT_LE((std::int64_t(c.triangleCount) + 1) * kChunkBytesPerTriangle, block);
        packChunk(mesh, c, vertices, triangles);
        EXPECT_EQ(vertices.size(), c.vertexCount);
        EXPECT_LE(std::int64_t(vertices.size()) * kChunkBytesPerVertex, block);
        ASSERT_EQ(triangles.size(), c.triangleCount);
        for (std::uint32_t t = 0; t < c.triangleCount; ++t)
            for (int k = 0; k < 3; ++k)
                EXPECT_EQ(vertices[triangles[t][k]].position,
                          glm::vec4(mesh.positions[whole[c.firstTriangle + t][k]], 1.f));
    }
    EXPECT_EQ(next, mesh.triangleCount());
    // Large enough: one chunk, no rebasing; too small for one triangle: none.
    EXPECT_EQ(planChunks(mesh, 1 << 30).size(), 1u);
    EXPECT_TRUE(planChunks(mesh, 100).empty());
}
