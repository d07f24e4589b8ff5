// The vox method table without a GPU (vox_method_table.h): its rows, their names and parsing, the
// outputs each writes and checkOutput's message, and availability against a fake GlInfo (a limit too small
// makes exactly the rows that need it unavailable).
#include "fake_gl_info.h"
#include "test_util.h"
#include "vox_method_table.h"
#include "voxel_shared.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

using namespace dicer;
using namespace dicer::voxel;
using namespace dicer::occupancy;
using dicer::test::roomyGlInfo;

TEST(VoxelMethodTable, RowsAreUniqueFindableAndComplete) {
    const auto table = voxMethodTable();
    ASSERT_EQ(table.size(), voxMethods().size());
    std::set<std::string> names;
    for (size_t row = 0; row < table.size(); ++row) {
        const VoxMethodId method{int(row)};
        EXPECT_EQ(voxMethods()[row], method);
        EXPECT_EQ(voxMethodInfo(method), &table[row]);
        EXPECT_TRUE(names.insert(table[row].name).second) << table[row].name << " twice";
        EXPECT_EQ(parseVoxMethod(table[row].name), method);
        EXPECT_NE(table[row].summary, nullptr);
        EXPECT_NE(table[row].isAvailable, nullptr);
        EXPECT_NE(table[row].create, nullptr);
        // Every row writes the atlas: the tests compare every row's atlas with every other's.
        EXPECT_TRUE(table[row].canWrite(VoxelOutput::Atlas)) << table[row].name;
        // A row that cannot write every output says why (checkOutput's message).
        const bool writesAll = table[row].canWrite(VoxelOutput::Bits);
        EXPECT_EQ(table[row].whyNotOthers == nullptr, writesAll) << table[row].name;
    }
    EXPECT_EQ(voxMethodInfo(VoxMethodId{int(table.size())}), nullptr);
    EXPECT_EQ(voxMethodInfo(VoxMethodId{-1}), nullptr);
    EXPECT_STREQ(voxMethodName(VoxMethodId{int(table.size())}), "?");
    EXPECT_FALSE(parseVoxMethod("Projected")); // spellings are exact (the names: voxel_mesh_test)
    EXPECT_FALSE(parseVoxMethod("slab"));
}

namespace {
// "a", "a or b", "a, b or c": how checkOutput names the rows that can write an output.
std::string orList(const std::vector<VoxMethodId>& methods) {
    std::string text;
    for (size_t i = 0; i < methods.size(); ++i)
        text += std::string(i == 0                    ? ""
                            : i + 1 == methods.size() ? " or "
                                                      : ", ") +
                voxMethodName(methods[i]);
    return text;
}
} // namespace

TEST(VoxelMethodTable, OutputsAndTheRefusalMessage) {
    EXPECT_EQ(voxMethodsWriting(VoxelOutput::Atlas), voxMethods());
    const std::vector<VoxMethodId> bits = voxMethodsWriting(VoxelOutput::Bits);
    for (VoxMethodId m : {VoxMethodId::Projected, VoxMethodId::Compute})
        EXPECT_NE(std::find(bits.begin(), bits.end(), m), bits.end()) << voxMethodName(m);
    for (VoxMethodId m : voxMethods()) {
        EXPECT_TRUE(checkOutput(m, VoxelOutput::Atlas)) << voxMethodName(m);
        EXPECT_EQ(bool(checkOutput(m, VoxelOutput::Bits)), voxMethodInfo(m)->canWrite(VoxelOutput::Bits));
    }
    // The text the command lines and the bench print, word for word ("... use --vox-method projected or
    // compute with --voxels bits" with the built-in rows); a new row that writes bits is named there too.
    EXPECT_EQ(orList({VoxMethodId::Projected, VoxMethodId::Compute}), "projected or compute");
    for (VoxMethodId slab : {VoxMethodId::Binned, VoxMethodId::Instanced, VoxMethodId::PerSlice}) {
        Result<void> r = checkOutput(slab, VoxelOutput::Bits);
        ASSERT_FALSE(r);
        EXPECT_EQ(r.error(),
                  std::string("the ") + voxMethodName(slab) +
                      " method renders into the slice atlas through the framebuffer and cannot write "
                      "the occupancy bits; use --vox-method " +
                      orList(bits) + " with --voxels bits");
    }
    Result<void> r = checkOutput(VoxMethodId{99}, VoxelOutput::Atlas);
    ASSERT_FALSE(r);
    EXPECT_TRUE(test::containsText(r.error(), "99")) << r.error();
}

TEST(VoxelMethodTable, EveryRowIsAvailableWithRoomyLimits) {
    for (const VoxMethodInfo& m : voxMethodTable())
        EXPECT_TRUE(m.isAvailable(roomyGlInfo())) << m.name;
}

// Binned's scan is one work group of VOX_SCAN_LOCAL_SIZE invocations, compute's groups have at most 64: a
// smaller limit makes exactly the built-in rows that need it unavailable.
TEST(VoxelMethodTable, TooFewComputeInvocationsMakeOnlyTheirUsersUnavailable) {
    const VoxMethodId builtIn[] = {VoxMethodId::Binned, VoxMethodId::Instanced, VoxMethodId::PerSlice,
                                   VoxMethodId::Projected, VoxMethodId::Compute};
    gl::GlInfo info = roomyGlInfo();
    info.maxComputeInvocations = VOX_SCAN_LOCAL_SIZE - 1;
    for (VoxMethodId m : builtIn)
        EXPECT_EQ(voxMethodInfo(m)->isAvailable(info), m != VoxMethodId::Binned) << voxMethodName(m);
    info.maxComputeInvocations = VOX_COMPUTE_LOCAL_SIZE - 1;
    for (VoxMethodId m : builtIn)
        EXPECT_EQ(voxMethodInfo(m)->isAvailable(info),
                  m != VoxMethodId::Binned && m != VoxMethodId::Compute)
            << voxMethodName(m);
}
