// The sparse occupancy and hp_sparse past 65536 texels a side: 2048^3's 131072^2 and 4096^3's
// 262144^2 virtual atlases, where the dense bits (2 and 8 GiB) and so hp_bits cannot follow:
//  - the limits depend on the output: sparse up to HP_SPARSE_MAX_ATLAS (and its index within the storage block),
//    bits and atlas as before, one clear error each past them;
//  - hp_sparse over structures written on the CPU (random bricks across the whole 131072^2 / 262144^2 atlas):
//    its list equals the CPU walk (sparse_reference.h) entry for entry on both list paths, every entry's voxel
//    and 4th word (hp_point.h: the texel mod 65536) included;
//  - the teapot voxelized at 2048^3 (compute method, shell): the index (header, coarse map, slot bases) and the
//    slots' bricks exactly the CPU allocation of the GPU's marks, hp_sparse's list exactly the CPU walk of the
//    pool, and its voxel set against the rule evaluated on the CPU per triangle (floats: margins stated there).
#include "hp_gl_fixture.h"
#include "hp_point.h"
#include "hp_sparse_gl_util.h"
#include "occupancy_bits.h"
#include "occupancy_sparse.h"
#include "sparse_reference.h"
#include "test_util.h"
#include "voxelizer_gl_util.h"

#include <algorithm>
#include <bit>
#include <random>

using namespace dicer;
using namespace dicer::test;
using occupancy::VoxelOutput;

