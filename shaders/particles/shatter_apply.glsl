// HeartBreaker for surfaces, the draw's half: a surface's vertex shader includes this file to draw its vertices
// where their piece has flown (SurfaceShatter::bindForDraw binds the pieces). Triangle vertexIndex / 3
// (glDrawArrays* of the triangle list from vertex 0: vertexIndex = gl_VertexID) names its piece in its entry;
// shatter_step.h's placement with that piece's motion: at rest (assembled, or a zeroed state) a vertex comes back
// bit for bit. Positions and normals are in world, and the world must be the update's (ShatterSource::toWorld).
// Uses the storage bindings SHATTER_BIND_LINKS and SHATTER_BIND_MOTION's blocks (1 + ENTRY_BLOCKS vertex-stage
// storage blocks, shatter_state.glsl) and no uniform location.
#define SHATTER_STATE_READONLY
#include "shatter_state.glsl"

// The piece of triangle vertexIndex / 3; the state's length for a triangle (or a piece) it does not hold (none
// was stepped yet): drawn where it is.
uint shatterPieceOf(uint vertexIndex) {
    uint n = shStateLength();
    uint t = vertexIndex / 3u;
    if (t >= n) return n;
    uint piece = u_shLinks[t].x;
    return piece < n ? piece : n;
}

vec3 shatterPosition(uint vertexIndex, vec3 worldPosition) {
    uint piece = shatterPieceOf(vertexIndex);
    if (piece >= shStateLength()) return worldPosition;
    return shPlacePosition(shLoadPose(piece), worldPosition);
}

vec3 shatterNormal(uint vertexIndex, vec3 worldNormal) {
    uint piece = shatterPieceOf(vertexIndex);
    if (piece >= shStateLength()) return worldNormal;
    return shPlaceNormal(shLoadPose(piece), worldNormal);
}
