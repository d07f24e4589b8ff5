// hp_sparse: the HistoPyramid over the sparse occupancy (occupancy_sparse.h), whose build follows the
// marked bricks instead of the volume, and whose list is hp_bits' over the same voxels, entry for entry.
//  - Input: MethodInput::sparseIndex / sparsePool / bitsSide (the voxelizer's VoxelOutput::Sparse, or dense bits
//    converted by voxel::SparseOccupancy::fromBits). The pool's slots hold the marked bricks in Morton order,
//    each brick's 16 masks in Morton order: read in order, the pool is the active texels in key-index order.
//  - Build: a 1D 4:1 HistoPyramid over the pool's masks of the used slots (hps_build.comp.glsl, hps_shared.h):
//    one tiny pass turns the used slots (on the GPU) into the indirect arguments of the build's dispatches, five
//    levels each; level 2 is one node per slot (its quadrants' sums), levels above group four. Work and traffic
//    are O(marked bricks): 1024^3 reads ~4 MiB of pool instead of 128 MiB of bits. The top writes the count, the
//    incomplete flag (counts()[HP_COUNT_INCOMPLETE]: the frame's pool overflowed) and the list's arguments.
//  - List: one invocation per quadrant of a used slot climbs the levels once for its first index and writes its
//    masks' points in bit order (hps_list.comp.glsl, hps_climb.glsl).
//  - Rank: the same climb plus the set bits before a texel in its quadrant gives the texel's index in the list
//    (hps_rank.glsl), for the voxelizer's colours per point of the sparse output (bindForRank).
//  - Storage: levels 2..L as uvec4 in one buffer (~21 bytes a slot), sized for the pool's capacity: L = 2 +
//    ceil(log4(capacity)), fixed for a pool, so the traversal's depth is known on the CPU.
// Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006) (HistoPyramid, PointList); Dyken, Ziegler,
// Theobalt, Seidel, "High-speed Marching Cubes using HistoPyramids" (2008) (child sums per texel, 1D layout).
#pragma once

#include "compactor.h"
#include "xray_draw.h"
#include "hps_shared.h"
#include "storage_blocks.h"

#include <cstdint>
#include <memory>

namespace dicer::hp {

// Stored levels above the masks for a pool of `slots` (pure CPU): the top L (at least 2), and node counts.
int sparseLevels(std::uint32_t slots);
std::uint32_t sparseLevelNodes(std::uint32_t slots, int level); // ceil(16 slots / 4^level)
int sparseDispatches(int levels);                               // ceil(L / 5)

class SparseHistoPyramid final : public Compactor {
public:
    static Result<std::unique_ptr<SparseHistoPyramid>> create(gl::ShaderLibrary& shaders,
                                                              const gl::GlInfo& info);

    // build() writes the list arguments for input.capacity, so list(Resident) is one indirect dispatch; errors
    // (checkSparseInput; the levels beyond the storage block limit) leave the previous output.
    Result<void> build(const MethodInput& input) override;
    Result<void> list(const MethodInput& input, ListPath path) override;
    // After a build: binds the last build's structure and levels, and sets the rank's uniforms in `program`
    // (hps_rank.glsl, which it must include). Error before any build.
    Result<void> bindForRank(GLuint program) const override;
    int levels() const { return m_levels; }
    // The X-ray view: level 0 the pool's masks (16 a slot), 1 their quadrants, 2 the slots (the marked bricks),
    // up to the top; in Z order, sized for the pool's capacity (hp_sparse_xray.cpp).
    std::vector<XrayLevel> xrayLevels() const override;
    Result<void> drawXray(std::span<const XrayTile> tiles, const XrayCanvas& canvas) override;
    // Output k's path: the list pass compiled with HP_XRAY, whose invocation holding k records its own climb
    // (read top-down), its quadrant's masks and the bit (hps_list.comp.glsl); level 0 is the mask level.
    Result<XrayPath> trace(std::uint32_t k) override;

private:
    SparseHistoPyramid(gl::ShaderLibrary& shaders, const gl::GlInfo& info)
        : Compactor(shaders, info, "hp_sparse", EntryOrder::KeyIndex) {}
    Result<void> layout(std::uint32_t slots); // the levels buffer and offsets for a pool of `slots`
    void bindInput() const;
    Result<void> listResident(std::uint32_t capacity);

    gl::ProgramId m_argsPass, m_build[HPS_MAX_DISPATCHES];
    gl::BlockedProgram m_list;
    gl::Buffer m_levelsBuffer, m_buildArgs;
    std::uint32_t m_slots = 0;
    int m_levels = 0;
    int m_offsets[HPS_MAX_LEVELS + 1] = {};
    GLuint m_index = 0, m_pool = 0; // the last build's input (not owned): the list reads them
    int m_side = 0;
    AtlasTiling m_tiling;
    std::uint32_t m_argsCapacity = 0; // the capacity the build wrote list arguments for
    gl::ProgramId m_xrayLevels;       // the X-ray's tiles: compiled at the first draw
    gl::ProgramId m_xrayTrace;        // the list with HP_XRAY: compiled at the first trace
    XrayRecord m_xrayRecord;
};

Result<std::unique_ptr<PointMethod>> createSparseHistoPyramid(gl::ShaderLibrary& shaders,
                                                              const gl::GlInfo& info);

} // namespace dicer::hp
