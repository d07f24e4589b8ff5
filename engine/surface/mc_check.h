// The expander's last run against the CPU reference (mc_reference.h, TOLERANCE), the one check that
// tests/mc_gltest.cpp and `dicer-bench --mc` both make: the total and the draw arguments; every cell's case
// (McMethod::readCases); per vertex its cell, case, edge, index within the cell and crossing exactly (a
// method of McOrder::Unordered has its triangles sorted by their first vertex's cell and index first), its position within kMcPositionTolerance index units and, where the reference's
// gradient is not tiny (float32 cancellation may then go either way), its normal within kMcNormalTolerance.
// Reads everything back (stalls): for tests and benchmarks, never the frame path.
#pragma once

#include "mc_method.h"
#include "mc_reference.h"

#include <cstdint>
#include <string>

namespace dicer::surface {

inline constexpr double kMcPositionTolerance = 1e-4; // index units per component
inline constexpr double kMcNormalTolerance = 1e-3;   // per component
inline constexpr double kMcTinyGradient = 1e-6;      // of the values' largest magnitude

struct McCheck {
    std::int64_t vertices = 0;      // compared
    std::int64_t mismatches = 0;    // cells and vertices that differ
    std::int64_t tinyGradients = 0; // vertices whose normal was not compared
    std::string firstDifference;    // empty when everything matched
    bool exact() const { return firstDifference.empty(); }
};

McCheck checkAgainstReference(const McMethod& e, const volume::ScalarVolume& v, const McSurface& ref);

} // namespace dicer::surface
