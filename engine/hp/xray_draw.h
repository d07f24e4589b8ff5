// The GL side of the X-ray every pyramid shares: the tiles' dispatch (xray_levels.h: the canvas and the totals
// bound, one dispatch for the program in use, whose shader includes xray_levels.glsl and binds its own levels)
// and the path record a traced traversal writes (xray.h).
#pragma once

#include "gl.h"
#include "gl_handle.h"
#include "result.h"
#include "xray_levels.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dicer::hp {

// The path record (hp_xray.h): its buffer made at the first trace, cleared and bound at HP_BIND_XRAY before the
// traversal's one invocation, read back after it (a few hundred bytes: it waits for the GPU; a tool, never the
// frame).
class XrayRecord {
public:
    Result<void> bind(const std::string& label); // errors: the driver refused the buffer
    std::vector<std::uint32_t> read() const;     // HP_XRAY_WORDS uints
private:
    gl::Buffer m_buffer;
};

void dispatchXrayTiles(GLuint program, std::span<const XrayTile> tiles, const XrayCanvas& canvas);

// The tiles' work groups (xray_groups.glsl): sets HP_LOC_XRAY_TILE (the tile's level, block, slot and first group)
// and HP_LOC_XRAY_PIXELS in `program` and dispatches every tile's groups, folded to 2D past 65535, once.
void dispatchXrayGroups(GLuint program, std::span<const XrayTile> tiles);

} // namespace dicer::hp
