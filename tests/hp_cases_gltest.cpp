// Named HistoPyramid cases: the report's worked example, corners, thresholds at an alpha, non-square inputs,
// atlas tiling, bad inputs (each a clear error, previous state kept), where float storage stops being exact,
// and what dicer_bil gives on this driver.
#include "hp_shared.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "method_table.h"

#include <cstdio>
#include <optional>

using namespace dicer;
using namespace dicer::hp;
using namespace dicer::test;

class HpCases : public ::testing::TestWithParam<int> {
protected:
    const Config& config() const { return paperConfigs()[GetParam()]; }
};

TEST_P(HpCases, WorkedExampleFromTheReport) {
    expectExact(config(), workedExample(), 8, 8, 0.5f, {}, /*checkIndirect=*/false);
    PointList* list = sharedPointList();
    ASSERT_TRUE(list);
    EXPECT_EQ(list->count(), 8u);
    EXPECT_EQ(list->listSize(), glm::ivec2(3, 3));
    std::vector<glm::uvec2> entries = list->readListTexture();
    EXPECT_EQ(entries[1 * 3 + 1], glm::uvec2(2, 3)); // entry (1,1) -> k = 4 -> cell (2,3)
    EXPECT_EQ(entries[8], glm::uvec2(HP_EMPTY));     // k = 8 >= count: empty
}

TEST_P(HpCases, FourCornersAloneAndTogether) {
    for (glm::ivec2 size :
         {glm::ivec2(16, 16), glm::ivec2(37, 23), glm::ivec2(1, 9), glm::ivec2(4096, 4096)}) {
        std::vector<std::uint8_t> all(size_t(size.x) * size_t(size.y), 0);
        for (glm::ivec2 c :
             {glm::ivec2(0, 0), glm::ivec2(size.x - 1, 0), glm::ivec2(0, size.y - 1), size - 1}) {
            expectExact(config(), singleCell(size.x, size.y, c.x, c.y), size.x, size.y, 0.5f, {}, false);
            all[size_t(c.y) * size_t(size.x) + size_t(c.x)] = 255;
        }
        expectExact(config(), all, size.x, size.y, 0.5f);
    }
}

TEST_P(HpCases, ThresholdExactlyAtACellsAlphaIsActive) {
    std::vector<std::uint8_t> ramp(256);
    for (int i = 0; i < 256; ++i)
        ramp[size_t(i)] = std::uint8_t(i);
    for (int a : {0, 1, 127, 128, 254, 255}) {
        HistoPyramid* pyr = pyramidFor(config());
        ASSERT_TRUE(pyr);
        gl::Texture atlas = makeAtlas(ramp, 16, 16);
        ASSERT_TRUE(pyr->build(atlas.id(), float(a) / 255.0f));
        EXPECT_EQ(pyr->readCount(), std::uint32_t(256 - a)) << "threshold " << a << "/255";
        expectExact(config(), ramp, 16, 16, float(a) / 255.0f, {}, false);
    }
}

TEST_P(HpCases, NonSquareInputsArePadded) {
    for (glm::ivec2 size : {glm::ivec2(37, 23), glm::ivec2(1, 100), glm::ivec2(300, 5), glm::ivec2(3, 3)})
        expectExact(config(), randomAlpha(size.x, size.y, 0.4, std::uint32_t(size.x * 7 + size.y)), size.x,
                    size.y, 0.5f);
}

TEST_P(HpCases, AtlasTilingGivesVoxelCoordinates) {
    // 64x64 atlas of 16 slices of 16x16 voxels, 4 tiles per row (3 of them left as padding-free tiles).
    expectExact(config(), randomAlpha(64, 64, 0.05, 99), 64, 64, 0.5f, AtlasTiling{{16, 16}, 4});
}

