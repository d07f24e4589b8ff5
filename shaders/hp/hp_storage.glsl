// How a variant stores its pyramid, selected by defines the C++ variant injects:
//   HP_LAYOUT_MIP   levels are the mip levels of a GL_TEXTURE_2D (level l at mip l-1)  [single, vec4, bil]
//   HP_LAYOUT_RECT  all levels side by side in one GL_TEXTURE_RECTANGLE (pseudo-mipmap) [rect]
//   HP_STORAGE_FLOAT  float texels (the 2006 formats; bil needs them for filtering), else unsigned integers
//   HP_VEC4           each texel holds its four children's sums (vec4 variant)
#pragma once
#include "hp_shared.h"

layout(location = HP_LOC_LEVELS) uniform int u_levels;
layout(location = HP_LOC_BASE_SIZE) uniform int u_baseSize;

#if defined(HP_LAYOUT_RECT)
#ifdef HP_STORAGE_FLOAT
layout(binding = HP_UNIT_PYRAMID) uniform sampler2DRect u_pyramid;
#else
layout(binding = HP_UNIT_PYRAMID) uniform usampler2DRect u_pyramid;
#endif
// Level l (1-based, size N >> l) starts at x = N - (N >> (l - 1)): level 1 at 0, level 2 right of it, ...
int hpRectOffset(int level) { return u_baseSize - (u_baseSize >> (level - 1)); }
#define HP_FETCH(level, cell) texelFetch(u_pyramid, (cell) + ivec2(hpRectOffset(level), 0))
#else
#ifdef HP_STORAGE_FLOAT
layout(binding = HP_UNIT_PYRAMID) uniform sampler2D u_pyramid;
#else
layout(binding = HP_UNIT_PYRAMID) uniform usampler2D u_pyramid;
#endif
#define HP_FETCH(level, cell) texelFetch(u_pyramid, (cell), (level) - 1)
#endif

// Sum stored at (level, cell); for vec4 texels the four children's sums added up.
uint hpValue(int level, ivec2 cell) {
#ifdef HP_VEC4
    uvec4 v = uvec4(HP_FETCH(level, cell));
    return v.x + v.y + v.z + v.w;
#else
    return uint(HP_FETCH(level, cell).r);
#endif
}

uint hpTotal() { return hpValue(u_levels, ivec2(0)); }
