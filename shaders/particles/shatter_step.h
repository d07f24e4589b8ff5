// HeartBreaker for surfaces: the per-piece maths of the shattered surface, written once and compiled twice,
// as C++ (tests/shatter_test.cpp) and as GLSL (shatter_update.comp.glsl steps it, shatter_apply.glsl places a
// vertex with it), like particle_step.h, whose hash, random numbers and phases it uses. Based on: Ziegler, Tevs,
// Theobalt, Seidel, VMV 2006 (HeartBreaker); the surface breaks into rigid pieces: a pivot that flies like a
// particle and an orientation that tumbles. Quaternion rotation and its exponential / logarithm maps as in
// Grassia, "Practical parameterization of rotations using the exponential map" (JGT 1998).
//
// A PIECE is a connected set of the marching cubes' triangles within one brick of SHATTER_BRICK^3 cells
// (triangles sharing a vertex, i.e. a crossed grid edge, are connected; shatter_label.comp.glsl finds them):
// brick-sized pieces keep the object recognisable early in the flight, as the point explosion does, where
// one piece per triangle made screen-filling static. A piece lives in the state entry of its first triangle
// (the lowest index); every triangle's entry names its piece (link.x).
//
// A piece is a rigid motion about its pivot c (the centre of the box of its cells): a vertex p of it, in world,
// is drawn at p + offset + (R (p - c) - (p - c)), R the rotation of the quaternion. Written that way, the rest
// state (offset 0, identity) gives back p bit for bit, and so does an all-zero piece (shRotate of q = 0 is the
// identity too): a zeroed state buffer is the rest pose, whatever piece a triangle names.
//
// The floor: a piece's lowest vertex as drawn never ends below it; a piece found below is lifted above by the
// restitution times its depth, as a particle is (particle_step.h psIntegrateFree). The lowest vertex is a
// reduction over the piece's triangles (an atomicMin of shOrderedKey), so the floor is its own pass.
//
// The rules of particle_step.h hold: float literals carry an `f`, no swizzles, no overloading; functions here are
// prefixed `sh`.
#ifndef DICER_SHATTER_STEP_H
#define DICER_SHATTER_STEP_H

#include "particle_step.h"

