// HP5 descent (engine/hp/hp5_pyramid.h): output k from the top node down to the base element that holds it. At
// each level one uvec4 fetch of the node's running sums; the child is the number of sums <= k (the first child
// whose running sum exceeds k: a child of count 0 is passed over, so the tie rule is the 4:1 pyramids'), and k
// becomes its index inside that child, minus the largest sum <= k. Compares and selects only: no branch a lane
// could take alone (llvmpipe runs both sides of a branch under its lane masks).
#include "hp5_shared.h"

// Through views (image loads): llvmpipe gathers an image load's 8 lanes at once where a storage-buffer load loops
// over them (gl/buffer_view.h).
layout(binding = HP5_IMAGE_NODES, rgba32ui) uniform readonly uimageBuffer u_hp5Nodes;
layout(binding = HP5_IMAGE_LEVEL1, rgba32ui) uniform readonly uimageBuffer u_hp5Level1;
layout(location = HP5_LOC_LEVELS) uniform uint u_hp5Levels;
layout(location = HP5_LOC_OFFSETS) uniform uint u_hp5Offsets[HP5_MAX_LEVELS];

// One level: the child of `node` (whose running sums are `sums`) that holds k; k made relative to that child.
uint hp5Step(uvec4 sums, uint node, inout uint k) {
    uvec4 passed = uvec4(lessThanEqual(sums, uvec4(k))); // monotone: 1s, then 0s
    uvec4 before = passed * sums;
    k -= max(max(before.x, before.y), max(before.z, before.w));
    return uint(HP5_FAN_IN) * node + passed.x + passed.y + passed.z + passed.w;
}

// k must be below the top's total. Returns the base element; k is then the output's index inside it.
uint hp5Descend(inout uint k) {
    uint node = 0u;
    for (int level = int(u_hp5Levels); level >= 2; --level)
        node = hp5Step(imageLoad(u_hp5Nodes, int(u_hp5Offsets[level] + node)), node, k);
    uint bytes = imageLoad(u_hp5Level1, int(node / 4u))[node & 3u]; // every pyramid has level 1: sums as bytes
    return hp5Step(uvec4(bytes & 0xffu, (bytes >> 8) & 0xffu, (bytes >> 16) & 0xffu, bytes >> 24), node, k);
}
