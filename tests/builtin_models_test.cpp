// CPU-only tests of the generated meshes: counts, placement inside the volume, closedness, winding and
// normals; the typed-in teapot data against an independent teapot OBJ (from the optional ../shared/models);
// the model catalog, bundled models included.
#include "builtin_models.h"
#include "model_catalog.h"
#include "obj_loader.h"
#include "placement.h"
#include "test_files.h"
#include "test_models.h"
#include "volume_layout.h"

#include <glm/gtc/matrix_transform.hpp>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <numbers>
#include <utility>

using namespace dicer;
using namespace dicer::model;
using dicer::occupancy::worldToVolume;

namespace {

// Directed edge -> number of triangles that contain it in that direction.
std::map<std::pair<std::uint32_t, std::uint32_t>, int>
directedEdges(const std::vector<std::uint32_t>& indices) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> edges;
    for (size_t t = 0; t + 2 < indices.size(); t += 3)
        for (int k = 0; k < 3; ++k)
            ++edges[{indices[t + size_t(k)], indices[t + size_t(k + 1) % 3]}];
    return edges;
}

// Closed 2-manifold with consistent orientation: every directed edge appears exactly once and its reverse
// exactly once, i.e. each undirected edge is shared by exactly two triangles that traverse it oppositely.
::testing::AssertionResult isClosedAndConsistent(const std::vector<std::uint32_t>& indices) {
    const auto edges = directedEdges(indices);
    for (const auto& [edge, count] : edges) {
        auto reverse = edges.find({edge.second, edge.first});
        if (count != 1 || reverse == edges.end() || reverse->second != 1)
            return ::testing::AssertionFailure()
                   << "edge " << edge.first << "-" << edge.second << " used " << count << " time(s), reverse "
                   << (reverse == edges.end() ? 0 : reverse->second);
    }
    return ::testing::AssertionSuccess();
}

// Indices with duplicate positions merged, for meshes that split vertices at creases (the box).
std::vector<std::uint32_t> weldedIndices(const Mesh& mesh) {
    std::map<std::tuple<float, float, float>, std::uint32_t> ids;
    std::vector<std::uint32_t> out;
    for (std::uint32_t i : mesh.indices) {
        const glm::vec3 p = mesh.positions[i];
        out.push_back(ids.try_emplace({p.x, p.y, p.z}, std::uint32_t(ids.size())).first->second);
    }
    return out;
}

// Fraction of triangles whose winding (counter-clockwise front) agrees with their vertex normals.
double windingAgreement(const Mesh& mesh) {
    size_t agree = 0;
    for (size_t t = 0; t < mesh.indices.size(); t += 3) {
        const std::uint32_t a = mesh.indices[t], b = mesh.indices[t + 1], c = mesh.indices[t + 2];
        const glm::vec3 face =
            glm::cross(mesh.positions[b] - mesh.positions[a], mesh.positions[c] - mesh.positions[a]);
        if (glm::dot(face, mesh.normals[a] + mesh.normals[b] + mesh.normals[c]) > 0.f) ++agree;
    }
    return double(agree) / double(mesh.triangleCount());
}

void expectSaneMesh(const Mesh& mesh) {
    Result<void> valid = validateMesh(mesh);
    EXPECT_TRUE(valid) << (valid ? "" : valid.error());
    for (const glm::vec3& n : mesh.normals) {
        ASSERT_TRUE(allFinite(n));
        ASSERT_NEAR(glm::length(n), 1.f, 1e-4f);
    }
}

void expectInsideUnitCube(const Mesh& mesh) {
    Mesh copy = mesh;
    copy.computeBounds();
    EXPECT_EQ(copy.boundsMin, mesh.boundsMin) << "stale bounds";
    EXPECT_EQ(copy.boundsMax, mesh.boundsMax) << "stale bounds";
    for (int a = 0; a < 3; ++a) {
        EXPECT_GE(mesh.boundsMin[a], -1.f);
        EXPECT_LE(mesh.boundsMax[a], 1.f);
    }
}

} // namespace

