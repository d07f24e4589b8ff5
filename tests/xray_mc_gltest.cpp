// The X-ray of marching cubes (hp_mc, engine/surface/mc_xray.h): on the metaballs' shell, a random byte field
// and the CT head's skin (when the scans are there), at k = 0, the last vertex, the top's children's first
// vertices and the one before each, and random vertices, the path the expansion pass records on the GPU
// (mc_expand.comp.glsl with HP_XRAY) equals the walk over the CPU reference's per-cell counts step for step, and
// the cell, case and vertex found are the reference's vertex k's (its cell and edge); rows that record no path
// say so; a vertex beyond the total is one error.
#include "builtin_volumes.h"
#include "gl_test_util.h"
#include "mc_expander.h"
#include "mc_method_table.h"
#include "mc_test_util.h"
#include "test_volumes.h"
#include "xray_canvas_util.h"

#include <random>
#include <set>

using namespace dicer;

namespace {

void expectMcXrayExact(const volume::ScalarVolume& v, volume::Band band, const std::string& what) {
    SCOPED_TRACE(what);
    gl::ShaderLibrary shaders;
    Result<surface::McExpander> made = surface::McExpander::create(shaders, test::context().info());
    ASSERT_TRUE(made) << made.error();
    surface::McExpander& m = made.value();
    ASSERT_TRUE(m.setVolume(v));
    const surface::McSurface ref = surface::marchingCubesReference(v, band);
    const auto total = std::uint32_t(ref.vertices.size());
    ASSERT_GT(total, 0u);
    ASSERT_TRUE(m.reserve(total));
    ASSERT_TRUE(m.run(band));
    ASSERT_EQ(m.readTotal(), total);
    Result<surface::McXrayPath> first = m.trace(0);
    ASSERT_TRUE(first) << first.error();
    std::set<std::uint32_t> keys{0u, total - 1};
    std::uint32_t start = 0;
    for (int i = 0; i < 4; ++i) {
        if (start > 0 && start < total) keys.insert(start - 1);
        if (start < total) keys.insert(start);
        start += first->steps.front().sums[i];
    }
    std::mt19937 rng(9u);
    for (int i = 0; i < 12; ++i) keys.insert(std::uniform_int_distribution<std::uint32_t>(0, total - 1)(rng));
    const glm::ivec3 cells = ref.cells;
    for (std::uint32_t k : keys) {
        Result<surface::McXrayPath> gpu = m.trace(k);
        ASSERT_TRUE(gpu) << "k " << k << ": " << gpu.error();
        const surface::McXrayPath expected = surface::mcXrayReference(ref, k);
        EXPECT_EQ(surface::compareMcXray(*gpu, expected), "") << "k " << k;
        // The cell, case and edge of the reference's vertex k.
        const surface::McVertex& rv = ref.vertices[k];
        const std::uint32_t cell = std::uint32_t((rv.cell.z * cells.y + rv.cell.y) * cells.x + rv.cell.x);
        EXPECT_EQ(gpu->cell, cell) << "k " << k;
        EXPECT_EQ(gpu->mcCase, rv.mcCase) << "k " << k;
        EXPECT_EQ(surface::mcTable().cases[gpu->mcCase].edges[gpu->vertexInCell], rv.edge) << "k " << k;
    }
    Result<surface::McXrayPath> beyond = m.trace(total);
    ASSERT_FALSE(beyond);
    EXPECT_NE(beyond.error().find("is beyond the " + std::to_string(total) + " vertices"), std::string::npos)
        << beyond.error();
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace

TEST(XrayMc, PathEqualsTheCpuWalkLevelByLevel) {
    expectMcXrayExact(volume::loadBuiltinVolume("metaballs:32").value(), volume::kMetaballsShellBand, "metaballs");
    expectMcXrayExact(test::randomByteVolume({23, 17, 29}, 3u, 4), {2.0, 3.0}, "random bytes");
    if (std::optional<volume::ScalarVolume> ct = test::loadHeadsq())
        expectMcXrayExact(*ct, {649, 3926}, "CT head");
    else
        GTEST_SKIP() << test::kScanMissing;
}

TEST(XrayMc, RowsWithoutATracedPathSaySo) {
    gl::ShaderLibrary shaders;
    for (surface::McMethodId row : gl::rowIds(surface::mcMethodTable())) {
        const surface::McMethodInfo& info = surface::mcMethodInfo(row);
        if (std::string(info.name) == "hp_mc") continue;
        auto made = info.create(shaders, test::context().info());
        ASSERT_TRUE(made) << made.error();
        Result<surface::McXrayPath> r = made.value()->trace(0);
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(info.name), std::string::npos) << r.error();
    }
}

// The X-ray view's tiles of hp_mc's levels (xray_levels.h, Z order) equal the CPU reference's pyramid
// (mcReferenceLevels) pixel for pixel, whole and zoomed, reduced or not; every level's total is the vertex count.
TEST(XrayLevels, MarchingCubesTilesEqualTheReferencePyramid) {
    // 29 cells a row: 8 words, the last padded with 3 cells of no vertices.
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:30").value();
    const volume::Band band = volume::kMetaballsShellBand;
    gl::ShaderLibrary shaders;
    Result<surface::McExpander> made = surface::McExpander::create(shaders, test::context().info());
    ASSERT_TRUE(made) << made.error();
    surface::McExpander& m = made.value();
    ASSERT_TRUE(m.setVolume(v));
    const surface::McSurface ref = surface::marchingCubesReference(v, band);
    const auto total = std::uint32_t(ref.vertices.size());
    ASSERT_GT(total, 0u);
    ASSERT_TRUE(m.reserve(total));
    ASSERT_TRUE(m.run(band));
    const std::vector<std::vector<std::uint32_t>> levels = surface::mcReferenceLevels(ref);
    const std::vector<hp::XrayLevel> drawn = m.xrayLevels();
    ASSERT_EQ(drawn.size(), levels.size());
    EXPECT_EQ(drawn.back().nodes, glm::ivec2(1));
    const auto node = [&](int level, int x, int y) -> std::uint64_t {
        const std::uint64_t i = hp::zOrderIndex({x, y});
        const std::vector<std::uint32_t>& l = levels[std::size_t(level)];
        return i < l.size() ? l[std::size_t(i)] : 0u;
    };
    for (glm::vec4 window : {glm::vec4(0, 0, 1, 1), glm::vec4(0.3f, 0.2f, 0.55f, 0.6f)})
        for (int side : {4, 24, 520}) {
            SCOPED_TRACE("side " + std::to_string(side));
            const std::vector<hp::XrayTile> tiles = hp::planXrayTiles(drawn, window, side, 4);
            const test::DrawnCanvas c = test::drawXrayCanvas(tiles, side, 4, [&](const hp::XrayCanvas& canvas) {
                return m.drawXray(tiles, canvas);
            });
            EXPECT_EQ(test::compareXrayCanvas(c, tiles, node), 0);
            if (window == glm::vec4(0, 0, 1, 1)) {
                for (const hp::XrayTile& t : tiles) EXPECT_EQ(c.totals[std::size_t(t.slot)], total) << "level " << t.level;
            }
        }
    DICER_EXPECT_NO_GL_ERROR();
}
