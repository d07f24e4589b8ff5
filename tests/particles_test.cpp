// CPU tests of the HeartBreaker particle maths (shaders/particle_step.h, the same text the GPU compiles):
// integration, floor bounce, re-assembly spring, explosion launch, spawn and the settle time; the volume drawn
// to scale (the params' shape, packParticleParams).
#include "particle_step.h"
#include "particles.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace dicer::particles::ps;

namespace {

ParticleParams makeParams(float dt, std::uint32_t phase) {
    ParticleParams p{};
    p.motion = {dt, 3.0f, 0.0f, -1.0f}; // gravity 3, no drag, floor at y = -1
    p.bounce = {0.5f, 0.8f, 4.0f, 1.5f};
    p.centre = {0.f, 0.f, 0.f, 0.f};
    p.volume = {64.f, 64.f, 64.f, 0.f};
    p.control = {phase, 0u, 7u, 0u};
    return p;
}

Particle at(glm::vec3 position, glm::vec3 velocity = glm::vec3(0.f)) {
    return Particle{glm::vec4(position, 1.f), glm::vec4(velocity, 0.f)};
}

} // namespace

TEST(ParticleStep, VoxelCentreSpansTheUnitCube) {
    glm::vec3 volume(4.f, 8.f, 2.f);
    EXPECT_EQ(psVoxelCenter(glm::uvec3(0), volume), glm::vec3(-0.75f, -0.875f, -0.5f));
    EXPECT_EQ(psVoxelCenter(glm::uvec3(3, 7, 1), volume), glm::vec3(0.75f, 0.875f, 0.5f));
}

// Volumes drawn to scale: a 64x32x128 volume of cubic voxels is the box 0.5 x 0.25 x 1 (volume_layout.h
// volumeShape). The update shader's target is psVoxelWorld of the packed params: the volume-space centre times
// the shape, so the first and last voxels sit half a world voxel (1/128) inside the box's corners and neighbours
// are one world voxel (1/64) apart on every axis: the voxels are cubes.
TEST(ParticleStep, AssembledVoxelIsItsCentreScaledByTheShape) {
    const glm::ivec3 volume(64, 32, 128);
    const glm::vec3 shape(0.5f, 0.25f, 1.f);
    const ParticleParams prm = dicer::particles::packParticleParams(
        dicer::particles::ParticleTuning{}, dicer::particles::ParticlePhase::Assembled, false, 7u, 0.02f,
        volume, shape);
    EXPECT_EQ(glm::vec3(prm.shape), shape);
    const auto target = [&](glm::uvec3 v) {
        return psVoxelWorld(v, glm::vec3(prm.volume), glm::vec3(prm.shape));
    };
    EXPECT_EQ(target({0, 0, 0}), glm::vec3(-0.5f, -0.25f, -1.f) + 1.f / 128.f);
    EXPECT_EQ(target({63, 31, 127}), glm::vec3(0.5f, 0.25f, 1.f) - 1.f / 128.f);
    for (glm::uvec3 v : {glm::uvec3(0), glm::uvec3(5, 17, 99), glm::uvec3(62, 30, 126)}) {
        EXPECT_EQ(target(v), psVoxelCenter(v, glm::vec3(volume)) * shape);
        EXPECT_EQ(target(v + glm::uvec3(1)) - target(v), glm::vec3(1.f / 64.f));
        // Assembled, a particle sits exactly on that target, wherever it was.
        const Particle p = psStep(at({0.3f, 0.2f, 0.1f}, {1.f, 1.f, 1.f}), target(v), prm, 0u);
        EXPECT_EQ(glm::vec3(p.position), target(v));
    }
}

// The floor is in half-heights of the box: the default (-1) is the box's bottom, y = -shape.y in world; the cube
// keeps the floor at y = -1 as before; particles touch it at their radius above. Gravity and the bounces stay in
// world units.
TEST(ParticleStep, FloorIsTheBottomOfTheBoxAsDrawn) {
    using namespace dicer::particles;
    const ParticleTuning tuning;
    ASSERT_EQ(tuning.floorY, -1.f);
    const auto floorOf = [&](glm::vec3 shape) {
        return packParticleParams(tuning, ParticlePhase::Exploding, true, 1u, 0.02f, {64, 32, 128}, shape)
            .motion.w;
    };
    // The contact height is the floor plus a voxel's half-width: a landed particle lies on it, not half in it.
    EXPECT_EQ(restingRadius({64, 32, 128}, glm::vec3(1.f)), 1.f / 32.f); // half of 2/32, the widest side
    EXPECT_EQ(floorOf(glm::vec3(1.f)), -1.f + 1.f / 32.f);
    EXPECT_EQ(floorOf({0.5f, 0.25f, 1.f}), -0.25f + restingRadius({64, 32, 128}, {0.5f, 0.25f, 1.f}));
    EXPECT_EQ(floorHeight(tuning, {0.5f, 0.25f, 1.f}), -0.25f); // the floor the demo draws
    EXPECT_EQ(packParticleParams(tuning, ParticlePhase::Exploding, true, 1u, 0.02f, {64, 32, 128},
                                 {0.5f, 0.25f, 1.f})
                  .motion.y,
              tuning.gravity);
}

