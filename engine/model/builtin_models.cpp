// Generated test and demo shapes. The heart is a star-shaped implicit surface (a classic algebraic heart,
// cf. G. Taubin's heart surface) turned into a mesh by root finding along the rays of a latitude/longitude
// sphere grid, which makes it closed and consistently wound by construction.
#include "builtin_models.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace dicer::model {
namespace {

constexpr float kPi = 3.14159265358979f;
constexpr glm::vec4 kHeartColor{0.80f, 0.08f, 0.14f, 1.f};
constexpr glm::vec4 kShapeColor{0.75f, 0.75f, 0.78f, 1.f};
// The heart is scaled so its largest half-extent is this, leaving a voxel-safe margin in [-1,1]^3.
constexpr float kHeartHalfSize = 0.9f;

void finish(Mesh& mesh, glm::vec4 color) {
    mesh.texcoords.resize(mesh.positions.size(), glm::vec2(0.f));
    mesh.colors.assign(mesh.positions.size(), color);
    mesh.triangleMaterial.assign(mesh.triangleCount(), -1);
    mesh.computeBounds();
}

// A closed latitude/longitude surface: vertex = radius(direction) * direction, poles on +-Y shared by their
// ring. Texcoords are (longitude, latitude) in [0,1]; normals are the ray directions.
Mesh makeRadialGrid(int stacks, int slices, const std::function<float(glm::vec3)>& radius) {
    stacks = std::clamp(stacks, 2, 4096); // the upper bounds keep 32-bit indices far from overflow
    slices = std::clamp(slices, 3, 4096);
    Mesh mesh;
    auto add = [&](glm::vec3 dir, glm::vec2 uv) {
        mesh.positions.push_back(radius(dir) * dir);
        mesh.normals.push_back(dir); // exact for a sphere; other shapes recompute them
        mesh.texcoords.push_back(uv);
    };
    add({0.f, 1.f, 0.f}, {0.5f, 1.f}); // north pole = vertex 0
    for (int s = 1; s < stacks; ++s) {
        const float theta = kPi * float(s) / float(stacks); // from +Y
        for (int l = 0; l < slices; ++l) {
            const float phi = 2.f * kPi * float(l) / float(slices);
            add({std::sin(theta) * std::cos(phi), std::cos(theta), -std::sin(theta) * std::sin(phi)},
                {float(l) / float(slices), 1.f - float(s) / float(stacks)});
        }
    }
    add({0.f, -1.f, 0.f}, {0.5f, 0.f}); // south pole = last vertex
    const std::uint32_t south = std::uint32_t(mesh.positions.size() - 1);
    auto ring = [&](int s, int l) { return std::uint32_t(1 + (s - 1) * slices + (l % slices)); };
    // phi grows counter-clockwise seen from +Y (x -> -z), so seen from outside each quad (s, l) is
    // ring(s, l) -> ring(s + 1, l) -> ring(s + 1, l + 1) -> ring(s, l + 1).
    for (int l = 0; l < slices; ++l)
        mesh.indices.insert(mesh.indices.end(), {0u, ring(1, l), ring(1, l + 1)});
    for (int s = 1; s + 1 < stacks; ++s)
        for (int l = 0; l < slices; ++l)
            mesh.indices.insert(mesh.indices.end(), {ring(s, l), ring(s + 1, l), ring(s + 1, l + 1),
                                                     ring(s, l), ring(s + 1, l + 1), ring(s, l + 1)});
    for (int l = 0; l < slices; ++l)
        mesh.indices.insert(mesh.indices.end(), {ring(stacks - 1, l), south, ring(stacks - 1, l + 1)});
    return mesh;
}

// The heart's implicit function, negative inside; y up, z the heart's thin (front-back) axis.
double heartField(glm::dvec3 p) {
    const double x2 = p.x * p.x, y3 = p.y * p.y * p.y, z2 = p.z * p.z;
    const double a = x2 + 2.25 * z2 + p.y * p.y - 1.0;
    return a * a * a - x2 * y3 - 0.1125 * z2 * y3;
}

// Distance from the origin to the heart surface along `dir`. The field is -1 at the origin and the heart
// is star-shaped about it (checked when this was written: one sign change along every ray), so march
// outward to the first sign change and bisect.
float heartRadius(glm::vec3 dir) {
    const glm::dvec3 d(dir);
    constexpr double kStep = 0.01, kMaxRadius = 2.0;
    double inside = 0.0, outside = kMaxRadius;
    for (double r = kStep; r <= kMaxRadius; r += kStep) {
        if (heartField(r * d) > 0.0) {
            outside = r;
            break;
        }
        inside = r;
    }
    for (int i = 0; i < 40; ++i) {
        const double mid = 0.5 * (inside + outside);
        (heartField(mid * d) > 0.0 ? outside : inside) = mid;
    }
    return float(0.5 * (inside + outside));
}

} // namespace

