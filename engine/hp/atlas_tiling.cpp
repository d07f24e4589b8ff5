#include "atlas_tiling.h"

#include "dicer_shared.h"

#include <algorithm>

namespace dicer::hp {

glm::ivec2 tileSizeFor(const AtlasTiling& tiling, glm::ivec2 inputSize) {
    if (tiling.tileSize.x <= 0 || tiling.tileSize.y <= 0) return glm::max(inputSize, glm::ivec2(1));
    return tiling.tileSize;
}

glm::uvec4 pointEntry(glm::ivec2 cell, const AtlasTiling& tiling, glm::ivec2 inputSize) {
    return hpPointEntry(cell, tileSizeFor(tiling, inputSize), std::max(tiling.tilesX, 1));
}

bool inVolume(glm::ivec2 cell, const AtlasTiling& tiling, glm::ivec2 inputSize) {
    return hpInVolume(cell, tileSizeFor(tiling, inputSize), std::max(tiling.tilesX, 1), tiling.slices);
}

void setTilingUniforms(GLuint program, const AtlasTiling& tiling, glm::ivec2 inputSize) {
    const glm::ivec2 tile = tileSizeFor(tiling, inputSize);
    glProgramUniform2i(program, HP_LOC_TILE_SIZE, tile.x, tile.y);
    glProgramUniform1i(program, HP_LOC_TILES_X, std::max(tiling.tilesX, 1));
    glProgramUniform1i(program, HP_LOC_SLICES, std::max(tiling.slices, 0));
}

} // namespace dicer::hp
