// The X-ray view's levels of the HP5 pyramids (hp5 over the atlas, hp5_mc over marching cubes' counts), drawn
// from the GPU buffers, against the CPU: level 0 the base (the atlas's 32-texel occupancy words' popcounts; the
// base words' vertex counts), each level above the sums of 5 below, all in Z order; pixel for pixel, whole and
// zoomed, reduced or not; every level's total is the count.
#include "builtin_volumes.h"
#include "gl_test_util.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_test_util.h"
#include "mc_hp5.h"
#include "mc_test_util.h"
#include "mc_xray.h"
#include "xray_canvas_util.h"
#include "xray_levels.h"

using namespace dicer;
using namespace dicer::test;

namespace {

// `base` and the 5:1 levels above it, up to one entry.
std::vector<std::vector<std::uint64_t>> fiveToOne(std::vector<std::uint64_t> base) {
    std::vector<std::vector<std::uint64_t>> levels{std::move(base)};
    while (levels.size() == 1 || levels.back().size() > 1) {
        std::vector<std::uint64_t> up((levels.back().size() + 4) / 5, 0);
        for (std::size_t i = 0; i < levels.back().size(); ++i) up[i / 5] += levels.back()[i];
        levels.push_back(std::move(up));
    }
    return levels;
}

template <class Method>
void expectTiles(Method& m, const std::vector<std::vector<std::uint64_t>>& levels, std::uint64_t count) {
    const std::vector<hp::XrayLevel> drawn = m.xrayLevels();
    ASSERT_EQ(drawn.size(), levels.size());
    EXPECT_EQ(drawn.back().nodes, glm::ivec2(1));
    const auto node = [&](int level, int x, int y) -> std::uint64_t {
        const std::uint64_t i = hp::zOrderIndex({x, y});
        const std::vector<std::uint64_t>& l = levels[std::size_t(level)];
        return i < l.size() ? l[std::size_t(i)] : 0u;
    };
    for (glm::vec4 window : {glm::vec4(0, 0, 1, 1), glm::vec4(0.3f, 0.2f, 0.55f, 0.6f)})
        for (int side : {4, 24, 520}) {
            SCOPED_TRACE("side " + std::to_string(side));
            const std::vector<hp::XrayTile> tiles = hp::planXrayTiles(drawn, window, side, 4);
            const DrawnCanvas c = drawXrayCanvas(tiles, side, 4, [&](const hp::XrayCanvas& canvas) {
                return m.drawXray(tiles, canvas);
            });
            EXPECT_EQ(compareXrayCanvas(c, tiles, node), 0);
            if (window != glm::vec4(0, 0, 1, 1)) continue;
            for (const hp::XrayTile& t : tiles) EXPECT_EQ(c.totals[std::size_t(t.slot)], count) << "level " << t.level;
        }
}

} // namespace

TEST(XrayLevels, Hp5TilesEqualTheCpuLevelsForPointsAndSurfaces) {
    { // hp5: 1500 x 800 texels, 47 words a row (the last 28 texels and 4 of padding)
        SCOPED_TRACE("hp5");
        const int w = 1500, h = 800;
        const std::vector<std::uint8_t> alpha = randomAlpha(w, h, 0.3, 23u);
        gl::Texture atlas = makeAtlas(alpha, w, h);
        hp::PointMethod* m = methodFor("hp5");
        ASSERT_TRUE(m);
        ASSERT_TRUE(m->run(rowInput("hp5", atlas.id(), w, h)));
        const std::uint32_t threshold = hp::thresholdToByte(0.5f);
        const int perRow = (w + 31) / 32;
        std::vector<std::uint64_t> words(std::size_t(perRow) * h, 0);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x)
                words[std::size_t(y) * perRow + std::size_t(x / 32)] += alpha[std::size_t(y) * w + x] >= threshold;
        const auto levels = fiveToOne(words);
        ASSERT_EQ(levels.back()[0], m->readCount());
        expectTiles(*m, levels, m->readCount());
    }
    { // hp5_mc: metaballs:30 (29 cells a row: 8 words, the last padded with 3 cells of no vertices)
        SCOPED_TRACE("hp5_mc");
        const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:30").value();
        gl::ShaderLibrary shaders;
        auto made = surface::McHp5::createMethod(shaders, context().info());
        ASSERT_TRUE(made) << made.error();
        surface::McMethod& m = *made.value();
        ASSERT_TRUE(m.setVolume(v));
        const surface::McSurface ref = surface::marchingCubesReference(v, volume::kMetaballsShellBand);
        const auto total = std::uint32_t(ref.vertices.size());
        ASSERT_TRUE(m.reserve(total));
        ASSERT_TRUE(m.run(volume::kMetaballsShellBand));
        const std::vector<std::vector<std::uint32_t>> reference = surface::mcReferenceLevels(ref);
        const std::vector<std::uint32_t>& words = reference[1]; // the 4:1's level 1: a word's count
        const auto levels = fiveToOne(std::vector<std::uint64_t>(words.begin(), words.end()));
        ASSERT_EQ(levels.back()[0], total);
        expectTiles(m, levels, total);
    }
    DICER_EXPECT_NO_GL_ERROR();
}
