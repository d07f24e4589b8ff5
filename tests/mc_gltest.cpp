// Every row of the GPU marching-cubes table (mc_method_table.h: hp_mc, hp5_mc, scan_mc, atomic_mc)
// against the CPU reference (mc_reference.h), with its stated tolerance, through the one check
// (mc_check.h): the cases of every cell, and per vertex the cell, case, edge, index within the cell, crossing
// and fallback exactly, in the reference's order (rows of McOrder::Unordered: their triangles sorted first);
// positions within 1e-4 index units per component, normals within 1e-3 (the fallback and the normal unchecked
// only where the reference's gradient is below 1e-6 of the values' scale). Each comparison runs for every row
// (parameterised by the row; each row is created once per process): random fields (non-cubic and
// non-power-of-two sizes, NaN cells, binary and multi-level bytes), empty and full bands, the discriminator's
// cases of every type (float32's special values among them), the metaballs, both real scans, a base of 5.2 M
// words (a second row of groups; scan_mc's scan on three levels), sides of 1; the draw arguments, repeated
// runs, the capacity clamp, the limits and a borrowed texture (the discriminator's). hp_mc's own: the
// pyramid's layout. Driver: Mesa llvmpipe (float32; the tolerance holds with or without fused multiply-adds).
#include "allocation.h"
#include "gl_debug.h"
#include "gl_test_util.h"
#include "mc_check.h"
#include "mc_expander.h"
#include "mc_method_table.h"
#include "mc_test_util.h"
#include "row_ids.h"
#include "volume_cases.h"
#include "volume_gl_util.h"

#include "builtin_volumes.h"
#include "value_keys.h"

#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <set>

using namespace dicer;
using namespace dicer::test;
using surface::McCrossing;
using surface::McGpuVertex;
using surface::McMethod;
using surface::McMethodInfo;
using surface::McOrder;

namespace {

gl::ShaderLibrary& mcShaders() {
    static gl::ShaderLibrary shaders;
    return shaders;
}

// A method of row `row` made with `info`'s limits (a fresh one: its capacity exactly what it is given).
std::unique_ptr<McMethod> createMethod(int row, const gl::GlInfo& info) {
    auto created = surface::mcMethodTable()[std::size_t(row)].create(mcShaders(), info);
    if (!created) {
        ADD_FAILURE() << created.error();
        return nullptr;
    }
    return std::move(created.value());
}

// One method per row for the whole process: each row's programs compile once.
McMethod* sharedMethod(int row) {
    static std::vector<std::unique_ptr<McMethod>> methods(surface::mcMethodTable().size());
    std::unique_ptr<McMethod>& m = methods.at(std::size_t(row));
    if (!m) m = createMethod(row, context().info());
    return m.get();
}

std::string sizeText(glm::ivec3 s) {
    return std::to_string(s.x) + "x" + std::to_string(s.y) + "x" + std::to_string(s.z);
}

// Runs the expander over the volume and band and compares everything with the reference.
surface::McCheck expectMatchesReference(McMethod& e, const volume::ScalarVolume& v, volume::Band band,
                                        const std::string& name) {
    SCOPED_TRACE(std::string(e.name()) + ": " + name + " " + volume::bandText(band));
    surface::McCheck out;
    const surface::McSurface ref = surface::marchingCubesReference(v, band);
    Result<void> r = e.setVolume(v);
    EXPECT_TRUE(r) << r.error();
    if (!r) return out;
    r = e.reserve(std::uint32_t(ref.vertices.size()));
    EXPECT_TRUE(r) << r.error();
    r = e.run(band);
    EXPECT_TRUE(r) << r.error();
    if (!r) return out;
    const std::uint32_t total = e.readTotal();
    EXPECT_EQ(total, ref.vertices.size());

    // The draw arguments (the whole list, one instance), every cell's case and every vertex: the one check
    // dicer-bench --mc makes too (mc_check.h).
    out = surface::checkAgainstReference(e, v, ref);
    EXPECT_EQ(out.mismatches, 0) << "of " << ref.vertices.size()
                                 << " vertices; first: " << out.firstDifference;
    DICER_EXPECT_NO_GL_ERROR();
    return out;
}

volume::Band randomBand(std::mt19937& rng, double lo, double hi) {
    std::uniform_real_distribution<double> u(lo, hi);
    double a = u(rng), b = u(rng);
    if (a > b) std::swap(a, b);
    return {a, b};
}

// The reference's triangles by (cell, first vertex's index in the cell): their three edges.
std::map<std::pair<std::uint32_t, int>, std::array<int, 3>>
referenceTriangles(const surface::McSurface& ref) {
    std::map<std::pair<std::uint32_t, int>, std::array<int, 3>> out;
    int inCell = 0;
    for (std::size_t k = 0; k + 2 < ref.vertices.size(); k += 3) {
        const surface::McVertex& v = ref.vertices[k];
        inCell = k > 0 && ref.vertices[k - 1].cell == v.cell ? inCell + 3 : 0;
        const auto cell = std::uint32_t((v.cell.z * ref.cells.y + v.cell.y) * ref.cells.x + v.cell.x);
        out[{cell, inCell}] = {v.edge, ref.vertices[k + 1].edge, ref.vertices[k + 2].edge};
    }
    return out;
}

} // namespace

