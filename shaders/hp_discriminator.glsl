// Discriminator fused into the first reduction (paper 6.1): a cell is active when its alpha byte reaches the
// threshold. Comparing bytes, not floats, makes the CPU reference bit-exact.
#pragma once
#include "dicer_shared.h"

layout(binding = HP_UNIT_INPUT) uniform sampler2D u_input;
layout(location = HP_LOC_INPUT_SIZE) uniform ivec2 u_inputSize;
layout(location = HP_LOC_THRESHOLD) uniform uint u_threshold;

uint hpActive(ivec2 cell) {
    if (any(greaterThanEqual(cell, u_inputSize))) return 0u; // padding up to the power-of-two base
    uint alpha8 = uint(texelFetch(u_input, cell, 0).a * 255.0 + 0.5);
    return alpha8 >= u_threshold ? 1u : 0u;
}
