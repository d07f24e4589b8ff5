#version 450
// The rank's check (tests/hp_bits_gltest.cpp): for every entry k of hp_bits' point list, the rank of its
// atlas texel (hpb_rank.glsl) into u_ranks[k]; the test expects u_ranks[k] == k. Bound like a foreign shader
// would be: ComputeHistoPyramid::bindForRank().
#include "hpb_rank.glsl"
#include "hp_point.h" // hpEntryAtlasTexel
#include "peers_shared.h" // PEER_BIND_DATA: a free binding for the test's output

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;
layout(std430, binding = HP_BIND_COUNTERS) readonly buffer HpCounters { uint u_counters[]; };
#define HP_POINTS_READONLY
#include "hp_point_blocks.glsl"
layout(std430, binding = PEER_BIND_DATA) writeonly buffer Ranks { uint u_ranks[]; };
layout(location = HP_LOC_CAPACITY) uniform uint u_capacity; // entries listed (and u_ranks' size)

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; // folded to 2D beyond 65535 groups
    uint k = group * HP_LIST_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= min(u_counters[0], u_capacity)) return;
    uint texel = hpLoadPoint(k).w;
    u_ranks[k] = hpbRank(hpEntryAtlasTexel(texel)); // hp_bits: atlases up to 65536, the word is the texel
}
