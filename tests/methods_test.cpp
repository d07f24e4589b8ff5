// The method table without a GPU (method_table.h): its rows, their options, availability against a fake
// GlInfo (a limit too small makes exactly the methods that need it unavailable), and that the build generates
// a GL test group and a demo window test for every row (tests/CMakeLists.txt reads the table's source).
#include "fake_gl_info.h"
#include "method_table.h"
#include "point_buffer.h"
#include "row_ids.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

using namespace dicer;
using namespace dicer::methods;
using dicer::test::roomyGlInfo;

TEST(MethodTable, RowsAreUniqueAndFindable) {
    auto table = methodTable();
    ASSERT_EQ(table.size(), 12u);
    for (size_t i = 0; i < table.size(); ++i) {
        EXPECT_EQ(findMethod(table[i].name), MethodId(int(i)));
        EXPECT_EQ(&methodInfo(MethodId(int(i))), &table[i]);
    }
    EXPECT_EQ(gl::rowIds(table).size(), table.size());
    EXPECT_EQ(findMethod("bitonic_sort"), std::nullopt);
}

TEST(MethodTable, ConfigsCoverEveryOfferedOption) {
    std::vector<std::string> labels;
    std::vector<std::string> identifiers;
    for (const MethodConfig& c : methodConfigs()) {
        labels.push_back(c.label());
        identifiers.push_back(c.identifier());
    }
    // 3 variants x 2 storages x 2 paths, dicer_bil's float32 x 2 paths, and 8 methods without options.
    ASSERT_EQ(labels.size(), 22u);
    EXPECT_EQ(labels.front(), "dicer_single uint32 compute");
    EXPECT_EQ(identifiers.front(), "dicer_single_uint32_compute");
    EXPECT_NE(std::find(labels.begin(), labels.end(), "dicer_bil float32 fragment"), labels.end());
    EXPECT_NE(std::find(identifiers.begin(), identifiers.end(), "dicer_bil_float32_fragment"),
              identifiers.end());
    EXPECT_EQ(std::find(labels.begin(), labels.end(), "dicer_bil uint32 compute"), labels.end());
    EXPECT_NE(std::find(labels.begin(), labels.end(), "atomic_append"), labels.end()); // no options: the name
    EXPECT_NE(std::find(identifiers.begin(), identifiers.end(), "atomic_append"), identifiers.end());
    const MethodInfo& bil = test::method("dicer_bil");
    EXPECT_EQ(bil.storageFor(hp::Storage::Uint32), hp::Storage::Float32); // filtering needs float
    EXPECT_EQ(test::method("dicer_vec4").storageFor(hp::Storage::Float32), hp::Storage::Float32);
}

TEST(MethodTable, EveryMethodIsAvailableWithRoomyLimits) {
    for (const MethodInfo& m : methodTable())
        EXPECT_TRUE(m.isAvailable(roomyGlInfo())) << m.name;
}

// dicer_rect stores every level side by side in one rectangle texture: a small GL_MAX_RECTANGLE_TEXTURE_SIZE
// makes it (and only it) unavailable.
TEST(MethodTable, ARectangleLimitTooSmallMakesOnlyDicerRectUnavailable) {
    gl::GlInfo info = roomyGlInfo();
    info.maxRectangleTextureSize = 256;
    for (const MethodInfo& m : methodTable())
        EXPECT_EQ(m.isAvailable(info), std::string(m.name) != "dicer_rect") << m.name;
}

// Every method writes its points into ENTRY_BLOCKS storage blocks (storage_blocks.h) and the 4-byte per-point
// buffers (sort keys, slot colours) into one; Horn's scan also needs 4 bytes per atlas texel. The smallest
// preset's points then need blocks of 64^3 x 4 bytes: its points in four blocks of 64^3 / 4, its colours in one.
TEST(MethodTable, StorageBlocksTooSmallMakeMethodsUnavailable) {
    gl::GlInfo info = roomyGlInfo();
    info.maxStorageBlockBytes = std::int64_t(64 * 64 * 64) * 4;
    for (const MethodInfo& m : methodTable())
        EXPECT_TRUE(m.isAvailable(info)) << m.name;
    EXPECT_EQ(hp::PointBuffer::maxEntries(info), 64u * 64u * 64u);
    info.maxStorageBlockBytes -= HP_POINT_BYTES;
    for (const MethodInfo& m : methodTable())
        EXPECT_FALSE(m.isAvailable(info)) << m.name;
    EXPECT_EQ(hp::PointBuffer::maxEntries(info), 64u * 64u * 64u / 2); // blocks of 2^15: a power of two
}

TEST(MethodTable, ComputeLimitsTooSmallMakeTheComputeMethodsUnavailable) {
    gl::GlInfo info = roomyGlInfo();
    info.maxComputeInvocations = 32; // below the 8x8 groups of the compute pyramid and the reductions
    EXPECT_FALSE(test::method("hp_compute").isAvailable(info));
    EXPECT_FALSE(test::method("hp_bits").isAvailable(info));
    EXPECT_FALSE(test::method("atomic_append").isAvailable(info));
    EXPECT_TRUE(test::method("cpu_linewise").isAvailable(info));
}

// hp_bits reads the occupancy bits, hp_sparse the sparse occupancy; every other row reads the
// atlas. The demo offers both (its voxelizer writes them with --voxels bits / sparse).
TEST(MethodTable, BitsRowsReadBitsAndAreInTheDemo) {
    for (const MethodInfo& m : methodTable()) {
        const bool bits = std::string(m.name) == "hp_bits";
        const bool sparse = std::string(m.name) == "hp_sparse";
        EXPECT_EQ(m.reads, bits     ? occupancy::VoxelOutput::Bits
                           : sparse ? occupancy::VoxelOutput::Sparse
                                    : occupancy::VoxelOutput::Atlas)
            << m.name;
        if (bits || sparse) {
            EXPECT_TRUE(m.inDemo());
        }
    }
    EXPECT_STREQ(occupancy::voxelOutputName(occupancy::VoxelOutput::Bits), "bits");
    EXPECT_STREQ(occupancy::voxelOutputName(occupancy::VoxelOutput::Sparse), "sparse");
}
