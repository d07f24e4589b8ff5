// HP5 over the atlas ("hp5"): stream compaction with a 5:1 HistoPyramid (hp5_pyramid.h), the compute
// HistoPyramid's peer with a wider fan-in.
//  - Build: (1) the base: the atlas as occupancy words, 32 texels of a row a uint, rows padded to whole words
//    (hp5_words.comp.glsl, the discriminator fused in: an invocation 2 rows x 32 texels through 16 gathers; where
//    the driver's GL_ARB_shader_ballot subgroups have 16 lanes or more, hp5_words_ballot.comp.glsl: an invocation
//    a 2 x 2 quad, the subgroup's ballots its lanes' bits, the 32:1 base of Dyken's HP5);
//    (2) the 5:1 levels over the words' popcounts, one dispatch a level (log5(words): 9 for a 4096^2 atlas);
//    (3) the top's total copied into the counters on the GPU.
//  - List: GPU-resident (indirect dispatch from the count): a uvec4 fetch and four compares a level down to the
//    word, then its k-th set bit. Entries are row-major (y, then x), the order of the input stream.
// Memory: a uint per 32 texels (the words) and about 2.6 bytes a word for the pyramid (level 1's packed nodes and
// their totals 0.8 each, the levels above 1.0): about 0.2 bytes a texel, each buffer one storage block.
#pragma once

#include "compactor.h"
#include "hp5_pyramid.h"

#include <glm/vec2.hpp>

#include <memory>

namespace dicer::hp {

class Hp5HistoPyramid final : public Compactor {
public:
    // Where the driver has subgroup ballot (GlInfo::hasShaderBallot) and its subgroups are consecutive
    // invocations of 16 lanes or more (probed once here), the words come from ballots, one quad a lane.
    // `ballotQuads` (tests, benchmarks) asks for ballot words of that many quads a lane: a power of two from
    // 16 / min(lanes, 16) (a word within one subgroup) to 16; an error where there are no ballot words.
    static Result<std::unique_ptr<Hp5HistoPyramid>> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                           int ballotQuads = 0);
    Result<void> build(const MethodInput& input) override;
    Result<void> list(const MethodInput& input, ListPath path) override;
    // Writes the first min(count, capacity) entries; the count never reaches the CPU.
    Result<void> list(std::uint32_t capacity);
    // Whether the words come from subgroup ballots, and the quads a lane classifies there (0: plain words).
    bool ballotWords() const { return m_wordsBallot.valid(); }
    int ballotQuads() const { return m_ballotQuads; }
    // Tests (waits for the GPU): the last build's occupancy words, row after row.
    std::vector<std::uint32_t> readWords() const;

    // The X-ray view: the occupancy words, then the 5:1 levels (hp5_pyramid.h). No traced path (trace(): the
    // base's error): the view draws the levels only.
    std::vector<XrayLevel> xrayLevels() const override;
    Result<void> drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) override;

private:
    Hp5HistoPyramid(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : Compactor(shaders, info, "hp5", EntryOrder::RowMajor) {}

    gl::ProgramId m_words, m_wordsBallot, m_list;
    gl::Sampler m_sampler;
    Hp5Pyramid m_pyramid;
    gl::Buffer m_base;
    std::uint32_t m_baseCapacity = 0; // in words
    std::uint32_t m_wordsPerRow = 0;
    int m_ballotQuads = 0;
    glm::ivec2 m_size{0};
    AtlasTiling m_tiling;
    bool m_built = false;
};

Result<std::unique_ptr<PointMethod>> createHp5HistoPyramid(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

} // namespace dicer::hp
