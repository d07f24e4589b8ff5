// HeartBreaker paced to its subject, on the CPU reference of the particle step (particle_step.h psStep, the
// GPU's code): for the built-in cube's and both scans' boxes, framed as the demo frames them (1280x800, panels
// shown and hidden), at least 80 % of the particles stay inside the view for the first 3 s after Space; every particle
// comes to rest on the floor the demo draws (within its reach, particles::floorReach) and rests on it by a
// voxel's half-width (its centre never below floor + radius).
#include "camera.h"
#include "particles.h"
#include "ui_layout.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace dicer;
using namespace dicer::app;
namespace ps = dicer::particles::ps;

namespace {

// The voxels of a shell one voxel thick inside `volume`: the surface of an ellipsoid filling the box, as a
// scan's skin or a shell-voxelized model is (a few per cent of the voxels).
std::vector<glm::uvec3> shellVoxels(glm::ivec3 volume) {
    std::vector<glm::uvec3> out;
    const glm::vec3 half = glm::vec3(volume) * 0.5f;
    for (int z = 0; z < volume.z; ++z)
        for (int y = 0; y < volume.y; ++y)
            for (int x = 0; x < volume.x; ++x) {
                const glm::vec3 p = (glm::vec3(x, y, z) + 0.5f - half) / (half * 0.9f);
                const float r = glm::length(p);
                if (r <= 1.f && r > 1.f - 2.5f / half.x) out.push_back(glm::uvec3(x, y, z));
            }
    return out;
}

struct Box {
    const char* name;
    glm::ivec3 volume;
    glm::vec3 shape;
};

} // namespace

TEST(Pacing, MostParticlesStayInViewAndAllRestOnTheFloor) {
    const Box boxes[] = {{"the built-in models' cube", {64, 64, 64}, {1.f, 1.f, 1.f}},
                         {"the CT head upright", {64, 93, 64}, {1.f, 0.681152f, 1.f}},
                         {"the MR head upright", {48, 42, 62}, {0.774194f, 0.677419f, 1.f}}};
    const glm::vec2 display{1280.f, 800.f};
    const particles::ParticleTuning tuning;
    for (const Box& box : boxes) {
        // One flight watched by the two cameras the demo frames with: panels shown and hidden.
        glm::mat4 viewProj[2];
        for (bool panels : {true, false}) {
            OrbitCamera camera;
            const PanelLayout layout = defaultPanelLayout({0.f, 0.f}, display, 1.f);
            const NdcArea area = freeAreaNdc(layout, display, panels);
            camera.fit(box.shape, area.centre, area.half, display.x / display.y);
            viewProj[panels ? 0 : 1] = camera.projection(display.x / display.y) * camera.view();
        }
        // Every other voxel of the shell: the same spread of launch directions at half the steps.
        std::vector<glm::uvec3> voxels;
        const std::vector<glm::uvec3> shell = shellVoxels(box.volume);
        for (size_t i = 0; i < shell.size(); i += 2) voxels.push_back(shell[i]);
        ASSERT_GT(voxels.size(), 1000u) << box.name;
        std::vector<ps::Particle> state(voxels.size());
        const float dt = 1.f / 60.f;
        const ps::ParticleParams assembled = particles::packParticleParams(
            tuning, particles::ParticlePhase::Assembled, false, 7u, dt, box.volume, box.shape);
        for (size_t i = 0; i < voxels.size(); ++i)
            state[i] = ps::psStep(state[i], ps::psVoxelWorld(voxels[i], glm::vec3(box.volume), box.shape),
                                  assembled, std::uint32_t(i));
        float worst[2] = {1.f, 1.f};
        const float floorY = particles::floorHeight(tuning, box.shape);
        const float radius = particles::restingRadius(box.volume, box.shape);
        for (int frame = 0; frame < 60 * 12; ++frame) { // 3 s watched, then until everything rests
            const ps::ParticleParams p = particles::packParticleParams(
                tuning, particles::ParticlePhase::Exploding, frame == 0, 7u, dt, box.volume, box.shape);
            size_t inside[2] = {0, 0};
            for (size_t i = 0; i < state.size(); ++i) {
                state[i] = ps::psStep(state[i], glm::vec3(0.f), p, std::uint32_t(i));
                if (frame < 180)
                    for (int v = 0; v < 2; ++v) {
                        const glm::vec4 c = viewProj[v] * state[i].position;
                        const glm::vec2 ndc = glm::vec2(c) / c.w;
                        inside[v] += c.w > 0.f && std::abs(ndc.x) <= 1.f && std::abs(ndc.y) <= 1.f ? 1 : 0;
                    }
                ASSERT_GE(state[i].position.y, floorY + radius - 1e-5f) << box.name << ": sunk into the floor";
            }
            for (int v = 0; v < 2 && frame < 180; ++v)
                worst[v] = std::min(worst[v], float(inside[v]) / float(state.size()));
        }
        EXPECT_GE(worst[0], 0.8f) << box.name << ": the explosion leaves the view";
        EXPECT_GE(worst[1], 0.8f) << box.name << " (panels hidden): the explosion leaves the view";
        const float reach = particles::floorReach(tuning, box.shape);
        size_t off = 0, moving = 0;
        for (const ps::Particle& q : state) {
            off += std::max(std::abs(q.position.x), std::abs(q.position.z)) > reach ? 1 : 0;
            moving += glm::length(glm::vec3(q.velocity)) > 0.05f || q.position.y > floorY + radius + 0.02f ? 1 : 0;
        }
        EXPECT_EQ(off, 0u) << box.name << ": resting beyond the floor's edge (reach " << reach << ")";
        EXPECT_LT(moving, state.size() / 100) << box.name << ": not at rest after 12 s";
        std::printf("pacing: %s: %zu particles, at least %.1f %% in view over the first 3 s (%.1f %% panels "
                    "hidden)\n",
                    box.name, state.size(), 100.0 * double(worst[0]), 100.0 * double(worst[1]));
    }
}