TEST(Teapot, HasTwoTrianglesPerGridCellOfEachPatch) {
    EXPECT_EQ(makeTeapot().triangleCount(), 6400u);
    EXPECT_EQ(makeTeapot(4).triangleCount(), 32u * 2 * 4 * 4);
    EXPECT_EQ(makeTeapot(1).triangleCount(), 64u);
    EXPECT_EQ(makeTeapot(0).triangleCount(), 64u); // clamped to 1
}

TEST(Teapot, SitsLikeGlutTeapot06InsideTheVolume) {
    const Mesh teapot = makeTeapot();
    expectSaneMesh(teapot);
    expectInsideUnitCube(teapot);
    // GLUT: height 3.15 * 0.3 with the base at (0 - 1.5) * 0.3; depth +-2 * 0.3; x centred by us.
    EXPECT_NEAR(teapot.boundsMin.y, -0.45f, 1e-4f);
    EXPECT_NEAR(teapot.boundsMax.y, 0.495f, 1e-4f);
    EXPECT_NEAR(teapot.boundsMin.z, -0.6f, 1e-4f);
    EXPECT_NEAR(teapot.boundsMax.z, 0.6f, 1e-4f);
    EXPECT_NEAR(teapot.boundsMin.x + teapot.boundsMax.x, 0.f, 1e-5f);
    EXPECT_NEAR(teapot.boundsMax.x - teapot.boundsMin.x, 6.434f * 0.3f, 2e-3f); // handle -3.0 to spout 3.434
}

TEST(Teapot, WindingAndNormalsPointOutward) {
    const Mesh teapot = makeTeapot();
    // Only degenerate triangles at the collapsed lid top and bottom centre may disagree.
    EXPECT_GT(windingAgreement(teapot), 0.98);
    // Not closed, but nearly: the enclosed volume must come out positive (inward winding gives < 0).
    EXPECT_GT(signedVolume(teapot), 0.1);
    // The bottom faces down and the lid top up.
    for (size_t i = 0; i < teapot.positions.size(); ++i) {
        if (teapot.positions[i].y < teapot.boundsMin.y + 1e-4f) {
            EXPECT_LT(teapot.normals[i].y, -0.9f);
        }
        if (teapot.positions[i].y > teapot.boundsMax.y - 1e-4f) {
            EXPECT_GT(teapot.normals[i].y, 0.9f);
        }
    }
}

TEST(Teapot, MatchesNewellTeapotObj) {
    const std::filesystem::path file = test::sharedModelPath("teapot/teapot.obj");
    if (!std::filesystem::exists(file)) GTEST_SKIP() << test::kSharedModelMissing << file;
    Result<Mesh> obj = loadObj(file);
    ASSERT_TRUE(obj) << obj.error();
    // The OBJ is the same patches tessellated on a grid that is a subset of ours at 40 (its vertices lie on
    // the 1/40 parameter lattice), in Newell units with y up. Bring it into GLUT's frame, centre x like ours.
    std::vector<glm::vec3> reference;
    for (const glm::vec3& p : obj->positions)
        reference.push_back({p.x * 0.3f, (p.y - 1.5f) * 0.3f, p.z * 0.3f});
    const float objCentreX = 0.3f * 0.5f * (obj->boundsMin.x + obj->boundsMax.x);
    const Mesh teapot = makeTeapot(40);
    float worst = 0.f;
    for (glm::vec3 r : reference) {
        r.x -= objCentreX;
        float best = 1e9f;
        for (const glm::vec3& p : teapot.positions)
            best = std::min(best, glm::dot(p - r, p - r));
        worst = std::max(worst, std::sqrt(best));
    }
    EXPECT_LT(worst, 1e-4f) << "typed-in control points disagree with the reference teapot";
}

TEST(Heart, IsAClosedConsistentlyWoundSurfaceOfAbout5000Triangles) {
    const Mesh heart = makeHeart();
    EXPECT_GE(heart.triangleCount(), 4500u);
    EXPECT_LE(heart.triangleCount(), 5500u);
    expectSaneMesh(heart);
    expectInsideUnitCube(heart);
    EXPECT_TRUE(isClosedAndConsistent(heart.indices));
    EXPECT_GT(signedVolume(heart), 0.5); // outward winding; the heart fills a good part of [-0.9,0.9]^3
    EXPECT_GT(windingAgreement(heart), 0.99);
    // Largest half-extent is the documented 0.9; the heart is widest along x, thinnest along z.
    const glm::vec3 extent = heart.boundsMax - heart.boundsMin;
    EXPECT_NEAR(std::max({extent.x, extent.y, extent.z}), 1.8f, 1e-4f);
    EXPECT_GT(extent.x, extent.z);
    EXPECT_GT(heart.colors[0].r, 2.f * heart.colors[0].g); // reddish
}

