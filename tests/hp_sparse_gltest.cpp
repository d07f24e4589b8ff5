// The sparse occupancy (voxel/sparse_occupancy.h, occupancy_sparse.h) and hp_sparse (hp/hp_sparse.h), issue 20:
//  - the voxelizer's sparse output holds exactly its bits output: the index (header, coarse map, slot bases) and
//    the used slots word for word against the CPU structure of the bits (sparse_reference.h);
//  - hp_sparse lists the same points in the same order as hp_bits, entry for entry, over the same voxelized
//    model (teapot, heart, Spot; 64^3 .. 256^3, a non-cubic volume, the teapot at 1024^3 once) and over random
//    sparse volumes written as bits (the dense bits converted on the GPU), up to a 32768^2 virtual atlas;
//  - a pool too small for the frame: flagged on the GPU, the list a flagged key-index prefix, the pool grown for
//    a later frame (late status, never waited for) and that frame exact; a pool that cannot grow: one error;
//  - bad inputs: one clear error each, the previous output kept; 0 GL errors.
#include "bits_reference.h"
#include "frame.h"
#include "hp_gl_fixture.h"
#include "hp_sparse.h"
#include "method_table.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "sparse_reference.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <bit>
#include <random>
#include <span>

using namespace dicer;
using namespace dicer::test;
using voxel::VoxelOutput;

