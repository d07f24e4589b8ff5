// The X-ray view's tile pass (engine/hp/xray_levels.h, hp_xray.h): one invocation a pixel of one level's tile
// (xray_groups.glsl: each tile its own work groups)
// sums its block of nodes through xrayBlockSum(level, lo, hi), which the including shader defines over its own
// pyramid's storage (nodes lo .. hi - 1, hi within the level's extent; lo is a multiple of the block, so the
// block is one node of a level above and, in Z order, one run of entries). The pixel's sum goes to the canvas
// and into the tile's total.
#include "hp_xray.h"

layout(local_size_x = HP_XRAY_LOCAL_SIZE, local_size_y = HP_XRAY_LOCAL_SIZE) in;
layout(r32ui, binding = HP_IMAGE_XRAY_CANVAS) uniform writeonly uimage2D u_xrayCanvas;
layout(std430, binding = HP_BIND_XRAY_TOTALS) buffer HpXrayTotals { uint u_xrayTotals[]; };
layout(location = HP_LOC_XRAY_TILE) uniform ivec4 u_xrayTile[HP_XRAY_MAX_TILES];
layout(location = HP_LOC_XRAY_NODES) uniform ivec4 u_xrayNodes[HP_XRAY_MAX_TILES];
layout(location = HP_LOC_XRAY_PIXELS) uniform ivec4 u_xrayPixels[HP_XRAY_MAX_TILES];

int g_xrayBlock; // this invocation's tile's block: xrayBlockSum reads it

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi);

// A 1D level's entry at `node` in Z order (xray_levels.h zOrderIndex): x in the even bits, y in the odd ones.
uint xrayZIndex(ivec2 node) {
    uint index = 0u;
    for (int b = 0; b < 16; ++b)
        index |= ((uint(node.x) >> b & 1u) << (2 * b)) | ((uint(node.y) >> b & 1u) << (2 * b + 1));
    return index;
}

#include "xray_groups.glsl"

// No shared-memory reduction: a barrier makes llvmpipe run a work group's invocations as coroutines, which cost
// more than one global atomicAdd from each pixel that holds outputs (the totals are a handful of uints).
void main() {
    XrayGroup group = xrayGroup();
    if (group.tile < 0) return; // the whole work group: past the last tile
    ivec4 t = u_xrayTile[group.tile], nodes = u_xrayNodes[group.tile], pixels = u_xrayPixels[group.tile];
    g_xrayBlock = t.y;
    ivec2 p = group.pixel;
    if (any(greaterThanEqual(p, pixels.xy))) return;
    ivec2 lo = nodes.zw + p * t.y;
    ivec2 hi = min(lo + t.y, nodes.xy);
    uint sum = all(lessThan(lo, hi)) ? xrayBlockSum(t.x, lo, hi) : 0u;
    if (sum != 0u) atomicAdd(u_xrayTotals[t.z], sum);
    imageStore(u_xrayCanvas, pixels.zw + p, uvec4(sum));
}
