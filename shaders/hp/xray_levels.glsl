// The X-ray view's tile pass (engine/hp/xray_levels.h, hp_xray.h): one invocation a pixel of one level's tile
// sums its block of nodes through xrayBlockSum(level, lo, hi), which the including shader defines over its own
// pyramid's storage (nodes lo .. hi - 1, hi within the level's extent; lo is a multiple of the block, so the
// block is one node of a level above and, in Z order, one run of entries). The pixel's sum goes to the canvas
// and, summed per work group, into the tile's total.
#include "hp_xray.h"

layout(local_size_x = HP_XRAY_LOCAL_SIZE, local_size_y = HP_XRAY_LOCAL_SIZE) in;
layout(r32ui, binding = HP_IMAGE_XRAY_CANVAS) uniform writeonly uimage2D u_xrayCanvas;
layout(std430, binding = HP_BIND_XRAY_TOTALS) buffer HpXrayTotals { uint u_xrayTotals[]; };
layout(location = HP_LOC_XRAY_LEVEL) uniform int u_xrayLevel;
layout(location = HP_LOC_XRAY_NODES) uniform ivec2 u_xrayNodes;
layout(location = HP_LOC_XRAY_ORIGIN) uniform ivec2 u_xrayOrigin;
layout(location = HP_LOC_XRAY_BLOCK) uniform int u_xrayBlock;
layout(location = HP_LOC_XRAY_PIXELS) uniform ivec2 u_xrayPixels;
layout(location = HP_LOC_XRAY_AT) uniform ivec2 u_xrayAt;
layout(location = HP_LOC_XRAY_SLOT) uniform int u_xraySlot;

uint xrayBlockSum(int level, ivec2 lo, ivec2 hi);

shared uint s_xrayGroupSum;

void main() {
    if (gl_LocalInvocationIndex == 0u) s_xrayGroupSum = 0u;
    barrier();
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (all(lessThan(p, u_xrayPixels))) {
        ivec2 lo = u_xrayOrigin + p * u_xrayBlock;
        ivec2 hi = min(lo + u_xrayBlock, u_xrayNodes);
        uint sum = all(lessThan(lo, hi)) ? xrayBlockSum(u_xrayLevel, lo, hi) : 0u;
        imageStore(u_xrayCanvas, u_xrayAt + p, uvec4(sum));
        if (sum != 0u) atomicAdd(s_xrayGroupSum, sum);
    }
    barrier();
    if (gl_LocalInvocationIndex == 0u && s_xrayGroupSum != 0u) atomicAdd(u_xrayTotals[u_xraySlot], s_xrayGroupSum);
}
