#include "export_table.h"

namespace dicer::app {

std::span<const ExportRow> exportTable() {
    return kExportRows;
}

const ExportRow& exportRow(ExportId id) {
    const ExportRow* row = gl::rowOf(exportTable(), id);
    return row ? *row : kExportRows[0];
}

std::vector<ExportId> exportIds() {
    return gl::rowIds(exportTable());
}

void ExportRequests::set(ExportId id, bool on) {
    if (!gl::rowOf(exportTable(), id)) return;
    const std::uint32_t bit = 1u << id.row;
    bits = on ? bits | bit : bits & ~bit;
}

} // namespace dicer::app
