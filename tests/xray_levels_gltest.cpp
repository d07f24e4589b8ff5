// The X-ray view's levels (engine/hp/xray_levels.h) drawn from the GPU structures, against the CPU: for the
// compute HistoPyramids (hp_compute over the atlas, hp_bits over its occupancy bits) on random atlases, every
// tile of every level, whole and zoomed, reduced to a few pixels or not at all, holds exactly the CPU
// pyramid's node sums over each pixel's block; every level's total over the whole window is the count (the
// top's one node included); pixels outside the tiles are untouched. A method without a pyramid says so.
#include "gl_test_util.h"
#include "hp_compute.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "method_table.h"
#include "xray_levels.h"

#include "allocation.h"

#include <numeric>

using namespace dicer;
using namespace dicer::test;

namespace {

constexpr std::uint32_t kUntouched = 0xdeadbeefu;

// The canvas for `tiles`, drawn by `draw`, read back: its pixels (row-major) and one total a tile.
struct DrawnCanvas {
    glm::ivec2 size{0};
    std::vector<std::uint32_t> pixels, totals;
    std::uint32_t at(glm::ivec2 p) const { return pixels[std::size_t(p.y) * std::size_t(size.x) + std::size_t(p.x)]; }
};

template <class Draw>
DrawnCanvas drawCanvas(std::span<const hp::XrayTile> tiles, int side, int columns, Draw&& draw) {
    DrawnCanvas c;
    c.size = hp::xrayCanvasSize(tiles, side, columns);
    Result<gl::Texture> texture = gl::allocateTexture2D(c.size.x, c.size.y, GLenum(GL_R32UI), 1, "test canvas");
    EXPECT_TRUE(texture) << texture.error();
    if (!texture) return c;
    glClearTexImage(texture->id(), 0, GL_RED_INTEGER, GL_UNSIGNED_INT, &kUntouched);
    Result<gl::Buffer> totals = gl::allocateBuffer(GLsizeiptr(tiles.size() * 4), nullptr, 0, "test totals");
    EXPECT_TRUE(totals) << totals.error();
    if (!totals) return c;
    glClearNamedBufferData(totals->id(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    Result<void> r = draw(hp::XrayCanvas{texture->id(), totals->id()});
    EXPECT_TRUE(r) << r.error();
    c.pixels.resize(std::size_t(c.size.x) * std::size_t(c.size.y));
    glGetTextureImage(texture->id(), 0, GL_RED_INTEGER, GL_UNSIGNED_INT, GLsizei(c.pixels.size() * 4), c.pixels.data());
    c.totals.resize(tiles.size());
    glGetNamedBufferSubData(totals->id(), 0, GLsizeiptr(c.totals.size() * 4), c.totals.data());
    return c;
}

// Every tile's pixels equal the CPU's sums, and nothing outside the tiles was written. Returns the failures.
int compareCanvas(const DrawnCanvas& c, std::span<const hp::XrayTile> tiles,
                  const std::function<std::uint64_t(int, int, int)>& node) {
    int failures = 0;
    std::vector<bool> inside(c.pixels.size(), false);
    for (const hp::XrayTile& t : tiles) {
        const std::vector<std::uint64_t> expected = hp::xrayTileSums(t, node);
        std::uint64_t total = 0;
        for (int y = 0; y < t.pixels.y; ++y)
            for (int x = 0; x < t.pixels.x; ++x) {
                const glm::ivec2 p = t.at + glm::ivec2(x, y);
                inside[std::size_t(p.y) * std::size_t(c.size.x) + std::size_t(p.x)] = true;
                const std::uint64_t want = expected[std::size_t(y) * std::size_t(t.pixels.x) + std::size_t(x)];
                total += want;
                if (c.at(p) != want && failures++ < 5)
                    ADD_FAILURE() << "level " << t.level << " block " << t.block << " pixel (" << x << ", " << y
                                  << "): GPU " << c.at(p) << ", CPU " << want;
            }
        if (c.totals[std::size_t(t.slot)] != total && failures++ < 5)
            ADD_FAILURE() << "level " << t.level << ": total " << c.totals[std::size_t(t.slot)] << ", CPU " << total;
    }
    for (std::size_t i = 0; i < inside.size(); ++i)
        if (!inside[i] && c.pixels[i] != kUntouched && failures++ < 5)
            ADD_FAILURE() << "pixel " << i << " outside every tile was written";
    return failures;
}

void expectComputeLevels(const char* row, int w, int h, double density, std::uint32_t seed) {
    SCOPED_TRACE(std::string(row) + " " + std::to_string(w) + "x" + std::to_string(h));
    const std::vector<std::uint8_t> alpha = randomAlpha(w, h, density, seed);
    gl::Texture atlas = makeAtlas(alpha, w, h);
    hp::MethodInput in;
    in.atlas = atlas.id();
    in.threshold = 0.5f;
    in.capacity = std::uint32_t(w * h);
    hp::PointMethod* m = methodFor(row);
    ASSERT_TRUE(m);
    in = inputFor(methods::methodInfo(*methods::findMethod(row)).reads, in);
    Result<void> r = m->run(in);
    ASSERT_TRUE(r) << r.error();
    const hp::CpuPyramid cpu = hp::buildCpuPyramid(alpha, w, h, hp::thresholdToByte(0.5f));
    const std::uint32_t count = m->readCount();
    ASSERT_EQ(count, cpu.count());
    auto node = [&](int level, int x, int y) -> std::uint64_t {
        if (level >= int(cpu.levels.size())) return x == 0 && y == 0 ? cpu.count() : 0; // above the CPU's top
        const int n = cpu.baseSize >> level;
        return x < n && y < n ? cpu.at(level, x, y) : 0;
    };
    const std::vector<hp::XrayLevel> levels = m->xrayLevels();
    ASSERT_GE(levels.size(), 5u);
    EXPECT_EQ(levels.front().level, 0);
    EXPECT_EQ(levels.back().nodes, glm::ivec2(1)) << "the top is one node";
    for (glm::vec4 window : {glm::vec4(0, 0, 1, 1), glm::vec4(0.3f, 0.2f, 0.55f, 0.6f), glm::vec4(0.9f, 0.95f, 1, 1)})
        for (int side : {4, 24, 1024}) {
            SCOPED_TRACE("window " + std::to_string(window.x) + ".." + std::to_string(window.z) + " side " +
                         std::to_string(side));
            const std::vector<hp::XrayTile> tiles = hp::planXrayTiles(levels, window, side, 4);
            const DrawnCanvas c = drawCanvas(tiles, side, 4, [&](const hp::XrayCanvas& canvas) {
                return m->drawXray(tiles, canvas);
            });
            ASSERT_FALSE(c.pixels.empty());
            EXPECT_EQ(compareCanvas(c, tiles, node), 0);
            if (window == glm::vec4(0, 0, 1, 1)) {
                for (const hp::XrayTile& t : tiles)
                    EXPECT_EQ(c.totals[std::size_t(t.slot)], count) << "level " << t.level;
            }
        }
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace

TEST(XrayLevels, ComputeTilesEqualTheCpuPyramid) {
    expectComputeLevels("hp_compute", 200, 150, 0.3, 11u);
    expectComputeLevels("hp_compute", 513, 97, 0.6, 12u);
}

TEST(XrayLevels, BitsTilesEqualTheCpuPyramid) {
    expectComputeLevels("hp_bits", 200, 150, 0.3, 13u);
    expectComputeLevels("hp_bits", 300, 300, 0.02, 14u);
}

TEST(XrayLevels, MethodsWithoutAPyramidSaySo) {
    hp::PointMethod* m = methodFor("atomic_append");
    ASSERT_TRUE(m);
    EXPECT_TRUE(m->xrayLevels().empty());
    Result<void> r = m->drawXray({}, {});
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("atomic_append: builds no pyramid"), std::string::npos) << r.error();
}
