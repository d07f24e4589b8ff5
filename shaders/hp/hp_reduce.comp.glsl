#version 450
// HistoPyramid reduction, compute path: one invocation per output cell, one dispatch per level, written with
// imageStore. Same arithmetic as the fragment path (hp_reduce.glsl); on llvmpipe it skips the rasteriser's
// per-fragment cost (4096^2 first level: 11 ms vs 28 ms).
#include "hp_reduce.glsl"

layout(local_size_x = HP_REDUCE_LOCAL_SIZE, local_size_y = HP_REDUCE_LOCAL_SIZE) in;
layout(location = HP_LOC_DST_SIZE) uniform ivec2 u_dstSize;
// HP_IMAGE_FORMAT / HP_IMAGE_TYPE come from the variant: r32ui + uimage2D, rgba32f + image2D, ...
layout(binding = HP_IMAGE_DST, HP_IMAGE_FORMAT) uniform writeonly HP_IMAGE_TYPE u_dst;

void main() {
    ivec2 cell = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(cell, u_dstSize))) return;
    HP_OUT v = hpReduce(cell);
#ifdef HP_VEC4
    imageStore(u_dst, cell + u_dstOffset, v);
#else
    imageStore(u_dst, cell + u_dstOffset, HP_VEC(v));
#endif
}
