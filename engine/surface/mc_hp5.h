// Marching cubes by HP5 stream expansion ("hp5_mc"): hp_mc's count pass (4 cells a base word, their vertex counts
// as one uint a word), then the 5:1 pyramid over those counts (hp/hp5_pyramid.h: uvec4 nodes of running sums, one
// dispatch a level) instead of the 4:1 pyramid of uints, and the expansion's descent a uvec4 fetch and four
// compares a level (mc_hp5_expand.comp.glsl), one invocation a triangle. Vertex k is the reference's vertex k
// (McOrder::Cells), as hp_mc's. Memory: the cases and the counts, a uint a word each (one storage block each),
// and about 2.6 bytes a word for the pyramid (hp5_pyramid.h).
// The row `hp5_mc` of mc_method_table.h; the volume, the cases, the header, the arguments and the vertices are the
// base's (mc_method.h).
#pragma once

#include "hp5_pyramid.h"
#include "mc_method.h"

#include <memory>

namespace dicer::surface {

class McHp5 final : public McMethod {
public:
    static Result<std::unique_ptr<McMethod>> createMethod(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    // The X-ray view: the base words' vertex counts, then the 5:1 levels (hp5_pyramid.h). No traced path.
    std::vector<hp::XrayLevel> xrayLevels() const override;
    Result<void> drawXray(std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) override;

private:
    McHp5(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : McMethod(shaders, info, "hp5_mc", McOrder::Cells, "cases and vertex counts") {}
    Result<void> shapeBuffers(glm::ivec3 size, std::uint32_t words) override;
    void countCells() override;
    void buildOffsets() override;
    void writeVertices() override;

    discriminate::KindPrograms m_count, m_expand;
    hp::Hp5Pyramid m_pyramid;
    gl::Buffer m_counts; // a uint a base word: the pyramid's base
    std::uint32_t m_countCapacity = 0;
};

} // namespace dicer::surface
