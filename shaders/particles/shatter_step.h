// HeartBreaker for surfaces: the per-triangle maths of the shattered surface, written once and compiled twice,
// as C++ (tests/shatter_test.cpp) and as GLSL (shatter_update.comp.glsl steps it, shatter_apply.glsl places a
// vertex with it), like particle_step.h, whose hash, random numbers and phases it uses. Based on: Ziegler, Tevs,
// Theobalt, Seidel, VMV 2006 (HeartBreaker); each triangle of the surface becomes a rigid piece: a centroid that
// flies like a particle and an orientation that tumbles. Quaternion rotation and its exponential / logarithm
// maps as in Grassia, "Practical parameterization of rotations using the exponential map" (JGT 1998).
//
// A piece is a rigid motion about the triangle's rest centroid c (its pivot): a vertex p of the triangle, in
// world, is drawn at p + offset + (R (p - c) - (p - c)), R the rotation of the quaternion. Written that way, the
// rest state (offset 0, identity) gives back p bit for bit, and so does an all-zero piece (shRotate of q = 0 is
// the identity too): a zeroed state buffer is the rest pose.
//
// The floor: the piece's lowest vertex (after this step's rotation) never ends below it: a vertex found below is
// lifted above by the restitution times its depth, as a particle is (particle_step.h psIntegrateFree).
//
// The rules of particle_step.h hold: float literals carry an `f`, no swizzles, no overloading; functions here are
// prefixed `sh`.
#ifndef DICER_SHATTER_STEP_H
#define DICER_SHATTER_STEP_H

#include "particle_step.h"

#ifdef __cplusplus
namespace dicer::particles::ps {
#endif

// One triangle's piece in the state buffer (std430: five vec4, 80 bytes).
struct ShatterPiece {
    vec4 offset;      // xyz: the centroid's displacement from its rest place (world units); w: 0
    vec4 velocity;    // xyz: the centroid's velocity (world units per second); w: 0
    vec4 orientation; // unit quaternion (x, y, z, w): the rotation about the centroid, (0, 0, 0, 1) at rest
    vec4 spin;        // xyz: angular velocity (radians per second about the world axes); w: 0
    vec4 pivot;       // xyz: the triangle's rest centroid in world, written every step (the draw's pivot)
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

// Free flight of the piece of triangle a, b, c (world, at rest; s.pivot their centroid): the centroid as
// psIntegrateFree moves a particle (semi-implicit Euler, exact drag), the orientation turned by the spin over the
// step (exact for a constant spin, renormalised), then the floor against the lowest vertex.
PS_FN ShatterPiece shIntegrateFree(ShatterPiece s, vec3 a, vec3 b, vec3 c, ShatterParams prm) {
    float dt = prm.motion.x;
    float decay = exp(-prm.motion.z * dt);
    vec3 v = vec3(s.velocity);
    v.y -= prm.motion.y * dt;
    v *= decay;
    vec3 w = vec3(s.spin) * decay;
    vec3 offset = vec3(s.offset) + v * dt;
    vec4 q = shNormalizeQuat(shQuatMul(shQuatFromRotation(w * dt), s.orientation));
    vec3 pivot = vec3(s.pivot);
    float lowest = min(min(shRotate(q, a - pivot).y, shRotate(q, b - pivot).y), shRotate(q, c - pivot).y);
    lowest += pivot.y + offset.y;
    float floorY = prm.motion.w;
    if (lowest < floorY) {
        offset.y += (floorY - lowest) * (1.0f + prm.bounce.x); // the depth below, bounced back and damped
        if (v.y < 0.0f) v.y = -v.y * prm.bounce.x;
        v.x *= prm.bounce.y;
        v.z *= prm.bounce.y;
        w *= prm.bounce.y; // the floor's grip slows the tumble
    }
    s.offset = vec4(offset, 0.0f);
    s.velocity = vec4(v, 0.0f);
    s.orientation = q;
    s.spin = vec4(w, 0.0f);
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

// One step of the piece of triangle `index`, whose vertices are a, b, c (world, as the source holds them now).
PS_FN ShatterPiece shStep(ShatterPiece s, vec3 a, vec3 b, vec3 c, ShatterParams prm, uint index) {
    uint phase = prm.control.x;
    vec3 pivot = (a + b + c) / 3.0f;
    if (phase == PS_PHASE_EXPLODING) {
        s.pivot = vec4(pivot, 0.0f);
        if (prm.control.y != 0u) s = shLaunch(s, shFaceNormal(a, b, c), prm, index);
        return shIntegrateFree(s, a, b, c, prm);
    }
    if (phase == PS_PHASE_RETURNING) {
        s.pivot = vec4(pivot, 0.0f);
        return shSpringHome(s, prm);
    }
    return shRest(pivot); // assembled: exactly the surface as it is
}

#ifdef __cplusplus
static_assert(sizeof(ShatterPiece) == 80, "std430 ShatterPiece is five vec4");
static_assert(sizeof(ShatterParams) == 144, "std140 ShatterParams is a mat4 and five 16-byte rows");
} // namespace dicer::particles::ps
#endif

#endif