TEST(ParticleStep, AssembledParticleSitsOnItsTarget) {
    Particle p = psStep(at({0.3f, 0.2f, 0.1f}, {1.f, 1.f, 1.f}), {0.5f, -0.5f, 0.25f},
                        makeParams(0.02f, PS_PHASE_ASSEMBLED), 0u);
    EXPECT_EQ(glm::vec3(p.position), glm::vec3(0.5f, -0.5f, 0.25f));
    EXPECT_EQ(glm::vec3(p.velocity), glm::vec3(0.f));
}

TEST(ParticleStep, SpawnIsAtRestOnTheTarget) {
    Particle p = psSpawn({0.1f, 0.2f, 0.3f});
    EXPECT_EQ(p.position, glm::vec4(0.1f, 0.2f, 0.3f, 1.f));
    EXPECT_EQ(p.velocity, glm::vec4(0.f));
}

TEST(ParticleStep, FreeFlightFallsLikeSemiImplicitEuler) {
    ParticleParams prm = makeParams(0.01f, PS_PHASE_EXPLODING);
    Particle p = at({0.f, 0.5f, 0.f}, {1.f, 0.f, 0.f});
    for (int i = 0; i < 10; ++i)
        p = psStep(p, glm::vec3(0.f), prm, 0u);
    // v_y after n steps = -g n dt; y = y0 - g dt^2 n(n+1)/2 (velocity updated before position).
    EXPECT_NEAR(p.velocity.y, -0.3f, 1e-6f);
    EXPECT_NEAR(p.position.y, 0.5f - 3.0f * 1e-4f * 55.f, 1e-6f);
    EXPECT_NEAR(p.position.x, 0.1f, 1e-6f);
}

TEST(ParticleStep, DragOnlyEverSlowsDown) {
    ParticleParams prm = makeParams(1.0f, PS_PHASE_EXPLODING); // a huge step and strong drag
    prm.motion.y = 0.f;
    prm.motion.z = 50.f;
    Particle p = psIntegrateFree(at({0.f, 0.f, 0.f}, {2.f, 0.f, 0.f}), prm);
    EXPECT_GT(p.velocity.x, 0.f); // exponential decay never reverses the direction
    EXPECT_LT(p.velocity.x, 1e-6f);
}

TEST(ParticleStep, FloorBounceReflectsWithRestitutionAndFriction) {
    ParticleParams prm = makeParams(0.1f, PS_PHASE_EXPLODING);
    prm.motion.y = 0.f; // no gravity: check the reflection alone
    Particle p = psIntegrateFree(at({0.f, -0.95f, 0.f}, {1.f, -1.f, 0.5f}), prm);
    EXPECT_NEAR(p.position.y, -1.f + 0.05f * 0.5f, 1e-6f); // the 0.05 below the floor, bounced and damped
    EXPECT_NEAR(p.velocity.y, 0.5f, 1e-6f);
    EXPECT_NEAR(p.velocity.x, 0.8f, 1e-6f);
    EXPECT_NEAR(p.velocity.z, 0.4f, 1e-6f);
}

TEST(ParticleStep, ParticlesNeverEndBelowTheFloor) {
    ParticleParams prm = makeParams(1.f / 30.f, PS_PHASE_EXPLODING);
    prm.control.y = 1u;
    prm.bounce.w = 3.0f;
    prm.centre.w = 0.5f;
    for (std::uint32_t i = 0; i < 64; ++i) {
        Particle p = at(psRandom3(i, 1u) * 0.8f);
        p = psStep(p, glm::vec3(0.f), prm, i);
        ParticleParams fly = prm;
        fly.control.y = 0u;
        for (int s = 0; s < 300; ++s) {
            p = psStep(p, glm::vec3(0.f), fly, i);
            ASSERT_GE(p.position.y, -1.f) << "particle " << i << " step " << s;
        }
        EXPECT_LT(std::abs(p.velocity.y), 1.0f); // bounces lose energy
    }
}

