#version 450
// Point-list view: the list laid out as the paper's 2D list texture (width ceil(sqrt(count)), entry k at
// (k mod width, k / width)), each entry in the false colour of its voxel. Read from the point buffer, which
// both PointList paths fill in key-index order; the count comes from the pyramid's counter on the GPU.
#include "view_shared.h"

layout(local_size_x = VIEW_LOCAL_SIZE, local_size_y = VIEW_LOCAL_SIZE) in;
layout(rgba8, binding = VIEW_IMAGE_DST) uniform writeonly image2D u_dst;
layout(std430, binding = HP_BIND_COUNTERS) readonly buffer HpCounters { uint u_counters[]; };
#define HP_POINTS_READONLY
#include "hp_point_blocks.glsl"
layout(location = VIEW_LOC_DST_SIZE) uniform ivec2 u_dstSize;
layout(location = VIEW_LOC_VOLUME) uniform ivec3 u_volume;
layout(location = VIEW_LOC_CAPACITY) uniform uint u_capacity;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, u_dstSize))) return;
    uint n = min(u_counters[0], u_capacity);
    uint width = max(uint(ceil(sqrt(float(n)))), 1u);
    while (width * width < n) ++width; // float sqrt rounds down for large counts
    uint height = (n + width - 1u) / width;
    // Square image, the list's width across it (its height is at most its width).
    uvec2 entry = uvec2(pixel) * width / uvec2(u_dstSize);
    vec3 color = vec3(0.02); // outside the list
    if (entry.y < height) {
        uint k = entry.y * width + entry.x;
        color = k < n ? (vec3(hpLoadPoint(k).xyz) + 0.5) / vec3(u_volume) : vec3(0.12); // grey: empty entry
    }
    imageStore(u_dst, pixel, vec4(color, 1.0));
}
