// Checks a PLY file that dicer --export-ply wrote, with the tests' independent reader (ply_reader.h).
// usage: ply_check FILE [--format ascii|binary_little_endian] [--count N] [--bbox-teapot | --bbox-obj OBJ]
//                       [--tolerance F] [--min-colors K]
//   --count N         exactly N vertices (the run's point count)
//   --bbox-*          every point lies in the model's bounding box in model space, grown by F (a fraction of its
//                     longest side: half a voxel diagonal), and the cloud spans at least 80% of the box on
//                     every axis (a cloud left in volume coordinates, or scaled twice, fails one or the other)
//   --min-colors K    at least K distinct colours (the model's colours reached the file)
//   --voxel-grid N    for a model placed as is (the teapot): every point is exactly the centre of a voxel of an
//                     N^3 volume over [-1,1]^3 (-1 + (v + 0.5) * 2/N), and no voxel appears twice
//   --physical-grid NX,NY,NZ,SX,SY,SZ
//                     a scalar volume's cloud in physical units: every point is exactly the centre of a
//                     voxel of an NX x NY x NZ volume of spacing SX SY SZ ((i + 0.5) * S, 0 <= i < N per axis;
//                     float tolerance 1e-5 of the extent), and no voxel appears twice
// Exit 0 when every check passes; otherwise one line per failure and exit 1.
#include "builtin_models.h"
#include "ply_reader.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace {

