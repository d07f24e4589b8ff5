// The welded surface as a binary little-endian PLY 1.0 file (surface_mesh.h): the header exactly as specified,
// then the vertices (6 float32) and the faces (uchar 3, 3 x int32), written through writeWholeFile.
#include "surface_mesh.h"

#include "file_read.h"
#include "ply_encoding.h"

#include <cmath>
#include <limits>
#include <string>

namespace dicer::surface {
namespace {

constexpr std::size_t kPlyVertexBytes = 6 * sizeof(float);          // x y z nx ny nz, packed
constexpr std::size_t kPlyFaceBytes = 1 + 3 * sizeof(std::int32_t); // uchar 3, three int32

std::string plyHeader(std::size_t vertices, std::size_t faces) {
    std::string h = ply::headerStart("binary_little_endian", "Dicer marching-cubes surface");
    h += "element vertex " + std::to_string(vertices) + "\n";
    for (const char* p : {"x", "y", "z", "nx", "ny", "nz"})
        h += std::string("property float ") + p + "\n";
    h += "element face " + std::to_string(faces) + "\n";
    h += "property list uchar int vertex_indices\n";
    h += "end_header\n";
    return h;
}

} // namespace

Result<std::string> encodeSurfacePly(const SurfaceMesh& mesh) {
    const std::size_t n = mesh.positions.size();
    if (mesh.normals.size() != n)
        return makeError("PLY: " + std::to_string(n) + " positions but " +
                         std::to_string(mesh.normals.size()) + " normals");
    if (n > std::size_t(std::numeric_limits<std::int32_t>::max()))
        return makeError("PLY: " + std::to_string(n) + " vertices, more than int32 indices reach");
    for (std::size_t i = 0; i < n; ++i)
        if (!finite(mesh.positions[i]) || !finite(mesh.normals[i]))
            return makeError("PLY: vertex " + std::to_string(i) + " is not finite");
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
        for (std::uint32_t v : mesh.triangles[f])
            if (v >= n)
                return makeError("PLY: face " + std::to_string(f) + " uses vertex " + std::to_string(v) +
                                 " of a mesh with " + std::to_string(n));
    std::string out = plyHeader(n, mesh.triangles.size());
    out.reserve(out.size() + n * kPlyVertexBytes + mesh.triangles.size() * kPlyFaceBytes);
    for (std::size_t i = 0; i < n; ++i)
        for (const glm::vec3& v : {mesh.positions[i], mesh.normals[i]})
            for (int axis = 0; axis < 3; ++axis)
                ply::appendFloatLittleEndian(out, v[axis]);
    for (const auto& t : mesh.triangles) {
        out.push_back(char(3)); // the list's count: every face is a triangle
        for (std::uint32_t v : t)
            ply::appendInt32LittleEndian(out, std::int32_t(v));
    }
    return out;
}

Result<void> writeSurfacePly(const std::filesystem::path& path, const SurfaceMesh& mesh) {
    Result<std::string> bytes = encodeSurfacePly(mesh);
    if (!bytes) return makeError(bytes.error() + " (" + path.string() + " not written)");
    return writeWholeFile(path, *bytes, "PLY file");
}

} // namespace dicer::surface
