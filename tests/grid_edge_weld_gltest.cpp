// The grid-edge weld on the GPU (grid_edge_weld.h) against the CPU's step 1 (surface_mesh.h, weldSurface with
// gridEdgesOnly) of the same list, word for word: the welded vertices (their 16 bytes, so their positions and
// normals bit for bit), the indices, the grid sites; and the whole weld (steps 2 and 3 after either step 1).
// Every row in the reference's order (hp_mc, hp5_mc, scan_mc) over random float fields (NaN cells among them),
// byte fields (binary and multi-level: vertices on samples), the discriminator's cases and the metaballs; starts
// over larger groups of cells (more steps from a start), the list across storage blocks, and the errors: a row
// of another order, a list cut at its capacity, indices beyond a storage block. Driver: Mesa llvmpipe.
#include "allocation.h"
#include "gl_debug.h"
#include "gl_test_util.h"
#include "grid_edge_weld.h"
#include "mc_method_table.h"
#include "mc_test_util.h"
#include "volume_cases.h"

#include "builtin_volumes.h"

#include <bit>
#include <cstring>
#include <memory>

using namespace dicer;
using namespace dicer::test;
using surface::GridEdgeMesh;
using surface::GridEdgeWeld;
using surface::McMethod;
using surface::McOrder;