namespace {

// A sparse occupancy written on the CPU: `bricks` random bricks of the layout's tiles (texels past 65536 wherever
// the tiles reach), each voxel's texel set at `density`, laid out as the GPU's allocation lays it out.
hp::SparseOccupancyCpu randomStructure(const occupancy::VolumeLayout& layout, int bricks, double density,
                                       std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    const glm::ivec2 used =
        layout.tiles * glm::ivec2(layout.volume.x, layout.volume.y); // the tile grid's texels
    std::vector<std::uint32_t> chosen;
    for (int b = 0; b < bricks; ++b)
        chosen.push_back(hp::hpSparseBrick({int(rng() % unsigned(used.x)), int(rng() % unsigned(used.y))}));
    std::sort(chosen.begin(), chosen.end());
    chosen.erase(std::unique(chosen.begin(), chosen.end()), chosen.end());
    const int side = layout.atlasSize;
    hp::SparseOccupancyCpu s;
    s.side = side;
    s.capacity = std::uint32_t(chosen.size());
    s.index.assign(size_t(hp::hpSparseIndexUints(side)), 0);
    s.pool.assign(size_t(s.capacity) * SPARSE_SLOT_UINTS, 0);
    for (std::uint32_t slot = 0; slot < s.capacity; ++slot) {
        const std::uint32_t brick = chosen[slot];
        s.index[SPARSE_HEADER + brick / 32] |= 1u << (brick % 32);
        s.pool[size_t(s.capacity) * SPARSE_BRICK_WORDS + slot] = brick;
        for (std::uint32_t i = 0; i < SPARSE_BRICK * SPARSE_BRICK; ++i)
            if (u(rng) < density && layout.texelToVoxel(hp::hpSparseTexel(brick, i)))
                s.pool[size_t(slot) * SPARSE_BRICK_WORDS + i / 32] |= 1u << (i % 32);
    }
    std::uint32_t marked = 0;
    for (int w = 0; w < hp::hpSparseCoarseWords(side); ++w) {
        s.index[size_t(hp::hpSparseBaseOffset(side) + w)] = marked;
        marked += std::uint32_t(std::popcount(s.index[size_t(SPARSE_HEADER + w)]));
    }
    s.index[SPARSE_MARKED] = s.index[SPARSE_CAPACITY] = s.index[SPARSE_USED] = marked;
    return s;
}

// hp_sparse over `in` on both list paths: the count of `expected`, and its entries in order, as many as the point
// buffer holds (ENTRY_BLOCKS storage blocks: all of 4096^3's 17.2 M teapot points on llvmpipe, two blocks' worth).
void expectList(const hp::MethodInput& in, const std::vector<glm::uvec4>& expected) {
    hp::PointMethod* m = methodFor("hp_sparse");
    ASSERT_TRUE(m);
    const auto n = std::uint32_t(expected.size());
    const auto held = std::min(n, hp::PointBuffer::maxEntries(context().info()));
    hp::MethodInput run = in;
    run.capacity = std::max(held, 1u);
    for (hp::ListPath path : {hp::ListPath::Readback, hp::ListPath::Resident}) {
        SCOPED_TRACE(hp::listPathName(path));
        Result<void> r = m->run(run, path);
        if (path == hp::ListPath::Readback && held < n) { // it lists every point: one error naming the limit
            ASSERT_FALSE(r);
            EXPECT_TRUE(containsText(r.error(), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE")) << r.error();
            continue;
        }
        ASSERT_TRUE(r) << r.error();
        ASSERT_EQ(m->readCount(), n);
        EXPECT_FALSE(m->readIncomplete());
        const std::vector<glm::uvec4> got = m->points().read(held);
        ASSERT_EQ(got.size(), held);
        std::uint32_t first = 0; // the first differing entry, for the message
        while (first < held && got[first] == expected[first])
            ++first;
        EXPECT_EQ(first, held) << "hp_sparse differs from the CPU walk first at entry " << first << " of "
                               << n;
    }
}

} // namespace

// The limit depends on the output: sparse to 262144 (4096^3) where its index fits a storage block; the bits and
// the atlas keep theirs. Each refusal names the sizes and the limit.
TEST(HpSparseWide, LimitsDependOnTheOutput) {
    const gl::GlInfo& info = context().info();
    if (info.maxStorageBlockBytes < std::int64_t(hp::hpSparseIndexUints(HP_SPARSE_MAX_ATLAS)) * 4)
        GTEST_SKIP() << "this driver's storage blocks hold no 4096^3 index (16.8 MB)";
    EXPECT_EQ(occupancy::atlasLimit(VoxelOutput::Sparse, info).side, HP_SPARSE_MAX_ATLAS);
    for (auto [preset, side] : {std::pair{"2048", 131072}, std::pair{"4096", 262144}}) {
        Result<occupancy::VolumeLayout> sparse = occupancy::presetLayoutFor(preset, VoxelOutput::Sparse, info);
        ASSERT_TRUE(sparse) << sparse.error();
        EXPECT_EQ(sparse->atlasSize, side);
        Result<occupancy::VolumeLayout> bits = occupancy::presetLayoutFor(preset, VoxelOutput::Bits, info);
        ASSERT_FALSE(bits);
        EXPECT_TRUE(containsText(bits.error(), "65536")) << bits.error();
    }
    Result<occupancy::VolumeLayout> past = occupancy::presetLayoutFor("8192", VoxelOutput::Sparse, info);
    ASSERT_FALSE(past);
    EXPECT_TRUE(containsText(past.error(), "1048576")) << past.error(); // 128 x 64 tiles of 8192^2
    EXPECT_TRUE(containsText(past.error(), "HP_SPARSE_MAX_ATLAS")) << past.error();
    // A driver whose storage blocks hold 16 MiB: 4096^3's index (16.8 MB) does not fit, 2048^3's (4.2 MB) does.
    gl::GlInfo small = info;
    small.maxStorageBlockBytes = std::int64_t(16) << 20;
    EXPECT_EQ(occupancy::atlasLimit(VoxelOutput::Sparse, small).side, 131072);
    Result<occupancy::VolumeLayout> refused = occupancy::presetLayoutFor("4096", VoxelOutput::Sparse, small);
    ASSERT_FALSE(refused);
    EXPECT_TRUE(containsText(refused.error(), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE")) << refused.error();

    // The structure itself takes 262144 (a small pool), not one texel more; the previous layout stays.
    Result<occupancy::SparseOccupancy> s = occupancy::SparseOccupancy::create(sharedShaders(), info);
    ASSERT_TRUE(s) << s.error();
    ASSERT_TRUE(s->setLayout(HP_SPARSE_MAX_ATLAS, 64));
    Result<void> r = s->setLayout(HP_SPARSE_MAX_ATLAS + 1, 64);
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), "HP_SPARSE_MAX_ATLAS")) << r.error();
    EXPECT_EQ(s->side(), HP_SPARSE_MAX_ATLAS);
    DICER_EXPECT_NO_GL_ERROR();
}

// hp_sparse over random structures of the 2048^3 and 4096^3 atlases: texels past 65536 on both axes, entries
// (voxel and the texel mod 65536) exactly the CPU walk's.
TEST(HpSparseWide, ListsPast65536AreTheCpuWalk) {
    for (int cube : {2048, 4096}) {
        SCOPED_TRACE(std::to_string(cube) + "^3");
        Result<occupancy::VolumeLayout> layout =
            occupancy::presetLayoutFor(std::to_string(cube), VoxelOutput::Sparse, context().info());
        if (!layout && cube > 2048 && containsText(layout.error(), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE"))
            continue;
        ASSERT_TRUE(layout) << layout.error();
        const int side = layout->atlasSize;
        const hp::SparseOccupancyCpu s = randomStructure(*layout, 3000, 0.05, std::uint32_t(cube));
        const hp::AtlasTiling tiling = tilingOf(*layout);
        const std::vector<glm::uvec4> expected =
            hp::sparseKeyIndexEntries(s.index, s.pool, s.capacity, side, tiling);
        const std::vector<glm::ivec2> texels = hp::sparseKeyIndexTexels(s.index, s.pool, s.capacity);
        ASSERT_EQ(texels.size(), expected.size());
        glm::ivec2 far(
            0); // entries whose texel is past 65535 along x, y: their 4th word is the texel mod 65536
        for (size_t k = 0; k < texels.size(); ++k) {
            const glm::uvec4& e = expected[k];
            ASSERT_EQ(layout->voxelToTexel(glm::ivec3(e.x, e.y, e.z)), texels[k]);
            ASSERT_EQ(hp::hpEntryTexel(e, tiling.tileSize, tiling.tilesX), texels[k]);
            ASSERT_EQ(hp::hpEntryAtlasTexel(e.w), texels[k] % 65536);
            far += glm::ivec2(glm::greaterThanEqual(texels[k], glm::ivec2(65536)));
        }
        EXPECT_GT(far.x, 1000); // 2048^3: 64 x 32 tiles of 2048^2, 131072 x 65536 texels used; 4096^3: all
        if (cube == 4096) {
            EXPECT_GT(far.y, 1000);
        }
        gl::Buffer index = uploadBits(s.index), pool = uploadBits(s.pool);
        hp::MethodInput in;
        in.sparseIndex = index.id();
        in.sparsePool = pool.id();
        in.bitsSide = side;
        in.tiling = tiling;
        expectList(in, expected);
    }
    DICER_EXPECT_NO_GL_ERROR();
}

namespace {

std::uint64_t voxelKey(glm::ivec3 v) {
    return std::uint64_t(v.z) << 42 | std::uint64_t(v.y) << 21 | std::uint64_t(v.x);
}

// The rule (voxelize_rule.glsl: the voxel column's centre inside the triangle's projection along its sampling
// axis, the cell of the triangle's point above it) evaluated on the CPU in doubles, per triangle over the columns
// of its box: the work follows the triangles, not the volume. The GPU's floats differ from these in the last bits,
// so the reference has two sets: `sure`, the voxels decided with a margin (every barycentric above 1e-3 plus a
// hundredth of a voxel of its gradient, the point's depth 0.01 voxel from a cell face, the axis unambiguous by
// 1e-4), which the GPU must hold; and `possible`, every voxel the rule could give within those margins (either
// near-tied axis, barycentrics down to -0.01 less that gradient, both cells of a near face), which must hold the
// GPU's. Dominant-axis rule.
struct RuleSets {
    std::vector<std::uint64_t> sure, possible; // voxelKey, sorted
};
RuleSets ruleSets(const model::Mesh& mesh, const glm::mat4& model, glm::ivec3 volume) {
    RuleSets sets;
    const glm::dvec3 size = 2.0 / glm::dvec3(volume);
    for (size_t t = 0; t < mesh.triangleCount(); ++t) {
        glm::dvec3 p[3];
        for (int i = 0; i < 3; ++i)
            p[i] = glm::dvec3(
                glm::vec3(model * glm::vec4(mesh.positions[mesh.indices[3 * t + size_t(i)]], 1.f)));
        const glm::dvec3 n = glm::abs(glm::cross(p[1] - p[0], p[2] - p[0]));
        const double top = std::max({n.x, n.y, n.z});
        if (!(top > 0.0)) continue;
        const int chosen =
            (n.z >= n.x && n.z >= n.y) ? 2 : (n.y >= n.x ? 1 : 0); // voxelize_setup.glsl's choice
        const double near = top * (1.0 - 1e-4);
        const bool tied = (n.x >= near) + (n.y >= near) + (n.z >= near) > 1;
        for (int axis = 0; axis < 3; ++axis) {
            if (n[axis] < near) continue; // never this triangle's axis
            const int u = axis == 2 ? 0 : (axis == 0 ? 1 : 2), w = axis == 2 ? 1 : (axis == 0 ? 2 : 0);
            const glm::dvec2 q[3] = {{p[0][u], p[0][w]}, {p[1][u], p[1][w]}, {p[2][u], p[2][w]}};
            const double area = (q[1].x - q[0].x) * (q[2].y - q[0].y) - (q[1].y - q[0].y) * (q[2].x - q[0].x);
            if (area == 0.0) continue;
            // Barycentric e: a linear function of the column centre; its change across a hundredth of a voxel.
            glm::dvec3 gradient(0.0);
            for (int e = 0; e < 3; ++e) {
                const glm::dvec2 a = q[(e + 1) % 3], b = q[(e + 2) % 3];
                gradient[e] =
                    (std::abs(a.y - b.y) * size[u] + std::abs(b.x - a.x) * size[w]) / std::abs(area);
            }
            const glm::dvec2 lo = glm::min(glm::min(q[0], q[1]), q[2]),
                             hi = glm::max(glm::max(q[0], q[1]), q[2]);
            const int u0 = std::max(0, int(std::floor((lo.x + 1.0) / size[u])) - 1);
            const int u1 = std::min(volume[u] - 1, int(std::floor((hi.x + 1.0) / size[u])) + 1);
            const int w0 = std::max(0, int(std::floor((lo.y + 1.0) / size[w])) - 1);
            const int w1 = std::min(volume[w] - 1, int(std::floor((hi.y + 1.0) / size[w])) + 1);
            for (int cw = w0; cw <= w1; ++cw)
                for (int cu = u0; cu <= u1; ++cu) {
                    const glm::dvec2 c(-1.0 + (cu + 0.5) * size[u], -1.0 + (cw + 0.5) * size[w]);
                    glm::dvec3 l;
                    for (int e = 0; e < 3; ++e) {
                        const glm::dvec2 a = q[(e + 1) % 3], b = q[(e + 2) % 3];
                        l[e] = ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) / area;
                    }
                    const glm::dvec3 slack = 0.01 * gradient;
                    if (glm::any(glm::lessThan(l, -0.01 - slack))) continue;
                    const double along = l.x * p[0][axis] + l.y * p[1][axis] + l.z * p[2][axis];
                    const double cell = (along + 1.0) * 0.5 * volume[axis];
                    glm::ivec3 v(0);
                    v[u] = cu;
                    v[w] = cw;
                    // Both cells of a near face; `along` just past +-1 is the rule's to refuse (a superset here).
                    const int k0 = int(std::floor(cell - 0.01)), k1 = int(std::floor(cell + 0.01));
                    for (int k = std::max(k0, 0); k <= std::min(k1, volume[axis]); ++k) {
                        v[axis] = std::min(k, volume[axis] - 1); // +1 belongs to the last voxel
                        sets.possible.push_back(voxelKey(v));
                    }
                    const bool inside = glm::all(glm::greaterThan(l, 1e-3 + slack));
                    const double face = std::abs(cell - std::round(cell));
                    if (!tied && axis == chosen && inside && face > 0.01 && cell > 0.01 &&
                        cell < volume[axis] - 0.01) {
                        v[axis] = int(std::floor(cell));
                        sets.sure.push_back(voxelKey(v));
                    }
                }
        }
    }
    for (std::vector<std::uint64_t>* s : {&sets.sure, &sets.possible}) {
        std::sort(s->begin(), s->end());
        s->erase(std::unique(s->begin(), s->end()), s->end());
    }
    return sets;
}

// The teapot at 2048^3 (131072^2 virtual atlas, ~4 M voxels; its bits would be 2 GiB) or 4096^3: the structure and
// the list exactly the CPU reference's, and its voxels the rule's on the CPU (within the margins above).
void expectTeapot(int cube) {
    SCOPED_TRACE("teapot " + std::to_string(cube) + "^3");
    voxel::Voxelizer* v = sharedVoxelizer();
    ASSERT_TRUE(v);
    Result<occupancy::VolumeLayout> layout =
        occupancy::presetLayoutFor(std::to_string(cube), VoxelOutput::Sparse, context().info());
    if (!layout && containsText(layout.error(), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE"))
        GTEST_SKIP() << layout.error();
    ASSERT_TRUE(layout) << layout.error();
    ASSERT_EQ(layout->atlasSize, cube * 64);
    const model::PlacedModel& teapot = placedTestModel("teapot");
    Result<void> r = v->setLayout(*layout, VoxelOutput::Sparse);
    if (r) r = v->setMesh(teapot.mesh);
    ASSERT_TRUE(r) << r.error();
    const voxel::VoxelizeParams params{teapot.placement, voxel::VoxelMode::Shell,
                                       voxel::VoxMethodId::Compute};
    v->voxelize(params);
    if (v->sparse().readStatus().overflowed) { // the first guess (1/16 of the bricks) was clamped: it grows
        glFinish();
        v->voxelize(params);
        if (v->sparse().readStatus().overflowed)
            GTEST_SKIP() << "this driver's largest pool holds " << v->sparse().capacity()
                         << " of the teapot's " << v->sparse().readStatus().marked << " bricks";
    }

    const int side = layout->atlasSize;
    const SparseRead gpu = readSparse(v->sparse());
    // The allocation of the GPU's marks, on the CPU: bases, header, the slots' bricks in Morton order.
    std::vector<std::uint32_t> index = gpu.index;
    std::uint32_t marked = 0;
    const std::uint32_t bricksAt = gpu.capacity * SPARSE_BRICK_WORDS;
    for (int w = 0; w < hp::hpSparseCoarseWords(side); ++w) {
        index[size_t(hp::hpSparseBaseOffset(side) + w)] = marked;
        for (std::uint32_t bits = gpu.index[size_t(SPARSE_HEADER + w)]; bits != 0; bits &= bits - 1, ++marked)
            ASSERT_EQ(gpu.pool[bricksAt + marked],
                      std::uint32_t(w) * 32 + std::uint32_t(std::countr_zero(bits)))
                << "slot " << marked;
    }
    ASSERT_LE(marked, gpu.capacity);
    index[SPARSE_MARKED] = index[SPARSE_USED] = marked;
    index[SPARSE_OVERFLOW] = 0;
    EXPECT_TRUE(hp::sparseIndexDefined(gpu.index, side) == hp::sparseIndexDefined(index, side))
        << "index differs from the CPU allocation of its marks (" << marked << " bricks)";

    // The list: hp_sparse exactly the CPU walk of the pool.
    const hp::AtlasTiling tiling = tilingOf(*layout);
    const std::vector<glm::uvec4> expected =
        hp::sparseKeyIndexEntries(gpu.index, gpu.pool, gpu.capacity, side, tiling);
    ASSERT_GT(expected.size(), 3'000'000u * std::uint64_t(cube / 2048) * (cube / 2048));
    hp::MethodInput in;
    in.sparseIndex = v->sparse().index();
    in.sparsePool = v->sparse().pool();
    in.bitsSide = side;
    in.tiling = tiling;
    expectList(in, expected);

    // The voxels: the rule on the CPU, per triangle.
    const RuleSets rule = ruleSets(teapot.mesh, params.model, layout->volume);
    std::vector<std::uint64_t> held;
    held.reserve(expected.size());
    for (const glm::uvec4& e : expected)
        held.push_back(voxelKey(glm::ivec3(e.x, e.y, e.z)));
    std::sort(held.begin(), held.end());
    EXPECT_EQ(std::adjacent_find(held.begin(), held.end()), held.end()) << "a voxel listed twice";
    std::vector<std::uint64_t> missing, extra;
    std::set_difference(rule.sure.begin(), rule.sure.end(), held.begin(), held.end(),
                        std::back_inserter(missing));
    std::set_difference(held.begin(), held.end(), rule.possible.begin(), rule.possible.end(),
                        std::back_inserter(extra));
    std::printf("teapot %d^3: %zu voxels, %u bricks; CPU rule: %zu sure, %zu possible\n", cube, held.size(),
                marked, rule.sure.size(), rule.possible.size());
    EXPECT_TRUE(missing.empty()) << missing.size() << " voxels the rule gives are not listed";
    EXPECT_TRUE(extra.empty()) << extra.size() << " listed voxels the rule cannot give";
    EXPECT_GT(rule.sure.size(), held.size() * 9 / 10); // the margins leave most voxels decided
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace

TEST(HpSparseWide, TeapotAt2048MatchesTheCpuReference) {
    expectTeapot(2048);
}

// 4096^3 (262144^2, ~17 M voxels): the same checks, the whole list (17.2 M entries, 275 MB: past llvmpipe's 128 MiB
// storage block, so written and read through three of the point buffer's blocks).
TEST(HpSparseWide, TeapotAt4096MatchesTheCpuReference) {
    expectTeapot(4096);
}
