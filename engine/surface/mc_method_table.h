// The one table of GPU marching-cubes methods: a row per method, the same triangles from
// each (mc_check.h compares every row with the CPU reference). The demo's surface view, `dicer-bench --mc` and
// the GL tests take the rows from here; nothing compares method names. Adding a method: its McMethod
// (mc_method.h) in a file pair of its own and one row in mc_method_table.cpp.
#pragma once

#include "mc_method.h"
#include "row_table.h"

#include <memory>
#include <optional>
#include <span>
#include <string_view>

namespace dicer::surface {

// The stages a row does work in (McMethod::count, build, expand; each may be called all the same): what
// dicer-bench --mc times, the others shown as "-".
inline constexpr unsigned kMcCountStage = 1u, kMcBuildStage = 2u, kMcExpandStage = 4u;
inline constexpr unsigned kMcAllStages = kMcCountStage | kMcBuildStage | kMcExpandStage;

struct McMethodInfo : gl::RowHead<McMethod> {
    McOrder order;
    unsigned stages = kMcAllStages; // kMc*Stage bits
};
using McMethodId = gl::RowId<McMethodInfo>;

std::span<const McMethodInfo> mcMethodTable();
// The row of a valid id.
inline const McMethodInfo& mcMethodInfo(McMethodId id) { return mcMethodTable()[size_t(id.row)]; }
inline std::optional<McMethodId> findMcMethod(std::string_view name) { return gl::findRow(mcMethodTable(), name); }

} // namespace dicer::surface
