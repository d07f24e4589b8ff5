// Per-point arrays bound as several storage blocks (storage_blocks.h). A context whose blocks
// are lowered to 1024 entries (GlInfo::maxEntryBlockBytes) splits the 64^3 teapot's hp_sparse list (3956
// points) over all four blocks of the point buffer, and its particles over four blocks of positions and of
// velocities. Everything must equal the one-block run exactly: the list (and the CPU walk), PointBuffer::read,
// the particles' state after spawning, launching and flying, their depth keys, and the pixels of the splats and
// of the GL points drawn from them. The 4096^3 run whose list really is past llvmpipe's block is
// HpSparseWide.TeapotAt4096MatchesTheCpuReference.
#include "depth_order.h"
#include "draw_target_util.h"
#include "hp_gl_fixture.h"
#include "hp_sparse.h"
#include "hp_sparse_gl_util.h"
#include "particles.h"
#include "particles_shared.h"
#include "sparse_reference.h"
#include "storage_blocks.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <bit>
#include <cstring>
#include <memory>

using namespace dicer;
using namespace dicer::test;
using occupancy::VoxelOutput;

namespace {

constexpr std::uint32_t kPerBlock = 1024;

gl::GlInfo smallBlocks() {
    gl::GlInfo info = context().info();
    info.maxEntryBlockBytes = std::int64_t(kPerBlock) * gl::kEntryBytes + gl::kEntryBytes - 1;
    return info;
}

gl::ShaderLibrary& blockShaders() { // the programs of the methods and particles made with smallBlocks()
    static gl::ShaderLibrary shaders;
    return shaders;
}

// The 64^3 teapot voxelized into the shared voxelizer's sparse occupancy (compute method, shell): valid until the
// voxelizer's next layout.
struct Teapot {
    hp::MethodInput in;
    std::vector<glm::uvec4> expected; // the CPU walk of its pool
};
Teapot teapot64() {
    return [] {
        Teapot made;
        voxel::Voxelizer* v = sharedVoxelizer();
        EXPECT_TRUE(v);
        if (!v) return made;
        Result<occupancy::VolumeLayout> layout =
            occupancy::presetLayoutFor("64", VoxelOutput::Sparse, context().info());
        const model::PlacedModel& placed = placedTestModel("teapot");
        Result<void> r = layout ? v->setLayout(*layout, VoxelOutput::Sparse) : makeError(layout.error());
        if (r) r = v->setMesh(placed.mesh);
        EXPECT_TRUE(r) << r.error();
        if (!r) return made;
        const voxel::VoxelizeParams params{placed.placement, voxel::VoxelMode::Shell,
                                           voxel::VoxMethodId::Compute};
        v->voxelize(params);
        if (v->sparse().readStatus().overflowed) { // the pool's first guess grows for the next frame
            glFinish();
            v->voxelize(params);
        }
        EXPECT_FALSE(v->sparse().readStatus().overflowed);
        made.in.sparseIndex = v->sparse().index();
        made.in.sparsePool = v->sparse().pool();
        made.in.bitsSide = layout->atlasSize;
        made.in.tiling = tilingOf(*layout);
        const SparseRead held = readSparse(v->sparse());
        made.expected = hp::sparseKeyIndexEntries(held.index, held.pool, held.capacity, layout->atlasSize,
                                                  made.in.tiling);
        made.in.capacity = std::uint32_t(made.expected.size());
        return made;
    }();
}

// hp_sparse made with the small blocks, listed (Resident) over the teapot: its point buffer spans four blocks.
// Made directly: the method table offers no method whose points cannot hold the 64^3 preset's 262 144.
hp::PointMethod* blockedList(const hp::MethodInput& in) {
    static std::unique_ptr<hp::PointMethod> method = []() -> std::unique_ptr<hp::PointMethod> {
        auto created = hp::SparseHistoPyramid::create(blockShaders(), smallBlocks());
        EXPECT_TRUE(created) << created.error();
        if (!created) return nullptr;
        return std::move(created.value());
    }();
    if (method) {
        Result<void> r = method->run(in, hp::ListPath::Resident);
        EXPECT_TRUE(r) << r.error();
    }
    return method.get();
}

} // namespace

// The split of this context and of the lowered one: a power of two of entries whose bytes fit one block and are a
// multiple of the offset alignment, four of them, bounded by the 4-byte per-point buffers' one block.
TEST(EntryBlocks, PerBlockIsThePowerOfTwoThatFitsABlock) {
    const gl::GlInfo& info = context().info();
    const std::uint32_t perBlock = gl::entriesPerBlock(info);
    EXPECT_TRUE(std::has_single_bit(perBlock)) << perBlock;
    EXPECT_LE(std::int64_t(perBlock) * gl::kEntryBytes, info.maxStorageBlockBytes);
    EXPECT_GT(std::int64_t(perBlock) * 2 * gl::kEntryBytes, info.maxStorageBlockBytes);
    EXPECT_EQ(std::int64_t(perBlock) * gl::kEntryBytes % info.storageBufferOffsetAlignment, 0);
    EXPECT_EQ(std::int64_t(gl::maxBlockedEntries(info)),
              std::min<std::int64_t>(std::int64_t(perBlock) * ENTRY_BLOCKS, info.maxStorageBlockBytes / 4));
    EXPECT_EQ(gl::entriesPerBlock(smallBlocks()), kPerBlock);
    EXPECT_EQ(gl::maxBlockedEntries(smallBlocks()), ENTRY_BLOCKS * kPerBlock);
}