class McRows : public ::testing::TestWithParam<int> {
protected:
    const McMethodInfo& row() const { return surface::mcMethodTable()[std::size_t(GetParam())]; }
    McMethod* method() const { return sharedMethod(GetParam()); }
};

TEST_P(McRows, ItsRowNamesItAndGivesItsOrder) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    EXPECT_STREQ(e->name(), row().name);
    EXPECT_EQ(e->order(), row().order);
    EXPECT_EQ(surface::findMcMethod(row().name), surface::McMethodId(GetParam()));
}

TEST(McPyramidLayout, RowAlignedWordsAndLevelsOfFourToOne) {
    EXPECT_EQ(surface::mcPyramidLayout({0, 5, 5}).levels, 0);
    const surface::McPyramidLayout one = surface::mcPyramidLayout({1, 1, 1});
    EXPECT_EQ(one.words, 1u);
    EXPECT_EQ(one.levels, 1);
    EXPECT_EQ(surface::mcPyramidLayout({4, 1, 1}).levels, 1);
    const surface::McPyramidLayout five = surface::mcPyramidLayout({5, 1, 1}); // 2 words -> 1
    EXPECT_EQ(five.words, 2u);
    EXPECT_EQ(five.levels, 2);
    EXPECT_EQ(five.sizes[2], 1u);
    EXPECT_EQ(five.upperEntries, 4u);                          // the top, padded to a node's 4 children
    EXPECT_EQ(surface::mcPyramidLayout({1, 7, 3}).words, 21u); // one (padded) word per row
    EXPECT_EQ(surface::mcPyramidLayout({9, 7, 3}).words, 63u);
    const surface::McPyramidLayout big = surface::mcPyramidLayout({511, 511, 511});
    EXPECT_EQ(big.words, 128u * 511 * 511);
    std::uint32_t offset = 0;
    for (int l = 2; l <= big.levels; ++l) {
        EXPECT_EQ(big.sizes[std::size_t(l)], (big.sizes[std::size_t(l - 1)] + 3) / 4);
        EXPECT_EQ(big.offsets[std::size_t(l)], offset);
        EXPECT_EQ(offset % 4, 0u); // stored padded to whole nodes
        offset += (big.sizes[std::size_t(l)] + 3) / 4 * 4;
    }
    EXPECT_EQ(big.sizes[std::size_t(big.levels)], 1u);
    EXPECT_EQ(big.upperEntries, offset);
    EXPECT_LT(surface::mcPyramidLayout({4096, 4096, 256}).levels, MC_MAX_LEVELS); // 2^30 words
    EXPECT_EQ(surface::mcPyramidLayout({4096, 4096, 257}).words, 0u);             // beyond: refused
}

