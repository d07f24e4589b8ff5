// The X-ray of a HistoPyramid: one output index k followed down the pyramid, level by level, as the method's own
// traversal on the GPU took it (recorded by the traversal shader compiled with HP_XRAY: shaders/hp/hp_xray.h),
// and the same walk over the CPU reference's pyramid, to compare exactly. At every level: the visited cell, the
// key at it, its four children's partial sums, the child whose range holds the key and the key inside that
// child; at a mask level (the compute pyramids' level 3: one 64-bit mask per 8x8 base cells) the mask and the
// index of the key-th set bit. Based on: Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006), section
// "PointList builder" (the paper's Figure 3 draws this descent). No GL.
#pragma once

#include "result.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dicer::hp {

struct CpuPyramid; // hp_reference.h

struct XrayStep {
    int level = 0;
    glm::ivec2 cell{0};       // the visited cell at `level`
    std::uint32_t key = 0;    // the key at it (k minus the outputs of the cells before it)
    glm::uvec4 sums{0};       // its children's sums, child order (0,0) (1,0) (0,1) (1,1); a mask: lo, hi, 0, 0
    std::uint32_t child = 0;  // the child taken (0..3), or at a mask level the set bit's index (0..63)
    std::uint32_t keyDown = 0; // the key inside that child (0 at a mask level: the bit is the output)
    bool mask = false;        // a mask level: the 64 base cells of an 8x8 block in Morton order
    bool operator==(const XrayStep&) const = default;
};

struct XrayPath {
    std::uint32_t k = 0;
    std::vector<XrayStep> steps; // the top first
    glm::ivec2 cell{0};          // the base cell (texel) found: the k-th output's
    bool operator==(const XrayPath&) const = default;
};

// The path a record holds (hp_xray.h's layout); steps at `maskLevel` are mask steps. Errors: a record shorter
// than its header says, or none found.
Result<XrayPath> parseXrayRecord(std::span<const std::uint32_t> words, std::uint32_t k, int maskLevel);

// The compute pyramids' walk (hp_compute, hp_bits: sums from level `levels` down to 4, then the level-3 masks)
// over the CPU reference `pyramid` of the same active texels. k < pyramid.count().
XrayPath cpuComputeXray(const CpuPyramid& pyramid, int levels, std::uint32_t k);

// The paper variants' walk (the PointList builder's hpFind): sums from the top level down to level 1, whose
// children are the base cells; no mask level.
XrayPath cpuPaperXray(const CpuPyramid& pyramid, std::uint32_t k);

// hp_sparse's walk (its list's climb read top-down) over the pool's words of this frame's used slots
// (SPARSE_BRICK_WORDS a slot: 16 masks of two words, Morton order) for a pyramid of `top` levels (its levels(), sized
// for the pool's capacity): stored levels `top` .. 2 (an entry's 4 children's sums; past the used slots 0), level 1
// a quadrant's 4 masks, level 0 the mask level (its 64 bits, the key-th set bit). The texel is not known here
// (the pool's bricks are): `cell` is (-1, -1). k < the pool's set bits.
XrayPath cpuSparseXray(std::span<const std::uint32_t> pool, int top, std::uint32_t k);

// "" when equal, else the first difference ("level 7: GPU cell (3, 1) key 12, CPU cell (3, 0) key 12").
std::string compareXray(const XrayPath& gpu, const XrayPath& reference);
// The steps' part of it, each step written by `text` (the marching cubes' path words its steps its own way).
std::string compareXraySteps(std::span<const XrayStep> gpu, std::span<const XrayStep> reference,
                             std::string (*text)(const XrayStep&));

// One line a step and one for the cell found, as `dicer --xray K` prints them.
std::vector<std::string> describeXray(const XrayPath& path);

} // namespace dicer::hp
