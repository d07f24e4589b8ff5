#include "mc_method_table.h"

#include "mc_atomic.h"
#include "mc_expander.h"
#include "mc_scan.h"

#include <array>

namespace dicer::surface {
namespace {

bool always(const gl::GlInfo&) {
    return true;
}

const std::array<McMethodInfo, 3> kRows = {{
    {"hp_mc", "HistoPyramid (stream expansion)",
     "count the cells' vertices, a 4:1 HistoPyramid over the counts, one descent per output vertex (no "
     "readback)",
     McOrder::Cells, always, McExpander::createMethod},
    {"scan_mc", "Scan (Horn's prefix sum)",
     "count the cells' vertices per 4 cells, Horn's scan over the counts, one invocation per 4 cells writes "
     "its vertices from its offset (no readback)",
     McOrder::Cells, always, McScan::createMethod},
    {"atomic_mc", "Atomic append",
     "one pass: per 4 cells their cases, one atomicAdd for their slice of the list, their vertices "
     "(triangles "
     "in any order; no readback)",
     McOrder::Unordered, always, McAtomic::createMethod, kMcExpandStage},
}};

} // namespace

std::span<const McMethodInfo> mcMethodTable() {
    return kRows;
}

std::optional<int> findMcMethod(std::string_view name) {
    for (std::size_t i = 0; i < kRows.size(); ++i)
        if (name == kRows[i].name) return int(i);
    return std::nullopt;
}

std::string mcMethodNames() {
    std::string names;
    for (const McMethodInfo& row : kRows)
        names += std::string(names.empty() ? "" : ", ") + row.name;
    return names;
}

} // namespace dicer::surface