TEST_P(McRows, RandomFloatFieldsWithAndWithoutNan) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    // {300, 11, 13}: rows wider than one work group of the count's columns (mcColumn), two pairs of strips and stacks.
    const glm::ivec3 sizes[] = {{2, 2, 2},    {3, 2, 2},    {5, 7, 3},  {17, 9, 13},
                                {16, 16, 16}, {33, 20, 17}, {64, 3, 5}, {300, 11, 13}};
    std::mt19937 rng(19);
    unsigned seed = 100;
    for (const glm::ivec3 size : sizes)
        for (double nan : {0.0, 0.05}) {
            const volume::ScalarVolume v = randomFloatVolume(size, seed++, nan);
            for (int b = 0; b < 3; ++b)
                expectMatchesReference(*e, v, randomBand(rng, -0.1, 1.1), "float " + sizeText(size));
        }
}

TEST_P(McRows, RandomByteFieldsBinaryAndMultiLevel) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    for (int levels : {2, 5, 256}) {
        const volume::ScalarVolume v = randomByteVolume({19, 14, 11}, unsigned(levels), levels);
        expectMatchesReference(*e, v, {1, 255}, "bytes, levels " + std::to_string(levels));
        expectMatchesReference(*e, v, {0, double(levels) / 2}, "bytes, levels " + std::to_string(levels));
    }
}

TEST_P(McRows, EmptyAndFullBandsGiveNoTriangles) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    const volume::ScalarVolume v = randomFloatVolume({9, 8, 7}, 5, 0);
    for (volume::Band band : {volume::Band{2, 3}, volume::Band{-1, 2}, volume::Band{0.6, 0.4}}) {
        expectMatchesReference(*e, v, band, "float 9x8x7");
        EXPECT_EQ(e->readTotal(), 0u);
    }
}

TEST_P(McRows, EveryDiscriminatorCase) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    for (const VolumeCase& c : syntheticVolumeCases())
        expectMatchesReference(*e, *c.volume, c.band, c.name);
}

// Every value type (each kind and texel width of the volume's image) binds only what its programs read, the
// X-ray's traversal included: setting an inactive uniform's location would be a GL error.
TEST_P(McRows, EveryValueTypeRunsWithoutAGlError) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    const int before = gl::debugErrorCount();
    for (const VolumeCase& c : syntheticVolumeCases()) {
        expectMatchesReference(*e, *c.volume, c.band, c.name);
        if (e->readTotal() > 0) (void)e->trace(0); // refused by the rows without a pyramid: no GL call
    }
    EXPECT_EQ(gl::debugErrorCount(), before);
}

TEST_P(McRows, Metaballs32) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    for (volume::Band band :
         {volume::kMetaballsShellBand, volume::Band{32768, 65535}, volume::Band{0, 20000}}) {
        const surface::McCheck c = expectMatchesReference(*e, v, band, "metaballs:32");
        EXPECT_GT(c.vertices, 0);
    }
}

TEST_P(McRows, BothRealScans) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    std::string missing;
    const std::vector<VolumeCase> cases = realScanCases(&missing);
    if (cases.empty()) GTEST_SKIP() << missing;
    for (const VolumeCase& c : cases) {
        const surface::McCheck r = expectMatchesReference(*e, *c.volume, c.band, c.name);
        std::printf("%s: %lld vertices, %lld with a tiny gradient\n", c.name.c_str(), (long long)r.vertices,
                    (long long)r.tinyGradients);
    }
    // The bone band of the CT head (docs/SURFACES.md: 78 476 triangles).
    const VolumeCase& ct = cases.front();
    expectMatchesReference(*e, *ct.volume, {1150, 4000}, "headsq bone");
    EXPECT_EQ(e->readTotal(), 3u * 78476u);
}

