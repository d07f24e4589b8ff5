// CPU-only tests of the OBJ loader's lenient path: texcoord and normal indices that point
// nowhere drop that attribute with one warning per attribute and the model loads; position indices stay
// strict. The reference for each lenient file is the same file with the dangling parts removed: the loaded
// meshes must be equal, array for array, and so must what the voxelizer uploads (packVertices/Triangles).
#include "obj_loader.h"
#include "test_files.h"
#include "test_util.h"
#include "voxel_mesh.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace dicer;
using namespace dicer::model;
using dicer::test::containsText;
using dicer::test::ErrorCase;

namespace {

constexpr std::string_view kVertices = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0.5\n"; // lines 1-4

const std::string kNormalsIgnored =
    "; normals ignored there: those corners get normals generated from the faces, as in a file without vn "
    "lines";
const std::string kTexcoordsIgnored = "; texture coordinates ignored there: triangles with such a corner are "
                                      "drawn untextured, in their material's colour";

// Two faces over the vertices: what the files whose two face lines (5 and 6) have dangling indices load like,
// and the warning where those are normal indices.
const std::string kTwoFaces = std::string(kVertices) + "f 1 2 3\nf 2 4 3\n";
const std::string kNormalsDangleOnTwoLines = "model.obj:5: normal index 1 is out of range (the file has 0) "
                                             "(and 1 more line with normals the file does not have)" +
                                             kNormalsIgnored;

struct Loaded {
    Result<Mesh> mesh;
    std::vector<std::string> warnings;
};

// From memory, no folder: the warnings' prefix is the plain source name.
Loaded loadText(std::string_view text) {
    Loaded loaded{makeError("not loaded"), {}};
    loaded.mesh = loadObjFromMemory(text, {}, {}, &loaded.warnings, "model.obj");
    return loaded;
}

// Equal meshes, attribute for attribute (exact: the lenient path must not perturb a single float).
void expectSameMesh(const Mesh& a, const Mesh& b) {
    EXPECT_EQ(a.positions, b.positions);
    EXPECT_EQ(a.normals, b.normals);
    EXPECT_EQ(a.texcoords, b.texcoords);
    EXPECT_EQ(a.colors, b.colors);
    EXPECT_EQ(a.indices, b.indices);
    EXPECT_EQ(a.triangleMaterial, b.triangleMaterial);
    ASSERT_EQ(a.materials.size(), b.materials.size());
    for (size_t m = 0; m < a.materials.size(); ++m) {
        EXPECT_EQ(a.materials[m].name, b.materials[m].name);
        EXPECT_EQ(a.materials[m].diffuse, b.materials[m].diffuse);
        EXPECT_EQ(a.materials[m].textureIndex, b.materials[m].textureIndex);
    }
    EXPECT_EQ(a.textures.size(), b.textures.size());
    // What the voxelizer uploads: the same vertices and triangles (texture slot included).
    const std::vector<voxel::VoxelVertex> va = voxel::packVertices(a), vb = voxel::packVertices(b);
    ASSERT_EQ(va.size(), vb.size());
    for (size_t i = 0; i < va.size(); ++i) {
        EXPECT_EQ(va[i].position, vb[i].position) << i;
        EXPECT_EQ(va[i].color, vb[i].color) << i;
        EXPECT_EQ(va[i].texcoord, vb[i].texcoord) << i;
    }
    EXPECT_EQ(voxel::packTriangles(a), voxel::packTriangles(b));
}

// Loads `lenient` (expecting exactly `expectedWarnings`) and `reference` (expecting none); both must load
// and give the same mesh.
void expectLoadsLike(const std::string& lenient, const std::string& reference,
                     const std::vector<std::string>& expectedWarnings) {
    SCOPED_TRACE(lenient);
    Loaded got = loadText(lenient);
    ASSERT_TRUE(got.mesh) << got.mesh.error();
    EXPECT_EQ(got.warnings, expectedWarnings);
    Loaded want = loadText(reference);
    ASSERT_TRUE(want.mesh) << want.mesh.error();
    EXPECT_TRUE(want.warnings.empty());
    expectSameMesh(*got.mesh, *want.mesh);
}

} // namespace

TEST(ObjLenient, NormalIndicesWithoutNormalsAreDroppedWithOneWarning) {
    expectLoadsLike(std::string(kVertices) + "f 1//1 2//2 3//3\nf 2//4 4//5 3//6\n", kTwoFaces,
                    {kNormalsDangleOnTwoLines});
    // One line only: no "more".
    expectLoadsLike(std::string(kVertices) + "f 1//7 2//7 3//7\n", std::string(kVertices) + "f 1 2 3\n",
                    {"model.obj:5: normal index 7 is out of range (the file has 0)" + kNormalsIgnored});
}

