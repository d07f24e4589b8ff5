// The voxelization methods' one table (voxel_method_table.h).
#include "voxel_method_table.h"

#include "voxel_method_binned.h"
#include "voxel_method_compute.h"
#include "voxel_method_instanced.h"
#include "voxel_method_per_slice.h"
#include "voxel_method_projected.h"

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
constexpr VoxelMethodInfo kRows[] = {
    {"binned", kAtlasOnly, kThroughFramebuffer, "setup + scan bin each triangle to the slices its z-range spans; one indirect draw of those (triangle, slice) quads",
     binnedMethodAvailable, createBinnedMethod},
    {"instanced", kAtlasOnly, kThroughFramebuffer, "one instanced draw, instance = slice: a quad per triangle per slice (the naive one)",
     anyVoxelizerContext, createInstancedMethod},
    {"per-slice", kAtlasOnly, kThroughFramebuffer, "one draw per slice, a quad per triangle: the 2006 structure",
     anyVoxelizerContext, createPerSliceMethod},
    {"projected", kAtlasAndBits, nullptr, "each triangle drawn once as the box of its projection along its sampling axis; owner, then colour pass",
     anyVoxelizerContext, createProjectedMethod},
    {"compute", kEveryOutput, nullptr, "projected without the rasterizer: compute invocations visit the box's voxel columns",
     computeMethodAvailable, createComputeMethod},
};
// clang-format on

constexpr bool names(VoxelMethod method, std::string_view name) {
    return std::string_view(kRows[method.row].name) == name;
}
static_assert(names(VoxelMethod::Binned, "binned") && names(VoxelMethod::Instanced, "instanced") &&
                  names(VoxelMethod::PerSlice, "per-slice") && names(VoxelMethod::Projected, "projected") &&
                  names(VoxelMethod::Compute, "compute"),
              "a VoxelMethod constant names another row: update voxel_method_table.h");

const char* outputNoun(occupancy::VoxelOutput output) { // for checkOutput's message
    return output == occupancy::VoxelOutput::Atlas  ? "slice atlas"
           : output == occupancy::VoxelOutput::Bits ? "occupancy bits"
                                         : "sparse occupancy";
}

} // namespace

bool VoxelMethodInfo::canWrite(occupancy::VoxelOutput output) const {
    for (occupancy::VoxelOutput o : writes)
        if (o == output) return true;
    return false;
}

std::span<const VoxelMethodInfo> voxelMethodTable() {
    return kRows;
}

const std::vector<VoxelMethod>& voxelMethods() {
    static const std::vector<VoxelMethod> all = [] {
        std::vector<VoxelMethod> rows;
        for (size_t row = 0; row < std::size(kRows); ++row)
            rows.push_back(VoxelMethod{int(row)});
        return rows;
    }();
    return all;
}

std::vector<VoxelMethod> voxelMethodsWriting(occupancy::VoxelOutput output) {
    std::vector<VoxelMethod> rows;
    for (VoxelMethod m : voxelMethods())
        if (kRows[m.row].canWrite(output)) rows.push_back(m);
    return rows;
}

const VoxelMethodInfo* voxelMethodInfo(VoxelMethod method) {
    return method.row >= 0 && size_t(method.row) < std::size(kRows) ? &kRows[method.row] : nullptr;
}

const char* voxelMethodName(VoxelMethod method) {
    const VoxelMethodInfo* row = voxelMethodInfo(method);
    return row ? row->name : "?";
}

std::optional<VoxelMethod> parseVoxelMethod(std::string_view name) {
    for (VoxelMethod m : voxelMethods())
        if (name == kRows[m.row].name) return m;
    return std::nullopt;
}

Result<void> checkOutput(VoxelMethod method, occupancy::VoxelOutput output) {
    const VoxelMethodInfo* row = voxelMethodInfo(method);
    if (!row) return makeError("voxelization method #" + std::to_string(method.row) + " is not in the table");
    if (row->canWrite(output)) return {};
    const std::vector<VoxelMethod> writers = voxelMethodsWriting(output);
    std::string use; // "projected or compute"
    for (size_t i = 0; i < writers.size(); ++i)
        use += std::string(i == 0                    ? ""
                           : i + 1 == writers.size() ? " or "
                                                     : ", ") +
               voxelMethodName(writers[i]);
    return makeError(std::string("the ") + row->name + " method " +
                     (row->whyNotOthers ? row->whyNotOthers : "has no pass for it") +
                     " and cannot write the " + outputNoun(output) + "; use --vox-method " + use +
                     " with --voxels " + occupancy::voxelOutputName(output));
}

} // namespace dicer::voxel