// More than 65535 groups of base words (5.2 M words): the per-word passes (hp_mc's and scan_mc's count,
// scan_mc's expansion, atomic_mc's pass) run on a second row of groups (mc_common.glsl), and the surface lies
// past the first row's reach; scan_mc's scan has three levels (over 1024^2 elements).
TEST_P(McRows, ManyWordsUseASecondRowOfGroups) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    const glm::ivec3 size(2048, 2048, 6);
    if (size.x > context().info().max3DTextureSize) GTEST_SKIP() << "GL_MAX_3D_TEXTURE_SIZE below 2048";
    std::vector<std::uint8_t> values(std::size_t(size.x) * size.y * size.z, 0);
    for (int z = 3; z < 6; ++z)
        for (int y = 2000; y < 2011; ++y)
            for (int x = 1000; x < 1013; ++x)
                values[(std::size_t(z) * size.y + std::size_t(y)) * size.x + std::size_t(x)] =
                    std::uint8_t(200 + (x + y + z) % 50);
    const volume::ScalarVolume v = makeVolume(size, volume::ScalarType::Uint8, values);
    const surface::McCheck c = expectMatchesReference(*e, v, {128, 255}, "bytes 2048x2048x6");
    const std::uint64_t words = std::uint64_t(size.x + 2) / 4 * std::uint64_t(size.y - 1) * (size.z - 1);
    EXPECT_GT(words, std::uint64_t(MC_GROUPS_X) * MC_LOCAL_SIZE);
    EXPECT_GT(words, 1024u * 1024u);
    EXPECT_GT(c.vertices, 0);
}

// Run after run, the same list (atomic_mc's counter starts at 0 on the GPU each time): the same band twice,
// then another band and back.
TEST_P(McRows, RepeatedRunsGiveTheSameList) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    const volume::ScalarVolume v = randomFloatVolume({21, 13, 9}, 77, 0.02);
    for (volume::Band band :
         {volume::Band{0.3, 0.7}, volume::Band{0.3, 0.7}, volume::Band{0.5, 2}, volume::Band{0.3, 0.7}}) {
        expectMatchesReference(*e, v, band, "float 21x13x9");
        ASSERT_TRUE(e->run(band)); // a second run over the same band, no setVolume between
        const surface::McCheck again =
            surface::checkAgainstReference(*e, v, surface::marchingCubesReference(v, band));
        EXPECT_TRUE(again.exact()) << again.firstDifference;
    }
}

// Band after band over one volume whose count columns are mostly uniform (a ramp): a column wholly inside or
// outside under both the band before and this one keeps its words, one that flips (inside to outside, or back)
// is written. Each band's list exact, no setVolume between.
TEST_P(McRows, KeptWordsFollowTheBand) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    const glm::ivec3 size(70, 20, 18);
    std::vector<std::uint8_t> values(std::size_t(size.x) * size.y * size.z);
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x)
                values[(std::size_t(z) * size.y + std::size_t(y)) * size.x + std::size_t(x)] =
                    std::uint8_t(std::min(255, 3 * x + y / 4 + z / 8));
    const volume::ScalarVolume v = makeVolume(size, volume::ScalarType::Uint8, values);
    expectMatchesReference(*e, v, {0, 255}, "ramp 70x20x18"); // every column inside
    for (volume::Band band : {volume::Band{100, 255}, volume::Band{0, 99}, volume::Band{150, 160},
                              volume::Band{100, 255}, volume::Band{100, 255}, volume::Band{0, 255}}) {
        SCOPED_TRACE(volume::bandText(band));
        const surface::McSurface ref = surface::marchingCubesReference(v, band);
        ASSERT_TRUE(e->reserve(std::uint32_t(ref.vertices.size())));
        ASSERT_TRUE(e->run(band));
        const surface::McCheck c = surface::checkAgainstReference(*e, v, ref);
        EXPECT_TRUE(c.exact()) << c.firstDifference;
    }
}