TEST(ObjLenient, TexcoordIndicesWithoutTexcoordsAreDroppedWithOneWarning) {
    expectLoadsLike(std::string(kVertices) + "f 1/1 2/2 3/3\nf 2/4 4/5 3/6\nf 1/2 3/3 4/4\n",
                    std::string(kVertices) + "f 1 2 3\nf 2 4 3\nf 1 3 4\n",
                    {"model.obj:5: texcoord index 1 is out of range (the file has 0) (and 2 more lines with "
                     "texture coordinates the file does not have)" +
                     kTexcoordsIgnored});
    Loaded got = loadText(std::string(kVertices) + "f 1/1 2/2 3/3\n");
    ASSERT_TRUE(got.mesh) << got.mesh.error();
    for (const glm::vec2& uv : got.mesh->texcoords)
        EXPECT_EQ(uv, glm::vec2(0.f));
}

TEST(ObjLenient, BothAttributesDanglingGiveOneWarningEach) {
    expectLoadsLike(std::string(kVertices) + "f 1/1/1 2/2/2 3/3/3\nf 2/4/4 4/5/5 3/6/6\n", kTwoFaces,
                    {kNormalsDangleOnTwoLines,
                     "model.obj:5: texcoord index 1 is out of range (the file has 0) (and 1 more line with "
                     "texture coordinates the file does not have)" +
                         kTexcoordsIgnored});
}

// Valid and dangling indices side by side: the valid texcoords and normals are kept exactly, the dangling
// ones are gone, and only lines with a dangling index are counted (a line with several counts once).
TEST(ObjLenient, MixedValidAndDanglingKeepTheValidOnes) {
    const std::string text = std::string(kVertices) +
                             "vt 0.25 0.5\nvt 0.75 0.125\n" // vt 1, 2 (lines 5-6)
                             "vn 0 0 -1\n"                  // vn 1 (line 7): not the generated +z
                             "f 1/1/1 2/2/1 3/1/1\n"        // line 8: all valid
                             "f 2/9/1 4/2/1 3/1/5\n"        // line 9: vt 9 and vn 5 dangle
                             "f 1/3/2 2/4/3 4/1/1\n"; // line 10: two dangling vt and two vn, one line each
    Loaded got = loadText(text);
    ASSERT_TRUE(got.mesh) << got.mesh.error();
    EXPECT_EQ(
        got.warnings,
        (std::vector<std::string>{
            "model.obj:9: normal index 5 is out of range (the file has 1) (and 1 more line with normals "
            "the file does not have)" +
                kNormalsIgnored,
            "model.obj:9: texcoord index 9 is out of range (the file has 2) (and 1 more line with texture "
            "coordinates the file does not have)" +
                kTexcoordsIgnored}));
    const Mesh& mesh = *got.mesh;
    ASSERT_EQ(mesh.triangleCount(), 3u);
    const glm::vec2 none(0.f), vt1(0.25f, 0.5f), vt2(0.75f, 0.125f);
    const glm::vec3 fileNormal(0.f, 0.f, -1.f);
    const glm::vec2 expectedUv[9] = {vt1, vt2, vt1, none, vt2, vt1, none, none, vt1};
    const bool fromFile[9] = {true, true, true, true, true, false, false, false, true};
    const glm::vec3 expectedPosition[9] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 0, 0},   {1, 1, 0.5f},
                                           {0, 1, 0}, {0, 0, 0}, {1, 0, 0}, {1, 1, 0.5f}};
    for (size_t k = 0; k < 9; ++k) {
        SCOPED_TRACE(k);
        const std::uint32_t v = mesh.indices[k];
        EXPECT_EQ(mesh.positions[v], expectedPosition[k]);
        EXPECT_EQ(mesh.texcoords[v], expectedUv[k]);
        if (fromFile[k])
            EXPECT_EQ(mesh.normals[v], fileNormal);
        else // generated from the faces: these triangles face +z
            EXPECT_GT(mesh.normals[v].z, 0.5f);
    }
}

// Relative indices resolve against the vt/vn lines read so far; one reaching before the first is dangling.
// rc10 resolves them to a negative number (-1 for one step before the first, which it also uses for "none").
TEST(ObjLenient, RelativeIndicesBeforeTheFirstAreDropped) {
    expectLoadsLike(std::string(kVertices) + "f 1//-1 2//-1 3//-1\n", std::string(kVertices) + "f 1 2 3\n",
                    {"model.obj:5: relative normal index -1 reaches before the first normal (only 0 so far)" +
                     kNormalsIgnored});
    expectLoadsLike(
        std::string(kVertices) + "vt 0.5 0.5\nf 1/-1 2/-3 3/-1\nf 1/-2 3/-1 4/-1\n",
        std::string(kVertices) + "vt 0.5 0.5\nf 1/1 2 3/1\nf 1 3/1 4/1\n",
        {"model.obj:6: relative texcoord index -3 reaches before the first texcoord (only 1 so far) "
         "(and 1 more line with texture coordinates the file does not have)" +
         kTexcoordsIgnored});
}

