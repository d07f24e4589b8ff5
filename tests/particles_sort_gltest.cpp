// GL tests of sorted blending: the per-frame back-to-front order of the particles (depth_order.h:
// quantized view-depth keys + the HistoPyramid counting sort) equals a CPU computation of the same keys
// exactly, retired particle slots sort behind the live ones, bad bucket counts are refused, and the sorted
// draw blends overlapping sprites in that order.
#include "depth_order.h"
#include "draw_target_util.h"
#include "gl_test_util.h"
#include "particle_step.h"
#include "particles.h"
#include "particles_shared.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <vector>

using namespace dicer;
using namespace dicer::particles;

namespace {

// Particles at chosen positions, the first `count` of `slots` alive (PS_CTRL_DRAW), as ParticleSystem keeps them.
struct FakeParticles {
    gl::Buffer positions, control;
    FakeParticles(const std::vector<glm::vec3>& at, std::uint32_t count) {
        std::vector<glm::vec4> words4(std::max<std::size_t>(at.size(), 1));
        for (std::size_t i = 0; i < at.size(); ++i)
            words4[i] = glm::vec4(at[i], 1.f);
        positions = test::bufferStorage(GLsizeiptr(words4.size() * sizeof(glm::vec4)), words4.data(), 0,
                                        "test particle positions");
        std::vector<std::uint32_t> words(PS_CTRL_UINTS, 0u);
        words[PS_CTRL_DRAW] = count;
        words[PS_CTRL_DRAW + 1] = 1u;
        control = test::bufferStorage(GLsizeiptr(words.size() * 4), words.data(), 0, "test control");
    }
};

// The CPU keys, the same function (particle_step.h psDepthKey) on the same depth expression.
std::vector<std::uint32_t> cpuKeys(const std::vector<glm::vec3>& positions, std::uint32_t count,
                                   const DepthOrderParams& params) {
    const DepthRange range = depthRange(params);
    const glm::vec4 row = depthRow(params.view);
    std::vector<std::uint32_t> keys(positions.size(), params.buckets); // retired slots: `buckets`
    for (std::uint32_t i = 0; i < count; ++i)
        keys[i] = ps::psDepthKey(glm::dot(row, glm::vec4(positions[i], 1.f)), range.farDepth, range.nearDepth,
                                 params.buckets);
    return keys;
}

// Where a depth falls inside its bucket, in [0, 1): the tests keep away from the edges, where a GPU that fuses
// the dot product's multiply-adds (one ulp) could land in the neighbouring bucket.
float bucketFraction(const glm::vec3& p, const DepthOrderParams& params) {
    const DepthRange range = depthRange(params);
    const float depth = glm::dot(depthRow(params.view), glm::vec4(p, 1.f));
    const float t = (range.farDepth - depth) / (range.farDepth - range.nearDepth) * float(params.buckets);
    return t - std::floor(t);
}

// Random positions in [-1.5, 1.5]^3 (some outside the volume's sphere: clamped into the end buckets), none near a
// bucket edge. How near is too near grows with the buckets: at 2^20 buckets a bucket is ~7 float ulps of the
// view depth, and GLSL's division may be 2.5 ulp off, so a key is exact only well inside its bucket.
std::vector<glm::vec3> randomPositions(std::uint32_t n, const DepthOrderParams& params, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(-1.5f, 1.5f);
    const float margin = params.buckets >= (1u << 16) ? 0.4f : 0.01f;
    std::vector<glm::vec3> out;
    while (out.size() < n) {
        glm::vec3 p(u(rng), u(rng), u(rng));
        const float f = bucketFraction(p, params);
        if (f > margin && f < 1.f - margin) out.push_back(p);
    }
    return out;
}

DepthOrderParams viewFrom(glm::vec3 eye, std::uint32_t buckets) {
    DepthOrderParams params;
    params.view = glm::lookAt(eye, glm::vec3(0.f), glm::vec3(0.f, 1.f, 0.f));
    params.buckets = buckets;
    return params;
}

class ParticlesSortGl : public test::FreshObjectTest<ParticleDepthOrder> {
protected:
    std::optional<ParticleDepthOrder>& m_order = m_object;

