// CPU tests of HeartBreaker for surfaces' per-piece maths (shaders/shatter_step.h, the same text the GPU
// compiles), over pieces of one triangle: assembled is the exact rest pose, the return's springs converge
// without overshoot from any state at any step, the floor holds every vertex above it, a tumbling piece keeps its
// shape (the rotation stays orthonormal), the launch goes outward, the quaternion maps invert each other, the
// ordered keys keep the floats' order, the pivot is the centre of the piece's cells. The pieces themselves:
// shatter_pieces_test.cpp.
#include "shatter_step.h"
#include "surface_shatter.h"

#include <glm/gtc/quaternion.hpp>
#include <gtest/gtest.h>

#include <array>
#include <cmath>

using namespace dicer::particles;
using namespace dicer::particles::ps;

namespace {

using Triangle = std::array<glm::vec3, 3>;

ShatterParams makeParams(float dt, std::uint32_t phase) {
    ParticleTuning tuning;
    tuning.drag = 0.f;
    ShatterSource source;
    source.shape = glm::vec3(1.f); // the floor at floorHeight(tuning, 1)
    return packShatterParams(tuning, ShatterTuning{}, ParticlePhase(phase), false, 7u, dt, source);
}

// Triangle i of a deterministic random set: small (a voxel or so) and inside the unit box, like a surface's.
Triangle triangle(std::uint32_t i) {
    const glm::vec3 centre = psRandom3(i, 11u) * 0.8f;
    return {centre + psRandom3(i, 12u) * 0.05f, centre + psRandom3(i, 13u) * 0.05f,
            centre + psRandom3(i, 14u) * 0.05f};
}

// One frame of a piece of one triangle, as the passes run it: the step about the centroid (the pivot), then,
// exploding, the floor against the triangle's lowest vertex as drawn.
ShatterPiece step(const ShatterPiece& s, const Triangle& t, const ShatterParams& prm, std::uint32_t i) {
    ShatterPiece r = shStep(s, (t[0] + t[1] + t[2]) / 3.f, shFaceNormal(t[0], t[1], t[2]), prm, i);
    if (prm.control.x == PS_PHASE_EXPLODING) r = shFloor(r, shLowest(r, t[0], t[1], t[2]), prm);
    return r;
}

// A piece somewhere in flight: moved, turned by up to pi, moving and spinning.
ShatterPiece flying(std::uint32_t i, const Triangle& t) {
    ShatterPiece s = shRest((t[0] + t[1] + t[2]) / 3.f);
    s.offset = glm::vec4(psRandom3(i, 21u) * 2.f, 0.f);
    s.velocity = glm::vec4(psRandom3(i, 22u) * 5.f, 0.f);
    s.orientation = shQuatFromRotation(psRandom3(i, 23u) * 1.8f); // |r| up to 3.1
    s.spin = glm::vec4(psRandom3(i, 24u) * 8.f, 0.f);
    return s;
}

float angleOf(const ShatterPiece& s) {
    return glm::length(shRotationOf(s.orientation));
}

} // namespace

TEST(ShatterStep, AssembledIsExactlyTheRestPose) {
    const ShatterParams prm = makeParams(0.02f, PS_PHASE_ASSEMBLED);
    for (std::uint32_t i = 0; i < 100; ++i) {
        const Triangle t = triangle(i);
        const ShatterPiece s = step(flying(i, t), t, prm, i);
        EXPECT_EQ(s.orientation, glm::vec4(0.f, 0.f, 0.f, 1.f));
        EXPECT_EQ(glm::vec3(s.offset), glm::vec3(0.f));
        EXPECT_EQ(glm::vec3(s.velocity), glm::vec3(0.f));
        EXPECT_EQ(glm::vec3(s.spin), glm::vec3(0.f));
        EXPECT_EQ(glm::vec3(s.pivot), (t[0] + t[1] + t[2]) / 3.f);
        const glm::vec3 n = glm::normalize(psRandom3(i, 30u) + glm::vec3(0.f, 0.f, 2.f));
        for (const glm::vec3& p : t)
            EXPECT_EQ(shPlacePosition(s, p), p)
                << i; // bit for bit: the surface as the marching cubes made it
        EXPECT_EQ(shPlaceNormal(s, n), n);
    }
}

