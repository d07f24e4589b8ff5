// HeartBreaker's phase machine (heart_breaker_phase.h), shared by the particles and the shattered surface.
#include "heart_breaker_phase.h"

namespace dicer::particles {

const char* particlePhaseName(ParticlePhase phase) {
    static constexpr const char* kNames[] = {"assembled", "exploding", "re-assembling"}; // PS_PHASE_* order
    return kNames[int(phase)];
}

void HeartBreakerPhase::explode() {
    m_phase = ParticlePhase::Exploding;
    m_launch = true;
    m_phaseSeconds = 0.f;
    ++m_seed; // every explosion scatters differently
}

void HeartBreakerPhase::reassemble() {
    if (m_phase != ParticlePhase::Exploding) return;
    m_phase = ParticlePhase::Returning;
    m_phaseSeconds = 0.f;
}

void HeartBreakerPhase::toggle() {
    if (m_phase == ParticlePhase::Exploding)
        reassemble();
    else
        explode();
}

HeartBreakerPhase::Step HeartBreakerPhase::step(float dt, float returnOmega) {
    m_phaseSeconds += dt;
    if (m_phase == ParticlePhase::Returning &&
        m_phaseSeconds > ps::psSettleSeconds(returnOmega, kSettledFraction))
        m_phase = ParticlePhase::Assembled;
    const Step step{m_phase, m_launch, m_seed};
    m_launch = false;
    return step;
}

} // namespace dicer::particles
