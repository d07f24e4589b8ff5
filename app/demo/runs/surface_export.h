// The surface export: this frame's surface as a PLY triangle mesh (export_table.h's "surface" row).
#pragma once

#include "exports.h"

namespace dicer::app {

// Welded by grid edge (surface_mesh.h), the vertices read back once (a stall, on request only), in the points
// export's frame so both files line up; returns the line for the panel and the log.
Result<std::string> writeSurfaceExport(App& app, const std::filesystem::path& file);

} // namespace dicer::app