TEST(ShatterStep, ZeroedPieceIsTheRestPoseToo) {
    // What reserve() leaves in a grown state buffer, drawn before any step: the surface where it is.
    ShatterPiece zero{};
    for (std::uint32_t i = 0; i < 20; ++i) {
        const glm::vec3 p = psRandom3(i, 3u) * 7.f;
        EXPECT_EQ(shPlacePosition(zero, p), p);
        EXPECT_EQ(shPlaceNormal(zero, p), p);
    }
}

TEST(ShatterStep, QuaternionMapsInvertEachOtherAndRotateAsGlm) {
    for (std::uint32_t i = 0; i < 200; ++i) {
        const glm::vec3 r = psRandom3(i, 40u) * 1.8f; // |r| < pi: the log gives it back
        const glm::vec4 q = shQuatFromRotation(r);
        EXPECT_NEAR(glm::length(q), 1.f, 1e-6f);
        const glm::vec3 back = shRotationOf(q);
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(back[c], r[c], 2e-6f) << i;
        EXPECT_NEAR(glm::length(shRotationOf(-q) - r), 0.f, 2e-6f); // -q: the same rotation
        const glm::quat g = glm::angleAxis(glm::length(r), glm::normalize(r));
        const glm::vec3 v = psRandom3(i, 41u);
        const glm::vec3 ours = shRotate(q, v), theirs = g * v;
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(ours[c], theirs[c], 2e-6f) << i;
        // The product: rotating by b then a = rotating by a b.
        const glm::vec4 b = shQuatFromRotation(psRandom3(i, 42u));
        const glm::vec3 twice = shRotate(q, shRotate(b, v)), once = shRotate(shQuatMul(q, b), v);
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(twice[c], once[c], 2e-6f) << i;
    }
    EXPECT_EQ(shQuatFromRotation(glm::vec3(0.f)), glm::vec4(0.f, 0.f, 0.f, 1.f));
    EXPECT_EQ(shRotationOf(glm::vec4(0.f, 0.f, 0.f, 1.f)), glm::vec3(0.f));
}

// The pieces fly like the points: without spin, the centroid follows psIntegrateFree's particle step for step.
TEST(ShatterStep, CentroidFliesLikeAParticle) {
    ShatterParams prm = makeParams(1.f / 30.f, PS_PHASE_EXPLODING);
    prm.motion.z = 0.4f; // with drag
    ParticleParams pp{};
    pp.motion = prm.motion;
    pp.bounce = prm.bounce;
    const Triangle t = {glm::vec3(0.f, 0.5f, 0.f), glm::vec3(0.01f, 0.5f, 0.f), glm::vec3(0.f, 0.51f, 0.f)};
    ShatterPiece s = shRest((t[0] + t[1] + t[2]) / 3.f);
    s.velocity = glm::vec4(1.f, 2.f, -0.5f, 0.f);
    Particle p{glm::vec4(glm::vec3(s.pivot), 1.f), s.velocity};
    for (int i = 0; i < 20; ++i) { // 0.67 s: still well above the floor
        s = step(s, t, prm, 0u);
        p = psIntegrateFree(p, pp);
        EXPECT_EQ(glm::vec3(s.velocity), glm::vec3(p.velocity));
        const glm::vec3 centroid = glm::vec3(s.pivot) + glm::vec3(s.offset);
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(centroid[c], p.position[c], 1e-6f);
    }
}

