// HeartBreaker particle maths, written once and compiled twice: as C++ (with glm, tested on the CPU by
// tests/particles_test.cpp) and as GLSL (included by particles_update.comp.glsl). Keeping one text instead of
// a C++ copy and a GLSL copy means the tested function is the one the GPU runs. Based on: Ziegler, Tevs,
// Theobalt, Seidel, VMV 2006 (HeartBreaker: the point cloud of a heart explodes); the 2006 demo animated the
// downloaded cloud on the CPU, here every particle is one GPU invocation.
//
// Rules that keep the text valid in both languages: float literals carry an `f`, no swizzles (vec3(v) takes
// the first three components in both), no overloading, functions prefixed `ps`.
#ifndef DICER_PARTICLE_STEP_H
#define DICER_PARTICLE_STEP_H

#include "particles_shared.h"

#ifdef __cplusplus
#include <glm/glm.hpp>

#include <cstdint>
#define PS_FN inline
namespace dicer::particles::ps {
using namespace glm;
using uint = std::uint32_t;
#else
#define PS_FN
#endif

// One particle in the state buffer (std430: two vec4, 32 bytes).
struct Particle {
    vec4 position; // xyz: world position; w: unused (1)
    vec4 velocity; // xyz: world units per second; w: unused (0)
};

// Everything one update needs, as one std140 block (vec4/uvec4 only, so C++ and GLSL agree on the layout).
struct ParticleParams {
    // motion.x: time step (s), .y: gravity (units/s^2, pulls -y), .z: drag (1/s), .w: floor height (world y)
    vec4 motion;
    // bounce.x: restitution (normal speed kept per bounce), .y: friction (tangential speed kept),
    // .z: spring angular frequency omega (rad/s) of the return, .w: explosion speed (units/s)
    vec4 bounce;
    vec4 centre;   // xyz: explosion centre (world), w: noise (fraction of the speed added at random)
    vec4 volume;   // xyz: voxels per axis, w: unused
    uvec4 control; // x: phase (PS_PHASE_*), y: 1 on the frame the explosion starts, z: random seed, w: unused
    // xyz: the box the volume is drawn as (volume_layout.h volumeShape: largest axis 1), w: unused
    vec4 shape;
};

// A voxel's centre in volume space: the volume spans [-1,1]^3 whatever its voxel counts (volume_layout.h).
PS_FN vec3 psVoxelCenter(uvec3 voxel, vec3 volume) {
    return vec3(-1.0f) + (vec3(voxel) + vec3(0.5f)) * (vec3(2.0f) / volume);
}

// A voxel's centre in world: the volume drawn to scale as the box [-shape, shape] (its voxels keep their
// aspect: cubes for a mesh's 64x32x128 volume, shape 0.5 x 0.25 x 1). Shape (1,1,1) is the volume space.
PS_FN vec3 psVoxelWorld(uvec3 voxel, vec3 volume, vec3 shape) {
    return psVoxelCenter(voxel, volume) * shape;
}

// Integer hash (a well-mixing xorshift-multiply finaliser): the same bits on the CPU and every GPU.
PS_FN uint psHash(uint x) {
    x ^= x >> 16u;
    x *= 0x7feb352du;
    x ^= x >> 15u;
    x *= 0x846ca68bu;
    x ^= x >> 16u;
    return x;
}

// Three pseudo-random numbers in [-1, 1] for particle `index`.
PS_FN vec3 psRandom3(uint index, uint seed) {
    uint h0 = psHash(index * 3u + seed);
    uint h1 = psHash(h0 ^ 0x9e3779b9u);
    uint h2 = psHash(h1 ^ 0x85ebca6bu);
    return vec3(float(h0 & 0xffffu), float(h1 & 0xffffu), float(h2 & 0xffffu)) * (2.0f / 65535.0f) -
           vec3(1.0f);
}

// Launch velocity: away from the centre (straight up for a particle sitting on it) plus noise, so the cloud
// bursts like the 2006 HeartBreaker rather than expanding as a perfect sphere.
PS_FN vec3 psExplodeVelocity(vec3 position, ParticleParams prm, uint index) {
    vec3 away = position - vec3(prm.centre);
    float len = length(away);
    vec3 dir = len > 1e-6f ? away / len : vec3(0.0f, 1.0f, 0.0f);
    float speed = prm.bounce.w;
    return dir * speed + psRandom3(index, prm.control.z) * (speed * prm.centre.w);
}

// Free flight, semi-implicit Euler (velocity first, then position: stable for gravity + drag at any frame
// rate we allow). Drag decays velocity exactly (exp), so a large step never reverses it. The floor reflects
// the normal speed scaled by the restitution and keeps `friction` of the tangential speed.
PS_FN Particle psIntegrateFree(Particle p, ParticleParams prm) {
    float dt = prm.motion.x;
    vec3 v = vec3(p.velocity);
    v.y -= prm.motion.y * dt;
    v *= exp(-prm.motion.z * dt);
    vec3 x = vec3(p.position) + v * dt;
    float floorY = prm.motion.w;
    if (x.y < floorY) {
        x.y = floorY + (floorY - x.y) * prm.bounce.x; // the part of the step below the floor, bounced back
        if (v.y < 0.0f) v.y = -v.y * prm.bounce.x;
        v.x *= prm.bounce.y;
        v.z *= prm.bounce.y;
    }
    p.position = vec4(x, 1.0f);
    p.velocity = vec4(v, 0.0f);
    return p;
}

// Re-assembly: a critically damped spring towards the target, advanced with its exact solution
// x(t) = target + (d + (v + w d) t) e^(-w t), so it never overshoots or blows up, whatever the step.
PS_FN Particle psSpringToTarget(Particle p, vec3 target, ParticleParams prm) {
    float dt = prm.motion.x;
    float w = prm.bounce.z;
    vec3 d = vec3(p.position) - target;
    vec3 v = vec3(p.velocity);
    vec3 c = v + w * d;
    float e = exp(-w * dt);
    p.position = vec4(target + (d + c * dt) * e, 1.0f);
    p.velocity = vec4((v - w * c * dt) * e, 0.0f);
    return p;
}

// A particle that did not exist last frame (the cloud grew): it appears on its voxel, at rest.
PS_FN Particle psSpawn(vec3 target) {
    Particle p;
    p.position = vec4(target, 1.0f);
    p.velocity = vec4(0.0f);
    return p;
}

// One step of particle `index`, whose voxel centre is `target`.
PS_FN Particle psStep(Particle p, vec3 target, ParticleParams prm, uint index) {
    uint phase = prm.control.x;
    if (phase == PS_PHASE_EXPLODING) {
        if (prm.control.y != 0u) p.velocity = vec4(psExplodeVelocity(vec3(p.position), prm, index), 0.0f);
        return psIntegrateFree(p, prm);
    }
    if (phase == PS_PHASE_RETURNING) return psSpringToTarget(p, target, prm);
    return psSpawn(target); // assembled: sit exactly on the (possibly moving) voxel
}

// Sorted blending's key: view depth `depth` (distance along the view direction) quantized into `buckets`
// buckets between farD (key 0: drawn first) and nearD (key buckets - 1); depths outside are clamped to the
// end buckets. Back to front = ascending keys.
PS_FN uint psDepthKey(float depth, float farD, float nearD, uint buckets) {
    float t = (farD - depth) / (farD - nearD);
    float bucket = floor(t * float(buckets));
    return uint(clamp(bucket, 0.0f, float(buckets - 1u)));
}

#ifdef __cplusplus
static_assert(sizeof(Particle) == 32, "std430 Particle is two vec4");
static_assert(sizeof(ParticleParams) == 96, "std140 ParticleParams is six 16-byte rows");

// Seconds after which a return that started at distance d0 (at rest) is within `fraction` of it: the
// envelope (1 + w t) e^(-w t) of the critically damped spring, solved by bisection. The CPU switches the
// phase from returning to assembled after this time.
inline float psSettleSeconds(float omega, float fraction) {
    if (!(omega > 0.0f) || !(fraction > 0.0f) || fraction >= 1.0f) return 0.0f;
    float lo = 0.0f, hi = 1.0f;
    while ((1.0f + omega * hi) * glm::exp(-omega * hi) > fraction)
        hi *= 2.0f;
    for (int i = 0; i < 40; ++i) {
        float mid = 0.5f * (lo + hi);
        if ((1.0f + omega * mid) * glm::exp(-omega * mid) > fraction)
            lo = mid;
        else
            hi = mid;
    }
    return hi;
}
} // namespace dicer::particles::ps
#endif

#endif
