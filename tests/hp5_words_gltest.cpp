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

// The plain words, then the ballot words (where the driver has subgroup ballot) at every count of quads a lane
// its subgroups allow: with more quads a lane a subgroup holds several words, so a word's first lane lies inside
// the subgroup (NVIDIA's 32 lanes at one quad a lane hold two words of 16 lanes; llvmpipe's 8 at two quads one).
std::vector<std::unique_ptr<hp::Hp5HistoPyramid>> makeBases(gl::ShaderLibrary& shaders) {
    gl::GlInfo withoutBallot = context().info();
    withoutBallot.hasShaderBallot = false;
    std::vector<std::unique_ptr<hp::Hp5HistoPyramid>> bases;
    auto plain = hp::Hp5HistoPyramid::create(shaders, withoutBallot);
    EXPECT_TRUE(plain) << plain.error();
    if (!plain) return bases;
    EXPECT_FALSE(plain.value()->ballotWords());
    bases.push_back(std::move(plain.value()));
    for (int quads = 1; quads <= 16 && context().info().hasShaderBallot; quads *= 2)
        if (auto ballot = hp::Hp5HistoPyramid::create(shaders, context().info(), quads)) {
            EXPECT_EQ(ballot.value()->ballotQuads(), quads);
            bases.push_back(std::move(ballot.value()));
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

// The row's own choice: ballot words at one quad a lane where a subgroup holds a word so, else the plain words;
// quads a lane the subgroups do not allow: one error naming the range.
TEST(Hp5Words, BallotWordsWhereASubgroupHoldsAWordElseOneClearError) {
    gl::ShaderLibrary shaders;
    const auto bases = makeBases(shaders);
    ASSERT_FALSE(bases.empty());
    auto chosen = hp::Hp5HistoPyramid::create(shaders, context().info());
    ASSERT_TRUE(chosen) << chosen.error();
    if (bases.size() == 1) { // no ballot words: the plain ones, and asking for ballot words is an error
        EXPECT_FALSE(chosen.value()->ballotWords());
        auto asked = hp::Hp5HistoPyramid::create(shaders, context().info(), 1);
        ASSERT_FALSE(asked);
        EXPECT_NE(asked.error().find("no ballot words on this driver"), std::string::npos) << asked.error();
        return;
    }
    const int fewest = bases[1]->ballotQuads();
    EXPECT_EQ(chosen.value()->ballotWords(), fewest == 1);
    EXPECT_EQ(chosen.value()->ballotQuads(), fewest == 1 ? 1 : 0);
    for (int quads : {fewest + 1, 32, fewest / 2, -2}) {
        if (quads == 0) continue; // subgroups of 16 lanes or more: one quad a lane is the fewest
        auto bad = hp::Hp5HistoPyramid::create(shaders, context().info(), quads);
        ASSERT_FALSE(bad) << quads;
        EXPECT_NE(bad.error().find("quads a lane: a power of two from " + std::to_string(fewest)),
                  std::string::npos)
            << bad.error();
    }
}

// A printout, no check (times are never asserted): hp5's build (words and levels) with the plain words and the
// ballot words at each count of quads a lane, over random 4096^2 atlases, interleaved, the median of 7 after one
// warm-up, each build fenced by glFinish.
TEST(Hp5Words, TimeBallotAndPlain) {
    gl::ShaderLibrary shaders;
    const auto bases = makeBases(shaders);
    ASSERT_FALSE(bases.empty());
    const int side = 4096;
    for (double density : {0.02, 0.5}) {
        gl::Texture atlas = makeAtlas(randomAlpha(side, side, density, 11), side, side);
        const hp::MethodInput in{atlas.id(), float(kTestThreshold) / 255.0f, {}, 1u << 20};
        std::vector<std::vector<double>> ms(bases.size());
        for (int rep = 0; rep < 8; ++rep)
            for (std::size_t b = 0; b < bases.size(); ++b) {
                glFinish();
                const auto t0 = std::chrono::steady_clock::now();
                ASSERT_TRUE(bases[b]->build(in));
                glFinish();
                if (rep > 0)
                    ms[b].push_back(
                        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                            .count());
            }
        std::string line;
        for (std::size_t b = 0; b < bases.size(); ++b) {
            std::sort(ms[b].begin(), ms[b].end());
            line +=
                (b ? ", ballot " + std::to_string(bases[b]->ballotQuads()) + " quads a lane " : "plain ") +
                std::to_string(ms[b][3]).substr(0, 5) + " ms";
        }
        std::printf("TIMING hp5 build %dx%d, density %.2f (medians of 7, glFinish each): %s\n", side, side,
                    density, line.c_str());
    }
}

} // namespace
} // namespace dicer::test
