// The one table of GPU marching-cubes methods: a row per method, the same triangles from
// each (mc_check.h compares every row with the CPU reference). The demo's surface view, `dicer-bench --mc` and
// the GL tests take the rows from here; nothing compares method names. Adding a method: its McMethod
// (mc_method.h) in a file pair of its own and one row in mc_method_table.cpp.
#pragma once

#include "mc_method.h"

#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace dicer::surface {

// The stages a row does work in (McMethod::count, build, expand; each may be called all the same): what
// dicer-bench --mc times, the others shown as "-".
inline constexpr unsigned kMcCountStage = 1u, kMcBuildStage = 2u, kMcExpandStage = 4u;
inline constexpr unsigned kMcAllStages = kMcCountStage | kMcBuildStage | kMcExpandStage;

struct McMethodInfo {
    const char* name;    // the CLI's and the CSV's name: "hp_mc", "scan_mc", "atomic_mc"
    const char* label;   // the panel's
    const char* summary; // one line for --help, tooltips and docs
    McOrder order;
    bool (*isAvailable)(const gl::GlInfo& info);
    Result<std::unique_ptr<McMethod>> (*create)(gl::ShaderLibrary& shaders, const gl::GlInfo& info);
    unsigned stages = kMcAllStages; // kMc*Stage bits
};

std::span<const McMethodInfo> mcMethodTable();
// The row named `name`; nullopt for no row.
std::optional<int> findMcMethod(std::string_view name);
// "hp_mc, ..." for help texts and errors.
std::string mcMethodNames();

} // namespace dicer::surface
