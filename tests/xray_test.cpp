// CPU tests of the X-ray's reference walk and record parsing (engine/hp/xray.h): the walk over the CPU pyramid
// finds the k-th cell of the reference's key-index list for every k, its steps' sums add up to the count at
// every level and the key stays inside the child taken; a record is parsed as written, and a short or empty one
// is one error.
#include "hp_compute.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "hp_xray.h"
#include "xray.h"

#include <gtest/gtest.h>

using namespace dicer;

TEST(XrayCpu, WalkFindsTheKthCellOfTheReferenceList) {
    for (auto [w, h, density] : {std::tuple{37, 29, 0.4}, std::tuple{128, 64, 0.05}, std::tuple{16, 16, 1.0}}) {
        const std::vector<std::uint8_t> alpha = test::randomAlpha(w, h, density, 7u);
        const hp::CpuPyramid cpu = hp::buildCpuPyramid(alpha, w, h, test::kTestThreshold);
        const std::vector<glm::ivec2> cells = hp::cpuPointList(cpu);
        const int levels = std::max(hp::computeLevels({w, h}), HPC_MASK_LEVEL + 1);
        ASSERT_EQ(cells.size(), cpu.count());
        for (std::uint32_t k = 0; k < cpu.count(); ++k) {
            const hp::XrayPath path = hp::cpuComputeXray(cpu, levels, k);
            ASSERT_EQ(path.cell, cells[k]) << w << "x" << h << " k " << k;
            ASSERT_EQ(path.steps.size(), std::size_t(levels - HPC_MASK_LEVEL + 1));
            std::uint32_t key = k;
            for (const hp::XrayStep& s : path.steps) {
                ASSERT_EQ(s.key, key);
                if (s.mask) break;
                std::uint32_t start = 0;
                for (std::uint32_t i = 0; i < s.child; ++i) start += s.sums[int(i)];
                ASSERT_LE(start, key);
                ASSERT_LT(key - start, s.sums[int(s.child)]); // the key lies in the child taken
                ASSERT_EQ(s.keyDown, key - start);
                key = s.keyDown;
            }
        }
        EXPECT_EQ(hp::cpuComputeXray(cpu, levels, 0).steps.front().sums[0] +
                      hp::cpuComputeXray(cpu, levels, 0).steps.front().sums[1] +
                      hp::cpuComputeXray(cpu, levels, 0).steps.front().sums[2] +
                      hp::cpuComputeXray(cpu, levels, 0).steps.front().sums[3],
                  cpu.count());
    }
}

TEST(XrayCpu, RecordsParseAsWrittenAndBadOnesAreOneError) {
    std::vector<std::uint32_t> words(HP_XRAY_WORDS, 0u);
    words[0] = 2;
    words[1] = 17;
    words[2] = 9;
    words[3] = 1;
    const std::uint32_t steps[2][HP_XRAY_STEP_WORDS] = {{4, 1, 0, 5, 3, 1, 2, 0, 1, 2, 0, 0},
                                                        {3, 2, 1, 2, 0x16u, 0, 0, 0, 4, 0, 0, 0}};
    for (int i = 0; i < 2; ++i)
        for (int j = 0; j < HP_XRAY_STEP_WORDS; ++j) words[HP_XRAY_HEADER_WORDS + i * HP_XRAY_STEP_WORDS + j] = steps[i][j];
    Result<hp::XrayPath> path = hp::parseXrayRecord(words, 5, HPC_MASK_LEVEL);
    ASSERT_TRUE(path) << path.error();
    EXPECT_EQ(path->cell, glm::ivec2(17, 9));
    ASSERT_EQ(path->steps.size(), 2u);
    EXPECT_EQ(path->steps[0].sums, glm::uvec4(3, 1, 2, 0));
    EXPECT_EQ(path->steps[0].child, 1u);
    EXPECT_FALSE(path->steps[0].mask);
    EXPECT_TRUE(path->steps[1].mask);
    EXPECT_EQ(hp::describeXray(*path).back(), "output 5 is texel (17, 9)");
    words[3] = 0;
    EXPECT_FALSE(hp::parseXrayRecord(words, 5, HPC_MASK_LEVEL)); // nothing found
    words[3] = 1;
    words[0] = HP_XRAY_MAX_STEPS + 1;
    Result<hp::XrayPath> bad = hp::parseXrayRecord(words, 5, HPC_MASK_LEVEL);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().find("more than it holds"), std::string::npos) << bad.error();
    EXPECT_FALSE(hp::parseXrayRecord(std::span<const std::uint32_t>(words.data(), 2), 5, HPC_MASK_LEVEL));
}