TEST(ShatterStep, TumblePreservesTheTriangle) {
    ShatterParams prm = makeParams(1.f / 30.f, PS_PHASE_EXPLODING);
    prm.tumble.x = 20.f; // fast spin: many turns in the run
    for (std::uint32_t i = 0; i < 32; ++i) {
        const Triangle t = triangle(i);
        ShatterParams launch = prm;
        launch.control.y = 1u;
        ShatterPiece s = step(shRest((t[0] + t[1] + t[2]) / 3.f), t, launch, i);
        for (int n = 0; n < 300; ++n) {
            s = step(s, t, prm, i);
            ASSERT_NEAR(glm::length(s.orientation), 1.f, 1e-6f);
            // The rotation's matrix: orthonormal columns, determinant +1 (a rotation, no reflection).
            const glm::mat3 m(shRotate(s.orientation, {1.f, 0.f, 0.f}),
                              shRotate(s.orientation, {0.f, 1.f, 0.f}),
                              shRotate(s.orientation, {0.f, 0.f, 1.f}));
            const glm::mat3 mtm = glm::transpose(m) * m;
            for (int a = 0; a < 3; ++a)
                for (int b = 0; b < 3; ++b)
                    ASSERT_NEAR(mtm[a][b], a == b ? 1.f : 0.f, 1e-5f) << "piece " << i << " step " << n;
            ASSERT_NEAR(glm::determinant(m), 1.f, 1e-5f);
            // So the drawn triangle has the same sides.
            for (int e = 0; e < 3; ++e) {
                const glm::vec3 p = shPlacePosition(s, t[e]), q = shPlacePosition(s, t[(e + 1) % 3]);
                ASSERT_NEAR(glm::distance(p, q), glm::distance(t[e], t[(e + 1) % 3]), 1e-5f);
            }
        }
        EXPECT_GT(angleOf(s), 0.f); // it did turn
    }
}

TEST(ShatterStep, BounceKeepsTheTriangleAboveTheFloor) {
    for (float dt : {1.f / 120.f, 1.f / 30.f, 1.f / 20.f}) {
        ShatterParams prm = makeParams(dt, PS_PHASE_EXPLODING);
        prm.bounce.w = 3.f;  // fast
        prm.launch.w = 0.5f; // noisy
        for (std::uint32_t i = 0; i < 64; ++i) {
            const Triangle t = triangle(i);
            ShatterParams launch = prm;
            launch.control.y = 1u;
            ShatterPiece s = step(shRest((t[0] + t[1] + t[2]) / 3.f), t, launch, i);
            int bounces = 0;
            for (int n = 0; n < int(15.f / dt); ++n) { // no drag: the high ones bounce for ~10 s
                const float vy = s.velocity.y;
                s = step(s, t, prm, i);
                bounces += vy < 0.f && s.velocity.y > 0.f;
                for (const glm::vec3& p : t)
                    ASSERT_GE(shPlacePosition(s, p).y, -1.f - 1e-6f) << "piece " << i << " step " << n;
            }
            EXPECT_GT(bounces, 0) << i;
            EXPECT_LT(std::abs(s.velocity.y), 0.5f) << i;        // bounces lose energy: it comes to rest
            EXPECT_LT(glm::length(glm::vec3(s.spin)), 1.f) << i; // and the floor stops the tumble
        }
    }
}

TEST(ShatterStep, LaunchGoesOutwardAlongTheNormalAndSpins) {
    ShatterParams prm = makeParams(0.f, PS_PHASE_EXPLODING); // dt 0: the launch alone
    prm.control.y = 1u;
    prm.launch.w = 0.f; // no noise: outward + normal exactly
    for (std::uint32_t i = 0; i < 100; ++i) {
        const Triangle t = triangle(i);
        const glm::vec3 c = (t[0] + t[1] + t[2]) / 3.f;
        const ShatterPiece s = step(shRest(c), t, prm, i);
        const glm::vec3 n = shFaceNormal(t[0], t[1], t[2]);
        const float speed = prm.bounce.w; // the tuning's explosion speed
        const glm::vec3 expected = glm::normalize(c) * speed + n * (speed * ShatterTuning{}.normalShare);
        for (int a = 0; a < 3; ++a) {
            EXPECT_NEAR(s.velocity[a], expected[a], 1e-5f) << i;
            EXPECT_LE(std::abs(s.spin[a]), prm.tumble.x);
        }
        EXPECT_GT(glm::length(glm::vec3(s.spin)), 0.f);
    }
    const Triangle flat = {glm::vec3(-0.1f, 0.f, 0.f), glm::vec3(0.1f, 0.f, 0.f), glm::vec3(0.f, 0.f, 0.f)};
    const ShatterPiece s = step(shRest(glm::vec3(0.f)), flat, prm, 3u); // on the centre, no area: goes up
    EXPECT_GT(s.velocity.y, 0.f);
    EXPECT_EQ(shFaceNormal(flat[0], flat[1], flat[2]), glm::vec3(0.f));
}