// Positive indices may point forward (vt/vn after the faces): those are valid. One past the final count is
// dangling and is found by a second scan, which names its line.
TEST(ObjLenient, ForwardIndicesAreValidUntilPastTheEnd) {
    Loaded forward =
        loadText(std::string(kVertices) + "f 1/1/2 2/1/2 3/1/2\nvt 0.5 0.5\nvn 1 0 0\nvn 0 0 1\n");
    ASSERT_TRUE(forward.mesh) << forward.mesh.error();
    EXPECT_TRUE(forward.warnings.empty());
    EXPECT_EQ(forward.mesh->texcoords[0], glm::vec2(0.5f));
    expectLoadsLike(std::string(kVertices) + "f 1//2 2//2 3//2\nf 2//3 4//1 3//2\nvn 0 0 1\nvn 0 0 1\n",
                    std::string(kVertices) + "f 1//2 2//2 3//2\nf 2 4//1 3//2\nvn 0 0 1\nvn 0 0 1\n",
                    {"model.obj:6: normal index 3 is out of range (the file has 2)" + kNormalsIgnored});
}

// Positions are what the voxelizer needs: a bad vertex index is still one clear error, whatever the other
// attributes do, and nothing is warned about a file that does not load.
TEST(ObjLenient, BadPositionIndicesStillFail) {
    const ErrorCase cases[] = {
        // face lines after the four vertices
        {"f 1/1/1 2/1/1 9/1/1", "model.obj:5: vertex index 9 is out of range (the file has 4)"},
        {"f 1//7 2//7 -5//7",
         "model.obj:5: relative vertex index -5 reaches before the first vertex (only 4 so far)"},
        {"f 1/1 2/1 5/1\nvt 0 0", "model.obj:5: vertex index 5 is out of range (the file has 4)"},
        {"f 1/1/1 2/1/1 0/1/1", "model.obj:5: malformed vertex index '0'"},
        {"f 1/x/1 2/1/1 3/1/1", "model.obj:5: malformed texcoord index 'x'"}, // malformed is not dangling
    };
    for (const ErrorCase& c : cases) {
        SCOPED_TRACE(c.input);
        Loaded got = loadText(std::string(kVertices) + c.input + "\n");
        ASSERT_FALSE(got.mesh);
        EXPECT_TRUE(containsText(got.mesh.error(), c.expected));
        EXPECT_TRUE(got.warnings.empty());
    }
}

// Lines and points are parsed (and checked) but not used: their dangling indices warn the same way.
TEST(ObjLenient, DanglingIndicesOfLineElementsAreWarnedToo) {
    expectLoadsLike(std::string(kVertices) + "f 1 2 3\nl 1/4 2/4\n", std::string(kVertices) + "f 1 2 3\n",
                    {"model.obj:6: texcoord index 4 is out of range (the file has 0)" + kTexcoordsIgnored});
}

