#version 450
// Colours per point of a listed scalar volume (the bits output's colours): point k's voxel (its
// entry, hp_point.h) read from the volume, its texel (discriminate_values.glsl: the colour map of its value,
// alpha max(bin, 1)) into colour k, the slot colours the particles read (PS_BIND_SLOT_COLORS). No rank and no
// voxel-sized buffer: the entry names the voxel. The count stays on the GPU:
//  - DISC_COLOR_ARGS (one invocation): the count (copied into the header from the method's counter) clamped
//    to the colours and the points bound (u_limit: from C++, not the blocks' .length(), which NVIDIA's compiler
//    gave as 0 in a program that reads neither block: no colour was written on the H200), and the colour
//    pass' indirect dispatch;
//  - otherwise: one invocation per point below that count.
#include "discriminate_shared.h"
#include "dispatch_groups.glsl"

layout(local_size_x = DISC_COLOR_LOCAL_SIZE) in;

layout(std430, binding = DISC_BIND_COLOR_ARGS) buffer DiscColorArgs { uint b_args[]; };

#if defined(DISC_COLOR_ARGS)
layout(location = DISC_LOC_COLOR_LIMIT) uniform uint u_limit;

void main() {
    uint count = min(b_args[3], u_limit);
    WRITE_DISPATCH_ARGS(b_args, 0, count, uint(DISC_COLOR_LOCAL_SIZE));
    b_args[3] = count;
}

#else
#include "discriminate_values.glsl"

layout(std430, binding = DISC_BIND_POINTS) readonly buffer DiscPoints { uvec4 b_points[]; };
layout(std430, binding = DISC_BIND_COLORS) writeonly buffer DiscColors { uint b_colors[]; };

void main() {
    uint k = dispatchIndex(uint(DISC_COLOR_LOCAL_SIZE));
    if (k >= b_args[3]) return;
    ivec3 voxel = ivec3(b_points[k].xyz);
    // An entry outside the volume (a point buffer of another volume) gets no colour rather than a stray fetch.
    bool inside = all(lessThan(uvec3(voxel), uvec3(u_size)));
    b_colors[k] = inside ? discTexel(discKey(voxel), true) : 0u;
}
#endif
