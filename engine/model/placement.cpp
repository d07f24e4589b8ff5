// Model placement in the [-1,1]^3 voxel volume or a box of any shape: bounding-box fit and a time-driven spin
// (see placement.h).
#include "placement.h"

#include <glm/gtc/matrix_transform.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace dicer::model {

glm::mat4 fitToUnitCube(const Mesh& mesh, float margin) {
    return boxFit(Placement::Fit, mesh, margin).into(glm::vec3(1.f));
}

BoxFit boxFit(Placement placement, const Mesh& mesh, float margin) {
    BoxFit fit;
    fit.kind = placement;
    fit.margin = margin;
    // Bounds from the positions, not the cached boundsMin/Max, which a caller may not have refreshed.
    if (!mesh.positions.empty()) fit.lo = fit.hi = mesh.positions[0];
    for (const glm::vec3& p : mesh.positions) {
        fit.lo = glm::min(fit.lo, p);
        fit.hi = glm::max(fit.hi, p);
    }
    return fit;
}

glm::mat4 BoxFit::into(glm::vec3 box) const {
    for (int a = 0; a < 3; ++a)
        if (!std::isfinite(box[a]) || !(box[a] > 0.f)) box[a] = 1.f;
    if (kind == Placement::Fixed) {
        const float smallest = std::min({box.x, box.y, box.z});
        return smallest == 1.f ? glm::mat4(1.f) : glm::scale(glm::mat4(1.f), glm::vec3(smallest));
    }
    const glm::vec3 centre = 0.5f * (lo + hi);
    const glm::vec3 extent = hi - lo;
    const float longest = std::max({extent.x, extent.y, extent.z});
    const float half = 1.f - std::clamp(std::isfinite(margin) ? margin : 0.f, 0.f, 0.99f);
    float scale = 1.f;
    if (longest > 0.f && std::isfinite(longest)) {
        // The axis that fills its side of the box first sets the scale. For the cube (box 1) this is
        // 2 * half / longest exactly: division by a larger extent never gives a larger quotient.
        scale = std::numeric_limits<float>::infinity();
        for (int a = 0; a < 3; ++a)
            if (extent[a] > 0.f) scale = std::min(scale, 2.f * half * box[a] / extent[a]);
    }
    return glm::translate(glm::scale(glm::mat4(1.f), glm::vec3(scale)), -centre);
}

Result<void> checkFitExtent(const Mesh& mesh) {
    if (mesh.positions.empty()) return {};
    glm::vec3 lo = mesh.positions[0], hi = mesh.positions[0];
    for (const glm::vec3& p : mesh.positions) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return {};
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    auto text = [](glm::vec3 v) {
        char buf[96];
        std::snprintf(buf, sizeof buf, "(%g, %g, %g)", double(v.x), double(v.y), double(v.z));
        return std::string(buf);
    };
    const glm::vec3 extent = hi - lo;
    const float longest = std::max({extent.x, extent.y, extent.z});
    if (lo == hi) return makeError("mesh has zero extent: all vertices equal " + text(lo));
    if (!std::isfinite(longest))
        return makeError("mesh extent overflows float: its bounding box " + text(lo) + " to " + text(hi) +
                         " is wider than " + std::to_string(std::numeric_limits<float>::max()));
    if (longest < std::numeric_limits<float>::min()) {
        char buf[160];
        std::snprintf(buf, sizeof buf,
                      "mesh extent %g is below FLT_MIN %g (denormal): the coordinates have no precision left",
                      double(longest), double(std::numeric_limits<float>::min()));
        return makeError(buf);
    }
    return {};
}

glm::mat4 placementMatrix(Placement placement, const Mesh& mesh, float margin) {
    return boxFit(placement, mesh, margin).into(glm::vec3(1.f));
}

glm::mat4 modelRotation(float degrees, glm::vec3 axis) {
    const float length = glm::length(axis);
    if (!(length > 0.f) || !std::isfinite(length) || !std::isfinite(degrees)) return glm::mat4(1.f);
    // Wrap first: a float angle that grows for hours loses precision.
    return glm::rotate(glm::mat4(1.f), glm::radians(std::fmod(degrees, 360.f)), axis / length);
}

} // namespace dicer::model
