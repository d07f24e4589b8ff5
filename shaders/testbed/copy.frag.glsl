#version 450
// Bandwidth yardstick: one full-screen pass that reads every atlas texel once and writes it out again.
// Every HistoPyramid stage is reported as a multiple of this pass over the same atlas.
#include "testbed_shared.h"
layout(binding = COPY_UNIT_SOURCE) uniform sampler2D u_source;
layout(location = 0) out vec4 o_color;
void main() { o_color = texelFetch(u_source, ivec2(gl_FragCoord.xy), 0); }
