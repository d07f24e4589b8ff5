#include "mc_method_table.h"

#include "mc_expander.h"

#include <array>

namespace dicer::surface {
namespace {

bool always(const gl::GlInfo&) {
    return true;
}

const std::array<McMethodInfo, 1> kRows = {{
    {"hp_mc", "HistoPyramid (stream expansion)",
     "count the cells' vertices, a 4:1 HistoPyramid over the counts, one descent per output vertex (no "
     "readback)",
     McOrder::Cells, always, McExpander::createMethod},
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
