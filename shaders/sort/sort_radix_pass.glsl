// What both passes of one LSD radix pass share (sort_radix_flags / sort_radix_scatter): the keys, the bit
// this pass splits on and whether it is the first pass (which validates the keys and reads no permutation).
#include "sort_keys.glsl"

layout(location = SORT_LOC_LEVELS) uniform uint u_bit;
layout(location = SORT_LOC_FIRST_PASS) uniform uint u_firstPass;

// This invocation's key index, key and the key's bit of this pass; false past the last key.
bool radixKeyOfInvocation(out uint index, out uint key, out uint bit) {
    if (!sortKeyOfInvocation(index, key)) return false;
    bit = (key >> u_bit) & 1u;
    return true;
}
