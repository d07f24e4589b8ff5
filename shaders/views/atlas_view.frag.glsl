#version 450
// Slice-atlas view: a window of the atlas (zoom/pan) drawn into the panel's image. A shell model sets ~0.5 %
// of the texels, so plain nearest sampling of a 4096^2 atlas in a 512-pixel panel would drop most of them:
// each pixel shows the most opaque texel of its footprint (strided, at most 6x6 taps per pixel: a one-texel
// ring still shows as a ring at 14 texels per pixel, and the panel stays cheap on llvmpipe).
// VIEW_FROM_BITS: the same view of the occupancy bits (occupancy_bits.h), the virtual atlas at one bit per
// texel, which has no texture to sample: a set bit shows white (the paper's Figure 1 picture, in bits mode).
// VIEW_FROM_SPARSE: the same view of the sparse occupancy (occupancy_sparse.h): a texel of a marked brick reads
// its slot's bits (set: white; unset: the brick's tint, so the used bricks show as tinted squares), a texel of an
// unmarked brick is empty background (no bits exist for it).
// A scalar volume's atlas (volume_discriminator.h) holds every voxel's value through the colour map, alpha 0
// outside the band: those texels are drawn dimmed, so the slices show the data with the active cells bright.
#include "view_shared.h"
#include "hpc_shared.h" // HPB_BIND_BITS: where the bits are read from
#include "occupancy_bits.h"

layout(location = VIEW_LOC_WINDOW) uniform vec4 u_window; // texels: x0, y0, x1, y1
layout(location = VIEW_LOC_DST_SIZE) uniform ivec2 u_dstSize;
layout(location = VIEW_LOC_TILE_SIZE) uniform ivec2 u_tileSize;
layout(location = 0) out vec4 o_color;

#ifdef VIEW_FROM_BITS
layout(std430, binding = HPB_BIND_BITS) readonly buffer Bits { uint u_bits[]; };
layout(location = VIEW_LOC_ATLAS_SIDE) uniform int u_atlasSide; // the virtual atlas' side
ivec2 atlasExtent() { return ivec2(u_atlasSide); }
vec4 texelAt(ivec2 t) {
    bool set = (u_bits[hpBitsWord(t, hpBitsBlocksX(u_atlasSide))] & hpBitsMask(t)) != 0u;
    return set ? vec4(1.0) : vec4(0.0);
}
#elif defined(VIEW_FROM_SPARSE)
#include "occupancy_sparse.h"
layout(std430, binding = SPARSE_BIND_INDEX) readonly buffer SparseIndex { uint u_index[]; };
layout(std430, binding = SPARSE_BIND_POOL) readonly buffer SparsePool { uint u_pool[]; };
layout(location = VIEW_LOC_ATLAS_SIDE) uniform int u_atlasSide; // the virtual atlas' side
layout(location = VIEW_LOC_CAPACITY) uniform uint u_slots;      // the pool's slots (past them: not written)
ivec2 atlasExtent() { return ivec2(u_atlasSide); }
vec4 texelAt(ivec2 t) {
    uint brick = hpSparseBrick(t);
    uint coarse = u_index[SPARSE_HEADER + int(brick >> 5u)];
    if ((coarse & (1u << (brick & 31u))) == 0u) return vec4(0.0); // an empty brick
    uint slot = hpSparseSlot(coarse, u_index[hpSparseBaseOffset(u_atlasSide) + int(brick >> 5u)], brick);
    if (slot >= u_slots) return vec4(0.6, 0.1, 0.1, 0.0); // marked, but the pool overflowed: dropped (red tint)
    uint i = hpSparseInBrick(t);
    bool set = (u_pool[slot * uint(SPARSE_BRICK_WORDS) + (i >> 5u)] & (1u << (i & 31u))) != 0u;
    return set ? vec4(1.0) : vec4(0.2, 0.3, 0.55, 0.0); // a used brick's unset texel: its blue tint
}
#else
layout(binding = VIEW_UNIT_ATLAS) uniform sampler2D u_atlas;
ivec2 atlasExtent() { return textureSize(u_atlas, 0); }
vec4 texelAt(ivec2 t) { return texelFetch(u_atlas, t, 0); }
#endif

void main() {
    ivec2 atlasSize = atlasExtent();
    vec2 perPixel = (u_window.zw - u_window.xy) / vec2(u_dstSize);
    vec2 start = u_window.xy + floor(gl_FragCoord.xy) * perPixel;
    ivec2 taps = clamp(ivec2(ceil(perPixel)), ivec2(1), ivec2(6));
    vec2 stride = perPixel / vec2(taps);
    vec4 best = vec4(0.0);
    vec3 inactive = vec3(0.0); // a colour seen at alpha 0 (a volume's value outside the band); meshes have none
    for (int j = 0; j < taps.y; ++j)
        for (int i = 0; i < taps.x; ++i) {
            ivec2 t = ivec2(start + (vec2(i, j) + 0.5) * stride);
            if (any(lessThan(t, ivec2(0))) || any(greaterThanEqual(t, atlasSize))) continue;
            vec4 c = texelAt(t);
            if (c.a > best.a) best = c;
            if (c.a == 0.0 && dot(c.rgb, vec3(1.0)) > 0.0) inactive = c.rgb;
        }
    vec3 background = vec3(0.08);
    ivec2 first = ivec2(floor(start)), last = ivec2(floor(start + perPixel - 1e-3));
    if (any(lessThan(first, ivec2(0))) || any(greaterThanEqual(first, atlasSize))) background = vec3(0.02);
    else if (any(notEqual(first / u_tileSize, last / u_tileSize)) || any(equal(first % u_tileSize, ivec2(0))))
        background = vec3(0.16); // a slice border inside this pixel
    // Active texels keep their colour (white where the source stores none) at full brightness.
    if (dot(inactive, vec3(1.0)) > 0.0) background = mix(background, inactive, 0.55);
    vec3 color = best.a > 0.0 ? (dot(best.rgb, vec3(1.0)) > 0.0 ? best.rgb : vec3(1.0)) : background;
    o_color = vec4(color, 1.0);
}