namespace {

gl::ShaderLibrary& weldShaders() {
    static gl::ShaderLibrary shaders;
    return shaders;
}

std::unique_ptr<McMethod> weldTestMethod(std::size_t row, const gl::GlInfo& info) {
    auto created = surface::mcMethodTable()[row].create(weldShaders(), info);
    if (!created) {
        ADD_FAILURE() << created.error();
        return nullptr;
    }
    return std::move(created.value());
}

std::unique_ptr<GridEdgeWeld> createWeld(const gl::GlInfo& info) {
    auto created = GridEdgeWeld::create(weldShaders(), info);
    if (!created) {
        ADD_FAILURE() << created.error();
        return nullptr;
    }
    return std::move(created.value());
}

// The rows whose list is in the reference's order.
std::vector<std::size_t> orderedRows() {
    std::vector<std::size_t> rows;
    for (std::size_t i = 0; i < surface::mcMethodTable().size(); ++i)
        if (surface::mcMethodTable()[i].order == McOrder::Cells) rows.push_back(i);
    return rows;
}

bool weldSameBits(glm::vec3 a, glm::vec3 b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Two welded meshes, exactly: vertices (bits), sites, triangles, the counts.
void expectSameMesh(const surface::SurfaceMesh& gpu, const surface::SurfaceMesh& cpu) {
    ASSERT_EQ(gpu.positions.size(), cpu.positions.size());
    ASSERT_EQ(gpu.triangles.size(), cpu.triangles.size());
    std::size_t bad = 0;
    for (std::size_t i = 0; i < cpu.positions.size(); ++i)
        bad += !weldSameBits(gpu.positions[i], cpu.positions[i]) ||
               !weldSameBits(gpu.normals[i], cpu.normals[i]) || gpu.sites[i].sample != cpu.sites[i].sample ||
               gpu.sites[i].axis != cpu.sites[i].axis;
    EXPECT_EQ(bad, 0u) << "vertices differ";
    bad = 0;
    for (std::size_t t = 0; t < cpu.triangles.size(); ++t)
        bad += gpu.triangles[t] != cpu.triangles[t];
    EXPECT_EQ(bad, 0u) << "triangles differ";
    EXPECT_EQ(gpu.stats.gridEdges, cpu.stats.gridEdges);
    EXPECT_EQ(gpu.stats.mergedAtSamples, cpu.stats.mergedAtSamples);
    EXPECT_EQ(gpu.stats.collapsedFaces, cpu.stats.collapsedFaces);
    EXPECT_EQ(gpu.stats.splitVertices, cpu.stats.splitVertices);
}

// Runs `method` over the volume and band, welds its list on the GPU and on the CPU, and compares: the raw
// indices and vertex words with the CPU's step 1, then both whole welds. Returns the welded vertex count.
std::size_t expectWeldMatches(McMethod& method, GridEdgeWeld& weld, const volume::ScalarVolume& v,
                              volume::Band band, const std::string& name) {
    SCOPED_TRACE(std::string(method.name()) + ": " + name + " " + volume::bandText(band));
    Result<void> r = method.setVolume(v);
    EXPECT_TRUE(r) << r.error();
    if (!r) return 0;
    EXPECT_TRUE(method.reserve(3));
    EXPECT_TRUE(method.run(band));
    EXPECT_TRUE(method.reserve(method.readTotal()));
    EXPECT_TRUE(method.run(band));
    const std::uint32_t total = method.readTotal();
    const std::vector<surface::McGpuVertex> list = method.readVertices(total);
    std::vector<glm::uvec4> words(total);
    if (total) glGetNamedBufferSubData(method.vertexBuffer(), 0, GLsizeiptr(total) * 16, words.data());

    Result<GridEdgeMesh> gpu = weld.run(method);
    EXPECT_TRUE(gpu) << gpu.error();
    if (!gpu) return 0;
    EXPECT_EQ(gpu->indices.size(), total);

    surface::WeldOptions stepOne;
    stepOne.gridEdgesOnly = true;
    Result<surface::SurfaceMesh> cpu1 = surface::weldSurface(list, v.size, stepOne);
    EXPECT_TRUE(cpu1) << cpu1.error();
    if (!cpu1) return 0;
    // Step 1's numbering is the first-use order the GPU writes: the raw indices are the CPU's triangles.
    EXPECT_EQ(gpu->vertices.size(), cpu1->positions.size());
    std::size_t bad = 0, firstBad = total;
    for (std::size_t k = 0; k < gpu->indices.size() && k < total; ++k)
        if (gpu->indices[k] != cpu1->triangles[k / 3][k % 3]) {
            ++bad;
            firstBad = std::min(firstBad, k);
        }
    EXPECT_EQ(bad, 0u) << "indices differ; first at list vertex " << firstBad;
    // Each welded vertex is its first use's 16 bytes.
    std::vector<bool> seen(gpu->vertices.size(), false);
    bad = 0;
    for (std::size_t k = 0; k < gpu->indices.size() && k < total; ++k) {
        const std::uint32_t i = gpu->indices[k];
        if (i >= seen.size() || seen[i]) continue;
        seen[i] = true;
        bad += gpu->vertices[i] != words[k];
    }
    EXPECT_EQ(bad, 0u) << "welded vertices differ from their first uses";

    Result<surface::SurfaceMesh> gpuMesh1 = surface::weldSurface(*gpu, stepOne);
    EXPECT_TRUE(gpuMesh1) << gpuMesh1.error();
    if (gpuMesh1) expectSameMesh(*gpuMesh1, *cpu1);
    Result<surface::SurfaceMesh> gpuMesh = surface::weldSurface(*gpu);
    Result<surface::SurfaceMesh> cpuMesh = surface::weldSurface(list, v.size);
    EXPECT_TRUE(gpuMesh && cpuMesh);
    if (gpuMesh && cpuMesh) expectSameMesh(*gpuMesh, *cpuMesh);
    DICER_EXPECT_NO_GL_ERROR();
    return gpu->vertices.size();
}

volume::Band weldTestBand(std::mt19937& rng, double lo, double hi) {
    std::uniform_real_distribution<double> u(lo, hi);
    double a = u(rng), b = u(rng);
    if (a > b) std::swap(a, b);
    return {a, b};
}

} // namespace

TEST(GridEdgeWeld, StepOneIsTheCpusOnEveryOrderedRow) {
    std::unique_ptr<GridEdgeWeld> weld = createWeld(context().info());
    ASSERT_TRUE(weld);
    ASSERT_EQ(orderedRows().size(), 3u); // hp_mc, hp5_mc, scan_mc
    const volume::ScalarVolume metaballs = volume::loadBuiltinVolume("metaballs:32").value();
    for (std::size_t row : orderedRows()) {
        std::unique_ptr<McMethod> m = weldTestMethod(row, context().info());
        ASSERT_TRUE(m);
        std::mt19937 rng(7);
        unsigned seed = 40;
        for (const glm::ivec3 size : {glm::ivec3(2, 2, 2), glm::ivec3(5, 7, 3), glm::ivec3(17, 9, 13),
                                      glm::ivec3(33, 20, 17), glm::ivec3(64, 3, 5)})
            for (double nan : {0.0, 0.05})
                expectWeldMatches(*m, *weld, randomFloatVolume(size, seed++, nan),
                                  weldTestBand(rng, -0.1, 1.1), "float");
        for (int levels : {2, 5, 256}) {
            const volume::ScalarVolume v = randomByteVolume({19, 14, 11}, unsigned(levels), levels);
            expectWeldMatches(*m, *weld, v, {1, 255}, "bytes " + std::to_string(levels));
            expectWeldMatches(*m, *weld, v, {0, double(levels) / 2}, "bytes " + std::to_string(levels));
        }
        for (const VolumeCase& c : syntheticVolumeCases())
            expectWeldMatches(*m, *weld, *c.volume, c.band, c.name);
        EXPECT_GT(expectWeldMatches(*m, *weld, metaballs, volume::kMetaballsShellBand, "metaballs:32"),
                  1000u);
        // Empty: no vertices, no indices.
        expectWeldMatches(*m, *weld, metaballs, {70000, 80000}, "metaballs:32, empty band");
    }
}

// Starts over groups of 8 .. 256 cells: a vertex whose edge's first use lies in a lower cell steps over up to 255
// cells from its group's start; the result is the same.
TEST(GridEdgeWeld, LargerStartGroupsGiveTheSameMesh) {
    std::unique_ptr<GridEdgeWeld> weld = createWeld(context().info());
    ASSERT_TRUE(weld);
    const volume::ScalarVolume metaballs = volume::loadBuiltinVolume("metaballs:32").value();
    const volume::ScalarVolume bytes = randomByteVolume({23, 9, 7}, 3, 3);
    std::unique_ptr<McMethod> m = weldTestMethod(orderedRows().front(), context().info());
    ASSERT_TRUE(m);
    for (std::uint32_t shift : {3u, 5u, 8u}) {
        SCOPED_TRACE("groups of " + std::to_string(1u << shift) + " cells");
        weld->forceStartShift(shift);
        expectWeldMatches(*m, *weld, metaballs, volume::kMetaballsShellBand, "metaballs:32");
        expectWeldMatches(*m, *weld, bytes, {1, 1}, "bytes");
    }
    EXPECT_EQ(GridEdgeWeld::startShift(1000, 1 << 20), 2u);
    EXPECT_EQ(GridEdgeWeld::startShift(std::uint64_t(511) * 511 * 511, std::int64_t(128) << 20), 2u);
    EXPECT_EQ(GridEdgeWeld::startShift(std::uint64_t(1) << 29, std::int64_t(128) << 20), 4u); // 2^25 starts
    EXPECT_EQ(GridEdgeWeld::startShift((std::uint64_t(1) << 29) + 1, std::int64_t(128) << 20), 5u);
}

// A list over three or four storage blocks of a fake small size: the weld reads it across the seams.
TEST(GridEdgeWeld, ListAcrossStorageBlocks) {
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    const surface::McSurface ref = surface::marchingCubesReference(v, volume::kMetaballsShellBand);
    const auto total = std::uint32_t(ref.vertices.size());
    gl::GlInfo info = context().info();
    info.maxStorageBlockBytes = std::int64_t(std::bit_ceil((total + 3) / 4)) * MC_VERTEX_BYTES;
    std::unique_ptr<GridEdgeWeld> weld = createWeld(info);
    ASSERT_TRUE(weld);
    for (std::size_t row : orderedRows()) {
        std::unique_ptr<McMethod> m = weldTestMethod(row, info);
        ASSERT_TRUE(m);
        expectWeldMatches(*m, *weld, v, volume::kMetaballsShellBand, "metaballs:32");
        EXPECT_GT(m->readTotal(), 2 * McMethod::verticesPerBlock(info))
            << "the list should reach a third block";
    }
}

// Its buffers start as garbage (as a driver may leave new storage): the same mesh.
TEST(GridEdgeWeld, GarbageInNewBuffersChangesNothing) {
    gl::InjectedGarbage garbage(0xfffffffdu); // -3: a running sum with it wraps to where a triangle starts
    std::unique_ptr<GridEdgeWeld> weld = createWeld(context().info());
    ASSERT_TRUE(weld);
    std::unique_ptr<McMethod> m = weldTestMethod(orderedRows().front(), context().info());
    ASSERT_TRUE(m);
    expectWeldMatches(*m, *weld, volume::loadBuiltinVolume("metaballs:32").value(),
                      volume::kMetaballsShellBand, "metaballs:32");
    expectWeldMatches(*m, *weld, randomByteVolume({23, 9, 7}, 3, 3), {1, 1}, "bytes");
}

TEST(GridEdgeWeld, ErrorsAreOneClearMessage) {
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    std::unique_ptr<GridEdgeWeld> weld = createWeld(context().info());
    ASSERT_TRUE(weld);
    // A row of another order.
    for (std::size_t row = 0; row < surface::mcMethodTable().size(); ++row) {
        if (surface::mcMethodTable()[row].order == McOrder::Cells) continue;
        std::unique_ptr<McMethod> m = weldTestMethod(row, context().info());
        ASSERT_TRUE(m);
        ASSERT_TRUE(m->setVolume(v));
        ASSERT_TRUE(m->reserve(1 << 16));
        ASSERT_TRUE(m->run(volume::kMetaballsShellBand));
        Result<GridEdgeMesh> r = weld->run(*m);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find("order"), std::string::npos) << r.error();
    }
    // A list cut at its capacity.
    std::unique_ptr<McMethod> m = weldTestMethod(orderedRows().front(), context().info());
    ASSERT_TRUE(m);
    ASSERT_TRUE(m->setVolume(v));
    ASSERT_TRUE(m->reserve(99));
    ASSERT_TRUE(m->run(volume::kMetaballsShellBand));
    Result<GridEdgeMesh> cut = weld->run(*m);
    ASSERT_FALSE(cut);
    EXPECT_NE(cut.error().find("cut at the vertex buffer's 99"), std::string::npos) << cut.error();
    // Indices beyond a storage block (a weld made with a smaller block than the method's list).
    ASSERT_TRUE(m->reserve(m->readTotal()));
    ASSERT_TRUE(m->run(volume::kMetaballsShellBand));
    gl::GlInfo small = context().info();
    small.maxStorageBlockBytes = 4096;
    std::unique_ptr<GridEdgeWeld> smallWeld = createWeld(small);
    ASSERT_TRUE(smallWeld);
    Result<GridEdgeMesh> beyond = smallWeld->run(*m);
    ASSERT_FALSE(beyond);
    EXPECT_NE(beyond.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE 4096 bytes"), std::string::npos)
        << beyond.error();
    // The weld still works afterwards.
    EXPECT_TRUE(weld->run(*m));
    DICER_EXPECT_NO_GL_ERROR();
}
