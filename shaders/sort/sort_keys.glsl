// The passes that run one invocation per input key: the keys, their count and range, and this invocation's key.
#include "sort_common.glsl"

layout(std430, binding = SORT_BIND_KEYS) readonly buffer Keys { uint u_keys[]; };
layout(location = SORT_LOC_N) uniform uint u_n;
layout(location = SORT_LOC_M) uniform uint u_m;

// False for the invocations past the last key (the grid is rounded up to whole groups).
bool sortKeyOfInvocation(out uint index, out uint key) {
    index = sortInvocation();
    if (index >= u_n) return false;
    key = u_keys[index];
    return true;
}