TEST_P(HpCases, CountZeroGivesAnEmptyListWithoutCrashing) {
    HistoPyramid* pyr = pyramidFor(config());
    PointList* list = sharedPointList();
    ASSERT_TRUE(pyr && list);
    gl::Texture atlas = makeAtlas(std::vector<std::uint8_t>(64 * 64, 0), 64, 64);
    ASSERT_TRUE(pyr->build(atlas.id(), 0.5f));
    EXPECT_EQ(pyr->readCount(), 0u);
    ASSERT_TRUE(list->build(*pyr));
    EXPECT_EQ(list->count(), 0u);
    EXPECT_EQ(list->listSize(), glm::ivec2(1, 1));
    EXPECT_EQ(list->readListTexture()[0], glm::uvec2(HP_EMPTY));
    ASSERT_TRUE(list->buildIndirect(*pyr, 16));
    EXPECT_EQ(list->readIndirectCount(), 0u);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST_P(HpCases, IndirectListClampsToCapacityAndFlagsOverflow) {
    HistoPyramid* pyr = pyramidFor(config());
    PointList* list = sharedPointList();
    ASSERT_TRUE(pyr && list);
    auto alpha = randomAlpha(32, 32, 0.5, 5);
    gl::Texture atlas = makeAtlas(alpha, 32, 32);
    ASSERT_TRUE(pyr->build(atlas.id(), 0.5f));
    CpuPyramid ref = buildCpuPyramid(alpha, 32, 32, thresholdToByte(0.5f));
    ASSERT_GT(ref.count(), 100u);
    ASSERT_TRUE(list->buildIndirect(*pyr, 100));
    bool overflow = false;
    EXPECT_EQ(list->readIndirectCount(&overflow), 100u);
    EXPECT_TRUE(overflow);
    auto points = list->points().read(100);
    for (std::uint32_t k = 0; k < 100; ++k)
        EXPECT_EQ(points[k], pointEntry(cpuFind(ref, k), {}, {32, 32}));
}

TEST_P(HpCases, BadInputsAreClearErrorsAndKeepThePreviousPyramid) {
    HistoPyramid* pyr = pyramidFor(config());
    ASSERT_TRUE(pyr);
    gl::Texture good = makeAtlas(randomAlpha(32, 32, 0.25, 1), 32, 32);
    ASSERT_TRUE(pyr->build(good.id(), 0.5f));
    const std::uint32_t before = pyr->readCount();
    const int baseBefore = pyr->baseSize();

    auto expectError = [&](Result<void> r, const char* mentions) {
        ASSERT_FALSE(r);
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
        EXPECT_EQ(pyr->readCount(), before);
        EXPECT_EQ(pyr->baseSize(), baseBefore);
    };
    gl::Texture r8 = test::texture2D(32, 32, GL_R8, 1);
    expectError(pyr->build(r8.id(), 0.5f), "RGBA8");
    gl::Texture f32 = test::texture2D(32, 32, GL_RGBA32F, 1);
    expectError(pyr->build(f32.id(), 0.5f), "RGBA8");
    gl::Texture volume = test::texture3D(GL_TEXTURE_3D, 4, 4, 4, GL_RGBA8);
    expectError(pyr->build(volume.id(), 0.5f), "GL_TEXTURE_2D");
    expectError(pyr->build(0, 0.5f), "not a texture");
    expectError(pyr->build(good.id(), std::nanf("")), "finite");
    expectError(pyr->reserve(0, 0), "empty");
    expectError(pyr->reserve(-4, 8), "empty");
    const int maxTexture = context().info().maxTextureSize;
    expectError(pyr->reserve(maxTexture + 1, 1), "limit");
    expectError(pyr->reserve(maxTexture * 2, maxTexture * 2), "limit");
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(AllVariants, HpCases, ::testing::Range(0, int(paperConfigs().size())),
                         [](const auto& param) { return configName(paperConfigs()[param.param]); });

TEST(HpVariantTable, TheFourPaperVariantsLeadTheMethodTable) {
    std::vector<std::string> names;
    for (const methods::MethodInfo& m : methods::methodTable())
        if (m.family == methods::Family::PaperHistoPyramid) names.push_back(m.name);
    EXPECT_EQ(names, (std::vector<std::string>{"dicer_single", "dicer_vec4", "dicer_rect", "dicer_bil"}));
    const std::optional<methods::MethodId> bil = methods::findMethod("dicer_bil");
    ASSERT_TRUE(bil);
    // Filtering needs float.
    EXPECT_EQ(methods::methodInfo(*bil).storageFor(Storage::Uint32), Storage::Float32);
}

// Float32 counts are exact only up to 2^24. An 8192^2 input with every cell but one active has the odd count
// 2^26 - 1, which float32 cannot hold: single/rect/bil float storage report 2^26, while uint32 is exact.
// vec4 float32 stays exact here because its texels hold the four child sums (each <= 2^24) and the count
// pass adds them as integers; it would break one size later (16384^2).
TEST(HpFloatLimits, CountsAbove2To24AreWhereFloatStorageBreaks) {
    const int n = 8192;
    if (context().info().maxTextureSize < n) GTEST_SKIP() << "needs GL_MAX_TEXTURE_SIZE >= 8192";
    std::vector<std::uint8_t> alpha(size_t(n) * size_t(n), 255);
    alpha[size_t(n) * 5000 + 1234] = 0;
    gl::Texture atlas = makeAtlas(alpha, n, n);
    const std::uint32_t exact = (1u << 26) - 1;
    struct Expect {
        Config config;
        bool exact;
    };
    for (Expect e :
         {Expect{{"dicer_single", Storage::Uint32}, true}, Expect{{"dicer_rect", Storage::Uint32}, true},
          Expect{{"dicer_vec4", Storage::Uint32}, true}, Expect{{"dicer_single", Storage::Float32}, false},
          Expect{{"dicer_rect", Storage::Float32}, false}, Expect{{"dicer_bil", Storage::Float32}, false},
          Expect{{"dicer_vec4", Storage::Float32}, true}}) {
        HistoPyramid* pyr = pyramidFor(e.config);
        ASSERT_TRUE(pyr);
        ASSERT_TRUE(pyr->build(atlas.id(), 0.5f));
        std::uint32_t count = pyr->readCount();
        std::printf("[ float-limit ] %-22s 8192^2 minus one cell: count %u (exact %u)%s\n",
                    configName(e.config).c_str(), count, exact,
                    count == exact ? "" : "  <- float32 rounding");
        if (e.exact)
            EXPECT_EQ(count, exact) << configName(e.config);
        else
            EXPECT_EQ(count, 1u << 26) << configName(e.config) << ": float32 rounds 2^26-1 to 2^26";
        // Free the 8192^2 pyramids at once: seven of them would hold ~1.5 GiB on llvmpipe.
        ASSERT_TRUE(pyr->reserve(2, 2));
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// An 8192^2 list checked entry by entry (the large case), integer storage.
TEST(HpLarge, List8192ExactForEveryVariant) {
    const int n = 8192;
    if (context().info().maxTextureSize < n) GTEST_SKIP() << "needs GL_MAX_TEXTURE_SIZE >= 8192";
    auto alpha = randomAlpha(n, n, 0.0002, 8192);
    for (const Config& c : {Config{"dicer_single", Storage::Uint32}, Config{"dicer_vec4", Storage::Uint32},
                            Config{"dicer_rect", Storage::Uint32}, Config{"dicer_bil", Storage::Float32}}) {
        expectExact(c, alpha, n, n, 0.5f, {}, false);
        HistoPyramid* pyr = pyramidFor(c);
        ASSERT_TRUE(pyr && pyr->reserve(2, 2));
    }
}
