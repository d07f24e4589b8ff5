// The points export: this frame's point list as a PLY point cloud (export_table.h's "points" row).
#pragma once

#include "exports.h"

namespace dicer::app {

// Voxel centres in model space (a volume's physical units, the test atlas' volume coordinates), the model's
// colours; returns the line for the panel and the log.
Result<std::string> writePointsExport(App& app, const std::filesystem::path& file);

} // namespace dicer::app
