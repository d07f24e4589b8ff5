// The vox methods' one table (vox_method_table.h).
#include "vox_method_table.h"

#include "vox_method_binned.h"
#include "vox_method_compute.h"
#include "vox_method_instanced.h"
#include "vox_method_per_slice.h"
#include "vox_method_projected.h"

#include <string>

namespace dicer::voxel {
namespace {

constexpr occupancy::VoxelOutput kAtlasOnly[] = {occupancy::VoxelOutput::Atlas};
constexpr occupancy::VoxelOutput kAtlasAndBits[] = {occupancy::VoxelOutput::Atlas, occupancy::VoxelOutput::Bits};
constexpr occupancy::VoxelOutput kEveryOutput[] = {occupancy::VoxelOutput::Atlas, occupancy::VoxelOutput::Bits, occupancy::VoxelOutput::Sparse};
// The slab methods' viewport is the atlas, which for the bits is virtual and may exceed every framebuffer
// limit (1024^3: 32768^2); they exist to reproduce the 2006 structure, which writes through the framebuffer.
constexpr const char* kThroughFramebuffer = "renders into the slice atlas through the framebuffer";

// The rows that need nothing beyond what Voxelizer::create requires of every method (storage buffers in
// vertex and fragment shaders): instanced and per-slice are plain draws, and projected's image atomics in
// fragment shaders are core GL 4.5.
bool anyVoxelizerContext(const gl::GlInfo& /*info*/) {
    return true;
}

// clang-format off
// One row per line, in the order the command lines, the UI and the bench list them.
constexpr VoxMethodInfo kRows[] = {
    {{"binned", "binned (slices, indirect)", "setup + scan bin each triangle to the slices its z-range spans; one indirect draw of those (triangle, slice) quads",
      binnedMethodAvailable, createBinnedMethod},
     kAtlasOnly, kThroughFramebuffer},
    {{"instanced", "instanced (slices)", "one instanced draw, instance = slice: a quad per triangle per slice (the naive one)",
      anyVoxelizerContext, createInstancedMethod},
     kAtlasOnly, kThroughFramebuffer},
    {{"per-slice", "per-slice (2006)", "one draw per slice, a quad per triangle: the 2006 structure",
      anyVoxelizerContext, createPerSliceMethod},
     kAtlasOnly, kThroughFramebuffer},
    {{"projected", "projected (raster)", "each triangle drawn once as the box of its projection along its sampling axis; owner, then colour pass",
      anyVoxelizerContext, createProjectedMethod},
     kAtlasAndBits, nullptr},
    {{"compute", "compute (no raster)", "projected without the rasterizer: compute invocations visit the box's voxel columns",
      computeMethodAvailable, createComputeMethod},
     kEveryOutput, nullptr},
};
// clang-format on

constexpr bool names(VoxMethodId method, std::string_view name) {
    return std::string_view(kRows[method.row].name) == name;
}
static_assert(names(VoxMethodId::Binned, "binned") && names(VoxMethodId::Instanced, "instanced") &&
                  names(VoxMethodId::PerSlice, "per-slice") && names(VoxMethodId::Projected, "projected") &&
                  names(VoxMethodId::Compute, "compute"),
              "a VoxMethodId constant names another row: update vox_method_table.h");

const char* outputNoun(occupancy::VoxelOutput output) { // for checkOutput's message
    return output == occupancy::VoxelOutput::Atlas  ? "slice atlas"
           : output == occupancy::VoxelOutput::Bits ? "occupancy bits"
                                         : "sparse occupancy";
}

} // namespace

bool VoxMethodInfo::canWrite(occupancy::VoxelOutput output) const {
    for (occupancy::VoxelOutput o : writes)
        if (o == output) return true;
    return false;
}

std::span<const VoxMethodInfo> voxMethodTable() {
    return kRows;
}

const std::vector<VoxMethodId>& voxMethods() {
    static const std::vector<VoxMethodId> all = [] {
        std::vector<VoxMethodId> rows;
        for (size_t row = 0; row < std::size(kRows); ++row)
            rows.push_back(VoxMethodId{int(row)});
        return rows;
    }();
    return all;
}

std::vector<VoxMethodId> voxMethodsWriting(occupancy::VoxelOutput output) {
    std::vector<VoxMethodId> rows;
    for (VoxMethodId m : voxMethods())
        if (kRows[m.row].canWrite(output)) rows.push_back(m);
    return rows;
}

const VoxMethodInfo* voxMethodInfo(VoxMethodId method) {
    return method.row >= 0 && size_t(method.row) < std::size(kRows) ? &kRows[method.row] : nullptr;
}

const char* voxMethodName(VoxMethodId method) {
    const VoxMethodInfo* row = voxMethodInfo(method);
    return row ? row->name : "?";
}

std::optional<VoxMethodId> parseVoxMethod(std::string_view name) {
    if (const auto row = gl::findRow(voxMethodTable(), name)) return VoxMethodId{row->row};
    return std::nullopt;
}

Result<void> checkOutput(VoxMethodId method, occupancy::VoxelOutput output) {
    const VoxMethodInfo* row = voxMethodInfo(method);
    if (!row) return makeError("vox method #" + std::to_string(method.row) + " is not in the table");
    if (row->canWrite(output)) return {};
    const std::vector<VoxMethodId> writers = voxMethodsWriting(output);
    std::vector<std::string> names; // "projected or compute"
    for (VoxMethodId w : writers)
        names.emplace_back(voxMethodName(w));
    const std::string use = gl::joinNames(names);
    return makeError(std::string("the ") + row->name + " method " +
                     (row->whyNotOthers ? row->whyNotOthers : "has no pass for it") +
                     " and cannot write the " + outputNoun(output) + "; use --vox-method " + use +
                     " with --voxels " + occupancy::voxelOutputName(output));
}

} // namespace dicer::voxel
