// The CPU reference of the discriminator: which voxels of a volume a band makes
// active, and the RGBA8 texel the GPU writes for each voxel, from the definitions alone (real-number
// comparisons in doubles: band.h, and the colour bins below), never from the GPU's order keys
// (value_keys.h), so a test comparing the two checks the keys too. The tests turn the texels into the slice
// atlas (alpha channel) and feed them to the HistoPyramid references (hp_reference.h, bits_reference.h) to get
// every method's expected entries. No GL.
//
// The texel of voxel v (value x, the data's range [min, max] from valueRange):
//  - bin q = the number of colour edges <= x, edge i (i = 1..255) = min + i (max - min) / 256 (infinite
//    ends as +-FLT_MAX): q = floor((x - min) / (max - min) * 256) clamped to 255, i.e. the value's place in the
//    data's range, stable while the band moves;
//  - rgb = the colour map of q (shaders/volume_values.h, viridis); alpha = max(q, 1) when x is in the band
//    (1..255: the paper's alpha, a threshold of 1/255 lists exactly the band), 0 when it is not;
//  - NaN: 0 (black, never active). Texels of the atlas that hold no voxel (padding) are 0.
#pragma once

#include "band.h"
#include "scalar_volume.h"

#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace dicer::volume {

inline constexpr int kColorEdges = 255; // edges between the colour map's 256 bins

// The colour edges over the data's range; all +inf without a range (all NaN: no bin is ever needed).
std::array<double, kColorEdges> colorEdges(std::optional<ValueRange> range);
// The bin of x (0..255): the number of edges <= x.
int colorBin(double x, const std::array<double, kColorEdges>& edges);
// The texel for value x (see above), packUnorm4x8 order (red in the low byte).
std::uint32_t referenceTexel(double x, Band band, const std::array<double, kColorEdges>& edges);

// The texel of every voxel, in the volume's order (x fastest, then y, then z); edges from valueRange(volume).
std::vector<std::uint32_t> referenceTexels(const ScalarVolume& volume, Band band);

// The slice atlas the GPU writes (volume_layout.h: slice k is the tile (k % tilesX, k / tilesX) of
// size.x x size.y texels in an atlasSize^2 atlas, padding 0), as RGBA8 bytes or only the alpha channel.
// tilesX and atlasSize must hold the volume (VolumeLayout::make's values).
std::vector<std::uint8_t> referenceAtlasRgba(const ScalarVolume& volume, Band band, int tilesX,
                                             int atlasSize);
std::vector<std::uint8_t> referenceAtlasAlpha(const ScalarVolume& volume, Band band, int tilesX,
                                              int atlasSize);

// The active voxels in the volume's order, and how many there are.
std::vector<glm::ivec3> activeVoxels(const ScalarVolume& volume, Band band);
std::uint64_t activeCount(const ScalarVolume& volume, Band band);

} // namespace dicer::volume
