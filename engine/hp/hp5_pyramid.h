// HP5: a 5:1 HistoPyramid over a 1D stream of counts, shared by the point list ("hp5", hp5.h: the base is the
// atlas's 32-cell occupancy words) and marching cubes ("hp5_mc", surface/mc_hp5.h: the base is the count pass's
// vertex counts, 4 cells a word). shaders/hp/hp5_shared.h has the layout: level l >= 1 has ceil(size(l-1) / 5)
// nodes, each the running sums of its first four children as a uvec4 (one 16-byte fetch and four compares a
// level going down, no branch: hp5_descend.glsl), plus each node's total for the level above; the top node's
// total is the count. A 4:1 pyramid of uints (hp_mc) takes up to three dependent loads and branches a level and
// log4 levels; this takes one load a level and log5 levels (10 instead of 11 over 4 M words).
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006); the 5:1 fan-in with uvec4 nodes after
// Dyken's HP5 in ComputeStuff (2016-2020). Its subgroup-ballot base level is the point list's word pass where the
// driver's subgroups allow it (hp5.h); the marching cubes' base holds counts, which no ballot makes.
#pragma once

#include "buffer_view.h"
#include "gl_handle.h"
#include "gl_info.h"
#include "hp5_shared.h"
#include "result.h"
#include "shader.h"
#include "xray_levels.h"

#include <glm/vec4.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace dicer::hp {

// The levels over `base` elements (CPU-only; unit-tested): level 1 .. levels, the top (levels) has one node;
// sizes in nodes and offsets in the totals (every level, level 1 first), index = level. Level 1's nodes are a
// buffer of their own, levels 2 .. top's another at nodeOffset(). base 0 gives no levels.
struct Hp5Layout {
    std::uint32_t base = 0;
    int levels = 0;
    std::array<std::uint32_t, HP5_MAX_LEVELS> offsets{}, sizes{};
    std::uint32_t nodes = 0; // every level's together
    std::uint32_t upperNodes() const { return nodes - sizes[1]; }
    std::uint32_t nodeOffset(int level) const { return level <= 1 ? 0u : offsets[std::size_t(level)] - sizes[1]; }
};
Hp5Layout hp5Layout(std::uint32_t base);

// What the base holds: counts (one uint an element, at most HP5_MAX_BASE_COUNT: level 1 packs its sums as bytes) or
// occupancy words (an element's count is its popcount).
enum class Hp5Base { Counts, Words };

class Hp5Pyramid {
public:
    // Compiles the build (one program). Errors: its compile or link log.
    static Result<Hp5Pyramid> create(gl::ShaderLibrary& shaders, Hp5Base base, const std::string& label);
    Hp5Pyramid() = default;

    // Buffers for `base` elements (1 ..). Errors: level 1's nodes or the others' beyond one storage block, or the
    // driver refused the memory: one message naming `who` and the limit; the previous buffers and layout stay.
    Result<void> reserve(std::uint32_t base, const gl::GlInfo& info, const std::string& who);
    // The levels over `baseBuffer` (reserve()'s base elements), one dispatch a level. The count ends at
    // totalsBuffer()[topOffset()], on the GPU.
    void build(GLuint baseBuffer) const;
    // For a descent (hp5_descend.glsl) in `program`: its uniforms, the nodes at HP5_BIND_NODES and _LEVEL1.
    void bindForDescent(GLuint program) const;

    const Hp5Layout& layout() const { return m_layout; }
    GLuint totalsBuffer() const { return m_totals.id(); }
    std::uint32_t topOffset() const { return m_layout.offsets[std::size_t(m_layout.levels)]; }
    // The X-ray view (xray_levels.h): level 0 the base (its elements are `baseUnit`), then every level's node
    // totals, each 1D in Z order; and `tiles` of them drawn into `canvas` from the GPU buffers (the base from
    // `baseBuffer`; the program compiled at the first draw). Errors: nothing reserved, the compile log.
    std::vector<XrayLevel> xrayLevels(const char* baseUnit) const;
    Result<void> drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas, GLuint baseBuffer);
    // Tests (wait for the GPU): level l's nodes (level 1's unpacked) and totals.
    std::vector<glm::uvec4> readNodes(int level) const;
    std::vector<std::uint32_t> readTotals(int level) const;

private:
    gl::ShaderLibrary* m_shaders = nullptr;
    gl::ProgramId m_build, m_xray;
    gl::ProgramId m_buildLevel1; // level 1 from the base, four nodes an invocation (HP5_LEVEL1_QUADS)
    Hp5Base m_base = Hp5Base::Counts;
    std::string m_label;
    Hp5Layout m_layout;
    gl::Buffer m_level1, m_nodes, m_totals; // level 1's packed nodes, levels 2 .. top's, every level's totals
    gl::BufferView m_nodesView, m_level1View; // what the descent reads (hp5_descend.glsl)
    std::uint32_t m_level1Capacity = 0, m_nodeCapacity = 0, m_totalCapacity = 0;
};

} // namespace dicer::hp
