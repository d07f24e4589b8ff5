// HeartBreaker for surfaces: the pieces' state, an entry a triangle in two arrays (surface_shatter.h):
//  - links (uvec4, ShatterPiece's link): one storage block, the target of the passes' atomics; 16 bytes a
//    triangle, so one block holds more triangles than the source's ENTRY_BLOCKS blocks of vertices;
//  - motion (SHATTER_MOTION_VEC4S vec4: offset, velocity, orientation, spin, pivot): ENTRY_BLOCKS blocks of vec4
//    (entry_blocks.glsl), since 80 bytes a triangle outgrow one block first (llvmpipe: 1.68 M triangles; the
//    source's vertex buffer holds 5.59 M).
// shLoadPiece / shStorePiece move one entry as the ShatterPiece of shatter_step.h. The includer chooses the
// access: SHATTER_STATE_READONLY (the draw: loads only) or SHATTER_LINKS_COHERENT (the labelling, which reads
// its work group's link writes after a barrier).
#pragma once
#include "entry_blocks.glsl"
#include "shatter_step.h"

#ifdef SHATTER_STATE_READONLY
#define SH_LINKS_ACCESS readonly
#define SH_MOTION_ACCESS readonly
#elif defined(SHATTER_LINKS_COHERENT)
#define SH_LINKS_ACCESS coherent
#define SH_MOTION_ACCESS
#else
#define SH_LINKS_ACCESS
#define SH_MOTION_ACCESS
#endif

layout(std430, binding = SHATTER_BIND_LINKS) SH_LINKS_ACCESS buffer ShLinks { uvec4 u_shLinks[]; };
ENTRY_BLOCKS_DECLARE(SHATTER_BIND_MOTION, SH_MOTION_ACCESS, vec4, ShMotion, u_shMotion)
ENTRY_BLOCKS_LOAD(vec4, shMotionVec4, u_shMotion)

// Triangles the state holds (the links' block is bound whole).
uint shStateLength() {
    return uint(u_shLinks.length());
}

ShatterPiece shLoadPiece(uint t) {
    uint m = t * uint(SHATTER_MOTION_VEC4S);
    ShatterPiece s;
    s.offset = shMotionVec4(m);
    s.velocity = shMotionVec4(m + 1u);
    s.orientation = shMotionVec4(m + 2u);
    s.spin = shMotionVec4(m + 3u);
    s.pivot = shMotionVec4(m + 4u);
    s.link = u_shLinks[t];
    return s;
}

// What the draw places a vertex with (shPlacePosition, shPlaceNormal): offset, orientation and pivot only.
ShatterPiece shLoadPose(uint t) {
    uint m = t * uint(SHATTER_MOTION_VEC4S);
    ShatterPiece s;
    s.offset = shMotionVec4(m);
    s.velocity = vec4(0.0f);
    s.orientation = shMotionVec4(m + 2u);
    s.spin = vec4(0.0f);
    s.pivot = shMotionVec4(m + 4u);
    s.link = uvec4(0u);
    return s;
}

#ifndef SHATTER_STATE_READONLY
ENTRY_BLOCKS_STORE(vec4, shStoreMotionVec4, u_shMotion)

void shStorePiece(uint t, ShatterPiece s) {
    uint m = t * uint(SHATTER_MOTION_VEC4S);
    shStoreMotionVec4(m, s.offset);
    shStoreMotionVec4(m + 1u, s.velocity);
    shStoreMotionVec4(m + 2u, s.orientation);
    shStoreMotionVec4(m + 3u, s.spin);
    shStoreMotionVec4(m + 4u, s.pivot);
    u_shLinks[t] = s.link;
}
#endif
