// The welded surface's PLY file (engine/surface/surface_mesh.h, writeSurfacePly), read back by
// a strict reader of its own (surface_mesh_test_util.h): the header line by line as specified, every float and
// index bit for bit, an empty mesh; unwritable paths and bad meshes are one error each, with nothing left
// behind; the reader rejects other files. Part of surface_mesh_test.
#include "mc_reference.h"
#include "mc_test_util.h"
#include "surface_mesh.h"
#include "surface_mesh_test_util.h"

#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <iterator>
#include <limits>
#include <unistd.h>

using namespace dicer;
using namespace dicer::surface;
using namespace dicer::test;
using volume::ScalarVolume;

TEST(SurfacePly, HeaderAndBodyExactlyAsSpecified) {
    const ScalarVolume volume = randomFloatVolume({10, 9, 8}, 21, 0.05);
    const SurfaceMesh mesh = weld(marchingCubesReference(volume, {0.3, 0.7}));
    ASSERT_GT(mesh.triangles.size(), 100u);
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "dicer_surface_mesh_test";
    std::filesystem::create_directories(dir);
    const std::filesystem::path file = dir / "surface.ply";
    Result<void> written = writeSurfacePly(file, mesh);
    ASSERT_TRUE(written) << written.error();
    const SurfacePly ply = parseSurfacePly(readBytes(file));
    ASSERT_EQ(ply.error, "");
    EXPECT_EQ(ply.comments, std::vector<std::string>{"Dicer marching-cubes surface"});
    ASSERT_EQ(ply.vertices.size(), mesh.positions.size());
    ASSERT_EQ(ply.faces.size(), mesh.triangles.size());
    for (std::size_t i = 0; i < mesh.positions.size(); ++i)
        for (int k = 0; k < 3; ++k) { // bitwise
            EXPECT_EQ(std::bit_cast<std::uint32_t>(ply.vertices[i][k]),
                      std::bit_cast<std::uint32_t>(mesh.positions[i][k]));
            EXPECT_EQ(std::bit_cast<std::uint32_t>(ply.vertices[i][3 + k]),
                      std::bit_cast<std::uint32_t>(mesh.normals[i][k]));
        }
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
        for (int k = 0; k < 3; ++k)
            EXPECT_EQ(ply.faces[f][k], std::int32_t(mesh.triangles[f][k]));
    // Nothing but the file in the folder (the temporary name was renamed).
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), std::filesystem::directory_iterator()),
              1);
    std::filesystem::remove_all(dir);

    // An empty mesh is a valid file with 0 and 0.
    const SurfacePly none = parseSurfacePly(encodeSurfacePly(SurfaceMesh{}).value());
    EXPECT_EQ(none.error, "");
    EXPECT_TRUE(none.vertices.empty() && none.faces.empty());
}

TEST(SurfacePly, UnwritablePathsAndBadMeshesAreOneError) {
    const SurfaceMesh mesh = weld(marchingCubesReference(randomFloatVolume({5, 5, 5}, 3, 0), {0.5, kInf}));
    const std::filesystem::path dir = std::filesystem::temp_directory_path() / "dicer_surface_ply_errors";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "a_folder");
    auto expectError = [&](const std::filesystem::path& path, const std::string& reason) {
        Result<void> r = writeSurfacePly(path, mesh);
        ASSERT_FALSE(r) << path;
        EXPECT_NE(r.error().find(path.string()), std::string::npos) << r.error();
        EXPECT_NE(r.error().find(reason), std::string::npos) << r.error();
    };
    expectError(dir / "missing" / "surface.ply", "No such file or directory");
    expectError(dir / "a_folder", "Is a directory");
    // No permission: a read-only folder (root may write there anyway: then /sys, which refuses root too).
    std::filesystem::create_directories(dir / "read_only");
    std::filesystem::permissions(dir / "read_only",
                                 std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    if (::geteuid() != 0)
        expectError(dir / "read_only" / "surface.ply", "Permission denied");
    else if (std::filesystem::is_directory("/sys"))
        expectError("/sys/dicer_surface.ply", "Permission denied");
    // Nothing left behind, no partial file.
    EXPECT_TRUE(std::filesystem::is_empty(dir / "a_folder"));
    EXPECT_TRUE(std::filesystem::is_empty(dir / "read_only"));
    std::filesystem::permissions(dir / "read_only", std::filesystem::perms::owner_all);
    std::filesystem::remove_all(dir);

    SurfaceMesh bad = mesh;
    bad.triangles[1][2] = std::uint32_t(bad.positions.size());
    Result<void> r = writeSurfacePly(dir / "x.ply", bad);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("face 1 uses vertex"), std::string::npos) << r.error();
    EXPECT_FALSE(std::filesystem::exists(dir / "x.ply"));
    bad = mesh;
    bad.normals.pop_back();
    EXPECT_FALSE(encodeSurfacePly(bad));
    bad = mesh;
    bad.positions[0].x = std::numeric_limits<float>::infinity();
    EXPECT_FALSE(encodeSurfacePly(bad));
}

// The reader must be able to fail, or the checks above prove nothing.
TEST(SurfacePly, TheReaderRejectsOtherFiles) {
    const SurfaceMesh mesh = weld(marchingCubesReference(randomFloatVolume({4, 4, 4}, 5, 0), {0.5, kInf}));
    const std::string good = encodeSurfacePly(mesh).value();
    ASSERT_EQ(parseSurfacePly(good).error, "");
    auto replaced = [&good](const std::string& from, const std::string& to) {
        std::string s = good;
        s.replace(s.find(from), from.size(), to);
        return s;
    };
    EXPECT_NE(parseSurfacePly(replaced("ply\n", "ply\r\n")).error, "");
    EXPECT_NE(parseSurfacePly(replaced("binary_little_endian", "binary_big_endian")).error, "");
    EXPECT_NE(parseSurfacePly(replaced("property float nz\n", "")).error, "");
    EXPECT_NE(parseSurfacePly(replaced("property float nz\n", "property float nz\nproperty float w\n")).error,
              "");
    EXPECT_NE(parseSurfacePly(replaced("uchar int vertex_indices", "uchar uint vertex_indices")).error, "");
    EXPECT_NE(parseSurfacePly(good.substr(0, good.size() - 1)).error, "");
    EXPECT_NE(parseSurfacePly(good + '\0').error, "");
    std::string four = good; // a face whose count byte is not 3
    four[good.find("end_header\n") + 11 + mesh.positions.size() * 24] = 4;
    EXPECT_NE(parseSurfacePly(four).error, "");
}
