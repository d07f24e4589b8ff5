// Shared by the sparse occupancy's GL tests (hp_sparse_gltest.cpp, hp_sparse_pool_gltest.cpp): the structure read
// back and compared with the CPU reference, hp_bits' and hp_sparse's lists compared, random sparse bits.
#include "hp_sparse_gl_util.h"

#include "bits_reference.h"
#include "hp_gl_fixture.h"
#include "occupancy_sparse.h"
#include "sparse_reference.h"

#include <bit>
#include <random>
#include <span>

namespace dicer::test {
namespace {
// What the GPU defines of the pool: the used slots' bits and bricks (older slots hold older frames).
std::vector<std::uint32_t> usedPool(const std::vector<std::uint32_t>& pool, std::uint32_t capacity,
                                    std::uint32_t used) {
    std::vector<std::uint32_t> out(pool.begin(), pool.begin() + std::ptrdiff_t(used) * SPARSE_BRICK_WORDS);
    const auto bricks = pool.begin() + std::ptrdiff_t(capacity) * SPARSE_BRICK_WORDS;
    out.insert(out.end(), bricks, bricks + used);
    return out;
}
} // namespace

SparseRead readSparse(const occupancy::SparseOccupancy& s) {
    SparseRead r;
    r.capacity = s.capacity();
    r.index.resize(size_t(hp::hpSparseIndexUints(s.side())));
    r.pool.resize(size_t(r.capacity) * SPARSE_SLOT_UINTS);
    glGetNamedBufferSubData(s.index(), 0, GLsizeiptr(r.index.size() * 4), r.index.data());
    glGetNamedBufferSubData(s.pool(), 0, GLsizeiptr(r.pool.size() * 4), r.pool.data());
    return r;
}

void expectStructureOf(const occupancy::SparseOccupancy& s, const std::vector<std::uint32_t>& bits, int side,
                       bool superset, double maxExtra) {
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

hp::AtlasTiling tilingOf(const occupancy::VolumeLayout& layout) {
    return {{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
}

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
    return test::bufferStorage(GLsizeiptr(bits.size() * 4), bits.data(), 0, "test bits");
}

} // namespace dicer::test