TEST(ParticleStep, ExplosionLaunchesOutwardWithBoundedNoise) {
    ParticleParams prm = makeParams(0.f, PS_PHASE_EXPLODING); // dt 0: look at the launch velocity only
    prm.control.y = 1u;
    prm.centre.w = 0.3f;
    for (std::uint32_t i = 0; i < 100; ++i) {
        glm::vec3 pos = glm::normalize(psRandom3(i, 5u) + glm::vec3(1e-3f)) * 0.5f;
        Particle p = psStep(at(pos), glm::vec3(0.f), prm, i);
        glm::vec3 v = glm::vec3(p.velocity);
        EXPECT_GT(glm::dot(v, pos), 0.f) << i;
        EXPECT_LE(glm::length(v - glm::normalize(pos) * 1.5f), 1.5f * 0.3f * std::sqrt(3.f) + 1e-5f);
    }
    Particle centre = psStep(at(glm::vec3(0.f)), glm::vec3(0.f), prm, 3u);
    EXPECT_GT(centre.velocity.y, 0.f); // a particle on the centre goes up, not nowhere (NaN)
}

TEST(ParticleStep, RandomIsDeterministicAndInRange) {
    for (std::uint32_t i = 0; i < 1000; ++i) {
        glm::vec3 r = psRandom3(i, 9u);
        EXPECT_EQ(r, psRandom3(i, 9u));
        EXPECT_TRUE(glm::all(glm::lessThanEqual(glm::abs(r), glm::vec3(1.f))));
    }
    EXPECT_NE(psRandom3(1u, 9u), psRandom3(2u, 9u));
    EXPECT_NE(psRandom3(1u, 9u), psRandom3(1u, 10u));
}

TEST(ParticleStep, SpringReturnsWithoutOvershootAtAnyStep) {
    for (float dt : {1.f / 240.f, 1.f / 30.f, 0.5f, 5.f}) {
        ParticleParams prm = makeParams(dt, PS_PHASE_RETURNING);
        glm::vec3 target(0.2f, -0.4f, 0.1f);
        Particle p = at({2.f, 1.f, -1.f}, {0.f, 0.f, 0.f});
        float previous = glm::length(glm::vec3(p.position) - target);
        for (int s = 0; s < int(4.f / dt) + 1; ++s) {
            p = psStep(p, target, prm, 0u);
            glm::vec3 d = glm::vec3(p.position) - target;
            float dist = glm::length(d);
            EXPECT_LE(dist, previous + 1e-6f) << "dt " << dt;
            EXPECT_GE(glm::dot(d, glm::vec3(1.8f, 1.4f, -1.1f)), -1e-6f) << "overshoot at dt " << dt;
            previous = dist;
        }
        EXPECT_LT(previous, 2e-3f) << "dt " << dt; // omega 4: envelope (1 + 16) e^-16 after 4 s
    }
}

TEST(ParticleStep, SpringMatchesTheExactSolutionOverManySteps) {
    ParticleParams prm = makeParams(0.01f, PS_PHASE_RETURNING);
    Particle p = at({1.f, 0.f, 0.f});
    for (int s = 0; s < 50; ++s)
        p = psSpringToTarget(p, glm::vec3(0.f), prm);
    float t = 0.5f, w = 4.f;
    EXPECT_NEAR(p.position.x, (1.f + w * t) * std::exp(-w * t), 1e-5f);
}

TEST(ParticleStep, SettleTimeBoundsTheEnvelope) {
    float t = psSettleSeconds(4.f, 1e-3f);
    EXPECT_NEAR((1.f + 4.f * t) * std::exp(-4.f * t), 1e-3f, 1e-6f);
    EXPECT_GT(t, 1.f);
    EXPECT_LT(t, 3.f);
    EXPECT_LT(psSettleSeconds(8.f, 1e-3f), t); // a stiffer spring settles sooner
    EXPECT_EQ(psSettleSeconds(0.f, 1e-3f), 0.f);
    EXPECT_EQ(psSettleSeconds(4.f, 1.f), 0.f);
}

// Sorted blending's key (psDepthKey): far end -> 0, near end -> buckets - 1, depths outside clamped, never
// decreasing as the depth comes nearer, and every bucket reached by its centre.
TEST(ParticleStep, DepthKeyRunsFromFarToNear) {
    using dicer::particles::ps::psDepthKey;
    const float farD = 5.f, nearD = 1.f;
    for (unsigned buckets : {2u, 7u, 4096u}) {
        EXPECT_EQ(psDepthKey(farD, farD, nearD, buckets), 0u);
        EXPECT_EQ(psDepthKey(nearD, farD, nearD, buckets), buckets - 1);
        EXPECT_EQ(psDepthKey(100.f, farD, nearD, buckets), 0u);
        EXPECT_EQ(psDepthKey(-3.f, farD, nearD, buckets), buckets - 1);
        unsigned last = 0;
        for (int i = 0; i <= 1000; ++i) {
            const unsigned key = psDepthKey(farD - (farD - nearD) * float(i) / 1000.f, farD, nearD, buckets);
            EXPECT_GE(key, last);
            last = key;
        }
        for (unsigned b = 0; b < buckets; ++b) {
            const float centre = farD - (farD - nearD) * (float(b) + 0.5f) / float(buckets);
            EXPECT_EQ(psDepthKey(centre, farD, nearD, buckets), b);
        }
    }
}
