// The GL side of the X-ray's tiles (xray_levels.h) every pyramid shares: the canvas and the totals bound, one
// dispatch a tile of the program in use (its shader includes xray_levels.glsl and binds its own levels).
#pragma once

#include "gl.h"
#include "xray_levels.h"

#include <span>

namespace dicer::hp {

void dispatchXrayTiles(GLuint program, std::span<const XrayTile> tiles, const XrayCanvas& canvas);

} // namespace dicer::hp