TEST(Heart, TriangleCountFollowsTheTarget) {
    const size_t small = makeHeart(500).triangleCount(), large = makeHeart(20000).triangleCount();
    EXPECT_NEAR(double(small), 500.0, 100.0);
    EXPECT_NEAR(double(large), 20000.0, 1000.0);
    EXPECT_TRUE(isClosedAndConsistent(makeHeart(8).indices)); // the smallest grid is still closed
}

TEST(Shapes, SphereIsClosedWithTheRightVolume) {
    const Mesh sphere = makeUvSphere(32, 64, 0.5f);
    EXPECT_EQ(sphere.triangleCount(), 2u * 64 * 31);
    expectSaneMesh(sphere);
    EXPECT_TRUE(isClosedAndConsistent(sphere.indices));
    const double exact = 4.0 / 3.0 * std::numbers::pi * 0.125;
    EXPECT_GT(signedVolume(sphere), 0.97 * exact); // inscribed polyhedron: a little less
    EXPECT_LT(signedVolume(sphere), exact);
    EXPECT_GT(windingAgreement(sphere), 0.999);
    EXPECT_NEAR(sphere.boundsMax.y, 0.5f, 1e-6f);
    EXPECT_TRUE(isClosedAndConsistent(makeUvSphere(1, 1, 1.f).indices)); // clamped to 2 x 3
}

TEST(Shapes, BoxHasExactVolumeAndOutwardFaces) {
    const Mesh box = makeBox({0.5f, 0.25f, 0.125f});
    EXPECT_EQ(box.triangleCount(), 12u);
    EXPECT_EQ(box.vertexCount(), 24u);
    expectSaneMesh(box);
    EXPECT_TRUE(isClosedAndConsistent(weldedIndices(box)));
    EXPECT_NEAR(signedVolume(box), 1.0 * 0.5 * 0.25, 1e-6);
    EXPECT_EQ(windingAgreement(box), 1.0);
    EXPECT_EQ(box.boundsMin, glm::vec3(-0.5f, -0.25f, -0.125f));
    EXPECT_EQ(box.boundsMax, glm::vec3(0.5f, 0.25f, 0.125f));
}

TEST(Shapes, PlaneFacesPlusZ) {
    const Mesh plane = makePlaneZ(0.25f, 0.5f);
    EXPECT_EQ(plane.triangleCount(), 2u);
    expectSaneMesh(plane);
    EXPECT_EQ(windingAgreement(plane), 1.0);
    EXPECT_EQ(plane.boundsMin, glm::vec3(-0.5f, -0.5f, 0.25f));
    EXPECT_EQ(plane.boundsMax, glm::vec3(0.5f, 0.5f, 0.25f));
}

TEST(Placement, FitCentresAndScalesTheLongestSide) {
    Mesh box = makeBox({2.f, 1.f, 0.5f});
    for (glm::vec3& p : box.positions)
        p += glm::vec3(10.f, -3.f, 1.f);
    const glm::mat4 m = fitToUnitCube(box, 0.1f);
    const glm::vec3 lo = glm::vec3(m * glm::vec4(glm::vec3(8.f, -4.f, 0.5f), 1.f));
    const glm::vec3 hi = glm::vec3(m * glm::vec4(glm::vec3(12.f, -2.f, 1.5f), 1.f));
    EXPECT_NEAR(lo.x, -0.9f, 1e-5f);
    EXPECT_NEAR(hi.x, 0.9f, 1e-5f);
    EXPECT_NEAR(lo.y, -0.45f, 1e-5f);
    EXPECT_NEAR(hi.z, 0.225f, 1e-5f);
    EXPECT_EQ(placementMatrix(Placement::Fixed, box, 0.1f), glm::mat4(1.f));
    EXPECT_EQ(placementMatrix(Placement::Fit, box, 0.1f), m);
    // No extent: only centred, never a division by zero.
    Mesh point;
    point.positions = {glm::vec3(3.f)};
    const glm::vec4 centred = fitToUnitCube(point, 0.f) * glm::vec4(3.f, 3.f, 3.f, 1.f);
    EXPECT_EQ(glm::vec3(centred), glm::vec3(0.f));
    EXPECT_EQ(fitToUnitCube(Mesh{}, 0.f), glm::mat4(1.f));
}

