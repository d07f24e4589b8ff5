#version 450
#extension GL_ARB_shader_ballot : require
// "hp5" (engine/hp/hp5.h), run once at creation where the driver has subgroup ballot: each invocation's subgroup
// size and lane, in groups of the ballot words' size (hp5_words_ballot.comp.glsl). The ballot words need the
// lanes of a subgroup to be consecutive invocations aligned to its size, which GL does not promise.
#include "hp5_shared.h"

layout(local_size_x = HP5_BALLOT_LOCAL_SIZE) in;
layout(std430, binding = HP5_BIND_BASE) writeonly buffer Hp5Lanes { uvec2 b_lanes[]; };

void main() {
    b_lanes[gl_GlobalInvocationID.x] = uvec2(gl_SubGroupSizeARB, gl_SubGroupInvocationARB);
}