TEST_P(McRows, SidesOfOneHaveNoCells) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    for (glm::ivec3 size :
         {glm::ivec3(1, 1, 1), glm::ivec3(1, 9, 4), glm::ivec3(7, 1, 3), glm::ivec3(5, 5, 1)}) {
        const volume::ScalarVolume v = randomByteVolume(size, 3, 256);
        expectMatchesReference(*e, v, {0, 255}, "bytes " + sizeText(size));
        EXPECT_EQ(e->readTotal(), 0u);
        std::uint32_t header[MC_HEADER_WORDS] = {};
        glGetNamedBufferSubData(e->headerBuffer(), 0, sizeof header, header);
        EXPECT_EQ(header[MC_HEADER_DRAW], 0u);
    }
}

TEST_P(McRows, CapacityClampsTheDrawNotTheTotal) {
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    const surface::McSurface ref = surface::marchingCubesReference(v, volume::kMetaballsShellBand);
    // A fresh method, so the capacity is exactly what it is given.
    std::unique_ptr<McMethod> small = createMethod(GetParam(), context().info());
    ASSERT_TRUE(small);
    ASSERT_TRUE(small->setVolume(v));
    ASSERT_TRUE(small->reserve(100));
    ASSERT_EQ(small->capacity(), 100u);
    ASSERT_TRUE(small->run(volume::kMetaballsShellBand));
    EXPECT_EQ(small->readTotal(), ref.vertices.size());
    std::uint32_t header[MC_HEADER_WORDS] = {};
    glGetNamedBufferSubData(small->headerBuffer(), 0, sizeof header, header);
    EXPECT_EQ(header[MC_HEADER_DRAW], 99u); // whole triangles only
    const std::vector<McGpuVertex> gpu = small->readVertices(99);
    ASSERT_EQ(gpu.size(), 99u);
    if (small->order() == McOrder::Cells) { // the reference's first 33 triangles
        for (std::size_t k = 0; k < gpu.size(); ++k)
            EXPECT_EQ(gpu[k].edge(), ref.vertices[k].edge) << "vertex " << k;
    } else { // 33 distinct triangles of the reference, each whole
        const auto triangles = referenceTriangles(ref);
        std::set<std::pair<std::uint32_t, int>> seen;
        for (std::size_t k = 0; k < gpu.size(); k += 3) {
            const std::pair<std::uint32_t, int> key{gpu[k].cell, gpu[k].vertexInCell()};
            const auto found = triangles.find(key);
            ASSERT_NE(found, triangles.end()) << "triangle " << k / 3 << " is none of the reference's";
            EXPECT_TRUE(seen.insert(key).second) << "triangle " << k / 3 << " twice";
            for (std::size_t j = 0; j < 3; ++j) {
                EXPECT_EQ(gpu[k + j].cell, key.first);
                EXPECT_EQ(gpu[k + j].vertexInCell(), key.second + int(j));
                EXPECT_EQ(gpu[k + j].edge(), found->second[j]);
            }
        }
    }
    // Grown from the total (what the count ring does a few frames later): everything.
    ASSERT_TRUE(small->reserve(small->readTotal()));
    ASSERT_TRUE(small->run(volume::kMetaballsShellBand));
    const surface::McCheck c = surface::checkAgainstReference(*small, v, ref);
    EXPECT_TRUE(c.exact()) << c.firstDifference;
    DICER_EXPECT_NO_GL_ERROR();
}

// Storage that a driver leaves as it was (Mesa zeroes new buffers, others need not) is never read before it is
// written: with every new buffer filled with garbage, a fresh method's lists are still the reference's (hp_mc's
// pyramid levels are stored padded to whole nodes, and its descent reads the padding: zeroed by the method).
TEST_P(McRows, GarbageInNewBuffersChangesNothing) {
    gl::InjectedGarbage garbage(0xfffffffdu); // -3: a running sum with it wraps to where a triangle starts
    std::unique_ptr<McMethod> e = createMethod(GetParam(), context().info());
    ASSERT_TRUE(e);
    std::mt19937 rng(3);
    expectMatchesReference(*e, volume::loadBuiltinVolume("metaballs:32").value(), volume::kMetaballsShellBand,
                           "metaballs:32");
    // Words (a row's 4 cells) 2 or 3 past a multiple of 4: the last node's children run into the padding.
    for (const glm::ivec3 size :
         {glm::ivec3(17, 9, 13), glm::ivec3(6, 6, 4), glm::ivec3(10, 4, 3), glm::ivec3(7, 8, 4)})
        for (int b = 0; b < 4; ++b)
            expectMatchesReference(*e, randomFloatVolume(size, 9 + unsigned(b), 0.0),
                                   randomBand(rng, 0.2, 0.8), "float " + sizeText(size));
}

