// What the demo writes out, as a table: one row per export (the point list as a PLY point cloud, the surface as
// a PLY triangle mesh). A row feeds its option --export-... FILE (written after the last frame of a --frames run),
// the panel's button and the file it writes into the screenshot folder, and the stages the frame runs on the frame
// it is written; what a row writes is its hook in exports.cpp, in the same order. A new export (a voxel file) is one
// row here, one hook there and its own file pair.
#pragma once

#include "frame_stages.h"
#include "row_table.h"

#include <array>
#include <cstdint>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::app {

// Where its button sits: the Model panel's export line, or the Volume panel's Surface section (beside the
// surface's own controls).
enum class ExportPanel { Model, Surface };

struct ExportRow {
    const char* name;    // "points": what its messages call it ("points export: ...")
    const char* option;  // "export-ply": the scripted run's FILE
    const char* label;   // the button's
    const char* summary; // the option's help and the button's tooltip
    const char* suffix;  // the button's file: <screenshot folder>/dicer_<date>-<time><suffix>
    ExportPanel panel;
    std::span<const frame::Stage> stages; // what the frame runs for it on the frame it is written
};
using ExportId = gl::RowId<ExportRow>;

namespace export_stages {
inline constexpr frame::Stage kPoints[] = {frame::Stage::Colors};  // the bits output's model colours
inline constexpr frame::Stage kSurface[] = {frame::Stage::Expand}; // marching cubes
} // namespace export_stages
inline constexpr ExportRow kExportRows[] = {
    {"points", "export-ply", "Export points (PLY)",
     "PLY point cloud of this frame's point list: voxel centres in model space (a volume's physical units), "
     "model colours",
     ".ply", ExportPanel::Model, export_stages::kPoints},
    {"surface", "export-surface", "Export surface (PLY)",
     "PLY triangle mesh of the surface, welded by grid edge, in the points' frame (a volume's physical units, a "
     "mesh's model space), with normals",
     "_surface.ply", ExportPanel::Surface, export_stages::kSurface},
};
inline constexpr size_t kExportCount = std::size(kExportRows);
static_assert(kExportCount <= 32, "ExportRequests (a RowSet) holds a bit per row");

inline std::span<const ExportRow> exportTable() { return kExportRows; }
inline const ExportRow& exportRow(ExportId id) { return kExportRows[size_t(id.row)]; } // an id of this table
inline std::vector<ExportId> exportIds() { return gl::rowIds(exportTable()); }         // every row, in table order

// The exports a run asked for: --export-... FILE per row (empty: none).
using ExportFiles = std::array<std::string, kExportCount>;

// The rows the frame's code asks about by themselves, found by name when it compiles.
consteval ExportId exportNamed(std::string_view name) {
    for (size_t i = 0; i < kExportCount; ++i)
        if (name == kExportRows[i].name) return ExportId(int(i));
    throw "no such export"; // not a constant expression: the build fails
}
inline constexpr ExportId kPointsExport = exportNamed("points"), kSurfaceExport = exportNamed("surface");

// Exports requested by the buttons, written after the frame.
using ExportRequests = gl::RowSet<ExportRow>;

} // namespace dicer::app