// From rest, anywhere and turned by up to pi: distance and angle only shrink, never pass through rest (no
// overshoot), and are gone after 4 s (omega 4), at small steps and at huge ones alike.
TEST(ShatterStep, SpringReturnsWithoutOvershootFromRest) {
    for (float dt : {1.f / 240.f, 1.f / 30.f, 0.5f, 5.f}) {
        const ShatterParams prm = makeParams(dt, PS_PHASE_RETURNING);
        for (std::uint32_t i = 0; i < 32; ++i) {
            const Triangle t = triangle(i);
            ShatterPiece s = flying(i, t);
            s.velocity = glm::vec4(0.f);
            s.spin = glm::vec4(0.f);
            const glm::vec3 d0 = glm::vec3(s.offset), r0 = shRotationOf(s.orientation);
            float dist = glm::length(d0), angle = angleOf(s);
            for (int n = 0; n < int(4.f / dt) + 1; ++n) {
                s = step(s, t, prm, i);
                const glm::vec3 d = glm::vec3(s.offset), r = shRotationOf(s.orientation);
                EXPECT_LE(glm::length(d), dist + 1e-6f) << "dt " << dt;
                EXPECT_LE(glm::length(r), angle + 1e-6f) << "dt " << dt;
                EXPECT_GE(glm::dot(d, d0), 0.f) << "offset overshoot at dt " << dt;
                EXPECT_GE(glm::dot(r, r0), 0.f) << "rotation overshoot at dt " << dt;
                dist = glm::length(d);
                angle = glm::length(r);
            }
            EXPECT_LT(dist, 2e-3f * glm::length(d0)) << "dt " << dt; // (1 + 16) e^-16 after 4 s
            EXPECT_LT(angle, 2e-3f * glm::length(r0) + 1e-6f) << "dt " << dt;
        }
    }
}

// From any state (moving, spinning): the springs stay within their bound |x0| + |v0 + w x0| / (w e) (the
// largest the exact solution reaches) and converge; no step, however large, blows up.
TEST(ShatterStep, SpringConvergesFromAnyState) {
    const float w = 4.f;
    for (float dt : {1.f / 60.f, 1.f / 20.f, 2.f}) {
        const ShatterParams prm = makeParams(dt, PS_PHASE_RETURNING);
        for (std::uint32_t i = 0; i < 64; ++i) {
            const Triangle t = triangle(i);
            ShatterPiece s = flying(i, t);
            const glm::vec3 d0 = glm::vec3(s.offset), v0 = glm::vec3(s.velocity);
            const float bound = glm::length(d0) + glm::length(v0 + w * d0) / (w * std::exp(1.f)) + 1e-5f;
            for (int n = 0; n < int(8.f / dt) + 1; ++n) {
                s = step(s, t, prm, i);
                ASSERT_LE(glm::length(glm::vec3(s.offset)), bound) << "dt " << dt;
                ASSERT_LE(angleOf(s), 3.1416f); // the shorter way, always
                ASSERT_TRUE(std::isfinite(glm::length(s.spin)));
            }
            EXPECT_LT(glm::length(glm::vec3(s.offset)), 1e-5f) << i;
            EXPECT_LT(glm::length(glm::vec3(s.velocity)), 1e-4f) << i;
            EXPECT_LT(angleOf(s), 1e-4f) << i;
            EXPECT_LT(glm::length(glm::vec3(s.spin)), 1e-4f) << i;
        }
    }
}

// The same return seconds as the particles' settle the springs too, even when they start spinning fast.
TEST(ShatterStep, ParticlesSettleTimeSettlesTheTumbleToo) {
    const float dt = 1.f / 60.f;
    const ShatterParams prm = makeParams(dt, PS_PHASE_RETURNING);
    const float settle = psSettleSeconds(4.f, 1e-3f);
    for (std::uint32_t i = 0; i < 64; ++i) {
        const Triangle t = triangle(i);
        ShatterPiece s = flying(i, t);
        s.spin = glm::vec4(psRandom3(i, 50u) * 6.f, 0.f); // as launched (ShatterTuning's tumble)
        s.velocity = glm::vec4(psRandom3(i, 51u) * 1.6f, 0.f);
        for (int n = 0; float(n) * dt <= settle; ++n)
            s = step(s, t, prm, i);
        EXPECT_LT(angleOf(s), 0.01f) << i; // under a degree: the snap to assembled is invisible
        EXPECT_LT(glm::length(glm::vec3(s.offset)), 0.01f) << i;
    }
}

