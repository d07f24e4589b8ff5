// hp5's base (hp5.h): the atlas's occupancy words, made by subgroup ballot where the driver has
// GL_ARB_shader_ballot and by one invocation a word column elsewhere, each word for word the CPU's (bit i of word w
// of row y = texel (32 w + i, y) active) on atlases of every width around a word and a group of words, odd
// heights, tilings with unused tiles and every threshold edge; and the list over each the reference's. The method
// rows' tests (methods_gltest) run hp5 on whichever base the context offers; these run both.
#include "gl_test_util.h"
#include "hp5.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>

namespace dicer::test {
namespace {

// The words the base must hold: ceil(w / 32) a row, row after row.
std::vector<std::uint32_t> cpuWords(const std::vector<std::uint8_t>& alpha, int w, int h,
                                    std::uint32_t threshold, const hp::AtlasTiling& tiling) {
    const int perRow = (w + 31) / 32;
    std::vector<std::uint32_t> words(std::size_t(perRow) * std::size_t(h), 0u);
    for (glm::ivec2 cell : hp::cpuLinewiseList(alpha, w, h, threshold, tiling))
        words[std::size_t(cell.y) * std::size_t(perRow) + std::size_t(cell.x / 32)] |= 1u << (cell.x % 32);
    return words;
}

// The plain words, then the ballot words (where the driver has subgroup ballot) at the quads a lane the driver's
// subgroups ask for and at every larger count: a lane takes more quads and a subgroup holds several words, so the
// word's first lane lies inside the subgroup (NVIDIA's 32 lanes hold two words of 16 lanes; llvmpipe's 8 one).
std::vector<std::unique_ptr<hp::Hp5HistoPyramid>> makeBases(gl::ShaderLibrary& shaders) {
    gl::GlInfo withoutBallot = context().info();
    withoutBallot.hasShaderBallot = false;
    std::vector<std::unique_ptr<hp::Hp5HistoPyramid>> bases;
    auto plain = hp::Hp5HistoPyramid::create(shaders, withoutBallot);
    EXPECT_TRUE(plain) << plain.error();
    if (!plain) return bases;
    EXPECT_FALSE(plain.value()->ballotWords());
    bases.push_back(std::move(plain.value()));
    if (!context().info().hasShaderBallot) return bases;
    auto ballot = hp::Hp5HistoPyramid::create(shaders, context().info());
    EXPECT_TRUE(ballot) << ballot.error();
    if (!ballot || !ballot.value()->ballotWords()) return bases; // subgroups not consecutive: the plain words
    const int fewest = ballot.value()->ballotQuads();
    bases.push_back(std::move(ballot.value()));
    for (int quads = 2 * fewest; quads <= 16; quads *= 2) {
        auto more = hp::Hp5HistoPyramid::create(shaders, context().info(), quads);
        EXPECT_TRUE(more) << more.error();
        if (more) bases.push_back(std::move(more.value()));
    }
    return bases;
}

void expectWordsAndList(hp::Hp5HistoPyramid& m, const std::vector<std::uint8_t>& alpha, int w, int h,
                        float threshold, const hp::AtlasTiling& tiling = {}) {
    SCOPED_TRACE(
        (m.ballotWords() ? "ballot, " + std::to_string(m.ballotQuads()) + " quads a lane" : "plain") + " " +
        std::to_string(w) + "x" + std::to_string(h));
    gl::Texture atlas = makeAtlas(alpha, w, h);
    const std::uint32_t byte = hp::thresholdToByte(threshold);
    const std::vector<glm::uvec4> expected = hp::expectedEntries(alpha, w, h, byte, tiling, m.order());
    const auto n = std::uint32_t(expected.size());
    ASSERT_TRUE(m.run({atlas.id(), threshold, tiling, std::max(n, 1u)}, hp::ListPath::Resident));
    const std::vector<std::uint32_t> words = m.readWords(), want = cpuWords(alpha, w, h, byte, tiling);
    ASSERT_EQ(words.size(), want.size());
    std::size_t wrong = 0, firstWrong = 0;
    for (std::size_t i = words.size(); i-- > 0;)
        if (words[i] != want[i]) ++wrong, firstWrong = i;
    EXPECT_EQ(wrong, 0u) << "first wrong word " << firstWrong << ": " << std::hex << words[firstWrong]
                         << " instead of " << want[firstWrong];
    ASSERT_EQ(m.readCount(), n);
    const hp::VerifyReport r = hp::compareEntries(m.points().read(n), m.readCount(), expected, m.order());
    EXPECT_TRUE(r.ok()) << r.mismatches << " mismatches";
}

TEST(Hp5Words, BallotAndPlainWordsAreTheCpus) {
    gl::ShaderLibrary shaders;
    const auto bases = makeBases(shaders);
    ASSERT_FALSE(bases.empty());
    if (bases.size() == 1) std::printf("no ballot words on this driver: the plain words only\n");
    struct Case {
        int w, h;
        double density;
    };
    // Widths: within one word, one word, one past it, a group of words (4 x 32) and around it, a 16-texel half
    // word (a llvmpipe subgroup's share); heights odd and even (the row pairs' upper row past the input).
    const Case cases[] = {{1, 1, 1.0},     {5, 3, 0.5},       {31, 2, 0.6},   {32, 1, 1.0},  {33, 7, 0.5},
                          {16, 16, 0.5},   {127, 9, 0.5},     {128, 4, 1.0},  {129, 5, 0.3}, {300, 41, 0.5},
                          {513, 300, 0.1}, {1024, 1024, 0.5}, {1025, 3, 0.9}, {64, 64, 0.0}};
    for (const auto& m : bases) {
        for (const Case& c : cases)
            expectWordsAndList(*m, randomAlpha(c.w, c.h, c.density, std::uint32_t(c.w * 31 + c.h)), c.w, c.h,
                               float(kTestThreshold) / 255.0f);
        // Tilings: 16 slices of 16 x 16 in 4 tiles a row; 13 of them (3 unused tiles, inactive at threshold 0).
        expectWordsAndList(*m, randomAlpha(64, 64, 0.5, 98), 64, 64, 0.5f, hp::AtlasTiling{{16, 16}, 4});
        expectWordsAndList(*m, randomAlpha(64, 64, 0.5, 97), 64, 64, 0.0f, hp::AtlasTiling{{16, 16}, 4, 13});
        expectWordsAndList(*m, randomAlpha(60, 45, 0.5, 96), 60, 45, 0.0f, hp::AtlasTiling{{12, 9}, 5, 23});
        std::vector<std::uint8_t> ramp(256);
        for (int i = 0; i < 256; ++i)
            ramp[std::size_t(i)] = std::uint8_t(i);
        for (int a : {0, 1, 128, 255}) // the threshold exactly at a cell's alpha: active
            expectWordsAndList(*m, ramp, 16, 16, float(a) / 255.0f);
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(Hp5Words, QuadsALaneOutsideTheSubgroupAreOneClearError) {
    gl::ShaderLibrary shaders;
    auto ballot = hp::Hp5HistoPyramid::create(shaders, context().info());
    ASSERT_TRUE(ballot) << ballot.error();
    if (!ballot.value()->ballotWords()) GTEST_SKIP() << "no ballot words on this driver";
    const int fewest = ballot.value()->ballotQuads();
    for (int quads : {fewest + 1, 32, fewest / 2}) {
        if (quads == 0) continue; // a subgroup of 16 lanes or more: one quad a lane is the fewest
        auto bad = hp::Hp5HistoPyramid::create(shaders, context().info(), quads);
        ASSERT_FALSE(bad) << quads;
        EXPECT_NE(bad.error().find("quads a lane: a power of two from " + std::to_string(fewest)),
                  std::string::npos)
            << bad.error();
    }
}

// A printout, no check (times are never asserted): hp5's build (words and levels) with each base over random
// 4096^2 atlases, interleaved, the median of 7 after one warm-up, each build fenced by glFinish.
TEST(Hp5Words, TimeBallotAndPlain) {
    gl::ShaderLibrary shaders;
    const auto bases = makeBases(shaders);
    ASSERT_FALSE(bases.empty());
    if (bases.size() == 1) {
        std::printf("TIMING hp5: no ballot words on this driver\n");
        return;
    }
    const int side = 4096;
    for (double density : {0.02, 0.5}) {
        gl::Texture atlas = makeAtlas(randomAlpha(side, side, density, 11), side, side);
        const hp::MethodInput in{atlas.id(), float(kTestThreshold) / 255.0f, {}, 1u << 20};
        std::vector<double> ms[2];
        for (int rep = 0; rep < 8; ++rep)
            for (int b = 0; b < 2; ++b) {
                hp::Hp5HistoPyramid& m = *bases[std::size_t(b)];
                glFinish();
                const auto t0 = std::chrono::steady_clock::now();
                ASSERT_TRUE(m.build(in));
                glFinish();
                if (rep > 0)
                    ms[b].push_back(
                        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                            .count());
            }
        for (auto& v : ms)
            std::sort(v.begin(), v.end());
        std::printf(
            "TIMING hp5 build %dx%d, density %.2f: plain words %.2f ms, ballot words %.2f ms (medians of "
            "7, glFinish each; %d quads a lane)\n",
            side, side, density, ms[0][3], ms[1][3], bases[1]->ballotQuads());
    }
}

} // namespace
} // namespace dicer::test