    // Sorts and checks the order against the CPU keys, exactly.
    void expectBackToFront(const std::vector<glm::vec3>& positions, std::uint32_t count,
                           const DepthOrderParams& params) {
        const std::uint32_t slots = std::uint32_t(positions.size());
        FakeParticles particles(positions, count);
        Result<void> r = m_order->sort(particles.positions.id(), particles.control.id(), slots, params);
        ASSERT_TRUE(r) << r.error();
        ASSERT_TRUE(m_order->sorter().checkStatus()) << "a key >= buckets + 1";
        const std::vector<std::uint32_t> keys = cpuKeys(positions, count, params);

        std::vector<std::uint32_t> gpuKeys(slots);
        if (slots > 0) glGetNamedBufferSubData(m_order->keys(), 0, GLsizeiptr(slots) * 4, gpuKeys.data());
        EXPECT_EQ(gpuKeys, keys) << "the keys pass differs from psDepthKey on the CPU";

        std::vector<std::uint32_t> sorted = keys;
        std::sort(sorted.begin(), sorted.end());
        EXPECT_EQ(m_order->sorter().readKeys(slots), sorted);

        const std::vector<std::uint32_t> perm = m_order->sorter().readPermutation(slots);
        std::vector<bool> seen(slots, false);
        const DepthRange range = depthRange(params);
        const glm::vec4 row = depthRow(params.view);
        for (std::uint32_t k = 0; k < slots; ++k) {
            ASSERT_LT(perm[k], slots) << "slot " << k;
            EXPECT_FALSE(seen[perm[k]]) << "particle " << perm[k] << " twice";
            seen[perm[k]] = true;
            EXPECT_EQ(keys[perm[k]], sorted[k]) << "slot " << k;
            // The live particles are exactly the first `count` slots (the indirect draw covers those).
            EXPECT_EQ(perm[k] < count, k < count) << "slot " << k;
            if (k > 0 && k < count && keys[perm[k]] != keys[perm[k - 1]]) { // another bucket: strictly nearer
                const float before = glm::dot(row, glm::vec4(positions[perm[k - 1]], 1.f));
                const float now = glm::dot(row, glm::vec4(positions[perm[k]], 1.f));
                EXPECT_TRUE(now < before || (before >= range.farDepth && now >= range.farDepth) ||
                            (before <= range.nearDepth && now <= range.nearDepth))
                    << "slot " << k << ": depth " << now << " after " << before;
            }
        }
        DICER_EXPECT_NO_GL_ERROR();
    }
};

} // namespace

TEST_F(ParticlesSortGl, BackToFrontOrderEqualsTheCpuKeys) {
    const DepthOrderParams params = viewFrom({2.f, 1.5f, 3.f}, 4096);
    expectBackToFront(randomPositions(3000, params, 1), 3000, params);
}

TEST_F(ParticlesSortGl, RetiredSlotsSortBehindTheLiveOnes) {
    const DepthOrderParams params = viewFrom({0.f, 0.f, 4.f}, 4096);
    expectBackToFront(randomPositions(1000, params, 2), 700, params);
    expectBackToFront(randomPositions(300, params, 3), 0, params); // no live particle
}

TEST_F(ParticlesSortGl, FewAndManyBuckets) {
    for (std::uint32_t buckets : {2u, 3u, 255u, ParticleDepthOrder::kMaxBuckets}) {
        SCOPED_TRACE(buckets);
        const DepthOrderParams params = viewFrom({-3.f, 2.f, -1.f}, buckets);
        expectBackToFront(randomPositions(2000, params, buckets), 1900, params);
    }
}

TEST_F(ParticlesSortGl, EmptyAndOneParticle) {
    const DepthOrderParams params = viewFrom({0.f, 3.f, 3.f}, 64);
    expectBackToFront({}, 0, params);
    expectBackToFront(randomPositions(1, params, 4), 1, params);
}

TEST_F(ParticlesSortGl, TheViewDecidesTheOrder) {
    // The same cloud seen from the opposite side: the order reverses (bucket-wise).
    const DepthOrderParams front = viewFrom({0.f, 0.f, 4.f}, 64), back = viewFrom({0.f, 0.f, -4.f}, 64);
    const float r = front.radius;
    std::vector<glm::vec3>
        positions; // particle i at the centre of bucket i seen from +z (and 63 - i from -z)
    for (int i = 0; i < 64; ++i)
        positions.push_back({0.1f * float(i % 5), 0.f, -r + 2.f * r * (float(i) + 0.5f) / 64.f});
    expectBackToFront(positions, 64, front);
    const std::vector<std::uint32_t> a = m_order->sorter().readPermutation(64);
    expectBackToFront(positions, 64, back);
    const std::vector<std::uint32_t> b = m_order->sorter().readPermutation(64);
    EXPECT_EQ(a.front(), 0u); // far end from +z: the most negative z
    EXPECT_EQ(b.front(), 63u);
    EXPECT_EQ(std::vector<std::uint32_t>(a.rbegin(), a.rend()), b);
}

TEST_F(ParticlesSortGl, BadBucketCountsAreRefused) {
    for (std::uint32_t buckets : {0u, 1u, ParticleDepthOrder::kMaxBuckets + 1, 1u << 21}) {
        Result<void> r = ParticleDepthOrder::checkBuckets(buckets);
        ASSERT_FALSE(r) << buckets;
        EXPECT_NE(r.error().find("depth buckets " + std::to_string(buckets)), std::string::npos) << r.error();
        FakeParticles particles({glm::vec3(0.f)}, 1);
        DepthOrderParams params = viewFrom({0.f, 0.f, 4.f}, buckets);
        EXPECT_FALSE(m_order->sort(particles.positions.id(), particles.control.id(), 1, params));
    }
    EXPECT_TRUE(ParticleDepthOrder::checkBuckets(ParticleDepthOrder::kMinBuckets));
    EXPECT_TRUE(ParticleDepthOrder::checkBuckets(ParticleDepthOrder::kMaxBuckets));
    DICER_EXPECT_NO_GL_ERROR();
}