// "Each where its buffers fit": a fake 4 KiB storage block (256 vertices of 16 bytes a block, 4 blocks;
// 4096 cells' base words).
TEST_P(McRows, LimitsAreOneClearError) {
    gl::GlInfo info = context().info();
    info.maxStorageBlockBytes = 4096;
    std::unique_ptr<McMethod> e = createMethod(GetParam(), info);
    ASSERT_TRUE(e);
    ASSERT_EQ(McMethod::maxVertices(info), 4u * 256u);
    Result<void> r = e->reserve(4 * 256 + 1);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("4 storage blocks of 256"), std::string::npos) << r.error();
    EXPECT_TRUE(e->reserve(4 * 256));
    const volume::ScalarVolume fits = randomByteVolume({17, 17, 17}, 1, 256); // 4096 cells
    ASSERT_TRUE(e->setVolume(fits));
    r = e->setVolume(randomByteVolume({18, 18, 18}, 1, 256)); // 4913 cells
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find(row().name), std::string::npos) << r.error();
    EXPECT_EQ(e->volumeSize(), glm::ivec3(17)); // the previous volume stays, and still runs
    ASSERT_TRUE(e->run({0, 127}));
    const surface::McSurface ref = surface::marchingCubesReference(fits, {0, 127});
    if (ref.vertices.size() <= e->capacity()) {
        const surface::McCheck c = surface::checkAgainstReference(*e, fits, ref);
        EXPECT_TRUE(c.exact()) << c.firstDifference;
    } else {
        EXPECT_EQ(e->readTotal(), ref.vertices.size());
    }
    std::unique_ptr<McMethod> none = createMethod(GetParam(), context().info());
    ASSERT_TRUE(none);
    EXPECT_FALSE(none->run({0, 1})); // no volume
    DICER_EXPECT_NO_GL_ERROR();
}

// hp_mc's descent reads its pyramid and cases through buffer views (gl/buffer_view.h): a driver whose buffer
// textures hold fewer texels than a volume's words need refuses that volume with one error naming the limit,
// and the previous volume stays and runs exactly.
TEST(HpMc, PyramidBeyondTheBufferTextureIsOneClearError) {
    const std::optional<surface::McMethodId> hpMc = surface::findMcMethod("hp_mc");
    ASSERT_TRUE(hpMc);
    gl::GlInfo info = context().info();
    info.maxBufferViewTexels = 256; // 1024 words: 17^3 samples (16 x 16 x 16 cells, 4 a word) fit exactly
    std::unique_ptr<McMethod> e = createMethod(hpMc->row, info);
    ASSERT_TRUE(e);
    const volume::ScalarVolume fits = randomByteVolume({17, 17, 17}, 4, 256);
    ASSERT_TRUE(e->setVolume(fits));
    Result<void> r = e->setVolume(randomByteVolume({18, 17, 17}, 5, 256)); // 5 words a row: 1280
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_TEXTURE_BUFFER_SIZE"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("320 texels"), std::string::npos) << r.error();
    EXPECT_EQ(e->volumeSize(), glm::ivec3(17));
    ASSERT_TRUE(e->reserve(1u << 16));
    ASSERT_TRUE(e->run({60, 200}));
    const surface::McCheck c =
        surface::checkAgainstReference(*e, fits, surface::marchingCubesReference(fits, {60, 200}));
    EXPECT_TRUE(c.exact()) << c.firstDifference;
    DICER_EXPECT_NO_GL_ERROR();
}

