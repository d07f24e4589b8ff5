// HeartBreaker for surfaces, the draw's half: a surface's vertex shader includes this file to draw its vertices
// where their piece has flown (SurfaceShatter::bindForDraw binds the pieces). Triangle vertexIndex / 3
// (glDrawArrays* of the triangle list from vertex 0: vertexIndex = gl_VertexID) names its piece in its entry;
// shatter_step.h's placement with that piece's motion: at rest (assembled, or a zeroed state) a vertex comes back
// bit for bit. Positions and normals are in world, and the world must be the update's (ShatterSource::toWorld).
// Uses the storage binding SHATTER_BIND_STATE (one vertex-stage storage block) and no uniform location.
#include "shatter_step.h"

layout(std430, binding = SHATTER_BIND_STATE) readonly buffer ShatterState { ShatterPiece u_shatterPieces[]; };

// The piece of triangle vertexIndex / 3; the state's length for a triangle (or a piece) it does not hold (none
// was stepped yet): drawn where it is.
uint shatterPieceOf(uint vertexIndex) {
    uint n = uint(u_shatterPieces.length());
    uint t = vertexIndex / 3u;
    if (t >= n) return n;
    uint piece = u_shatterPieces[t].link.x;
    return piece < n ? piece : n;
}

vec3 shatterPosition(uint vertexIndex, vec3 worldPosition) {
    uint piece = shatterPieceOf(vertexIndex);
    if (piece >= uint(u_shatterPieces.length())) return worldPosition;
    return shPlacePosition(u_shatterPieces[piece], worldPosition);
}

vec3 shatterNormal(uint vertexIndex, vec3 worldNormal) {
    uint piece = shatterPieceOf(vertexIndex);
    if (piece >= uint(u_shatterPieces.length())) return worldNormal;
    return shPlaceNormal(u_shatterPieces[piece], worldNormal);
}
