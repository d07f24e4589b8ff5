// The demo's frame at 2048^3: the teapot voxelized into the sparse occupancy (the default
// output there: voxel/default_output.h), listed by hp_sparse through frame::Frame as dicer runs it, without a
// window. Checked: Verify exact against the CPU walk of the pool, the PLY snapshot holds the list's count and a
// model colour for every point (the sparse rank past 65536 a side), the particles spawn on every point (past the
// first storage block of their state too), the explosion's phases step every particle, and sorted blending's
// depth keys and order are a back-to-front permutation of the live cloud.
// One of the few large cases: ~4.3 M points (docs/SPARSE.md, "Past 65536").
#include "builtin_models.h"
#include "default_output.h"
#include "depth_order.h"
#include "frame.h"
#include "gl_test_util.h"
#include "particle_step.h"
#include "particles.h"
#include "particles_shared.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <vector>

using namespace dicer;
namespace ps = dicer::particles::ps;

namespace {

// The teapot at 2048^3, dominant-axis rule, shell (docs/SPARSE.md, "What a frame holds").
constexpr std::uint32_t kTeapotPoints2048 = 4299578;

template <class T> std::vector<T> readBuffer(GLuint buffer, std::size_t count, std::size_t offset = 0) {
    std::vector<T> out(count);
    glGetNamedBufferSubData(buffer, GLintptr(offset * sizeof(T)), GLsizeiptr(count * sizeof(T)), out.data());
    return out;
}

} // namespace

