// The CPU marching-cubes reference (mc_reference.h): one pass for the corners' band bits, one over the cells
// for cases and counts, and the vertices of the crossed edges placed from the samples' values in doubles.
#include "mc_reference.h"

#include <cmath>
#include <limits>

namespace dicer::surface {
namespace {

using volume::Band;
using volume::ScalarVolume;
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

glm::ivec3 cornerOffset(int corner) {
    return {mcCornerBit(corner, 0), mcCornerBit(corner, 1), mcCornerBit(corner, 2)};
}

// Reads samples as doubles; a sample outside the volume reads as NaN (so it is never used by a difference).
class Samples {
public:
    explicit Samples(const ScalarVolume& volume) : m_volume(volume) {}

    bool contains(glm::ivec3 v) const {
        return v.x >= 0 && v.y >= 0 && v.z >= 0 && v.x < m_volume.size.x && v.y < m_volume.size.y &&
               v.z < m_volume.size.z;
    }
    double at(glm::ivec3 v) const { return contains(v) ? m_volume.value(m_volume.index(v)) : kNan; }
    double placed(glm::ivec3 v) const { return placementValue(at(v)); } // SUBNORMALS

    // The gradient in physical units (mc_reference.h, NORMALS).
    glm::dvec3 gradient(glm::ivec3 v) const {
        glm::dvec3 g(0.0);
        const double here = placed(v);
        if (!std::isfinite(here)) return g;
        for (int axis = 0; axis < 3; ++axis) {
            glm::ivec3 step(0);
            step[axis] = 1;
            const double below = placed(v - step), above = placed(v + step);
            const bool hasBelow = std::isfinite(below), hasAbove = std::isfinite(above);
            double d = 0; // the difference per sample step
            if (hasBelow && hasAbove)
                d = (above - below) / 2;
            else if (hasAbove)
                d = above - here;
            else if (hasBelow)
                d = here - below;
            g[axis] = d / double(m_volume.spacing[axis]);
        }
        return g;
    }

private:
    const ScalarVolume& m_volume;
};

// The vertex on grid edge (lower sample `lower`, axis), with everything but the cell fields.
McVertex placeVertex(const Samples& samples, const ScalarVolume& volume, Band band, McPlacement placement,
                     glm::ivec3 lower, int axis) {
    glm::ivec3 upper = lower;
    upper[axis] += 1;
    const double v0 = samples.at(lower), v1 = samples.at(upper);
    const bool lowerInside = volume::inBand(v0, band);
    const double outside = lowerInside ? v1 : v0;

    McVertex vertex;
    vertex.crossing = std::isnan(outside) ? McCrossing::None
                      : outside < band.lo ? McCrossing::Lo
                                          : McCrossing::Hi;
    double t = 0.5;
    if (placement == McPlacement::Interpolate && vertex.crossing != McCrossing::None) {
        const double end = placementValue(vertex.crossing == McCrossing::Lo ? band.lo : band.hi);
        const double p0 = placementValue(v0), p1 = placementValue(v1);
        const double tt = (end - p0) / (p1 - p0);
        if (!std::isnan(tt)) t = std::fmin(1.0, std::fmax(0.0, tt));
    }
    vertex.t = t;
    vertex.index = glm::dvec3(lower);
    vertex.index[axis] += t;
    vertex.position = vertex.index * glm::dvec3(volume.spacing);

    const glm::dvec3 g = (1 - t) * samples.gradient(lower) + t * samples.gradient(upper);
    vertex.gradient = g;
    const glm::dvec3 n = vertex.crossing == McCrossing::Lo ? -g : g;
    const double length = glm::length(n);
    if (vertex.crossing != McCrossing::None && length > 0 && std::isfinite(length)) {
        vertex.normal = n / length;
    } else {
        vertex.normalFallback = true;
        vertex.normal = glm::dvec3(0.0);
        vertex.normal[axis] = lowerInside ? 1.0 : -1.0; // from the inside corner to the outside one
    }
    return vertex;
}

} // namespace

double placementValue(double v) {
    return std::fabs(v) < double(std::numeric_limits<float>::min()) ? 0.0 : v;
}

bool isBinaryField(const ScalarVolume& volume) {
    std::optional<double> first, second;
    const std::int64_t n = volume.voxelCount();
    for (std::int64_t i = 0; i < n; ++i) {
        const double v = volume.value(i);
        if (std::isnan(v) || v == first || v == second) continue;
        if (!first)
            first = v;
        else if (!second)
            second = v;
        else
            return false;
    }
    return true;
}

std::int64_t gridEdgeId(glm::ivec3 volumeSize, glm::ivec3 cell, int edge) {
    const glm::ivec3 lower = cell + cornerOffset(kMcEdgeCorners[edge][0]);
    const std::int64_t sample = (std::int64_t(lower.z) * volumeSize.y + lower.y) * volumeSize.x + lower.x;
    return 3 * sample + mcEdgeAxis(edge);
}

McSurface marchingCubesReference(const ScalarVolume& volume, Band band, const McOptions& options) {
    McSurface surface;
    const McTable& table = options.table ? *options.table : mcTable();
    surface.placement = options.placement       ? *options.placement
                        : isBinaryField(volume) ? McPlacement::Midpoint
                                                : McPlacement::Interpolate;
    const glm::ivec3 size = volume.size;
    if (size.x < 2 || size.y < 2 || size.z < 2) return surface;
    surface.cells = size - 1;

    // The band bit of every sample, read once.
    std::vector<std::uint8_t> inside(std::size_t(volume.voxelCount()));
    for (std::int64_t i = 0; i < volume.voxelCount(); ++i)
        inside[std::size_t(i)] = volume::inBand(volume.value(i), band) ? 1 : 0;

    const Samples samples(volume);
    surface.cases.resize(std::size_t(surface.cellCount()));
    surface.counts.resize(surface.cases.size());
    std::size_t cellIndex = 0;
    for (int z = 0; z < surface.cells.z; ++z)
        for (int y = 0; y < surface.cells.y; ++y)
            for (int x = 0; x < surface.cells.x; ++x, ++cellIndex) {
                const glm::ivec3 cell(x, y, z);
                int mcCase = 0;
                for (int corner = 0; corner < 8; ++corner)
                    mcCase |= inside[std::size_t(volume.index(cell + cornerOffset(corner)))] << corner;
                const McCase& mc = table.cases[std::size_t(mcCase)];
                surface.cases[cellIndex] = std::uint8_t(mcCase);
                surface.counts[cellIndex] = mc.count;
                for (int j = 0; j < mc.count; ++j) {
                    const int edge = mc.edges[std::size_t(j)];
                    McVertex vertex =
                        placeVertex(samples, volume, band, surface.placement,
                                    cell + cornerOffset(kMcEdgeCorners[edge][0]), mcEdgeAxis(edge));
                    vertex.cell = cell;
                    vertex.mcCase = std::uint8_t(mcCase);
                    vertex.edge = std::uint8_t(edge);
                    surface.vertices.push_back(vertex);
                }
            }
    return surface;
}

} // namespace dicer::surface
