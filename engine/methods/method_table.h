// The method table: every method that turns a slice atlas (or its occupancy bits: MethodInfo::input) into points (hp::PointMethod, point_method.h), in
// one explicit table (no static self-registration): {name, family, order, summary, isAvailable(GlInfo),
// create(shaders, GlInfo, options)}. The demo's combo and --variant, dicer-bench's sweeps and the GL tests
// all iterate it; nothing compares method names. A new method is one row here (and its tests and window test
// follow from the row).
//
// The paper variants are one row each; their storage (uint32 / float32) and build path (compute / fragment)
// are MethodOptions, so a row with `storages`/`buildPaths` options stands for each combination it lists.
#pragma once

#include "gl_info.h"
#include "point_method.h"
#include "result.h"
#include "shader.h"

#include <memory>
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

struct MethodInfo {
    const char* name;
    Family family;
    occupancy::VoxelOutput input; // what the harness feeds it: MethodInput's atlas or its occupancy bits
    hp::EntryOrder order;
    const char* summary;
    std::span<const hp::Storage> storages;     // the storages the row offers (first: its default)
    std::span<const hp::BuildPath> buildPaths; // the build paths the row offers
    // Build and list are separate stages with their own list step (the paper variants, the compute
    // HistoPyramid): dicer-bench times them apart and compares the readback and GPU-resident lists.
    bool listStage;
    bool (*isAvailable)(const gl::GlInfo& info);
    Result<std::unique_ptr<hp::PointMethod>> (*create)(gl::ShaderLibrary& shaders, const gl::GlInfo& info,
                                                       const hp::MethodOptions& options);

    // The interactive demo runs every method but the CPU paths (a full atlas download per frame); it offers
    // the rows whose input is its voxelizer's output (--voxels atlas|bits: app/demo/settings.h).
    bool inDemo() const { return family != Family::CpuPeer; }
    bool offersStorage(hp::Storage storage) const;
    hp::Storage storageFor(hp::Storage wanted) const; // wanted if offered, else the row's default
};

std::span<const MethodInfo> methodTable();
const MethodInfo* findMethod(std::string_view name); // nullptr for an unknown name
int methodIndex(std::string_view name);              // its row, or -1 for an unknown name
std::string methodNames(bool demoOnly = false);      // "a, b, c" for error and usage messages

// Creates by name; unknown names and unavailable methods give one clear error.
Result<std::unique_ptr<hp::PointMethod>> createMethod(std::string_view name, gl::ShaderLibrary& shaders,
                                                      const gl::GlInfo& info,
                                                      const hp::MethodOptions& options = {});

// One row with one choice of options: what the GL tests and dicer-bench's sweeps iterate.
struct MethodConfig {
    const MethodInfo* method;
    hp::MethodOptions options;
    std::string label() const; // "dicer_vec4_uint32_compute"; just the name for rows without options
};
// Every row x every option combination it offers, in table order.
std::vector<MethodConfig> methodConfigs();

} // namespace dicer::methods
