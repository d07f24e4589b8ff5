// CPU side of the occupancy bits (occupancy_bits.h): the conversion from an atlas (what the GL tests
// feed the bits rows of the method table) and the reference the HistoPyramid over bits (hp_bits) is checked
// against exactly: its count, its entries in key-index order and the rank of a texel.
#pragma once

#include "atlas_tiling.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace dicer::hp {

// uints of the bits of a virtual atlas of `side` texels a side (2 per 8x8 block).
std::size_t bitsWordCount(int side);

// The bits of an atlas' alpha channel (`alpha`: width x height bytes, row-major) in a virtual atlas of `side`
// >= max(width, height) texels: a texel's bit is set when it is active by the discriminator's rule (inside the
// volume of `tiling` and alpha >= thresholdByte); texels beyond the atlas and padding are 0.
std::vector<std::uint32_t> atlasToBits(std::span<const std::uint8_t> alpha, int width, int height,
                                       std::uint32_t thresholdByte, const AtlasTiling& tiling, int side);
// The same from RGBA8 texels (4 bytes each, alpha last).
std::vector<std::uint32_t> rgbaToBits(std::span<const std::uint8_t> rgba, int width, int height,
                                      std::uint32_t thresholdByte, const AtlasTiling& tiling, int side);

bool bitAt(std::span<const std::uint32_t> words, int side, glm::ivec2 texel);
void setBit(std::span<std::uint32_t> words, int side, glm::ivec2 texel);

// Set bits.
std::uint64_t bitsCount(std::span<const std::uint32_t> words);

// The active texels in key-index order (hp_pick.h child order at every level = Morton order of the texel,
// x in the even bits): blocks in Morton order over the pyramid's power-of-two grid, then each mask's set bits
// from bit 0 up. Independent of any pyramid: it walks the bits.
std::vector<glm::ivec2> bitsKeyIndexTexels(std::span<const std::uint32_t> words, int side);
// Their point entries (hp_point.h), the tiling's voxel and the texel, as hp_bits writes them; the virtual
// atlas is the input (a zero tile size means one slice of side x side).
std::vector<glm::uvec4> bitsKeyIndexEntries(std::span<const std::uint32_t> words, int side,
                                            const AtlasTiling& tiling);

// Morton code of a texel (x in the even bits, y in the odd ones): the key-index order of the pyramid.
std::uint64_t mortonCode(glm::ivec2 texel);

} // namespace dicer::hp
