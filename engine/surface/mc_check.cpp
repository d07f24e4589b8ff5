#include "mc_check.h"

#include "mc_shared.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

namespace dicer::surface {
namespace {

std::string vecText(glm::dvec3 p) {
    char text[96];
    std::snprintf(text, sizeof text, "(%.6g, %.6g, %.6g)", p.x, p.y, p.z);
    return text;
}

// The largest magnitude of the values: the scale a gradient is tiny against.
double valueScale(const volume::ScalarVolume& v) {
    double scale = 0;
    for (std::int64_t i = 0; i < v.voxelCount(); ++i)
        if (std::isfinite(v.value(i))) scale = std::max(scale, std::abs(v.value(i)));
    return scale;
}

// The first difference of a vertex, empty when it matches.
std::string vertexDifference(const McGpuVertex& gv, const McVertex& rv, std::uint32_t cell, int inCell,
                             const volume::ScalarVolume& v, double scale, bool& tinyGradient) {
    if (gv.cell != cell || gv.mcCase() != rv.mcCase || gv.edge() != rv.edge || gv.vertexInCell() != inCell ||
        gv.crossing() != rv.crossing)
        return "cell " + std::to_string(gv.cell) + " case " + std::to_string(gv.mcCase()) + " edge " +
               std::to_string(gv.edge()) + " #" + std::to_string(gv.vertexInCell()) + " crossing " +
               std::to_string(int(gv.crossing())) + ", the reference cell " + std::to_string(cell) +
               " case " + std::to_string(rv.mcCase) + " edge " + std::to_string(rv.edge) + " #" +
               std::to_string(inCell) + " crossing " + std::to_string(int(rv.crossing));
    for (int a = 0; a < 3; ++a)
        if (!(std::abs(double(gv.position[a]) - rv.position[a]) <= kMcPositionTolerance * v.spacing[a]))
            return "position " + vecText(gv.position) + ", the reference " + vecText(rv.position);
    tinyGradient = glm::length(rv.gradient) < kMcTinyGradient * scale;
    if (tinyGradient) return {};
    bool normalOk = gv.normalFallback() == rv.normalFallback;
    for (int a = 0; a < 3; ++a)
        normalOk = normalOk && std::abs(double(gv.normal[a]) - rv.normal[a]) <= kMcNormalTolerance;
    if (normalOk) return {};
    return "normal " + vecText(gv.normal) + (gv.normalFallback() ? " (fallback)" : "") + ", the reference " +
           vecText(rv.normal) + (rv.normalFallback ? " (fallback)" : "");
}

// Triangles in the reference's order: by their first vertex's cell, then its index within the cell (a cell's
// triangles have distinct indices), each triangle's 3 vertices kept together and in their order.
void sortTriangles(std::vector<McGpuVertex>& v) {
    std::vector<std::array<McGpuVertex, 3>> triangles(v.size() / 3);
    for (std::size_t t = 0; t < triangles.size(); ++t)
        triangles[t] = {v[3 * t], v[3 * t + 1], v[3 * t + 2]};
    std::sort(triangles.begin(), triangles.end(), [](const auto& a, const auto& b) {
        return a[0].cell != b[0].cell ? a[0].cell < b[0].cell : a[0].vertexInCell() < b[0].vertexInCell();
    });
    for (std::size_t t = 0; t < triangles.size(); ++t)
        for (std::size_t j = 0; j < 3; ++j)
            v[3 * t + j] = triangles[t][j];
}

} // namespace

McCheck checkAgainstReference(const McMethod& e, const volume::ScalarVolume& v, const McSurface& ref) {
    McCheck out;
    auto differ = [&out](std::string what) {
        ++out.mismatches;
        if (out.firstDifference.empty()) out.firstDifference = std::move(what);
    };
    const std::uint32_t total = e.readTotal();
    if (total != ref.vertices.size())
        differ("total " + std::to_string(total) + " vertices, the reference " +
               std::to_string(ref.vertices.size()));
    std::uint32_t header[MC_HEADER_WORDS] = {};
    glGetNamedBufferSubData(e.headerBuffer(), 0, sizeof header, header);
    if (header[MC_HEADER_DRAW] != ref.vertices.size() || header[MC_HEADER_DRAW + 1] != 1)
        differ("draw arguments " + std::to_string(header[MC_HEADER_DRAW]) + " vertices x " +
               std::to_string(header[MC_HEADER_DRAW + 1]) + ", expected " +
               std::to_string(ref.vertices.size()) + " x 1");
    if (ref.cellCount() > 0) {
        const std::vector<std::uint8_t> cases = e.readCases();
        if (cases.size() != ref.cases.size()) {
            differ("the method holds " + std::to_string(cases.size()) + " cells, the reference " +
                   std::to_string(ref.cases.size()));
            return out;
        }
        for (std::size_t c = 0; c < cases.size(); ++c)
            if (cases[c] != ref.cases[c])
                differ("cell " + std::to_string(c) + ": case " + std::to_string(cases[c]) +
                       ", the reference " + std::to_string(ref.cases[c]));
    }
    std::vector<McGpuVertex> gpu = e.readVertices(total);
    if (e.order() == McOrder::Unordered) sortTriangles(gpu);
    const double scale = valueScale(v);
    int inCell = 0;
    for (std::size_t k = 0; k < std::min(gpu.size(), ref.vertices.size()); ++k) {
        const McVertex& rv = ref.vertices[k];
        inCell = k > 0 && ref.vertices[k - 1].cell == rv.cell ? inCell + 1 : 0;
        const auto cell = std::uint32_t((rv.cell.z * ref.cells.y + rv.cell.y) * ref.cells.x + rv.cell.x);
        bool tiny = false;
        std::string d = vertexDifference(gpu[k], rv, cell, inCell, v, scale, tiny);
        out.tinyGradients += tiny;
        if (!d.empty()) differ("vertex " + std::to_string(k) + ": " + d);
    }
    out.vertices = std::int64_t(gpu.size());
    return out;
}

} // namespace dicer::surface