// A surface longer than one storage block allows: the vertex buffer is bound as four blocks (mc_place.glsl),
// here of a fake storage-block size chosen so that the metaballs' list needs three or four of them, and the list
// is still the reference's, vertex for vertex, across the blocks' seams.
TEST_P(McRows, SurfaceAcrossStorageBlocks) {
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    const surface::McSurface ref = surface::marchingCubesReference(v, volume::kMetaballsShellBand);
    const auto total = std::uint32_t(ref.vertices.size());
    const std::uint32_t perBlock = std::bit_ceil((total + 3) / 4); // vertices a block: 3 or 4 blocks in use
    gl::GlInfo info = context().info();
    info.maxStorageBlockBytes = std::int64_t(perBlock) * MC_VERTEX_BYTES;
    ASSERT_EQ(McMethod::verticesPerBlock(info), perBlock);
    ASSERT_GT(total, 2 * perBlock) << "the list should reach a third block";
    std::unique_ptr<McMethod> e = createMethod(GetParam(), info);
    ASSERT_TRUE(e);
    Result<void> r = e->setVolume(v); // its base words fit the small block
    ASSERT_TRUE(r) << r.error();
    r = e->reserve(total);
    ASSERT_TRUE(r) << r.error();
    ASSERT_TRUE(e->run(volume::kMetaballsShellBand));
    EXPECT_EQ(e->readTotal(), total);
    const surface::McCheck c = surface::checkAgainstReference(*e, v, ref);
    EXPECT_TRUE(c.exact()) << c.mismatches << " mismatches; first: " << c.firstDifference;
    DICER_EXPECT_NO_GL_ERROR();
}