namespace {

struct SparseRead {
    std::vector<std::uint32_t> index, pool;
    std::uint32_t capacity = 0;
};
SparseRead readSparse(const voxel::SparseOccupancy& s) {
    SparseRead r;
    r.capacity = s.capacity();
    r.index.resize(size_t(hp::hpSparseIndexUints(s.side())));
    r.pool.resize(size_t(r.capacity) * SPARSE_SLOT_UINTS);
    glGetNamedBufferSubData(s.index(), 0, GLsizeiptr(r.index.size() * 4), r.index.data());
    glGetNamedBufferSubData(s.pool(), 0, GLsizeiptr(r.pool.size() * 4), r.pool.data());
    return r;
}

// What the GPU defines of the pool: the used slots' bits and bricks (older slots hold older frames).
std::vector<std::uint32_t> usedPool(const std::vector<std::uint32_t>& pool, std::uint32_t capacity,
                                    std::uint32_t used) {
    std::vector<std::uint32_t> out(pool.begin(), pool.begin() + std::ptrdiff_t(used) * SPARSE_BRICK_WORDS);
    const auto bricks = pool.begin() + std::ptrdiff_t(capacity) * SPARSE_BRICK_WORDS;
    out.insert(out.end(), bricks, bricks + used);
    return out;
}

// The GPU structure equals the CPU one built from `bits` with the same capacity, word for word. `superset`: the
// voxelizer's, whose brick pass marks a superset of the bits' bricks (checked, with how many it adds: at most
// `maxExtra` of them); the CPU structure then takes the GPU's marks, so the slots, bases and bits are still exact.
void expectStructureOf(const voxel::SparseOccupancy& s, const std::vector<std::uint32_t>& bits, int side,
                       bool superset = false, double maxExtra = 0.0) {
    const SparseRead gpu = readSparse(s);
    const hp::SparseOccupancyCpu exact = hp::sparseFromBits(bits, side, gpu.capacity);
    const std::span<const std::uint32_t> marks(gpu.index.data() + SPARSE_HEADER,
                                               size_t(hp::hpSparseCoarseWords(side)));
    if (superset) {
        std::int64_t missing = 0;
        for (size_t w = 0; w < marks.size(); ++w)
            missing += std::popcount(exact.index[SPARSE_HEADER + w] & ~marks[w]);
        EXPECT_EQ(missing, 0) << "bricks with bits that the brick pass did not mark";
        EXPECT_LE(double(gpu.index[SPARSE_MARKED]), (1.0 + maxExtra) * double(exact.marked()))
            << "the brick pass marks too many empty bricks";
    }
    const hp::SparseOccupancyCpu cpu = superset ? hp::sparseFromBits(bits, side, gpu.capacity, marks) : exact;
    EXPECT_TRUE(hp::sparseIndexDefined(gpu.index, side) == hp::sparseIndexDefined(cpu.index, side))
        << "index differs (marked " << gpu.index[SPARSE_MARKED] << ", CPU " << cpu.marked() << ")";
    EXPECT_TRUE(usedPool(gpu.pool, gpu.capacity, cpu.used()) == usedPool(cpu.pool, cpu.capacity, cpu.used()))
        << "pool differs";
}

hp::AtlasTiling tilingOf(const voxel::VolumeLayout& layout) {
    return {{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
}

// Runs hp_bits over `bits` and hp_sparse over `sparse` (same side, tiling) on both list paths: the same count and
// the same entries in the same order, equal to the CPU walk of the bits; neither incomplete.
void expectSameLists(const hp::MethodInput& bitsIn, const hp::MethodInput& sparseIn,
                     const std::vector<std::uint32_t>& bits) {
    const std::vector<glm::uvec4> expected = hp::bitsKeyIndexEntries(bits, bitsIn.bitsSide, bitsIn.tiling);
    const auto n = std::uint32_t(expected.size());
    hp::PointMethod* dense = methodFor("hp_bits");
    hp::PointMethod* sparse = methodFor("hp_sparse");
    ASSERT_TRUE(dense && sparse);
    hp::MethodInput a = bitsIn, b = sparseIn;
    a.capacity = b.capacity = std::max(n, 1u);
    ASSERT_TRUE(dense->run(a, hp::ListPath::Resident));
    ASSERT_EQ(dense->readCount(), n);
    const std::vector<glm::uvec4> denseList = dense->points().read(n);
    EXPECT_TRUE(denseList == expected) << "hp_bits differs from the CPU walk";
    for (hp::ListPath path : {hp::ListPath::Readback, hp::ListPath::Resident}) {
        SCOPED_TRACE(hp::listPathName(path));
        Result<void> r = sparse->run(b, path);
        ASSERT_TRUE(r) << r.error();
        ASSERT_EQ(sparse->readCount(), n);
        EXPECT_FALSE(sparse->readIncomplete());
        const std::vector<glm::uvec4> sparseList = sparse->points().read(n);
        std::uint32_t first = 0; // the first differing entry, for the message
        while (first < n && sparseList[first] == denseList[first])
            ++first;
        EXPECT_EQ(first, n) << "hp_sparse differs from hp_bits first at entry " << first << " of " << n;
    }
}

// One model voxelized twice by the compute method, into the bits and into the sparse occupancy.
void expectModel(const std::string& name, glm::ivec3 volume, bool rotated,
                 voxel::SurfaceRule rule = voxel::SurfaceRule::DominantAxis) {
    SCOPED_TRACE(name + " " + std::to_string(volume.x) + "x" + std::to_string(volume.y) + "x" +
                 std::to_string(volume.z) + (rotated ? " rotated " : " ") + voxel::surfaceRuleName(rule));
    voxel::Voxelizer* bitsVox = sharedBitsVoxelizer();
    voxel::Voxelizer* sparseVox = sharedVoxelizer();
    ASSERT_TRUE(bitsVox && sparseVox);
    const model::PlacedModel& placed = placedTestModel(name);
    ASSERT_GT(placed.mesh.triangleCount(), 0u);
    Result<voxel::VolumeLayout> made = voxel::presetLayoutFor(
        std::to_string(volume.x) + "x" + std::to_string(volume.y) + "x" + std::to_string(volume.z),
        VoxelOutput::Bits, context().info());
    ASSERT_TRUE(made) << made.error();
    const voxel::VolumeLayout layout = *made;
    glm::mat4 model = placed.placement;
    if (rotated) model = glm::rotate(glm::mat4(1.f), 0.7f, glm::normalize(glm::vec3(1, 2, 3))) * model;
    const voxel::VoxelizeParams params{model, voxel::VoxelMode::Shell, voxel::VoxelMethod::Compute, rule};
    for (auto [v, output] :
         {std::pair{bitsVox, VoxelOutput::Bits}, std::pair{sparseVox, VoxelOutput::Sparse}}) {
        Result<void> r = v->setLayout(layout, output);
        if (r) r = v->setMesh(placed.mesh);
        ASSERT_TRUE(r) << r.error();
        v->voxelize(params);
    }
    // The pool's first guess may be too small: it grows for a later frame.
    if (sparseVox->sparse().readStatus().overflowed) {
        glFinish();
        sparseVox->voxelize(params);
    }
    ASSERT_FALSE(sparseVox->sparse().readStatus().overflowed);
    const std::vector<std::uint32_t> bits = readBits(*bitsVox);
    ASSERT_GT(popcount(bits), 0);
    expectStructureOf(sparseVox->sparse(), bits, layout.atlasSize, /*superset=*/true, /*maxExtra=*/0.25);
    const SparseRead held = readSparse(sparseVox->sparse());
    EXPECT_EQ(differingWords(hp::sparseToBits(held.index, held.pool, layout.atlasSize, held.capacity), bits),
              0);

    hp::MethodInput bitsIn;
    bitsIn.bits = bitsVox->bits();
    bitsIn.bitsSide = layout.atlasSize;
    bitsIn.tiling = tilingOf(layout);
    hp::MethodInput sparseIn = bitsIn;
    sparseIn.bits = 0;
    sparseIn.sparseIndex = sparseVox->sparse().index();
    sparseIn.sparsePool = sparseVox->sparse().pool();
    expectSameLists(bitsIn, sparseIn, bits);
    DICER_EXPECT_NO_GL_ERROR();
}

// Random bits of a virtual atlas: `bricks` random 32x32 bricks, each with texels set at `density` (reproducible).
std::vector<std::uint32_t> randomSparseBits(int side, int bricks, double density, std::uint32_t seed) {
    std::vector<std::uint32_t> bits(hp::bitsWordCount(side), 0);
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const int grid = (side + SPARSE_BRICK - 1) / SPARSE_BRICK;
    for (int b = 0; b < bricks; ++b) {
        const glm::ivec2 origin =
            glm::ivec2(int(rng() % unsigned(grid)), int(rng() % unsigned(grid))) * SPARSE_BRICK;
        for (int y = origin.y; y < std::min(side, origin.y + SPARSE_BRICK); ++y)
            for (int x = origin.x; x < std::min(side, origin.x + SPARSE_BRICK); ++x)
                if (u(rng) < density) hp::setBit(bits, side, {x, y});
    }
    return bits;
}

gl::Buffer uploadBits(const std::vector<std::uint32_t>& bits) {
    return gl::createBufferStorage(GLsizeiptr(bits.size() * 4), bits.data(), 0, "test bits");
}

} // namespace

// --- the voxelizer's sparse output, and hp_sparse over it, against the bits ----------------------------------

TEST(HpSparseModels, TeapotHeartSpotAt64To256) {
    for (int side : {64, 128, 256})
        for (const char* name : {"teapot", "heart", "spot"})
            expectModel(name, glm::ivec3(side), side == 128);
}

// The 2006 slice-axis rule: steep triangles are sampled along z too (their depth slopes are large, so the brick
// pass's depth ranges are wide: still a superset).
TEST(HpSparseModels, SliceAxisRule) {
    expectModel("teapot", glm::ivec3(128), true, voxel::SurfaceRule::SliceAxis);
    expectModel("spot", glm::ivec3(64), false, voxel::SurfaceRule::SliceAxis);
}

// Bricks that straddle tiles (48 x 40 slices), a tile row the atlas does not fill, 30 slices.
TEST(HpSparseModels, NonCubicVolume) {
    expectModel("heart", {48, 40, 30}, true);
}

TEST(HpSparseModels, TeapotAt1024) {
    expectModel("teapot", glm::ivec3(1024), false);
}

// Random sparse volumes written as bits, converted on the GPU (SparseOccupancy::fromBits): the structure and the
// lists, from one brick to 32768^2 (the 1024^3 atlas; its dense bits are 128 MiB, this driver's block limit).
TEST(HpSparseRandom, SameListsAsHpBitsFrom8To32768) {
    struct Case {
        int side, bricks;
        double density;
    };
    const Case cases[] = {{8, 1, 0.5},      {32, 1, 1.0},       {100, 4, 0.3},      {512, 60, 0.05},
                          {4096, 300, 0.1}, {16384, 500, 0.02}, {32768, 2000, 0.03}};
    for (const Case& c : cases) {
        SCOPED_TRACE("side " + std::to_string(c.side));
        const std::vector<std::uint32_t> bits =
            randomSparseBits(c.side, c.bricks, c.density, std::uint32_t(c.side));
        gl::Buffer buffer = uploadBits(bits);
        hp::MethodInput bitsIn;
        bitsIn.bits = buffer.id();
        bitsIn.bitsSide = c.side;
        const hp::MethodInput sparseIn = sparseInputFor(bitsIn);
        expectStructureOf(sharedSparse(), bits, c.side);
        expectSameLists(bitsIn, sparseIn, bits);
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// --- the pool: overflow, growth, refusal ------------------------------------------------------------------------

// A pool of 8 slots for the teapot at 128^3: the GPU flags the frame, keeps the first 8 bricks in key-index
// order (hp_sparse's list is a flagged prefix of hp_bits'), the late status comes back, the pool grows, and the
// next frame is exact and complete.
TEST(HpSparsePool, OverflowIsFlaggedThenTheGrownPoolIsExact) {
    voxel::Voxelizer* bitsVox = sharedBitsVoxelizer();
    voxel::Voxelizer* sparseVox = sharedVoxelizer();
    ASSERT_TRUE(bitsVox && sparseVox);
    const model::PlacedModel& teapot = placedTestModel("teapot");
    const voxel::VolumeLayout layout = layoutOf(glm::ivec3(128));
    const voxel::VoxelizeParams params{teapot.placement, voxel::VoxelMode::Shell, voxel::VoxelMethod::Compute,
                                       voxel::SurfaceRule::DominantAxis};
    for (auto [v, output] :
         {std::pair{bitsVox, VoxelOutput::Bits}, std::pair{sparseVox, VoxelOutput::Sparse}}) {
        Result<void> r = v->setLayout(layout, output);
        if (r) r = v->setMesh(teapot.mesh);
        ASSERT_TRUE(r) << r.error();
    }
    ASSERT_TRUE(sparseVox->sparse().setCapacity(8));
    bitsVox->voxelize(params);
    sparseVox->voxelize(params);
    const voxel::SparseStatus status = sparseVox->sparse().readStatus();
    EXPECT_TRUE(status.overflowed);
    EXPECT_EQ(status.capacity, 8u);
    EXPECT_EQ(status.used, 8u);
    ASSERT_GT(status.marked, 8u);
    const std::vector<std::uint32_t> bits = readBits(*bitsVox);
    expectStructureOf(sparseVox->sparse(), bits, layout.atlasSize, /*superset=*/true,
                      /*maxExtra=*/0.25); // the first 8 bricks, exactly

    const std::vector<glm::uvec4> whole = hp::bitsKeyIndexEntries(bits, layout.atlasSize, tilingOf(layout));
    hp::MethodInput in;
    in.bitsSide = layout.atlasSize;
    in.tiling = tilingOf(layout);
    in.sparseIndex = sparseVox->sparse().index();
    in.sparsePool = sparseVox->sparse().pool();
    in.capacity = std::uint32_t(whole.size());
    hp::PointMethod* sparse = methodFor("hp_sparse");
    ASSERT_TRUE(sparse);
    ASSERT_TRUE(sparse->run(in, hp::ListPath::Resident));
    EXPECT_TRUE(sparse->readIncomplete());
    const std::uint32_t kept = sparse->readCount();
    ASSERT_GT(kept, 0u);
    ASSERT_LT(kept, whole.size());
    EXPECT_TRUE(sparse->points().read(kept) == std::vector<glm::uvec4>(whole.begin(), whole.begin() + kept))
        << "the kept bricks are not the key-index prefix";

    // The flag comes back through the ring, never waited for; once it has (glFinish: the fence signalled), the
    // next frame grows the pool first and is exact.
    glFinish();
    sparseVox->voxelize(params);
    ASSERT_TRUE(sparseVox->sparse().lateStatus().has_value());
    EXPECT_TRUE(sparseVox->sparse().lateStatus()->overflowed);
    EXPECT_GE(sparseVox->sparse().capacity(), status.marked);
    EXPECT_TRUE(sparseVox->sparse().growthError().empty());
    EXPECT_FALSE(sparseVox->sparse().readStatus().overflowed);
    in.sparsePool = sparseVox->sparse().pool(); // the grown pool is a new buffer
    hp::MethodInput bitsIn = in;
    bitsIn.bits = bitsVox->bits();
    expectSameLists(bitsIn, in, bits);
    DICER_EXPECT_NO_GL_ERROR();
}

// A driver whose storage blocks hold 40 slots cannot grow a pool past them: the frame stays flagged, one error
// names the limit, the pool keeps the most slots it can.
TEST(HpSparsePool, APoolThatCannotGrowIsOneClearError) {
    gl::GlInfo small = context().info();
    small.maxStorageBlockBytes = 40 * SPARSE_SLOT_UINTS * 4 + 100;
    auto created = voxel::SparseOccupancy::create(sharedShaders(), small);
    ASSERT_TRUE(created) << created.error();
    voxel::SparseOccupancy& s = *created;
    EXPECT_EQ(s.maxSlots(), 40u);
    const int side = 512;
    const std::vector<std::uint32_t> bits = randomSparseBits(side, 100, 0.5, 3);
    gl::Buffer buffer = uploadBits(bits);
    ASSERT_TRUE(s.setLayout(side, 16));
    ASSERT_TRUE(s.fromBits(buffer.id(), side));
    ASSERT_GT(s.readStatus().marked, 40u);
    glFinish();
    ASSERT_TRUE(s.fromBits(buffer.id(), side)); // sees the late overflow: grows as far as it can, and says so
    EXPECT_EQ(s.capacity(), 40u);
    EXPECT_NE(s.growthError().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << s.growthError();
    EXPECT_TRUE(s.readStatus().overflowed);
    expectStructureOf(s, bits, side); // the first 40 bricks
    DICER_EXPECT_NO_GL_ERROR();
}

// The frame (frame.h) both programs run, over the sparse output: at preset 64 the teapot marks more bricks than
// the pool's first guess (SparseOccupancy::initialSlots: 64 of 256), so the first frame's list is incomplete:
// Verify says so (never a wrong list presented as right), the flag comes back late through the count ring, the
// pool grows, and a later frame verifies exactly.
TEST(HpSparseFrame, AnOverflowedFrameIsIncompleteThenTheGrownPoolVerifies) {
    const int row = methods::methodIndex("hp_sparse");
    ASSERT_GE(row, 0);
    auto created = frame::Frame::create(sharedShaders(), context().info(), [&](int r) { return r == row; });
    ASSERT_TRUE(created) << created.error();
    frame::Frame& f = **created;
    frame::FrameSettings s;
    s.preset = "64";
    s.voxels = VoxelOutput::Sparse;
    s.method = row;
    ASSERT_TRUE(f.apply(s));
    const model::PlacedModel& teapot = placedTestModel("teapot");
    ASSERT_TRUE(f.setMesh(teapot.mesh));
    auto frame = [&] {
        f.voxelize(teapot.placement);
        ASSERT_TRUE(f.build());
        ASSERT_TRUE(f.list());
    };
    frame();
    ASSERT_NE(f.source().sparse(), nullptr);
    const voxel::SparseStatus first = f.source().sparse()->readStatus();
    ASSERT_TRUE(first.overflowed)
        << "the pool's first guess holds the teapot at 64^3: this test needs a case that "
        << "overflows it (" << first.marked << " bricks, " << first.capacity << " slots)";
    EXPECT_TRUE(f.method()->readIncomplete());
    const hp::VerifyReport incomplete = f.verify();
    EXPECT_TRUE(incomplete.incomplete);
    EXPECT_FALSE(incomplete.ok());
    // The count ring reads the newest finished frame: llvmpipe finishes a frame's work before its list returns
    // (the flag arrives with frame 1), a GPU a frame or more later (with frame 2, after the glFinish).
    bool lateFlag = f.listIncomplete();
    glFinish();
    frame(); // the late status grows the pool first
    lateFlag = lateFlag || f.listIncomplete();
    EXPECT_TRUE(lateFlag) << "the first frame's incomplete flag never came back through the count ring";
    EXPECT_GE(f.source().sparse()->capacity(), first.marked);
    for (int i = 0; i < 3; ++i) { // the late count catches up (and grows the point buffer if it must)
        glFinish();
        frame();
    }
    EXPECT_FALSE(f.listIncomplete());
    const hp::VerifyReport exact = f.verify();
    EXPECT_TRUE(exact.ok()) << exact.mismatches << " mismatches, GPU " << exact.gpuCount << ", CPU "
                            << exact.cpuCount << (exact.incomplete ? ", incomplete" : "");
    EXPECT_GT(exact.cpuCount, 0u);
    DICER_EXPECT_NO_GL_ERROR();
}

// --- errors -----------------------------------------------------------------------------------------------------

TEST(HpSparseErrors, BadInputsAreClearErrorsAndKeepThePreviousOutput) {
    hp::PointMethod* m = methodFor("hp_sparse");
    ASSERT_TRUE(m);
    const std::vector<std::uint32_t> bits = randomSparseBits(64, 3, 0.5, 11);
    gl::Buffer buffer = uploadBits(bits);
    hp::MethodInput bitsIn;
    bitsIn.bits = buffer.id();
    bitsIn.bitsSide = 64;
    const hp::MethodInput good = sparseInputFor(bitsIn);
    ASSERT_TRUE(m->run(good, hp::ListPath::Resident));
    const std::uint32_t count = m->readCount();
    const GLuint points = m->points().id();
    gl::Buffer tiny = gl::createBufferStorage(100, nullptr, 0);
    auto expectError = [&](hp::MethodInput in, const char* mentions) {
        Result<void> r = m->build(in);
        ASSERT_FALSE(r) << mentions;
        EXPECT_NE(r.error().find(mentions), std::string::npos) << r.error();
        EXPECT_NE(r.error().find("hp_sparse"), std::string::npos) << r.error();
        EXPECT_EQ(m->readCount(), count);
        EXPECT_EQ(m->points().id(), points);
    };
    hp::MethodInput in = good;
    in.sparseIndex = 0;
    expectError(in, "index is not a buffer");
    in = good;
    in.sparsePool = 0;
    expectError(in, "pool is not a buffer");
    in = good;
    in.bitsSide = 0;
    expectError(in, "HP_BITS_MAX_ATLAS");
    in.bitsSide = HP_BITS_MAX_ATLAS + 1;
    expectError(in, "HP_BITS_MAX_ATLAS");
    in = good;
    in.bitsSide = 32768; // its index is larger than the 64-texel one
    expectError(in, "smaller");
    in = good;
    in.sparsePool = tiny.id();
    expectError(in, "whole number of slots");
    in = good;
    in.capacity = 0;
    expectError(in, "capacity");
    in.capacity = 0xffffffffu;
    expectError(in, "limit");
    DICER_EXPECT_NO_GL_ERROR();
}

// The sparse output is the compute method's, for surfaces: the others and solid mode are refused with a reason
// (checkOutput, checkMode), and a refused frame is empty and complete. The structure's own limits are errors.
TEST(HpSparseErrors, RefusedMethodsModesAndLayouts) {
    Result<void> projected = voxel::checkOutput(voxel::VoxelMethod::Projected, VoxelOutput::Sparse);
    ASSERT_FALSE(projected);
    EXPECT_NE(projected.error().find("--vox-method compute with --voxels sparse"), std::string::npos)
        << projected.error();
    EXPECT_TRUE(voxel::checkOutput(voxel::VoxelMethod::Compute, VoxelOutput::Sparse));
    Result<void> solid = voxel::checkMode(VoxelOutput::Sparse, voxel::VoxelMode::Solid);
    ASSERT_FALSE(solid);
    EXPECT_NE(solid.error().find("--voxels bits"), std::string::npos) << solid.error();
    EXPECT_TRUE(voxel::checkMode(VoxelOutput::Bits, voxel::VoxelMode::Solid));

    voxel::Voxelizer* v = sharedVoxelizer();
    ASSERT_TRUE(v);
    const model::PlacedModel& heart = placedTestModel("heart");
    ASSERT_TRUE(v->setLayout(layoutOf(glm::ivec3(64)), VoxelOutput::Sparse));
    ASSERT_TRUE(v->setMesh(heart.mesh));
    for (voxel::VoxelizeParams params :
         {voxel::VoxelizeParams{heart.placement, voxel::VoxelMode::Solid, voxel::VoxelMethod::Compute},
          voxel::VoxelizeParams{heart.placement, voxel::VoxelMode::Shell, voxel::VoxelMethod::Projected}}) {
        v->voxelize(params);
        const voxel::SparseStatus s = v->sparse().readStatus();
        EXPECT_EQ(s.marked, 0u);
        EXPECT_FALSE(s.overflowed);
    }

    voxel::SparseOccupancy& s = v->sparse();
    const GLuint index = s.index(), pool = s.pool();
    Result<void> r = s.setLayout(0);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("HP_BITS_MAX_ATLAS"), std::string::npos) << r.error();
    r = s.setCapacity(s.maxSlots() + 1);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"), std::string::npos) << r.error();
    EXPECT_EQ(s.index(), index);
    EXPECT_EQ(s.pool(), pool);
    DICER_EXPECT_NO_GL_ERROR();
}