// A non-cubic volume of cubic voxels is the box `shape` (volume_layout.h volumeShape; 32x64x128 is
// 0.25 x 0.5 x 1). The mesh is fitted into that box keeping its aspect: one uniform scale, set by the axis that
// fills its side first; the voxelizer gets worldToVolume(shape) * that, so a cube spans as many voxels per axis.
TEST(Placement, BoxFitKeepsTheAspectInANonCubicBox) {
    const glm::vec3 shape(0.25f, 0.5f, 1.f);
    const BoxFit cube = boxFit(Placement::Fit, makeBox(glm::vec3(0.5f)), 0.f);
    const glm::mat4 world = cube.into(shape);
    EXPECT_EQ(glm::vec3(world * glm::vec4(0.5f, 0.5f, 0.5f, 1.f)), glm::vec3(0.25f)); // a cube of side 0.5
    EXPECT_EQ(glm::vec3(world * glm::vec4(-0.5f, -0.5f, -0.5f, 1.f)), glm::vec3(-0.25f));
    // Into the voxels (volume space [-1,1]^3): x fills its axis, y half of it, z a quarter: 32 voxels each.
    const glm::vec3 corner = glm::vec3(worldToVolume(shape) * world * glm::vec4(0.5f, 0.5f, 0.5f, 1.f));
    EXPECT_EQ(corner, glm::vec3(1.f, 0.5f, 0.25f));
    EXPECT_EQ(corner * glm::vec3(32, 64, 128) / 2.f, glm::vec3(16.f)); // half-width in voxels, every axis

    // A long mesh (4 x 1 x 1, offset) in the same box: y or z cannot limit it, x does (0.25 / 2 per unit).
    Mesh bar = makeBox({2.f, 0.5f, 0.5f});
    for (glm::vec3& p : bar.positions)
        p += glm::vec3(10.f, -3.f, 1.f);
    const glm::mat4 m = boxFit(Placement::Fit, bar, 0.f).into(shape);
    EXPECT_EQ(glm::vec3(m * glm::vec4(12.f, -2.5f, 1.5f, 1.f)), glm::vec3(0.25f, 0.0625f, 0.0625f));
    EXPECT_EQ(glm::vec3(m * glm::vec4(8.f, -3.5f, 0.5f, 1.f)), glm::vec3(-0.25f, -0.0625f, -0.0625f));
    // The margin shrinks the box on every axis alike; a flat box (z 0.125) lets z limit instead.
    const glm::mat4 tall = boxFit(Placement::Fit, bar, 0.5f).into({1.f, 1.f, 0.125f});
    EXPECT_EQ(glm::vec3(tall * glm::vec4(12.f, -2.5f, 1.5f, 1.f)), glm::vec3(0.5f, 0.125f, 0.125f) * 0.5f);

    // Fixed (the paper's coordinates, made for the cube): the largest cube in the box, min(shape) = 0.25.
    const BoxFit fixed = boxFit(Placement::Fixed, bar, 0.1f);
    EXPECT_EQ(fixed.into(shape), glm::scale(glm::mat4(1.f), glm::vec3(0.25f)));
    // The cube (1,1,1), or a box that is no box, gives placementMatrix bit for bit: cubic presets unchanged.
    for (glm::vec3 box : {glm::vec3(1.f), glm::vec3(0.f), glm::vec3(NAN, 1.f, 1.f)}) {
        EXPECT_EQ(fixed.into(box), placementMatrix(Placement::Fixed, bar, 0.1f));
        EXPECT_EQ(boxFit(Placement::Fit, bar, 0.1f).into(box), placementMatrix(Placement::Fit, bar, 0.1f));
    }
    EXPECT_EQ(boxFit(Placement::Fit, bar, 0.1f).into(glm::vec3(1.f)), fitToUnitCube(bar, 0.1f));
}