// The count skips the columns of words whose key range (computed once per volume) lies wholly inside or outside
// the band. A borrowed texture rewritten in place (a mesh's occupancy as a model turns) is a new content version:
// the next run counts every column (no ranges: no classification), the run after the same version computes them anew;
// every run's list is the reference's. Without the version, the ranges of the zeros (every column outside the
// band) would skip the new contents' surface.
TEST_P(McRows, ColumnRangesFollowTheContents) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    const glm::ivec3 size(33, 21, 18); // columns cut at every end
    const volume::ScalarVolume zeros = makeVolume(
        size, volume::ScalarType::Uint8, std::vector<std::uint8_t>(std::size_t(size.x) * size.y * size.z));
    const volume::ScalarVolume noise = randomByteVolume(size, 17, 256);
    const volume::Band band{100, 200};
    Result<gl::Texture> texture = discriminate::uploadVolumeTexture(zeros, context().info(), "test contents");
    ASSERT_TRUE(texture) << texture.error();
    const bool binary = surface::isBinaryField(noise);
    ASSERT_TRUE(e->useVolumeTexture(texture->id(), size, zeros.type, zeros.spacing, binary));
    const surface::McSurface noiseRef = surface::marchingCubesReference(noise, band);
    ASSERT_TRUE(e->reserve(std::uint32_t(noiseRef.vertices.size())));
    e->setContentVersion(7);
    ASSERT_TRUE(e->run(band));
    e->setContentVersion(7); // the same contents again: the ranges are computed at this run
    ASSERT_TRUE(e->run(band));
    EXPECT_EQ(e->readTotal(), 0u);

    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage3D(texture->id(), 0, 0, 0, 0, size.x, size.y, size.z, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                        noise.data.data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    for (int run = 0; run < 3; ++run) { // every column counted, then the ranges computed, then kept
        SCOPED_TRACE("run " + std::to_string(run) + " after the rewrite");
        e->setContentVersion(8);
        ASSERT_TRUE(e->run(band));
        ASSERT_EQ(e->readTotal(), noiseRef.vertices.size());
        const surface::McCheck c = surface::checkAgainstReference(*e, noise, noiseRef);
        EXPECT_TRUE(c.exact()) << c.firstDifference;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The count runs over the columns its classification lists, dispatched indirectly as rows of groups (mcInvocation)
// as wide as the driver allows: here a fake limit of 2 groups a row, so the metaballs' listed columns take several
// rows, and the list is still the reference's.
TEST_P(McRows, ListedColumnsSpanRowsOfGroups) {
    gl::GlInfo info = context().info();
    info.maxComputeGroupCount[0] = 2;
    std::unique_ptr<McMethod> e = createMethod(GetParam(), info);
    ASSERT_TRUE(e);
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    const surface::McCheck c = expectMatchesReference(*e, v, volume::kMetaballsShellBand, "metaballs:32");
    EXPECT_GT(c.vertices, 0);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(McRows, TheDiscriminatorsTextureServesAsWell) {
    McMethod* e = method();
    discriminate::VolumeDiscriminator* d = sharedDiscriminator();
    ASSERT_TRUE(e && d);
    const volume::ScalarVolume v = volume::loadBuiltinVolume("metaballs:32").value();
    ASSERT_TRUE(d->setVolume(v));
    const surface::McSurface ref = surface::marchingCubesReference(v, volume::kMetaballsShellBand);
    ASSERT_TRUE(e->useVolumeTexture(d->volumeTexture(), d->volumeSize(), d->valueType(), v.spacing,
                                    surface::isBinaryField(v)));
    ASSERT_TRUE(e->reserve(std::uint32_t(ref.vertices.size())));
    ASSERT_TRUE(e->run(volume::kMetaballsShellBand));
    const surface::McCheck c = surface::checkAgainstReference(*e, v, ref);
    EXPECT_TRUE(c.exact()) << c.firstDifference;
    EXPECT_GT(c.vertices, 0);
    EXPECT_FALSE(e->useVolumeTexture(0, v.size, v.type, v.spacing, false));
    DICER_EXPECT_NO_GL_ERROR();
}

// Not a check: the time of count + build + expand, fenced by glFinish (llvmpipe on a loaded 2-core machine
// here; docs/SURFACES.md). Printed for the notes.
TEST_P(McRows, TimeCountBuildExpand) {
    McMethod* e = method();
    ASSERT_TRUE(e);
    std::vector<std::pair<std::string, std::pair<volume::ScalarVolume, volume::Band>>> runs;
    runs.push_back({"metaballs:128", {volume::loadBuiltinVolume("metaballs:128").value(), {32768, 65535}}});
    if (std::optional<volume::ScalarVolume> ct = loadHeadsq())
        runs.push_back({"headsq bone", {*ct, {1150, 4000}}});
    for (auto& [name, vb] : runs) {
        ASSERT_TRUE(e->setVolume(vb.first));
        ASSERT_TRUE(e->reserve(1u << 20));
        ASSERT_TRUE(e->run(vb.second));
        glFinish();
        double best[3] = {1e9, 1e9, 1e9};
        for (int rep = 0; rep < 5; ++rep) {
            using clock = std::chrono::steady_clock;
            const auto t0 = clock::now();
            ASSERT_TRUE(e->count(vb.second));
            glFinish();
            const auto t1 = clock::now();
            e->build();
            glFinish();
            const auto t2 = clock::now();
            e->expand();
            glFinish();
            const auto t3 = clock::now();
            auto ms = [](auto a, auto b) { return std::chrono::duration<double, std::milli>(b - a).count(); };
            best[0] = std::min(best[0], ms(t0, t1));
            best[1] = std::min(best[1], ms(t1, t2));
            best[2] = std::min(best[2], ms(t2, t3));
        }
        std::printf("TIMING %s %s: %u triangles; count %.2f ms, build %.2f ms, expand %.2f ms, sum %.2f ms "
                    "(best of 5, glFinish each)\n",
                    e->name(), name.c_str(), e->readTotal() / 3, best[0], best[1], best[2],
                    best[0] + best[1] + best[2]);
    }
}

namespace {
std::string rowName(const ::testing::TestParamInfo<int>& info) {
    return surface::mcMethodTable()[std::size_t(info.param)].name;
}
} // namespace

INSTANTIATE_TEST_SUITE_P(Table, McRows, ::testing::Range(0, int(surface::mcMethodTable().size())), rowName);
