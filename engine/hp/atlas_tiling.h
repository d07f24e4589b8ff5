// How atlas texels map to voxels (volume_layout.h): slices of tileSize texels, tilesX per atlas row,
// slice = row * tilesX + col, and the volume's slice count. Texels right of / above the tile grid and in
// tiles past the last slice hold no voxel: no method may report them, whatever the threshold. The maths is
// shaders/hp_point.h, compiled by C++ and GLSL alike.
#pragma once

#include "gl.h"
#include "hp_point.h"

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

namespace dicer::hp {

// A zero tileSize means "the whole input is one slice" (plain 2D images); slices = 0: every texel is a voxel.
struct AtlasTiling {
    glm::ivec2 tileSize{0};
    int tilesX = 1;
    int slices = 0;
};

// The tile size the shaders use for an input of `inputSize` texels (one slice if tileSize is zero).
glm::ivec2 tileSizeFor(const AtlasTiling& tiling, glm::ivec2 inputSize);
// The point entry of atlas texel `cell` (hp_point.h).
glm::uvec4 pointEntry(glm::ivec2 cell, const AtlasTiling& tiling, glm::ivec2 inputSize);
// Whether atlas texel `cell` (inside the input) holds a voxel of the volume (hp_point.h).
bool inVolume(glm::ivec2 cell, const AtlasTiling& tiling, glm::ivec2 inputSize);
// Sets HP_LOC_TILE_SIZE, HP_LOC_TILES_X and HP_LOC_SLICES (hp_tiling.glsl) of `program`.
void setTilingUniforms(GLuint program, const AtlasTiling& tiling, glm::ivec2 inputSize);

} // namespace dicer::hp