// These used to fit to identity or a zero/denormal scale and voxelize to 0 points, with no message.
TEST(Placement, ExtentsThatCannotBeFittedAreClearErrors) {
    const auto triangle = [](glm::vec3 a, glm::vec3 b, glm::vec3 c) {
        Mesh m;
        m.positions = {a, b, c};
        m.indices = {0, 1, 2};
        return m;
    };
    const struct {
        const char* name;
        Mesh mesh;
        const char* expected; // nullptr: fits
    } cases[] = {
        {"all vertices equal",
         triangle(glm::vec3(1.f, 2.f, 3.f), glm::vec3(1.f, 2.f, 3.f), glm::vec3(1.f, 2.f, 3.f)),
         "mesh has zero extent: all vertices equal (1, 2, 3)"},
        {"+-3e38", triangle(glm::vec3(-3e38f), glm::vec3(3e38f, -3e38f, 0.f), glm::vec3(0.f, 3e38f, 3e38f)),
         "mesh extent overflows float"},
        {"scaled by 1e-45",
         triangle(glm::vec3(0.f), glm::vec3(1e-45f, 0.f, 0.f), glm::vec3(0.f, 1e-45f, 0.f)),
         "is below FLT_MIN 1.17549e-38 (denormal)"},
        {"just normal", triangle(glm::vec3(0.f), glm::vec3(2e-38f, 0.f, 0.f), glm::vec3(0.f, 1e-39f, 0.f)),
         nullptr},
        {"flat (one axis zero)", triangle(glm::vec3(0.f), glm::vec3(1.f, 0.f, 0.f), glm::vec3(0.f, 1.f, 0.f)),
         nullptr},
        {"3e38 wide, no overflow",
         triangle(glm::vec3(0.f), glm::vec3(3e38f, 0.f, 0.f), glm::vec3(0.f, 1.f, 0.f)), nullptr},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.name);
        Result<void> r = checkFitExtent(c.mesh);
        if (!c.expected) {
            EXPECT_TRUE(r) << r.error();
            continue;
        }
        ASSERT_FALSE(r);
        EXPECT_TRUE(r.error().find(c.expected) != std::string::npos) << r.error();
    }
    EXPECT_TRUE(checkFitExtent(Mesh{})); // empty: the loader's error, not placement's
}

TEST(ModelCatalog, ModelFilesThatCannotBePlacedNameTheReason) {
    dicer::test::TempDir dir;
    const struct {
        const char* file;
        const char* obj;
        const char* expected;
    } cases[] = {
        {"equal.obj", "v 1 1 1\nv 1 1 1\nv 1 1 1\nf 1 2 3\n", "all vertices equal"},
        {"huge.obj", "v -3e38 -3e38 -3e38\nv 3e38 -3e38 0\nv 0 3e38 3e38\nf 1 2 3\n", "overflows float"},
        {"tiny.obj", "v 0 0 0\nv 1e-45 0 0\nv 0 1e-45 0\nf 1 2 3\n", "(denormal)"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.file);
        Result<PlacedModel> model = loadModelFile(dir.write(c.file, c.obj));
        ASSERT_FALSE(model);
        EXPECT_TRUE(model.error().find(c.file) != std::string::npos) << model.error();
        EXPECT_TRUE(model.error().find("cannot be placed in the volume") != std::string::npos)
            << model.error();
        EXPECT_TRUE(model.error().find(c.expected) != std::string::npos) << model.error();
    }
}

TEST(Placement, RotationTurnsAboutTheAxis) {
    const glm::mat4 quarter = modelRotation(90.f, {0.f, 2.f, 0.f}); // about +Y
    const glm::vec3 x = glm::vec3(quarter * glm::vec4(1.f, 0.f, 0.f, 1.f));
    EXPECT_NEAR(x.x, 0.f, 1e-6f);
    EXPECT_NEAR(x.z, -1.f, 1e-6f);
    EXPECT_EQ(modelRotation(90.f, glm::vec3(0.f)), glm::mat4(1.f));
    EXPECT_EQ(modelRotation(NAN, glm::vec3(1.f, 0.f, 0.f)), glm::mat4(1.f));
    // Hours of spinning (10 h at 45 degrees a second) stay exact modulo 360 degrees.
    const glm::mat4 late = modelRotation(45.f * (3600.f * 10.f + 2.f), {0.f, 1.f, 0.f});
    EXPECT_NEAR(late[0][2], quarter[0][2], 1e-5f);
}

