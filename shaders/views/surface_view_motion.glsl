// The surface view's vertex hook (surface_view.vert.glsl): where a motion of the triangles plugs in. It gets the
// output vertex's index k (gl_VertexID: triangle k / 3, corner k % 3) and its position and normal in world
// space, and returns them moved. With SURFACE_SHATTER (SurfaceView::create(shaders, shatter = true)):
// HeartBreaker for surfaces, each triangle k / 3 drawn where its rigid piece has flown, tumbled and fallen
// (engine/particles/surface_shatter.h; at rest the vertex comes back bit for bit). Without: the surface as
// extracted.
#pragma once

#ifdef SURFACE_SHATTER
#include "shatter_apply.glsl"
#endif

void surfaceMotion(uint k, inout vec3 position, inout vec3 normal) {
#ifdef SURFACE_SHATTER
    position = shatterPosition(k, position);
    normal = shatterNormal(k, normal);
#endif
}
