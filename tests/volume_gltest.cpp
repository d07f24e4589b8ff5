// Every row of the method table (method_table.h), each storage x build path it offers, over scalar volumes
// through the discriminator: the atlas rows read the discriminator's RGBA8 atlas with the
// threshold 1/255, the bits rows its occupancy bits, and each lists exactly the CPU reference's active voxels
// (volume_reference.h: the band's definition in doubles), entry for entry in its order, on both list paths.
// The cases (volume_cases.h): empty, full and mid bands, negative int16 values, NaN cells, all-NaN data,
// non-cubic and non-power-of-two sizes, sides of 1, every scalar type, the built-ins and both real scans.
// One CTest group per row (method_tests.cmake).
#include "bits_reference.h"
#include "hp_gl_fixture.h"
#include "hp_reference.h"
#include "method_table.h"
#include "volume_gl_util.h"
#include "volume_reference.h"

using namespace dicer;
using namespace dicer::test;
using hp::ListPath;

namespace {

constexpr float kVolumeThreshold = 1.0f / 255.0f; // alpha >= 1: exactly the band (the lead's fixed value)

// Runs the row over the case on both list paths and compares with the reference exactly.
void expectRowExact(const methods::MethodConfig& c, const VolumeCase& vc) {
    SCOPED_TRACE(c.label() + " on " + vc.name);
    hp::PointMethod* m = methodFor(c.method->name, c.options);
    discriminate::VolumeDiscriminator* d = sharedDiscriminator();
    ASSERT_TRUE(m && d);
    const bool bits =
        c.method->reads != occupancy::VoxelOutput::Atlas; // sparse: the bits, then their sparse occupancy
    Result<occupancy::VolumeLayout> layout =
        discriminateCase(*d, vc, bits ? occupancy::VoxelOutput::Bits : occupancy::VoxelOutput::Atlas);
    ASSERT_TRUE(layout) << layout.error();
    const int side = layout->atlasSize;
    const hp::AtlasTiling tiling = tilingOf(*layout);
    const std::vector<std::uint8_t> alpha =
        volume::referenceAtlasAlpha(*vc.volume, vc.band, layout->tiles.x, side);
    const std::vector<glm::uvec4> expected =
        bits ? hp::bitsKeyIndexEntries(hp::atlasToBits(alpha, side, side, 1, tiling, side), side, tiling)
             : hp::expectedEntries(alpha, side, side, 1, tiling, m->order());
    const auto n = std::uint32_t(expected.size());
    ASSERT_EQ(n, volume::activeCount(*vc.volume, vc.band));
    hp::MethodInput in{d->atlas(), kVolumeThreshold, tiling, std::max(n, 1u)};
    if (bits) {
        in.bits = d->bits();
        in.bitsSide = side;
    }
    if (c.method->reads == occupancy::VoxelOutput::Sparse) in = sparseInputFor(in);
    for (ListPath path : {ListPath::Readback, ListPath::Resident}) {
        SCOPED_TRACE(hp::listPathName(path));
        Result<void> ran = m->run(in, path);
        ASSERT_TRUE(ran) << ran.error();
        ASSERT_EQ(m->readCount(), n);
        hp::VerifyReport r = hp::compareEntries(m->points().read(n), m->readCount(), expected, m->order());
        EXPECT_TRUE(r.ok()) << r.mismatches << " mismatches (" << hp::entryOrderName(m->order()) << " order)";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

std::string paramName(const ::testing::TestParamInfo<methods::MethodConfig>& info) {
    return info.param.identifier();
}

} // namespace

class VolumeMethods : public ::testing::TestWithParam<methods::MethodConfig> {};

TEST_P(VolumeMethods, ListExactlyTheBandOfEveryCase) {
    for (const VolumeCase& c : syntheticVolumeCases())
        expectRowExact(GetParam(), c);
}

TEST_P(VolumeMethods, ListExactlyTheBandOfBothRealScans) {
    std::string missing;
    const std::vector<VolumeCase> cases = realScanCases(&missing);
    if (cases.empty()) GTEST_SKIP() << missing;
    for (const VolumeCase& c : cases)
        expectRowExact(GetParam(), c);
}

INSTANTIATE_TEST_SUITE_P(Table, VolumeMethods, ::testing::ValuesIn(methods::methodConfigs()), paramName);