TEST(FrameLarge, Teapot2048SparseVerifiesExportsExplodesAndSorts) {
    const gl::GlInfo& info = test::context().info();
    // The rule the demo applies to --preset 2048: the sparse occupancy (the bits would be 2 GiB in one block).
    Result<occupancy::VoxelOutput> output =
        voxel::defaultOutputFor(glm::ivec3(2048), voxel::VoxelMode::Shell, voxel::VoxMethodId::Compute, info);
    ASSERT_TRUE(output) << output.error();
    ASSERT_EQ(*output, occupancy::VoxelOutput::Sparse);

    gl::ShaderLibrary shaders;
    const methods::MethodId row = frame::defaultMethodFor(occupancy::VoxelOutput::Sparse); // hp_sparse
    Result<std::unique_ptr<frame::Frame>> created =
        frame::Frame::create(shaders, info, [row](methods::MethodId r) { return r == row; });
    ASSERT_TRUE(created) << created.error();
    frame::Frame& f = **created;
    frame::FrameSettings s;
    s.preset = "2048";
    ASSERT_TRUE(frame::takeDefaultOutput(s, info)); // the demo's path: output and method from the rule
    ASSERT_EQ(s.voxels, occupancy::VoxelOutput::Sparse);
    ASSERT_EQ(s.method, row);
    ASSERT_TRUE(f.apply(s));
    ASSERT_TRUE(f.setMesh(model::makeTeapot()));

    // Two frames as the demo runs them (the GPU-resident list; the first sizes the points from its count), the
    // second with the colours stage, as on the frame of a PLY export (the model colours per point: hp_sparse's rank).
    for (int frame = 0; frame < 2; ++frame) {
        f.voxelize(glm::mat4(1.f));
        ASSERT_TRUE(f.build());
        ASSERT_TRUE(f.list());
    }
    ASSERT_TRUE(f.colorPoints());
    const hp::VerifyReport report = f.verify();
    EXPECT_TRUE(report.ok()) << report.verdictName() << ": GPU " << report.gpuCount << ", CPU "
                             << report.cpuCount << ", " << report.mismatches << " mismatches";
    EXPECT_EQ(report.cpuCount, kTeapotPoints2048);
    EXPECT_FALSE(f.listIncomplete());

    // The PLY export's read-back: every listed point, none dropped, each a voxel of the 2048^3 grid.
    Result<frame::PointSnapshot> snap = f.snapshot();
    ASSERT_TRUE(snap) << snap.error();
    EXPECT_EQ(snap->entries.size(), std::size_t(report.gpuCount));
    EXPECT_EQ(snap->droppedEntries, 0u);
    // Every point got its model colour (the colour pass writes alpha 255 into each ranked slot; 0 where none).
    ASSERT_EQ(snap->pointColors.size(), snap->entries.size());
    EXPECT_EQ(std::count_if(snap->pointColors.begin(), snap->pointColors.end(),
                            [](std::uint32_t c) { return (c >> 24) != 255u; }),
              0)
        << "points without a model colour";
    Result<std::vector<model::PlyPoint>> cloud = frame::modelSpacePoints(*snap);
    ASSERT_TRUE(cloud) << cloud.error();
    EXPECT_EQ(cloud->size(), std::size_t(report.gpuCount));

    // The particles, as the demo's particles stage runs them. The state is two arrays of 16 B a point (positions,
    // velocities): 4.3 M points are 69 MB each, within llvmpipe's 128 MiB block (32 B a point would be 138 MB,
    // past it: the points past `perBlock` are the ones a 32-byte state would have lost).
    const particles::ParticleSource source = f.points();
    ASSERT_GE(source.pointCapacity, report.gpuCount);
    auto system = particles::ParticleSystem::create(shaders, info);
    ASSERT_TRUE(system) << system.error();
    particles::ParticleTuning tuning;
    const float dt = 1.f / 30.f;
    EXPECT_TRUE(system->update(source, tuning, dt));
    const std::uint32_t n = report.gpuCount;
    const std::size_t perBlock = std::size_t(info.maxStorageBlockBytes) / 32; // a 32-byte state
    SCOPED_TRACE("particles past the first storage block: " +
                 std::to_string(n > perBlock ? n - perBlock : 0));
    {
        const std::vector<glm::vec4> state = readBuffer<glm::vec4>(system->positionBuffer(), n);
        std::size_t off = 0, offPastBlock = 0;
        for (std::uint32_t k = 0; k < n; ++k) {
            const glm::vec3 voxel =
                ps::psVoxelWorld(glm::uvec3(snap->entries[k]), glm::vec3(2048.f), source.shape);
            if (glm::vec3(state[k]) != voxel) {
                ++off;
                offPastBlock += k >= perBlock;
            }
        }
        EXPECT_EQ(off, 0u) << "particles not spawned on their voxel, " << offPastBlock << " of them past "
                           << perBlock;
    }
    // HeartBreaker's phases through the frame's cloud: explode, fly (every particle moves), re-assemble.
    system->explode();
    for (int step = 0; step < 3; ++step)
        EXPECT_TRUE(system->update(source, tuning, dt));
    EXPECT_EQ(system->phase(), particles::ParticlePhase::Exploding);
    {
        const std::vector<glm::vec4> state = readBuffer<glm::vec4>(system->positionBuffer(), n);
        std::size_t resting = 0;
        for (std::uint32_t k = 0; k < n; ++k)
            resting += glm::vec3(state[k]) ==
                       ps::psVoxelWorld(glm::uvec3(snap->entries[k]), glm::vec3(2048.f), source.shape);
        EXPECT_EQ(resting, 0u) << "particles that did not fly";
    }

    // Sorted blending: the depth keys of every slot and the counting sort's order, back to front.
    auto order = particles::ParticleDepthOrder::create(shaders, info);
    ASSERT_TRUE(order) << order.error();
    const std::uint32_t slots =
        std::min(source.pointCapacity, system->capacity()); // as the demo's sort stage
    particles::DepthOrderParams params{
        glm::lookAt(glm::vec3(2.f, 1.5f, 3.f), glm::vec3(0.f), {0.f, 1.f, 0.f}), glm::vec3(0.f),
        glm::length(source.shape), 4096};
    ASSERT_TRUE(order->sort(system->positionBuffer(), system->controlBuffer(), slots, params));
    {
        const std::vector<std::uint32_t> keys = readBuffer<std::uint32_t>(order->keys(), slots);
        const std::vector<std::uint32_t> perm = readBuffer<std::uint32_t>(order->order(), slots);
        std::vector<char> seen(slots, 0);
        std::size_t bad = 0, unordered = 0, live = 0;
        for (std::uint32_t k = 0; k < slots; ++k) {
            const std::uint32_t p = perm[k];
            if (p >= slots || seen[p]) {
                ++bad;
                continue;
            }
            seen[p] = 1;
            live += keys[p] < params.buckets;
            if (k > 0 && perm[k - 1] < slots && keys[perm[k - 1]] > keys[p]) ++unordered;
        }
        EXPECT_EQ(bad, 0u) << "the order is no permutation of the slots";
        EXPECT_EQ(unordered, 0u) << "keys out of back-to-front order";
        EXPECT_EQ(live, std::size_t(n)) << "live particles (keys below the buckets) differ from the points";
    }
    system->reassemble();
    EXPECT_TRUE(system->update(source, tuning, dt));
    EXPECT_EQ(system->phase(), particles::ParticlePhase::Returning);
    DICER_EXPECT_NO_GL_ERROR();
}
