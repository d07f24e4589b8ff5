// HeartBreaker's phase machine: assembled -> exploding (Space: one launch, a new seed) -> returning (the spring
// pulls every piece home) -> assembled once the spring has settled. The point list's particles (particles.h)
// and the shattered surface's pieces (surface_shatter.h) run the same machine, driven by the same key (the
// demo's Space toggles both), so it is one type that both hold: what launches, when the return ends and how
// the seed changes cannot drift apart between them. The GPU sees only its output, one step at a time
// (ParticleParams / ShatterParams control: phase, launch, seed). No GL: tested on the CPU
// (tests/heart_breaker_phase_test.cpp). Based on: Ziegler, Tevs, Theobalt, Seidel, VMV 2006 (HeartBreaker).
#pragma once

#include "particle_step.h"

#include <cstddef>
#include <cstdint>

namespace dicer::particles {

// The values are the shader's PS_PHASE_* (the updates upload the phase as is).
enum class ParticlePhase : std::uint32_t {
    Assembled = PS_PHASE_ASSEMBLED,
    Exploding = PS_PHASE_EXPLODING,
    Returning = PS_PHASE_RETURNING
};
inline constexpr std::size_t kParticlePhases = 3;
const char* particlePhaseName(ParticlePhase phase);

class HeartBreakerPhase {
public:
    // What one update uploads.
    struct Step {
        ParticlePhase phase;
        bool launch;        // this step starts the explosion (once per explode())
        std::uint32_t seed; // the explosion's random seed
    };

    void explode();    // from any phase: launch from where the pieces are now, with a new seed
    void reassemble(); // exploding -> returning (no-op otherwise)
    void toggle();     // explode when assembled/returning, reassemble when exploding

    // One update of `dt` seconds (already clamped by the caller): time in the phase advances, a return whose
    // spring (angular frequency `returnOmega`) has settled becomes assembled, and a pending launch is handed
    // out (later steps do not launch again).
    Step step(float dt, float returnOmega);

    ParticlePhase phase() const { return m_phase; }
    std::uint32_t seed() const { return m_seed; }
    bool launchPending() const { return m_launch; } // the next step() starts the explosion
    float phaseSeconds() const { return m_phaseSeconds; }

    // The spring's envelope is below this fraction of where the return started (of the distance, and of a
    // piece's angle) when the return ends: closer than a voxel of the finest preset, so the switch to
    // "assembled" (the exact voxel, the exact surface) is invisible.
    static constexpr float kSettledFraction = 1e-3f;

private:
    ParticlePhase m_phase = ParticlePhase::Assembled;
    bool m_launch = false;      // the next step starts the explosion
    float m_phaseSeconds = 0.f; // time spent in the current phase
    std::uint32_t m_seed = 1;
};

} // namespace dicer::particles