bool objBounds(const std::string& path, glm::vec3& lo, glm::vec3& hi) {
    std::ifstream in(path);
    lo = glm::vec3(1e30f), hi = glm::vec3(-1e30f);
    bool any = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("v ", 0) != 0) continue;
        std::istringstream s(line.substr(2));
        glm::vec3 p;
        if (!(s >> p.x >> p.y >> p.z)) continue;
        lo = glm::min(lo, p), hi = glm::max(hi, p);
        any = true;
    }
    return any;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: ply_check FILE [options]\n");
        return 2;
    }
    const ply_test::Cloud cloud = ply_test::parseFile(argv[1]);
    if (!cloud.error.empty()) {
        std::printf("ply_check: %s: %s\n", argv[1], cloud.error.c_str());
        return 1;
    }
    std::printf("ply_check: %s: %s, %zu vertices\n", argv[1], cloud.format.c_str(), cloud.vertices.size());
    int failures = 0;
    auto fail = [&failures](const std::string& why) {
        std::printf("ply_check: FAIL: %s\n", why.c_str());
        ++failures;
    };
    bool haveBox = false;
    glm::vec3 lo(0.f), hi(0.f);
    float tolerance = 0.02f;
    for (int i = 2; i < argc; ++i) {
        const std::string arg = argv[i];
        const char* value = i + 1 < argc ? argv[i + 1] : "";
        if (arg == "--format") {
            if (cloud.format != value) fail("format " + cloud.format + ", expected " + value);
            ++i;
        } else if (arg == "--count") {
            if (cloud.vertices.size() != std::strtoull(value, nullptr, 10))
                fail(std::to_string(cloud.vertices.size()) + " vertices, expected " + value);
            ++i;
        } else if (arg == "--bbox-teapot") {
            const dicer::model::Mesh teapot = dicer::model::makeTeapot();
            lo = teapot.boundsMin, hi = teapot.boundsMax, haveBox = true;
        } else if (arg == "--bbox-obj") {
            if (!objBounds(value, lo, hi)) fail(std::string("no vertices in ") + value);
            haveBox = true;
            ++i;
        } else if (arg == "--tolerance") {
            tolerance = std::strtof(value, nullptr);
            ++i;
        } else if (arg == "--min-colors") {
            std::set<unsigned> colors;
            for (const ply_test::Vertex& v : cloud.vertices)
                colors.insert(unsigned(v.r) << 16 | unsigned(v.g) << 8 | v.b);
            if (colors.size() < std::strtoull(value, nullptr, 10))
                fail(std::to_string(colors.size()) + " distinct colours, expected at least " + value);
            ++i;
        } else if (arg == "--voxel-grid") {
            const int n = std::atoi(value);
            std::set<std::array<int, 3>> voxels;
            size_t offGrid = 0;
            for (const ply_test::Vertex& v : cloud.vertices) {
                std::array<int, 3> voxel{};
                const float p[3] = {v.x, v.y, v.z};
                for (int a = 0; a < 3; ++a) {
                    const double index =
                        (double(p[a]) + 1.0) * n / 2.0 - 0.5; // exact in double for n <= 2^20
                    voxel[size_t(a)] = int(std::lround(index));
                    if (std::fabs(index - voxel[size_t(a)]) > 1e-4 || voxel[size_t(a)] < 0 ||
                        voxel[size_t(a)] >= n)
                        ++offGrid;
                }
                voxels.insert(voxel);
            }
            if (offGrid > 0) fail(std::to_string(offGrid) + " coordinates are not voxel centres");
            if (voxels.size() != cloud.vertices.size())
                fail(std::to_string(cloud.vertices.size() - voxels.size()) + " duplicate voxels");
            ++i;
        } else if (arg == "--physical-grid") {
            double g[6] = {};
            if (std::sscanf(value, "%lf,%lf,%lf,%lf,%lf,%lf", &g[0], &g[1], &g[2], &g[3], &g[4], &g[5]) !=
                6) {
                std::fprintf(stderr, "ply_check: --physical-grid NX,NY,NZ,SX,SY,SZ\n");
                return 2;
            }
            std::set<std::array<long, 3>> voxels;
            size_t offGrid = 0;
            glm::dvec3 cloudLo(1e30), cloudHi(-1e30);
            for (const ply_test::Vertex& v : cloud.vertices) {
                std::array<long, 3> voxel{};
                const double p[3] = {v.x, v.y, v.z};
                bool off = false;
                for (int a = 0; a < 3; ++a) {
                    const double n = g[a], spacing = g[3 + a];
                    const double index = p[a] / spacing - 0.5;
                    voxel[size_t(a)] = std::lround(index);
                    cloudLo[a] = std::min(cloudLo[a], p[a]), cloudHi[a] = std::max(cloudHi[a], p[a]);
                    // float32 coordinates: a relative error of ~1e-7 of the extent n * spacing
                    if (std::fabs(index - double(voxel[size_t(a)])) * spacing > 1e-5 * n * spacing ||
                        voxel[size_t(a)] < 0 || double(voxel[size_t(a)]) >= n)
                        off = true;
                }
                offGrid += off;
                voxels.insert(voxel);
            }
            std::printf("ply_check: physical box (0 0 0)-(%g %g %g), cloud box (%g %g %g)-(%g %g %g)\n",
                        g[0] * g[3], g[1] * g[4], g[2] * g[5], cloudLo.x, cloudLo.y, cloudLo.z, cloudHi.x,
                        cloudHi.y, cloudHi.z);
            if (offGrid > 0)
                fail(std::to_string(offGrid) + " points are not voxel centres in physical units");
            if (voxels.size() != cloud.vertices.size())
                fail(std::to_string(cloud.vertices.size() - voxels.size()) + " duplicate voxels");
            ++i;
        } else {
            std::fprintf(stderr, "ply_check: unknown option %s\n", arg.c_str());
            return 2;
        }
    }
    if (haveBox && !cloud.vertices.empty()) {
        const glm::vec3 extent = hi - lo;
        const float grow = tolerance * glm::max(extent.x, glm::max(extent.y, extent.z));
        glm::vec3 cloudLo(1e30f), cloudHi(-1e30f);
        size_t outside = 0;
        for (const ply_test::Vertex& v : cloud.vertices) {
            const glm::vec3 p(v.x, v.y, v.z);
            cloudLo = glm::min(cloudLo, p), cloudHi = glm::max(cloudHi, p);
            if (glm::any(glm::lessThan(p, lo - grow)) || glm::any(glm::greaterThan(p, hi + grow))) ++outside;
        }
        std::printf("ply_check: model box (%g %g %g)-(%g %g %g), cloud box (%g %g %g)-(%g %g %g)\n", lo.x,
                    lo.y, lo.z, hi.x, hi.y, hi.z, cloudLo.x, cloudLo.y, cloudLo.z, cloudHi.x, cloudHi.y,
                    cloudHi.z);
        if (outside > 0) fail(std::to_string(outside) + " points outside the model's bounding box");
        for (int a = 0; a < 3; ++a)
            if (cloudHi[a] - cloudLo[a] < 0.8f * extent[a])
                fail("the cloud spans less than 80% of the model's box along axis " + std::to_string(a));
    }
    return failures == 0 ? 0 : 1;
}