Mesh makeUvSphere(int stacks, int slices, float radius) {
    Mesh mesh = makeRadialGrid(stacks, slices, [radius](glm::vec3) { return radius; });
    finish(mesh, kShapeColor);
    return mesh;
}

Mesh makeHeart(int targetTriangles) {
    // With slices = 2 * stacks the grid has 4 * stacks * (stacks - 1) triangles; solve for stacks.
    const double target = std::clamp(targetTriangles, 8, 4'000'000);
    const int stacks = std::max(2, int(std::lround(0.5 * (1.0 + std::sqrt(1.0 + target)))));
    Mesh mesh = makeRadialGrid(stacks, 2 * stacks, heartRadius);
    mesh.computeBounds();
    const glm::vec3 centre = 0.5f * (mesh.boundsMin + mesh.boundsMax);
    const glm::vec3 extent = mesh.boundsMax - mesh.boundsMin;
    const float scale = 2.f * kHeartHalfSize / std::max({extent.x, extent.y, extent.z});
    for (glm::vec3& p : mesh.positions)
        p = (p - centre) * scale;
    computeVertexNormals(mesh);
    finish(mesh, kHeartColor);
    return mesh;
}

Mesh makeBox(glm::vec3 h) {
    Mesh mesh;
    // Each face: outward normal and two in-plane axes with cross(u, v) == normal, so the corner order
    // -u-v, +u-v, +u+v, -u+v is counter-clockwise seen from outside.
    const glm::vec3 axes[6][3] = {{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}, {{-1, 0, 0}, {0, 0, 1}, {0, 1, 0}},
                                  {{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}, {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
                                  {{0, 0, 1}, {1, 0, 0}, {0, 1, 0}},  {{0, 0, -1}, {-1, 0, 0}, {0, 1, 0}}};
    for (const auto& [n, u, v] : axes) {
        const std::uint32_t base = std::uint32_t(mesh.positions.size());
        const glm::vec2 corners[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
        for (glm::vec2 c : corners) {
            mesh.positions.push_back(h * (n + c.x * u + c.y * v));
            mesh.normals.push_back(n);
            mesh.texcoords.push_back(0.5f * (c + 1.f));
        }
        mesh.indices.insert(mesh.indices.end(), {base, base + 1, base + 2, base, base + 2, base + 3});
    }
    finish(mesh, kShapeColor);
    return mesh;
}

Mesh makePlaneZ(float z, float halfExtent) {
    Mesh mesh;
    const glm::vec2 corners[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    for (glm::vec2 c : corners) {
        mesh.positions.push_back({c.x * halfExtent, c.y * halfExtent, z});
        mesh.normals.push_back({0.f, 0.f, 1.f});
        mesh.texcoords.push_back(0.5f * (c + 1.f));
    }
    mesh.indices = {0, 1, 2, 0, 2, 3};
    finish(mesh, kShapeColor);
    return mesh;
}

} // namespace dicer::model