TEST(ShatterStep, ParamsCarryTheWorldTheFloorAndThePhase) {
    ParticleTuning tuning;
    ShatterTuning shatter;
    shatter.tumble = 2.5f;
    const glm::mat4 toWorld =
        glm::mat4(0.5f, 0.f, 0.f, 0.f, 0.f, 0.5f, 0.f, 0.f, 0.f, 0.f, 0.5f, 0.f, -1.f, -2.f, -3.f, 1.f);
    ShatterSource source;
    source.toWorld = toWorld;
    source.shape = {0.5f, 0.25f, 1.f};
    source.cells = {5u, 6u, 7u};
    source.spacing = {0.5f, 1.f, 2.f};
    const ShatterParams prm =
        packShatterParams(tuning, shatter, ParticlePhase::Returning, true, 9u, 0.02f, source);
    EXPECT_EQ(prm.motion.w, floorHeight(tuning, {0.5f, 0.25f, 1.f})); // the particles' floor
    EXPECT_EQ(prm.control, glm::uvec4(PS_PHASE_RETURNING, 1u, 9u, 0u));
    EXPECT_EQ(prm.tumble.x, 2.5f);
    EXPECT_EQ(prm.grid, glm::uvec4(5u, 6u, 7u, 0u));
    EXPECT_EQ(prm.spacing, glm::vec4(0.5f, 1.f, 2.f, 0.f));
    EXPECT_EQ(shToWorld(glm::vec3(2.f, 4.f, 6.f), prm), glm::vec3(0.f, 0.f, 0.f));
}

// The floor pass takes a piece's lowest vertex with an atomicMin over uints: the keys order as the floats.
TEST(ShatterStep, OrderedKeysKeepTheOrderOfFloats) {
    const float values[] = {-3e38f, -2.5f, -1.f, -1e-30f, -0.f, 0.f, 1e-30f, 0.75f, 1.f, 7.f, 3e38f};
    for (std::size_t i = 0; i < std::size(values); ++i) {
        EXPECT_EQ(shFromOrderedKey(shOrderedKey(values[i])), values[i]);
        for (std::size_t j = i + 1; j < std::size(values); ++j)
            if (values[i] < values[j]) {
                EXPECT_LT(shOrderedKey(values[i]), shOrderedKey(values[j])) << i << " " << j;
            }
    }
    EXPECT_LT(shOrderedKey(1e30f), 0xffffffffu); // the "no vertex yet" key stays above every number
}

// The pivot: the centre of the box of the piece's cells, in its brick, through the spacing and the world.
TEST(ShatterStep, PivotIsTheCentreOfThePiecesCellBox) {
    ShatterSource source;
    source.cells = {20u, 17u, 9u};
    source.spacing = {1.f, 2.f, 0.5f};
    source.toWorld = glm::mat4(1.f);
    const ShatterParams prm = packShatterParams({}, {}, ParticlePhase::Exploding, false, 1u, 0.f, source);
    // Cells (9..11, 16, 8) of brick (1, 2, 1): local x 1..3, y 0, z 0.
    const std::uint32_t cells[] = {9u + 20u * (16u + 17u * 8u), 11u + 20u * (16u + 17u * 8u)};
    std::uint32_t mask = 0;
    for (std::uint32_t cell : cells) {
        const glm::uvec3 c = shCellCoords(cell, prm);
        mask |= shCellMask(c % glm::uvec3(SHATTER_BRICK));
    }
    EXPECT_EQ(shCellCoords(cells[1], prm), glm::uvec3(11u, 16u, 8u));
    EXPECT_EQ(mask, 0b1010u | 1u << 8 | 1u << 16);
    // x: cells 9 and 11 -> the box [9, 12), centre 10.5; y: [16, 17) -> 16.5; z: [8, 9) -> 8.5.
    EXPECT_EQ(shPiecePivot(mask, cells[0], prm), glm::vec3(10.5f * 1.f, 16.5f * 2.f, 8.5f * 0.5f));
}