#ifdef __cplusplus
namespace dicer::particles::ps {
#endif

// One triangle's entry in the state (five vec4 and a uvec4, 96 bytes; kept as two arrays, the motion's five vec4
// and the link, shatter_state.glsl). The motion fields are the piece's in the entry of its first triangle,
// unused elsewhere.
struct ShatterPiece {
    vec4 offset;      // xyz: the pivot's displacement from its rest place (world units); w: 0
    vec4 velocity;    // xyz: the pivot's velocity (world units per second); w: 0
    vec4 orientation; // unit quaternion (x, y, z, w): the rotation about the pivot, (0, 0, 0, 1) at rest
    vec4 spin;        // xyz: angular velocity (radians per second about the world axes); w: 0
    vec4 pivot;       // xyz: the piece's rest pivot in world, written every step (the draw's pivot)
    // x: the piece of this entry's triangle (its first triangle's index); in a piece's own entry: y the lowest
    // vertex's world y as drawn (shOrderedKey, the floor pass's atomicMin), z its cells within the brick
    // (shCellMask bits, or-ed), w 1 (0 in every other entry: a piece that appears spawns at rest)
    uvec4 link;
};

// Everything one update needs, as one std140 block (mat4/vec4/uvec4 only: C++ and GLSL agree on the layout).
struct ShatterParams {
    mat4 toWorld; // the source's physical units -> world (the matrix the surface is drawn with)
    // motion.x: time step (s), .y: gravity (units/s^2, pulls -y), .z: drag (1/s, flight and spin), .w: floor y
    vec4 motion;
    // bounce.x: restitution, .y: friction (tangential and spin kept per bounce), .z: the return's spring
    // angular frequency omega (rad/s), .w: explosion speed (units/s)
    vec4 bounce;
    vec4 launch; // xyz: the explosion's centre (world), w: noise (fraction of the speed added at random)
    // tumble.x: spin at launch (rad/s per axis, random in [-x, x]), .y: launch speed along the face normal as a
    // fraction of the speed, zw: unused
    vec4 tumble;
    uvec4 control; // x: phase (PS_PHASE_*), y: 1 on the frame the explosion starts, z: random seed, w: unused
    uvec4 grid;    // xyz: the source's cells per axis (a vertex's cell index is x fastest), w: unused
    vec4 spacing;  // xyz: the source's physical units per cell step (its positions are index * spacing)
};

// A critically damped spring's position and velocity (the return of a centroid, or of a rotation vector).
struct ShatterSpring {
    vec3 x;
    vec3 v;
};

// A source vertex (physical units) in world.
PS_FN vec3 shToWorld(vec3 p, ShatterParams prm) {
    return vec3(prm.toWorld * vec4(p, 1.0f));
}

// The Hamilton product a b: the rotation b, then a.
PS_FN vec4 shQuatMul(vec4 a, vec4 b) {
    vec3 av = vec3(a);
    vec3 bv = vec3(b);
    return vec4(a.w * bv + b.w * av + cross(av, bv), a.w * b.w - dot(av, bv));
}

// v rotated by the unit quaternion q: v + 2 u x (u x v + w v), u = q's vector part. For u = 0 (the identity,
// and the all-zero piece) every cross product is exactly 0 and v comes back bit for bit.
PS_FN vec3 shRotate(vec4 q, vec3 v) {
    vec3 u = vec3(q);
    return v + 2.0f * cross(u, cross(u, v) + q.w * v);
}

// The exponential map: the quaternion of a rotation by |r| radians about r (any angle, the long way included).
PS_FN vec4 shQuatFromRotation(vec3 r) {
    float angle = length(r);
    if (angle < 1e-8f) return vec4(0.5f * r, 1.0f); // first order; exactly the identity for r = 0
    return vec4(r * (sin(0.5f * angle) / angle), cos(0.5f * angle));
}

// The logarithm map: the rotation vector (axis times angle, |angle| <= pi) of the unit quaternion q; q and -q
// are the same rotation, the one with w >= 0 is the shorter way.
PS_FN vec3 shRotationOf(vec4 q) {
    vec3 u = vec3(q);
    float w = q.w;
    if (w < 0.0f) {
        u = -u;
        w = -w;
    }
    float s = length(u);
    if (s < 1e-8f) return 2.0f * u;
    return u * (2.0f * atan(s, w) / s);
}

// q scaled to unit length (rounding drifts it step by step); the identity for a degenerate q.
PS_FN vec4 shNormalizeQuat(vec4 q) {
    float n = length(q);
    return n > 1e-20f ? q / n : vec4(0.0f, 0.0f, 0.0f, 1.0f);
}

// The triangle's unit face normal (counter-clockwise a, b, c: the marching cubes' "out of the band"), 0 for a
// triangle of no area.
PS_FN vec3 shFaceNormal(vec3 a, vec3 b, vec3 c) {
    vec3 n = cross(b - a, c - a);
    float len = length(n);
    return len > 1e-30f ? n / len : vec3(0.0f);
}

// Where the piece draws the world vertex p of its triangle (see the top: exact p at rest).
PS_FN vec3 shPlacePosition(ShatterPiece s, vec3 p) {
    vec3 rel = p - vec3(s.pivot);
    return p + (vec3(s.offset) + (shRotate(s.orientation, rel) - rel));
}

// The world normal n of a vertex of the piece's triangle, turned with it.
PS_FN vec3 shPlaceNormal(ShatterPiece s, vec3 n) {
    return shRotate(s.orientation, n);
}

// The rest pose of a triangle whose centroid is `pivot`: assembled, and where a new triangle spawns.
PS_FN ShatterPiece shRest(vec3 pivot) {
    ShatterPiece s;
    s.offset = vec4(0.0f);
    s.velocity = vec4(0.0f);
    s.orientation = vec4(0.0f, 0.0f, 0.0f, 1.0f);
    s.spin = vec4(0.0f);
    s.pivot = vec4(pivot, 0.0f);
    s.link = uvec4(0u);
    return s;
}

// The critically damped spring towards 0, advanced by its exact solution x(t) = (x + (v + w x) t) e^(-w t)
// (as psSpringToTarget): no overshoot from rest and no blow-up, whatever the step.
PS_FN ShatterSpring shSpring(vec3 x, vec3 v, float w, float dt) {
    vec3 c = v + w * x;
    float e = exp(-w * dt);
    ShatterSpring r;
    r.x = (x + c * dt) * e;
    r.v = (v - w * c * dt) * e;
    return r;
}

// The launch: away from the centre (straight up for a piece on it), along the face normal as it is turned now,
// plus noise, and a random spin (the tumble). `normal`: the rest triangle's face normal.
PS_FN ShatterPiece shLaunch(ShatterPiece s, vec3 normal, ShatterParams prm, uint index) {
    vec3 away = vec3(s.pivot) + vec3(s.offset) - vec3(prm.launch);
    float len = length(away);
    vec3 dir = len > 1e-6f ? away / len : vec3(0.0f, 1.0f, 0.0f);
    float speed = prm.bounce.w;
    vec3 v = dir * speed + shRotate(s.orientation, normal) * (speed * prm.tumble.y) +
             psRandom3(index, prm.control.z) * (speed * prm.launch.w);
    s.velocity = vec4(v, 0.0f);
    s.spin = vec4(psRandom3(index ^ 0x5bd1e995u, prm.control.z) * prm.tumble.x, 0.0f);
    return s;
}

// The order-preserving uint of a float (a < b  <=>  key(a) < key(b)): atomicMin over floats.
PS_FN uint shOrderedKey(float y) {
    uint b = floatBitsToUint(y);
    return (b & 0x80000000u) != 0u ? ~b : (b | 0x80000000u);
}

PS_FN float shFromOrderedKey(uint k) {
    return uintBitsToFloat((k & 0x80000000u) != 0u ? (k & 0x7fffffffu) : ~k);
}

// Cell `cell` (linear, x fastest) of a grid of prm.grid cells, as coordinates.
PS_FN uvec3 shCellCoords(uint cell, ShatterParams prm) {
    uint row = cell / prm.grid.x;
    return uvec3(cell - row * prm.grid.x, row % prm.grid.y, row / prm.grid.y);
}

// The bit of a cell at `local` (0 .. SHATTER_BRICK - 1 per axis, within its brick) in a piece's cell mask:
// one byte per axis, bit i of byte a set when the piece has a cell at coordinate i along axis a.
PS_FN uint shCellMask(uvec3 local) {
    return (1u << local.x) | (1u << (local.y + 8u)) | (1u << (local.z + 16u));
}

// The piece's rest pivot in world: the centre of the box of its cells (`mask`, shCellMask or-ed), in the brick
// of cell `cell` (any of its cells).
PS_FN vec3 shPiecePivot(uint mask, uint cell, ShatterParams prm) {
    uvec3 origin = (shCellCoords(cell, prm) / uint(SHATTER_BRICK)) * uint(SHATTER_BRICK);
    vec3 lo = vec3(float(findLSB(mask & 0xffu)), float(findLSB((mask >> 8u) & 0xffu)),
                   float(findLSB(mask >> 16u)));
    vec3 hi = vec3(float(findMSB(mask & 0xffu)), float(findMSB((mask >> 8u) & 0xffu)),
                   float(findMSB(mask >> 16u)));
    vec3 centre = vec3(origin) + (lo + hi + vec3(1.0f)) * 0.5f;
    return shToWorld(centre * vec3(prm.spacing), prm);
}

// Free flight of a piece: the pivot as psIntegrateFree moves a particle (semi-implicit Euler, exact drag), the
// orientation turned by the spin over the step (exact for a constant spin, renormalised). The floor follows in
// its own pass (shFloor), once the piece's lowest vertex is known.
PS_FN ShatterPiece shFly(ShatterPiece s, ShatterParams prm) {
    float dt = prm.motion.x;
    float decay = exp(-prm.motion.z * dt);
    vec3 v = vec3(s.velocity);
    v.y -= prm.motion.y * dt;
    v *= decay;
    vec3 w = vec3(s.spin) * decay;
    s.offset = vec4(vec3(s.offset) + v * dt, 0.0f);
    s.velocity = vec4(v, 0.0f);
    s.orientation = shNormalizeQuat(shQuatMul(shQuatFromRotation(w * dt), s.orientation));
    s.spin = vec4(w, 0.0f);
    return s;
}

// The lowest world y of the triangle a, b, c (world, at rest) as the piece s draws it.
PS_FN float shLowest(ShatterPiece s, vec3 a, vec3 b, vec3 c) {
    return min(min(shPlacePosition(s, a).y, shPlacePosition(s, b).y), shPlacePosition(s, c).y);
}

// The floor against the piece's lowest vertex (world y, as drawn after this step's flight): exploding only.
PS_FN ShatterPiece shFloor(ShatterPiece s, float lowest, ShatterParams prm) {
    float floorY = prm.motion.w;
    if (prm.control.x != PS_PHASE_EXPLODING || !(lowest < floorY)) return s;
    vec3 v = vec3(s.velocity);
    s.offset.y += (floorY - lowest) * (1.0f + prm.bounce.x); // the depth below, bounced back and damped
    if (v.y < 0.0f) v.y = -v.y * prm.bounce.x;
    v.x *= prm.bounce.y;
    v.z *= prm.bounce.y;
    s.velocity = vec4(v, 0.0f);
    s.spin = vec4(vec3(s.spin) * prm.bounce.y, 0.0f); // the floor's grip slows the tumble
    return s;
}

// Re-assembly: the offset and the rotation vector (the log of the orientation, the spin its velocity) each on
// a critically damped spring towards rest. The log is taken afresh every step, the shorter way, so a piece
// never unwinds extra turns.
PS_FN ShatterPiece shSpringHome(ShatterPiece s, ShatterParams prm) {
    float dt = prm.motion.x;
    float w = prm.bounce.z;
    ShatterSpring move = shSpring(vec3(s.offset), vec3(s.velocity), w, dt);
    ShatterSpring turn = shSpring(shRotationOf(s.orientation), vec3(s.spin), w, dt);
    s.offset = vec4(move.x, 0.0f);
    s.velocity = vec4(move.v, 0.0f);
    s.orientation = shQuatFromRotation(turn.x);
    s.spin = vec4(turn.v, 0.0f);
    return s;
}

// One step of piece `index` (its first triangle) before the floor: `pivot` its rest pivot in world
// (shPiecePivot), `normal` the face normal of its first triangle (the launch's). The link stays.
PS_FN ShatterPiece shStep(ShatterPiece s, vec3 pivot, vec3 normal, ShatterParams prm, uint index) {
    uint phase = prm.control.x;
    if (phase == PS_PHASE_EXPLODING) {
        s.pivot = vec4(pivot, 0.0f);
        if (prm.control.y != 0u) s = shLaunch(s, normal, prm, index);
        return shFly(s, prm);
    }
    if (phase == PS_PHASE_RETURNING) {
        s.pivot = vec4(pivot, 0.0f);
        return shSpringHome(s, prm);
    }
    ShatterPiece rest = shRest(pivot); // assembled: exactly the surface as it is
    rest.link = s.link;
    return rest;
}

#ifdef __cplusplus
static_assert(sizeof(ShatterPiece) == 96, "std430 ShatterPiece is five vec4 and a uvec4");
static_assert(sizeof(ShatterParams) == 176, "std140 ShatterParams is a mat4 and seven 16-byte rows");
} // namespace dicer::particles::ps
#endif

#endif