// The model catalog: what the demo and dicer-bench load by name.
TEST(ModelCatalog, BuiltinsKeepThePapersPlacement) {
    ASSERT_EQ(builtinModelNames().size(), 2u);
    for (std::string_view name : builtinModelNames()) {
        EXPECT_TRUE(isBuiltinModel(name));
        Result<PlacedModel> m = loadBuiltinModel(name);
        ASSERT_TRUE(m) << m.error();
        EXPECT_EQ(m->name, name);
        EXPECT_EQ(m->placement, glm::mat4(1.f)); // Placement::Fixed: the paper's counts depend on it
        EXPECT_TRUE(m->warnings.empty());
    }
    EXPECT_EQ(loadBuiltinModel("teapot")->mesh.triangleCount(), makeTeapot().triangleCount());
    EXPECT_FALSE(isBuiltinModel("bunny"));
    EXPECT_FALSE(isBuiltinModel(""));
    Result<PlacedModel> unknown = loadBuiltinModel("bunny");
    ASSERT_FALSE(unknown);
    EXPECT_NE(unknown.error().find("'bunny' (teapot, heart)"), std::string::npos) << unknown.error();
}

// The committed models (assets/models) are found from the test's own folder (the build copies assets next to
// the executables) and load without a warning: the demo's Model panel offers them.
TEST(ModelCatalog, BundledModelsAreFoundAndLoad) {
    ASSERT_EQ(bundledModels().size(), 2u);
    for (const BundledModel& b : bundledModels()) {
        const std::filesystem::path file = bundledModelPath(b.name);
        ASSERT_TRUE(std::filesystem::is_regular_file(file)) << file;
        EXPECT_EQ(std::filesystem::file_size(file), std::filesystem::file_size(test::assetModelPath(b.file)));
        Result<PlacedModel> m = loadModelFile(file);
        ASSERT_TRUE(m) << m.error();
        EXPECT_TRUE(m->warnings.empty()) << m->warnings.front();
        EXPECT_GT(m->mesh.triangleCount(), 0u);
    }
    EXPECT_TRUE(bundledModelPath("bunny").empty()); // research-only: never bundled
}

TEST(ModelCatalog, FilesAreFittedWithTheMarginAndKeepTheirWarnings) {
    test::TempDir dir;
    // A triangle from (10,10,10) to (14,12,10) with a material library that is not there.
    const auto obj =
        dir.write("tri.obj", "mtllib missing.mtl\nv 10 10 10\nv 14 10 10\nv 10 12 10\nf 1 2 3\n");
    Result<PlacedModel> m = loadModelFile(obj, 0.1f);
    ASSERT_TRUE(m) << m.error();
    EXPECT_EQ(m->name, obj.string());
    EXPECT_FALSE(m->warnings.empty()); // the missing .mtl
    const glm::vec4 lo = m->placement * glm::vec4(10.f, 10.f, 10.f, 1.f);
    const glm::vec4 hi = m->placement * glm::vec4(14.f, 12.f, 10.f, 1.f);
    EXPECT_NEAR(lo.x, -0.9f, 1e-5f); // the longest side spans [-1 + margin, 1 - margin]
    EXPECT_NEAR(hi.x, 0.9f, 1e-5f);
    EXPECT_NEAR(lo.y + hi.y, 0.f, 1e-5f); // centred
    Result<PlacedModel> missing = loadModelFile(dir.path() / "nope.obj");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().find("nope.obj"), std::string::npos) << missing.error();
    Result<PlacedModel> empty = loadModelFile(dir.write("empty.obj", ""));
    ASSERT_FALSE(empty);
    EXPECT_NE(empty.error().find("empty"), std::string::npos) << empty.error();
}
