// The surface view's vertex hook (surface_view.vert.glsl): where a motion of the triangles plugs in, e.g.
// HeartBreaker for surfaces (each triangle k / 3 flies, tumbles and falls as a rigid piece, and re-assembles).
// It gets the output vertex's index k (gl_VertexID: triangle k / 3, corner k % 3) and its position and normal
// in world space, and returns them moved. Here: none (the surface as extracted).
#pragma once

void surfaceMotion(uint k, inout vec3 position, inout vec3 normal) {
}