namespace {

// Two particles on the view axis, one behind the other, drawn with sorted blending into a small framebuffer:
// the centre pixel is the near sprite "over" the far one over black. Voxels (3,3,0) and (3,3,7) of an 8^3
// volume: false colours with blue 1/16 (far from +z) and 15/16 (near from +z).
glm::vec3 blendCentrePixel(glm::vec3 eye, float opacity, ParticleRender render) {
    gl::ShaderLibrary shaders;
    auto system = ParticleSystem::create(shaders, test::context().info());
    auto order = ParticleDepthOrder::create(shaders, test::context().info());
    EXPECT_TRUE(system && order);
    if (!system || !order) return glm::vec3(-1.f);
    const glm::uvec4 entries[2] = {{3, 3, 0, 0}, {3, 3, 7, 0}};
    const std::uint32_t counts[4] = {2, 0, 0, 0}; // the counter buffer is 16 bytes: uint[0] is the count
    gl::Buffer points = test::bufferStorage(sizeof entries, entries, 0, "test points");
    gl::Buffer counters = test::bufferStorage(sizeof counts, counts, 0, "test counters");
    const ParticleSource source{points.id(), counters.id(), 2, glm::ivec3(8)};
    EXPECT_TRUE(system->update(source, ParticleTuning{}, 0.02f)); // first frame: both spawn on their voxels

    const glm::vec3 centre = ps::psVoxelCenter(glm::uvec3(3, 3, 0), glm::vec3(8.f));
    DepthOrderParams params;
    params.view = glm::lookAt(glm::vec3(centre.x, centre.y, eye.z), glm::vec3(centre.x, centre.y, 0.f),
                              glm::vec3(0.f, 1.f, 0.f));
    EXPECT_TRUE(order->sort(system->positionBuffer(), system->controlBuffer(), 2, params));

    const test::DrawTarget target({32, 32});
    target.begin();
    const glm::mat4 proj = glm::perspective(glm::radians(45.f), 1.f, 0.1f, 20.f);
    ParticleDraw draw;
    draw.viewProj = proj * params.view;
    draw.pointScale = 1000.f; // sprites clamped to 64 px: the centre pixel sits at r^2 ~ 0
    draw.render = render;
    draw.viewport = target.size;
    draw.opacity = opacity;
    draw.order = order->order();
    EXPECT_TRUE(system->draw(source, draw));
    target.end();
    const glm::u8vec4 pixel = target.pixel(target.size / 2);
    DICER_EXPECT_NO_GL_ERROR();
    return glm::vec3(pixel[0], pixel[1], pixel[2]) / 255.f;
}

// Premultiplied "over" of the near colour on the far one on black, alpha `a` each.
glm::vec3 over(glm::vec3 nearColor, glm::vec3 farColor, float a) {
    return a * nearColor + (1.f - a) * a * farColor;
}

} // namespace

// The sorted GL sprites blend in submission order, i.e. the sort's back-to-front order.
TEST(SortedRenderGl, NearSpriteIsBlendedOverTheFarOne) {
    const glm::vec3 z0 = (glm::vec3(3, 3, 0) + 0.5f) / 8.f, z7 = (glm::vec3(3, 3, 7) + 0.5f) / 8.f;
    for (float a : {0.5f, 0.9f}) {
        SCOPED_TRACE(a);
        // From +z the z = 7 voxel is near; from -z the z = 0 one. (At a = 0.5 the other order would give blue
        // 0.27 instead of 0.48.)
        const glm::vec3 fromFront = blendCentrePixel({0.f, 0.f, 4.f}, a, ParticleRender::SortedBlend);
        const glm::vec3 fromBack = blendCentrePixel({0.f, 0.f, -4.f}, a, ParticleRender::SortedBlend);
        const float tolerance = 4.f / 255.f; // rgba8 rounding, r^2 ~ 0.001 at the pixel centre
        for (int c = 0; c < 3; ++c) {
            EXPECT_NEAR(fromFront[c], over(z7, z0, a)[c], tolerance) << "channel " << c;
            EXPECT_NEAR(fromBack[c], over(z0, z7, a)[c], tolerance) << "channel " << c;
        }
    }
}

TEST(ParticleRenderTable, RowsAreInEnumOrder) {
    for (std::size_t i = 0; i < particleRenderModes().size(); ++i)
        EXPECT_EQ(std::size_t(particleRenderModes()[i].mode), i);
}
