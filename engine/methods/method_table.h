// The method table: every method that turns a voxel output (the slice atlas, the occupancy bits or the sparse
// occupancy: MethodInfo::reads) into points (hp::PointMethod, point_method.h), in one explicit table (no static
// self-registration), on the engine's one row shape (gl/row_table.h: name, label, summary, isAvailable, create;
// MethodId, the typed row index). The demo's combo and --method, dicer-bench's sweeps and the GL tests all iterate
// it; nothing compares method names. A new method is one row here (and its tests and window test follow from the
// row).
//
// The paper variants are one row each; their storage (uint32 / float32) and build path (compute / fragment)
// are MethodOptions, so a row with `storages`/`buildPaths` options stands for each combination it lists.
#pragma once

#include "gl_info.h"
#include "point_method.h"
#include "result.h"
#include "row_table.h"
#include "shader.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::methods {

enum class Family {
    PaperHistoPyramid,   // the 2006 variants + the PointList builder: two stages (build, list)
    ComputeHistoPyramid, // the modern HistoPyramids (hp_compute, hp_bits: the demo's default), compute shaders
    GpuPeer,             // the GPU methods the HistoPyramid is measured against: the count stays on the GPU
    CpuPeer,             // the 2006 CPU path: reads the whole atlas back every frame
};
// "paper HistoPyramid" / "compute HistoPyramid" / "GPU peer" / "CPU peer": what the panel calls a row
const char* familyName(Family family);

struct MethodInfo : gl::RowHead<hp::PointMethod, const hp::MethodOptions&> {
    Family family;
    occupancy::VoxelOutput reads; // the voxel output it lists: MethodInput's atlas, bits or sparse occupancy
    hp::EntryOrder order;
    std::span<const hp::Storage> storages;     // the storages the row offers (first: its default)
    std::span<const hp::BuildPath> buildPaths; // the build paths the row offers
    // Build and list are separate stages with their own list step (the paper variants, the compute
    // HistoPyramid): dicer-bench times them apart and compares the readback and GPU-resident lists.
    bool listStage;

    // The interactive demo runs every method but the CPU paths (a full atlas download per frame); it offers
    // the rows that read an output its input writes (frame/input_table.h, frame::offersMethod).
    bool inDemo() const { return family != Family::CpuPeer; }
    bool offersStorage(hp::Storage storage) const;
    hp::Storage storageFor(hp::Storage wanted) const; // wanted if offered, else the row's default
};

using MethodId = gl::RowId<MethodInfo>;
std::span<const MethodInfo> methodTable();
// The row of a valid id.
inline const MethodInfo& methodInfo(MethodId id) { return methodTable()[size_t(id.row)]; }
inline std::optional<MethodId> findMethod(std::string_view name) { return gl::findRow(methodTable(), name); }

// Creates by name; unknown names and unavailable methods give one clear error.
Result<std::unique_ptr<hp::PointMethod>> createMethod(std::string_view name, gl::ShaderLibrary& shaders,
                                                      const gl::GlInfo& info,
                                                      const hp::MethodOptions& options = {});

// One row with one choice of options: what the GL tests and dicer-bench's sweeps iterate.
struct MethodConfig {
    const MethodInfo* method;
    hp::MethodOptions options;
    // "dicer_vec4 uint32 compute" (the panels, the summary, every CSV); just the name for rows without options.
    std::string label() const;
    std::string identifier() const; // the label as one word, "dicer_vec4_uint32_compute": test names
};
// Every row x every option combination it offers, in table order.
std::vector<MethodConfig> methodConfigs();

} // namespace dicer::methods
