// The vox methods' table: one row per method, {name, outputs it can write, why not the others,
// summary, isAvailable(GlInfo), create(shaders, GlInfo)}, in one explicit array (no static self-registration;
// create returns a std::unique_ptr<VoxMethod>, vox_method.h). A method IS its row: VoxMethodId is the
// row's index. The command lines (--vox-method), the demo's combo, dicer-bench's sweeps and the GL tests
// iterate the table; the Voxelizer builds every available row at create() and calls it through the
// interface; nothing compares method names or indices.
//
// Adding a method: its vox_method_<name>.{h,cpp}, its shaders, one row in vox_method_table.cpp, its
// file in engine/voxel/CMakeLists.txt, and its test (docs/ARCHITECTURE.md, "voxel"). The tests that iterate
// the table (tests/voxelizer_methods_gltest.cpp: every row's atlas byte for byte; the bits tests: every row
// that writes bits, word for word) then cover it as a row.
#pragma once

#include "gl_info.h"
#include "result.h"
#include "row_table.h"
#include "shader.h"
#include "vox_method.h"

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace dicer::voxel {

// A row of voxMethodTable(). The constants name the built-in rows that code picks by name (defaults, the
// bench's Table 1, tests); vox_method_table.cpp checks at compile time that each names its row. A new row
// needs none.
struct VoxMethodId {
    int row = 0;
    static const VoxMethodId Binned, Instanced, PerSlice, Projected, Compute;
    auto operator<=>(const VoxMethodId&) const = default;
};
inline constexpr VoxMethodId VoxMethodId::Binned{0};
inline constexpr VoxMethodId VoxMethodId::Instanced{1};
inline constexpr VoxMethodId VoxMethodId::PerSlice{2};
inline constexpr VoxMethodId VoxMethodId::Projected{3};
inline constexpr VoxMethodId VoxMethodId::Compute{4};

struct VoxMethodInfo : gl::RowHead<VoxMethod> {
    std::span<const occupancy::VoxelOutput> writes; // the outputs it can write (every row writes the atlas)
    const char* whyNotOthers; // why it cannot write the others, for checkOutput ("renders into ..."); or null

    bool canWrite(occupancy::VoxelOutput output) const;
};

std::span<const VoxMethodInfo> voxMethodTable();
const std::vector<VoxMethodId>& voxMethods(); // every row, in table order (the command lines' order)
std::vector<VoxMethodId> voxMethodsWriting(occupancy::VoxelOutput output);
// The row of a method; nullptr for an index outside the table.
const VoxMethodInfo* voxMethodInfo(VoxMethodId method);

const char* voxMethodName(VoxMethodId method); // "binned" / ... ; "?" outside the table
// The inverse, for command lines: nullopt for any other name.
std::optional<VoxMethodId> parseVoxMethod(std::string_view name);
// Whether `method` can write `output` (the slab methods cannot write the bits); the error says why and names
// the rows that can: "the binned method renders into the slice atlas through the framebuffer and cannot write
// the occupancy bits; use --vox-method projected or compute with --voxels bits".
Result<void> checkOutput(VoxMethodId method, occupancy::VoxelOutput output);

} // namespace dicer::voxel
