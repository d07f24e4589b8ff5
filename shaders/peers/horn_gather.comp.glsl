#version 450
// Horn's stream reduction, step 2, in the gather form: output k searches the scanned discriminator for its
// source, the first element whose inclusive prefix sum exceeds k (a binary search over the whole level-0 scan,
// log2(width * height) reads), and copies it. Dispatched indirectly: the count never reaches the CPU. The
// entries come out in row-major order, the order of the input stream.
// Based on: Horn, "Stream Reduction Operations for GPGPU Applications", GPU Gems 2 ch. 36 (2005).
#include "horn_common.glsl"
#include "hp_points.glsl"

layout(std430, binding = HP_BIND_ARGS) readonly buffer HpArgs { uint u_args[]; };
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize;

layout(local_size_x = HP_LIST_LOCAL_SIZE) in;

void main() {
    uint group = hornGroupIndex();
    uint k = group * HP_LIST_LOCAL_SIZE + gl_LocalInvocationID.x;
    if (k >= u_args[HP_ARGS_COUNT]) return;
    uint lo = 0u, hi = u_elements - 1u; // the answer lies in [lo, hi]: k < count = u_data[u_elements - 1]
    while (lo < hi) {
        uint mid = (lo + hi) >> 1;
        if (u_data[mid] > k)
            hi = mid;
        else
            lo = mid + 1u;
    }
    uint w = uint(u_inputSize.x);
    hpWritePoint(k, ivec2(int(lo % w), int(lo / w)));
}
