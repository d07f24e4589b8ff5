#version 450
// Colours per slot, before the owner pass (voxelizer_slots.cpp):
//  - VOX_SLOTS_ARGS (one invocation): the slot count (copied on the GPU from the caller's count, e.g. the
//    HistoPyramid's point count) clamped to the capacity, and the clear's indirect dispatch;
//  - VOX_SLOTS_CLEAR: owner[0, count) = 0: O(points) bytes per frame, never O(volume).
#include "dispatch_groups.glsl"
#include "voxelize_slots.glsl"

layout(local_size_x = VOX_SLOTS_LOCAL_SIZE) in;

void main() {
    uint capacity = uint(b_slotOwners.length()) - VOX_SLOTS_HEADER;
#if defined(VOX_SLOTS_ARGS)
    uint count = min(b_slotOwners[3], capacity);
    WRITE_DISPATCH_ARGS(b_slotOwners, 0, count, uint(VOX_SLOTS_LOCAL_SIZE));
    b_slotOwners[3] = count;
#else
    uint i = dispatchIndex(uint(VOX_SLOTS_LOCAL_SIZE));
    if (i < b_slotOwners[3]) b_slotOwners[VOX_SLOTS_HEADER + i] = 0u;
#endif
}
