#include "mc_method_table.h"

#include "mc_atomic.h"
#include "mc_expander.h"
#include "mc_hp5.h"
#include "mc_scan.h"

#include <array>

namespace dicer::surface {
namespace {

bool always(const gl::GlInfo&) {
    return true;
}

const std::array<McMethodInfo, 4> kRows = {{
    {{"hp_mc", "HistoPyramid (stream expansion)",
      "count the cells' vertices, a 4:1 HistoPyramid over the counts, one descent per output triangle (no "
      "readback)",
      always, McExpander::createMethod},
     McOrder::Cells},
    {{"hp5_mc", "HP5 (5:1 stream expansion)",
      "count the cells' vertices, a 5:1 HistoPyramid of uvec4 running sums over the counts, one descent per output "
      "triangle: a fetch and four compares a level (no readback)",
      always, McHp5::createMethod},
     McOrder::Cells},
    {{"scan_mc", "Scan (Horn's prefix sum)",
      "count the cells' vertices per 4 cells, Horn's scan over the counts, one invocation per 4 cells writes its "
      "vertices from its offset (no readback)",
      always, McScan::createMethod},
     McOrder::Cells},
    {{"atomic_mc", "Atomic append",
      "one pass: per 4 cells their cases, one atomicAdd for their slice of the list, their vertices (triangles in "
      "any order; no readback)",
      always, McAtomic::createMethod},
     McOrder::Unordered, kMcExpandStage},
}};

} // namespace

std::span<const McMethodInfo> mcMethodTable() {
    return kRows;
}

} // namespace dicer::surface
