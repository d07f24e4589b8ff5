// A log-log line plot written as PNG (stb_image_write), drawn by a tiny rasterizer: Bresenham lines, square
// markers and a 3x5 pixel font. For dicer-bench's scaling curve (time vs number of voxels).
#pragma once

#include "result.h"

#include <string>
#include <utility>
#include <vector>

namespace dicer::bench {

struct PlotSeries {
    std::string name;
    std::vector<std::pair<double, double>> points; // (x, y), both > 0 (others are left out)
};

struct PlotLabels {
    std::string title, x, y;
};

Result<void> writeLogLogPlot(const std::string& path, const PlotLabels& labels,
                             const std::vector<PlotSeries>& series);

// The 3x5 glyph of `c` as 15 bits, row-major from the top-left (bit 14 first); unknown characters are blank.
unsigned plotGlyph(char c);

} // namespace dicer::bench
