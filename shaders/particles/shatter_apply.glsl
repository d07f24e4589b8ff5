// HeartBreaker for surfaces, the draw's half: a surface's vertex shader includes this file to draw its vertices
// where their triangle's piece has flown (SurfaceShatter::bindForDraw binds the pieces). It reads the piece of
// triangle vertexIndex / 3 (glDrawArrays* of the triangle list from vertex 0: vertexIndex = gl_VertexID) and
// applies shatter_step.h's placement: at rest (assembled) a vertex comes back bit for bit. Positions and normals
// are in world, and the world must be the update's (ShatterSource::toWorld). Uses the storage binding
// SHATTER_BIND_STATE (one vertex-stage storage block) and no uniform location.
#include "shatter_step.h"

layout(std430, binding = SHATTER_BIND_STATE) readonly buffer ShatterState { ShatterPiece u_shatterPieces[]; };

// A triangle the state does not hold (none was stepped yet) is drawn where it is.
vec3 shatterPosition(uint vertexIndex, vec3 worldPosition) {
    uint t = vertexIndex / 3u;
    if (t >= uint(u_shatterPieces.length())) return worldPosition;
    return shPlacePosition(u_shatterPieces[t], worldPosition);
}

vec3 shatterNormal(uint vertexIndex, vec3 worldNormal) {
    uint t = vertexIndex / 3u;
    if (t >= uint(u_shatterPieces.length())) return worldNormal;
    return shPlaceNormal(u_shatterPieces[t], worldNormal);
}
