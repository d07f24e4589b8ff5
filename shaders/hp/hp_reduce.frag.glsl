#version 450
// HistoPyramid reduction, the 2006 way: render to texture, one fragment per output cell, one pass per level.
#include "hp_reduce.glsl"

layout(location = 0) out HP_OUT o_value;

void main() { o_value = hpReduce(ivec2(gl_FragCoord.xy) - u_dstOffset); }