// No texture lookup where there are no texture coordinates: a textured material's triangle with a corner
// whose texcoord was dropped (or that never had one) uses an untextured copy of the material, so the
// voxelizer and the mesh view (which both take the texture from the triangle's material) draw its colour.
TEST(ObjLenient, TrianglesWithoutTexcoordsAreUntextured) {
    dicer::test::TempDir dir;
    dir.write("t.png", dicer::test::pngSolidRgba8(4, 4, 200));
    dir.write("t.mtl", "newmtl kd\nKd 0.5 0.25 1\nmap_Kd t.png\nnewmtl mapOnly\nmap_Kd t.png\n");
    const std::string head = "mtllib t.mtl\n" + std::string(kVertices) + "vt 0.25 0.5\nvt 0.75 0.125\n";
    // Lines 1-7 above; 8: usemtl kd; 9: valid; 10: one dangling vt; 11: usemtl mapOnly; 12: no vt at all.
    dir.write("lenient.obj", head + "usemtl kd\nf 1/1 2/2 3/1\nf 2/2 4/5 3/1\nusemtl mapOnly\nf 1 2 4\n");
    dir.write("reference.obj", head + "usemtl kd\nf 1/1 2/2 3/1\nf 2/2 4 3/1\nusemtl mapOnly\nf 1 2 4\n");
    std::vector<std::string> warnings, referenceWarnings;
    Result<Mesh> mesh = loadObj(dir.path() / "lenient.obj", {}, &warnings);
    ASSERT_TRUE(mesh) << mesh.error();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_EQ(warnings[0], (dir.path() / "lenient.obj").string() +
                               ":10: texcoord index 5 is out of range (the file has 2)" + kTexcoordsIgnored);
    Result<Mesh> reference = loadObj(dir.path() / "reference.obj", {}, &referenceWarnings);
    ASSERT_TRUE(reference) << reference.error();
    EXPECT_TRUE(referenceWarnings.empty());
    expectSameMesh(*mesh, *reference);

    ASSERT_EQ(mesh->textures.size(), 1u);
    ASSERT_EQ(mesh->materials.size(), 4u); // kd, mapOnly and their untextured copies, in order of use
    EXPECT_EQ(mesh->materials[2].name, "kd (untextured)");
    EXPECT_EQ(mesh->materials[2].textureIndex, -1);
    EXPECT_EQ(mesh->materials[2].diffuse, glm::vec3(0.5f, 0.25f, 1.f)); // its Kd
    EXPECT_EQ(mesh->materials[3].name, "mapOnly (untextured)");
    EXPECT_EQ(mesh->materials[3].diffuse, glm::vec3(0.8f)); // no Kd: grey, as any untextured material
    EXPECT_EQ(mesh->materials[1].diffuse, glm::vec3(1.f));  // textured, the texture alone gives the colour
    EXPECT_EQ(mesh->triangleMaterial, (std::vector<int>{0, 2, 3}));
    // The voxelizer's triangles: texture slot 1 (texture 0) only for the one with all its texcoords.
    const std::vector<glm::uvec4> packed = voxel::packTriangles(*mesh);
    ASSERT_EQ(packed.size(), 3u);
    EXPECT_EQ(packed[0].w, 1u);
    EXPECT_EQ(packed[1].w, 0u);
    EXPECT_EQ(packed[2].w, 0u);
    // Colours: material colour at the untextured triangles' corners.
    for (size_t k = 3; k < 6; ++k)
        EXPECT_EQ(mesh->colors[mesh->indices[k]], glm::vec4(0.5f, 0.25f, 1.f, 1.f));
    for (size_t k = 6; k < 9; ++k)
        EXPECT_EQ(mesh->colors[mesh->indices[k]], glm::vec4(0.8f, 0.8f, 0.8f, 1.f));
    // The valid triangle keeps its exact texcoords; the dangling corner has none.
    EXPECT_EQ(mesh->texcoords[mesh->indices[0]], glm::vec2(0.25f, 0.5f));
    EXPECT_EQ(mesh->texcoords[mesh->indices[1]], glm::vec2(0.75f, 0.125f));
    EXPECT_EQ(mesh->texcoords[mesh->indices[3]], glm::vec2(0.75f, 0.125f));
    EXPECT_EQ(mesh->texcoords[mesh->indices[4]], glm::vec2(0.f));
}

// The committed sample: a cube cage written like OpenSubdiv's and tinyobjloader's models (f v/vt/vn, no vn
// lines; "normal index 1329 is out of range (the file has 0)" rejected such files before).
TEST(ObjLenient, CommittedCageWithoutNormalsLoads) {
    const std::filesystem::path file =
        std::filesystem::path(DICER_TEST_DATA_DIR) / "cage_without_normals.obj";
    std::vector<std::string> warnings;
    Result<Mesh> mesh = loadObj(file, {}, &warnings);
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_EQ(warnings,
              (std::vector<std::string>{
                  file.string() +
                  ":25: normal index 1 is out of range (the file has 0) (and 5 more lines with normals "
                  "the file does not have)" +
                  kNormalsIgnored}));
    EXPECT_EQ(mesh->triangleCount(), 12u);
    EXPECT_EQ(mesh->boundsMin, glm::vec3(-0.5f));
    EXPECT_EQ(mesh->boundsMax, glm::vec3(0.5f));
    // A cube: every corner is a crease, so each takes its face's flat normal, as for the file without vn.
    for (size_t t = 0; t < mesh->indices.size(); t += 3) {
        const glm::vec3 a = mesh->positions[mesh->indices[t]], b = mesh->positions[mesh->indices[t + 1]],
                        c = mesh->positions[mesh->indices[t + 2]];
        const glm::vec3 face = glm::normalize(glm::cross(b - a, c - a));
        for (size_t k = 0; k < 3; ++k)
            EXPECT_LT(glm::length(mesh->normals[mesh->indices[t + k]] - face), 1e-6f);
    }
    ASSERT_FALSE(mesh->texcoords.empty());
    EXPECT_EQ(mesh->texcoords[mesh->indices[1]], glm::vec2(0.625f, 0.f)); // vt 2 of the first face kept
}
