// CPU tests of HeartBreaker's phase machine (engine/particles/heart_breaker_phase.h), the one both the particles
// and the shattered surface hold: explode launches exactly once with a new seed, time in the phase advances by
// the steps, re-assembly ends when the spring has settled, toggle alternates, and nothing else changes a phase.
#include "heart_breaker_phase.h"

#include <gtest/gtest.h>

#include <set>

using dicer::particles::HeartBreakerPhase;
using dicer::particles::ParticlePhase;

namespace {
constexpr float kOmega = 4.0f; // ParticleTuning's default returnOmega
constexpr float kDt = 0.25f;   // sums of it are exact in float: the seconds compare exactly
} // namespace

TEST(HeartBreakerPhase, StartsAssembledWithNothingToLaunch) {
    HeartBreakerPhase p;
    EXPECT_EQ(p.phase(), ParticlePhase::Assembled);
    EXPECT_FALSE(p.launchPending());
    EXPECT_EQ(p.seed(), 1u);
    const HeartBreakerPhase::Step s = p.step(kDt, kOmega);
    EXPECT_EQ(s.phase, ParticlePhase::Assembled);
    EXPECT_FALSE(s.launch);
    EXPECT_EQ(s.seed, 1u);
    EXPECT_EQ(p.phaseSeconds(), kDt);
}

TEST(HeartBreakerPhase, ExplodeLaunchesOnceAndTheSecondsAdvance) {
    HeartBreakerPhase p;
    p.step(kDt, kOmega);
    p.explode();
    EXPECT_EQ(p.phase(), ParticlePhase::Exploding);
    EXPECT_TRUE(p.launchPending());
    EXPECT_EQ(p.phaseSeconds(), 0.f); // a new phase starts its clock
    const HeartBreakerPhase::Step first = p.step(kDt, kOmega);
    EXPECT_EQ(first.phase, ParticlePhase::Exploding);
    EXPECT_TRUE(first.launch);
    EXPECT_EQ(first.seed, p.seed());
    EXPECT_FALSE(p.launchPending());
    for (int i = 2; i <= 100; ++i) { // flies for ever: only reassemble() ends an explosion
        const HeartBreakerPhase::Step s = p.step(kDt, kOmega);
        EXPECT_EQ(s.phase, ParticlePhase::Exploding);
        EXPECT_FALSE(s.launch) << "step " << i;
        EXPECT_EQ(s.seed, first.seed);
        EXPECT_EQ(p.phaseSeconds(), float(i) * kDt);
    }
}

TEST(HeartBreakerPhase, ReassembleEndsOnceTheSpringHasSettled) {
    HeartBreakerPhase p;
    p.explode();
    p.step(kDt, kOmega);
    p.step(kDt, kOmega);
    p.reassemble();
    EXPECT_EQ(p.phase(), ParticlePhase::Returning);
    EXPECT_EQ(p.phaseSeconds(), 0.f);
    const float settle =
        dicer::particles::ps::psSettleSeconds(kOmega, HeartBreakerPhase::kSettledFraction); // ~2.3 s
    ASSERT_GT(settle, 1.f);
    int steps = 0;
    while (p.phase() == ParticlePhase::Returning && steps < 1000) {
        const HeartBreakerPhase::Step s = p.step(kDt, kOmega);
        ++steps;
        EXPECT_FALSE(s.launch);
        // Returning exactly while the time in the phase has not passed the settle time.
        EXPECT_EQ(s.phase == ParticlePhase::Returning, float(steps) * kDt <= settle) << "step " << steps;
    }
    EXPECT_EQ(p.phase(), ParticlePhase::Assembled);
    EXPECT_GT(float(steps) * kDt, settle);
    EXPECT_LE(float(steps - 1) * kDt, settle);
    // A stronger spring settles sooner: the same return under omega 8 ends in fewer steps.
    HeartBreakerPhase q;
    q.explode();
    q.reassemble();
    int fast = 0;
    while (q.phase() == ParticlePhase::Returning && fast < 1000) {
        q.step(kDt, 2.f * kOmega);
        ++fast;
    }
    EXPECT_LT(fast, steps);
}

TEST(HeartBreakerPhase, ReassembleOnlyFromExploding) {
    HeartBreakerPhase p;
    p.reassemble(); // assembled: nothing to return from
    EXPECT_EQ(p.phase(), ParticlePhase::Assembled);
    p.explode();
    p.reassemble();
    p.step(kDt, kOmega);
    p.reassemble(); // returning already: the clock is not reset
    EXPECT_EQ(p.phase(), ParticlePhase::Returning);
    EXPECT_EQ(p.phaseSeconds(), kDt);
}

TEST(HeartBreakerPhase, ToggleAlternatesAndEveryExplosionHasItsOwnSeed) {
    HeartBreakerPhase p;
    std::set<std::uint32_t> seeds;
    const ParticlePhase expected[] = {ParticlePhase::Exploding, ParticlePhase::Returning,
                                      ParticlePhase::Exploding, ParticlePhase::Returning,
                                      ParticlePhase::Exploding};
    for (ParticlePhase want : expected) {
        const std::uint32_t before = p.seed();
        p.toggle();
        EXPECT_EQ(p.phase(), want);
        if (want == ParticlePhase::Exploding) {
            EXPECT_NE(p.seed(), before);
            EXPECT_TRUE(seeds.insert(p.seed()).second) << "seed " << p.seed() << " used twice";
            EXPECT_TRUE(p.step(kDt, kOmega).launch);
        } else {
            EXPECT_EQ(p.seed(), before); // re-assembly keeps the explosion's seed
            EXPECT_FALSE(p.step(kDt, kOmega).launch);
        }
    }
    // Explode while exploding (explode(), not toggle): launches again, from where the pieces are, a new seed.
    const std::uint32_t before = p.seed();
    p.explode();
    EXPECT_NE(p.seed(), before);
    EXPECT_TRUE(p.step(kDt, kOmega).launch);
    EXPECT_FALSE(p.step(kDt, kOmega).launch);
}