TEST(EntryBlocks, ListOverFourBlocksIsTheOneBlockList) {
    const Teapot t = teapot64();
    const auto n = std::uint32_t(t.expected.size());
    ASSERT_GT(n, 3 * kPerBlock); // every block holds entries
    ASSERT_LE(n, ENTRY_BLOCKS * kPerBlock);
    hp::PointMethod* one = methodFor("hp_sparse");
    hp::PointMethod* blocked = blockedList(t.in);
    ASSERT_TRUE(one && blocked);
    EXPECT_EQ(blocked->points().perBlock(), kPerBlock);
    EXPECT_GT(one->points().perBlock(), n);
    for (hp::ListPath path : {hp::ListPath::Readback, hp::ListPath::Resident}) {
        SCOPED_TRACE(hp::listPathName(path));
        for (hp::PointMethod* m : {one, blocked}) {
            ASSERT_TRUE(m->run(t.in, path));
            ASSERT_EQ(m->readCount(), n);
        }
        const std::vector<glm::uvec4> got = blocked->points().read(n);
        EXPECT_TRUE(got == one->points().read(n));
        std::uint32_t first = 0;
        while (first < n && got[first] == t.expected[first])
            ++first;
        EXPECT_EQ(first, n) << "the blocked list differs from the CPU walk first at entry " << first;
    }
    DICER_EXPECT_NO_GL_ERROR();
}

namespace {

// One particle system stepped over the list: spawn, launch, three steps of flight; then its state, its depth keys
// and the pixels of its splats and GL points.
struct ParticleRun {
    std::vector<glm::vec4> positions, velocities;
    std::vector<std::uint32_t> keys;
    std::vector<std::uint32_t> splats, points; // RGBA8 pixels
};

std::vector<std::uint32_t> drawn(particles::ParticleSystem& system, const particles::ParticleSource& source,
                                 particles::ParticleRender render) {
    const test::DrawTarget target({96, 96});
    target.begin();
    particles::ParticleDraw params;
    params.viewProj = glm::perspective(0.9f, 1.f, 0.1f, 20.f) *
                      glm::lookAt(glm::vec3(1.5f, 1.2f, 2.5f), glm::vec3(0.f), glm::vec3(0.f, 1.f, 0.f));
    params.pointScale = 40.f;
    params.render = render;
    params.viewport = target.size;
    EXPECT_TRUE(system.draw(source, params));
    target.end();
    return target.pixels();
}

ParticleRun runParticles(const gl::GlInfo& info, const particles::ParticleSource& source) {
    ParticleRun out;
    auto system = particles::ParticleSystem::create(blockShaders(), info);
    auto order = particles::ParticleDepthOrder::create(blockShaders(), info);
    EXPECT_TRUE(system && order);
    if (!system || !order) return out;
    const particles::ParticleTuning tuning;
    EXPECT_TRUE(system->update(source, tuning, 0.02f)); // every particle spawns on its voxel
    system->explode();
    for (int i = 0; i < 4; ++i)
        EXPECT_TRUE(system->update(source, tuning, 0.03f)); // the launch, then free flight
    const std::uint32_t n = source.pointCapacity;
    out.positions.resize(n);
    out.velocities.resize(n);
    glGetNamedBufferSubData(system->positionBuffer(), 0, GLsizeiptr(n) * 16, out.positions.data());
    glGetNamedBufferSubData(system->velocityBuffer(), 0, GLsizeiptr(n) * 16, out.velocities.data());
    particles::DepthOrderParams params;
    params.view = glm::lookAt(glm::vec3(0.f, 0.5f, 3.f), glm::vec3(0.f), glm::vec3(0.f, 1.f, 0.f));
    EXPECT_TRUE(order->sort(system->positionBuffer(), system->controlBuffer(), n, params));
    out.keys.resize(n);
    glGetNamedBufferSubData(order->keys(), 0, GLsizeiptr(n) * 4, out.keys.data());
    out.splats = drawn(*system, source, particles::ParticleRender::Splats);
    out.points = drawn(*system, source, particles::ParticleRender::Sprites);
    return out;
}

bool sameBits(const std::vector<glm::vec4>& a, const std::vector<glm::vec4>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(glm::vec4)) == 0;
}

} // namespace

TEST(EntryBlocks, ParticlesOverFourBlocksAreTheOneBlockParticles) {
    const Teapot t = teapot64();
    hp::PointMethod* blocked = blockedList(t.in);
    ASSERT_TRUE(blocked);
    const auto n = std::uint32_t(t.expected.size());
    const particles::ParticleSource source{blocked->points().id(), blocked->counterBuffer(), n,
                                           glm::ivec3(64)};
    const ParticleRun one = runParticles(context().info(), source);
    const ParticleRun four = runParticles(smallBlocks(), source);
    ASSERT_EQ(one.positions.size(), n);
    EXPECT_TRUE(sameBits(four.positions, one.positions));
    EXPECT_TRUE(sameBits(four.velocities, one.velocities));
    EXPECT_TRUE(four.keys == one.keys);
    EXPECT_TRUE(four.splats == one.splats);
    EXPECT_TRUE(four.points == one.points);
    // The particles flew (every one: a spawn that missed a block would sit still), and both draws drew them.
    std::uint32_t moved = 0;
    for (std::uint32_t k = 0; k < n; ++k)
        moved += glm::length(glm::vec3(four.velocities[k])) > 0.f;
    EXPECT_EQ(moved, n);
    for (const std::vector<std::uint32_t>* image : {&four.splats, &four.points})
        EXPECT_GT(std::count_if(image->begin(), image->end(), [](std::uint32_t p) { return p != 0; }), 200);
    DICER_EXPECT_NO_GL_ERROR();
}
