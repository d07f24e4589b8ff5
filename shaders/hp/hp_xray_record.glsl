// The X-ray's path record (hp_xray.h) as a traversal compiled with HP_XRAY writes it, one step a level in the order
// it takes them: hp_descend.glsl for the 2D pyramids' descents, and the 1D pyramids' own traversals (hp_mc's
// expansion, the counting sort's descent, hp_sparse's climb read top-down). The includer declares the key it
// follows (its own uniform location: the marching-cubes passes keep theirs clear of the discriminator's).
#pragma once
#include "hp_xray.h"

layout(std430, binding = HP_BIND_XRAY) writeonly buffer HpXrayRecord { uint u_xray[]; };
uint g_xraySteps = 0u;

// A step: the level, the visited cell (a 1D pyramid's entry: (index, 0)), the key at it, its children's sums (or
// a mask's two words), the child taken (or the bit), the key passed down, and two words a traversal may add
// (hp_mc's base word: its case and the cell).
void xrayWriteStep(uint level, uvec2 cell, uint key, uvec4 sums, uint child, uint keyDown, uvec2 extra) {
    if (g_xraySteps >= uint(HP_XRAY_MAX_STEPS)) return;
    uint at = uint(HP_XRAY_HEADER_WORDS) + g_xraySteps * uint(HP_XRAY_STEP_WORDS);
    u_xray[at + 0u] = level;
    u_xray[at + 1u] = cell.x;
    u_xray[at + 2u] = cell.y;
    u_xray[at + 3u] = key;
    for (uint i = 0u; i < 4u; ++i) u_xray[at + 4u + i] = sums[i];
    u_xray[at + 8u] = child;
    u_xray[at + 9u] = keyDown;
    u_xray[at + 10u] = extra.x;
    u_xray[at + 11u] = extra.y;
    ++g_xraySteps;
}

// The header, after the last step: the steps written, two words of what was found (a cell; hp_mc: the cell and
// the vertex in it) and the found flag.
void xrayClose(uvec2 found) {
    u_xray[0] = g_xraySteps;
    u_xray[1] = found.x;
    u_xray[2] = found.y;
    u_xray[3] = 1u;
}
