#version 450
// PointList builder as in the paper: one fragment per entry of a 2D list texture. Entry (x, y) has key index
// k = y * width + x; entries with k >= count stay empty (HP_EMPTY). Also writes the point buffer.
#include "hp_traverse.glsl"
#include "hp_points.glsl"

layout(location = HP_LOC_LIST_WIDTH) uniform int u_listWidth;
layout(location = HP_LOC_COUNT) uniform uint u_count;
layout(location = 0) out uvec2 o_cell;

void main() {
    ivec2 entry = ivec2(gl_FragCoord.xy);
    uint k = uint(entry.y * u_listWidth + entry.x);
    if (k >= u_count) {
        o_cell = uvec2(HP_EMPTY);
        return;
    }
    ivec2 cell = hpFind(k);
    o_cell = uvec2(cell);
    hpWritePoint(k, cell);
}
