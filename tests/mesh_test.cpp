// CPU-only tests of the OBJ/MTL loader: hostile and broken inputs (each must fail cleanly with the file name,
// or load with a warning), mesh assembly rules, and the real models (test_models.h).
#include "obj_loader.h"
#include "test_files.h"
#include "test_models.h"
#include "test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sys/stat.h>

using namespace dicer;
using namespace dicer::model;
using dicer::test::containsText;
using dicer::test::ErrorCase;

namespace {

constexpr std::string_view kTriangle = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";

class ObjLoader : public ::testing::Test {
protected:
    dicer::test::TempDir dir;
    std::vector<std::string> warnings;

    std::filesystem::path write(const std::string& name, std::string_view text) {
        return dir.write(name, text);
    }
    Result<Mesh> load(const std::string& name, const LoadLimits& limits = {}) {
        warnings.clear();
        return loadObj(dir.path() / name, limits, &warnings);
    }
    // Loads `text` as model.obj and expects failure; returns the message (which must name the file).
    std::string loadError(std::string_view text, const LoadLimits& limits = {}) {
        write("model.obj", text);
        Result<Mesh> mesh = load("model.obj", limits);
        EXPECT_FALSE(mesh) << "loaded although it should not:\n" << text;
        if (mesh) return {};
        EXPECT_TRUE(containsText(mesh.error(), "model.obj"));
        return mesh.error();
    }
    bool warned(std::string_view needle) const {
        for (const std::string& w : warnings)
            if (w.find(needle) != std::string::npos) return true;
        return false;
    }
};

} // namespace

TEST_F(ObjLoader, LoadsATriangleWithGeneratedNormalAndFallbackColor) {
    write("tri.obj", kTriangle);
    Result<Mesh> mesh = load("tri.obj");
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_EQ(mesh->triangleCount(), 1u);
    EXPECT_EQ(mesh->normals[0], glm::vec3(0.f, 0.f, 1.f));
    EXPECT_EQ(mesh->colors[0], glm::vec4(0.8f, 0.8f, 0.8f, 1.f));
    EXPECT_EQ(mesh->texcoords[0], glm::vec2(0.f));
    EXPECT_EQ(mesh->triangleMaterial, std::vector<int>{-1});
    EXPECT_EQ(mesh->boundsMax, glm::vec3(1.f, 1.f, 0.f));
    EXPECT_TRUE(warnings.empty());
}

TEST_F(ObjLoader, UnreadableFilesAreErrorsNamingTheFile) {
    Result<Mesh> missing = load("missing.obj");
    ASSERT_FALSE(missing);
    EXPECT_TRUE(containsText(missing.error(), "missing.obj"));
    std::filesystem::create_directory(dir.path() / "folder.obj");
    Result<Mesh> folder = load("folder.obj");
    ASSERT_FALSE(folder);
    EXPECT_TRUE(containsText(folder.error(), "folder.obj"));
    EXPECT_TRUE(containsText(folder.error(), "directory"));
    Result<Mesh> device = loadObj("/dev/zero");
    ASSERT_FALSE(device);
    EXPECT_TRUE(containsText(device.error(), "/dev/zero"));
    ASSERT_EQ(::mkfifo((dir.path() / "fifo.obj").c_str(), 0600), 0);
    EXPECT_FALSE(load("fifo.obj")); // must not block waiting for a writer
}

TEST_F(ObjLoader, EmptyGarbageAndFacelessFilesAreErrors) {
    EXPECT_TRUE(containsText(loadError(""), "empty"));
    std::mt19937 rng(42);
    std::string garbage(4096, '\0');
    for (char& c : garbage)
        c = char(rng());
    loadError(garbage);
    EXPECT_TRUE(containsText(loadError("hello world\nthis is text\n"), "no triangles"));
    EXPECT_TRUE(containsText(loadError("v 0 0 0\nv 1 0 0\nv 0 1 0\n"), "no triangles"));
    EXPECT_TRUE(containsText(loadError("v 0 0 0\nv 1 0 0\nf 1 2\n"), "no triangles"));
}

TEST_F(ObjLoader, NonFiniteAndMalformedNumbersAreErrorsWithTheLine) {
    const ErrorCase cases[] = {
        {"v nan 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", ":1: non-finite vertex value 'nan'"},
        {"v 0 0 0\nv 1 inf 0\nv 0 1 0\nf 1 2 3\n", ":2: non-finite vertex value 'inf'"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 -NaN\nf 1 2 3\n", ":3: non-finite"},
        {"v 0 0 0\r\nv 1e999 0 0\r\nv 0 1 0\r\nf 1 2 3\r\n",
         ":2: vertex value '1e999' is out of float range"},
        {"v 0 0 0\nv 1 0 0\nv 0 1e39 0\nf 1 2 3\n", ":3: vertex value '1e39' is out of float range"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 infinity\nf 1//1 2//1 3//1\n", ":4: non-finite normal"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0\nvt nan 0\nf 1/1 2/1 3/1\n", ":4: non-finite texcoord"},
        {"v 0 0 0\nv 1 0 0\nv 0 1 0 0.5 nan 1\nf 1 2 3\n", ":3: non-finite vertex"}, // vertex colour
        {"v 0 0 0\nv 1 0x10 0\nv 0 1 0\nf 1 2 3\n", ":2: malformed vertex value '0x10'"},
        {"v 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n", ":1: vertex line has 2 values"},
    };
    for (const ErrorCase& c : cases)
        EXPECT_TRUE(containsText(loadError(c.input), c.expected));
}

TEST_F(ObjLoader, OutOfRangeIndicesAreErrorsWithTheLine) {
    const std::string verts = "v 0 0 0\nv 1 0 0\nv 0 1 0\n";
    const ErrorCase cases[] = {
        // face lines after three vertices
        {"f 1 2 4", ":4: vertex index 4 is out of range"},
        {"f 1 2 3\nf 1 2 1000000", ":5: vertex index 1000000"},
        {"f -1 -2 -4", ":4: relative vertex index -4"},
        {"f -2147483648 1 2", ":4: relative vertex index"},
        {"f 1 2 0", ":4: malformed vertex index '0'"},
        {"f 1 2 99999999999", ":4: malformed vertex index '99999999999'"},
        {"f 1 2 3abc", ":4: malformed vertex index '3abc'"},
        // (texcoord and normal indices that point nowhere are warnings: obj_lenient_test)
        {"f 1/ 2/ 3/", ":4: malformed texcoord index ''"},
        {"f 1/1/1/1 2 3", ":4: malformed face corner"},
        {"l 1 5", ":4: vertex index 5"}, // lines are parsed by tinyobjloader too, so they are checked
        {"p -9", ":4: relative vertex index -9"},
    };
    for (const ErrorCase& c : cases)
        EXPECT_TRUE(containsText(loadError(verts + c.input + "\n"), c.expected)) << c.input;
}

TEST_F(ObjLoader, ValidRelativeIndicesAndPolygonsLoad) {
    write("rel.obj", "v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\n"
                     "v 2 0 0\nv 3 0 0\nv 3 1 0\nv 2 1 0\nf 4 5 6 7\n"
                     "v 0 2 0\nv 1 2 0\nv 1.5 3 0\nv 0.5 3.5 0\nv -0.5 3 0\nf 8 9 10 11 12\n");
    Result<Mesh> mesh = load("rel.obj");
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_EQ(mesh->triangleCount(), 1u + 2u + 3u);
}

TEST_F(ObjLoader, GeneratedNormalsKeepCreasesAndSmoothGentleBends) {
    // Two triangles folded by ~6 degrees along x = 0: the shared edge is smoothed (4 vertices).
    write("fold.obj", "v -1 0 0.1\nv 0 -1 0\nv 0 1 0\nv 1 0 0.1\nf 1 2 3\nf 3 2 4\n");
    Result<Mesh> fold = load("fold.obj");
    ASSERT_TRUE(fold) << fold.error();
    EXPECT_EQ(fold->vertexCount(), 4u);
    // A cube corner is a crease: every corner takes its face's flat normal.
    write("cube.obj", "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
                      "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n");
    Result<Mesh> cube = load("cube.obj");
    ASSERT_TRUE(cube) << cube.error();
    EXPECT_EQ(cube->triangleCount(), 12u);
    for (size_t t = 0; t < cube->indices.size(); t += 3) {
        const glm::vec3 a = cube->positions[cube->indices[t]], b = cube->positions[cube->indices[t + 1]],
                        c = cube->positions[cube->indices[t + 2]];
        const glm::vec3 face = glm::normalize(glm::cross(b - a, c - a));
        for (int k = 0; k < 3; ++k)
            EXPECT_LT(glm::length(cube->normals[cube->indices[t + size_t(k)]] - face), 1e-6f);
    }
}

TEST_F(ObjLoader, VertexColorTimesMaterialDiffuse) {
    write("col.mtl", "newmtl half\nKd 0.5 0.5 0.5\n");
    write("col.obj", "mtllib col.mtl\nv 0 0 0 1 0 0\nv 1 0 0 1 0 0\nv 0 1 0 1 0 0\nusemtl half\nf 1 2 3\n");
    Result<Mesh> mesh = load("col.obj");
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_EQ(mesh->colors[0], glm::vec4(0.5f, 0.f, 0.f, 1.f));
    EXPECT_EQ(mesh->triangleMaterial, std::vector<int>{0});
    EXPECT_TRUE(warnings.empty());
    // An explicit black stays black; a material without Kd (and without texture) is grey.
    write("black.mtl", "newmtl black\nKd 0 0 0\nnewmtl none\nKa 1 1 1\n");
    write("black.obj",
          "mtllib black.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl black\nf 1 2 3\nusemtl none\nf 1 3 2\n");
    Result<Mesh> black = load("black.obj");
    ASSERT_TRUE(black) << black.error();
    ASSERT_EQ(black->materials.size(), 2u);
    EXPECT_EQ(black->materials[0].diffuse, glm::vec3(0.f));
    EXPECT_EQ(black->materials[1].diffuse, glm::vec3(0.8f));
}

TEST_F(ObjLoader, MissingMaterialLibraryIsAWarningWithGrey) {
    write("m.obj", "mtllib missing.mtl\n" + std::string(kTriangle.substr(0, 24)) + "usemtl red\nf 1 2 3\n");
    Result<Mesh> mesh = load("m.obj");
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_TRUE(warned("missing.mtl"));
    EXPECT_TRUE(containsText(warnings.front(), "m.obj"));
    EXPECT_EQ(mesh->colors[0], glm::vec4(0.8f, 0.8f, 0.8f, 1.f));
    EXPECT_EQ(mesh->triangleMaterial, std::vector<int>{-1});
}

TEST_F(ObjLoader, MissingOrBadTexturesAreWarnings) {
    write("huge.png", dicer::test::pngHeaderOnly(100000, 100000));
    write("fake.png", "GIF89a not really");
    write("t.mtl", "newmtl a\nKd 1 0 0\nmap_Kd nothere.png\n"
                   "newmtl b\nmap_Kd huge.png\nnewmtl c\nmap_Kd fake.png\nnewmtl d\nmap_Kd ../outside.png\n");
    write("t.obj", "mtllib t.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl a\nf 1 2 3\nusemtl b\nf 1 2 3\n");
    Result<Mesh> mesh = load("t.obj");
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_TRUE(warned("nothere.png"));
    EXPECT_TRUE(warned("100000x100000"));
    EXPECT_TRUE(warned("neither PNG nor JPEG"));
    EXPECT_TRUE(warned("'..'"));
    EXPECT_TRUE(mesh->textures.empty());
    ASSERT_EQ(mesh->materials.size(), 4u);
    EXPECT_EQ(mesh->materials[0].textureIndex, -1);
    EXPECT_EQ(mesh->materials[0].diffuse, glm::vec3(1.f, 0.f, 0.f));
    EXPECT_EQ(mesh->materials[1].diffuse, glm::vec3(0.8f)); // no Kd and no texture: grey
}

// A PNG whose IDAT chunk claims 1.8 GB (stb_image once allocated it before reading) or inflates past
// its IHDR size is one warning naming the texture; the model loads without it.
TEST_F(ObjLoader, PngBombTextureIsAWarningAndTheModelLoads) {
    std::string lengthBomb = dicer::test::pngHeaderOnly(33, 5);
    dicer::test::appendBe32(lengthBomb, 0x7003f326u);
    lengthBomb += "IDAT" + std::string(8, '\0'); // and 8 of its 1.8 GB
    write("bomb.png", lengthBomb);
    write("ok.png", dicer::test::pngSolidRgba8(4, 4, 9));
    write("t.mtl", "newmtl a\nmap_Kd bomb.png\nnewmtl b\nmap_Kd ok.png\n");
    write("t.obj", "mtllib t.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl a\nf 1 2 3\nusemtl b\nf 1 2 3\n");
    Result<Mesh> mesh = load("t.obj");
    ASSERT_TRUE(mesh) << mesh.error();
    ASSERT_EQ(warnings.size(), 1u);
    EXPECT_TRUE(warned("texture 'bomb.png' of material 'a' not loaded: PNG image"));
    EXPECT_TRUE(warned("past the end of the"));
    ASSERT_EQ(mesh->textures.size(), 1u);
    EXPECT_EQ(mesh->materials[0].textureIndex, -1);
    EXPECT_EQ(mesh->materials[1].textureIndex, 0);
}

// The 1 GiB cap on decoded textures was once checked after decoding, so every refused texture was
// decoded anyway. Now each texture is counted from its header first, across all materials of the model: what
// is loaded stays within the cap, and each refused texture is one warning naming it, never decoded.
TEST_F(ObjLoader, TextureBytesAreCountedBeforeDecodingAcrossMaterials) {
    constexpr std::uintmax_t kOne = 64 * 64 * 4;
    for (const char* name : {"a.png", "b.png", "c.png", "d.png"})
        write(name, dicer::test::pngSolidRgba8(64, 64, 200));
    write("e.png", dicer::test::pngSolidRgba8(64, 64, 200, /*corrupt=*/true)); // over the cap: never decoded
    write("t.mtl", "newmtl m0\nmap_Kd a.png\nnewmtl m1\nmap_Kd b.png\nnewmtl m2\nmap_Kd a.png\n"
                   "newmtl m3\nmap_Kd c.png\nnewmtl m4\nmap_Kd e.png\nnewmtl m5\nmap_Kd d.png\n");
    write("t.obj", "mtllib t.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl m0\nf 1 2 3\nusemtl m5\nf 1 2 3\n");
    LoadLimits limits;
    limits.maxTextureBytes = 2 * kOne + 100;
    Result<Mesh> mesh = load("t.obj", limits);
    ASSERT_TRUE(mesh) << mesh.error();
    ASSERT_EQ(mesh->textures.size(), 2u); // a (shared by m0 and m2, counted once) and b
    std::uintmax_t total = 0;
    for (const MeshTexture& t : mesh->textures)
        total += t.rgba8Bytes();
    EXPECT_LE(total, limits.maxTextureBytes);
    EXPECT_EQ(mesh->materials[2].textureIndex, mesh->materials[0].textureIndex);
    for (int m : {3, 4, 5})
        EXPECT_EQ(mesh->materials[size_t(m)].textureIndex, -1) << m;
    EXPECT_EQ(std::count_if(warnings.begin(), warnings.end(),
                            [](const std::string& w) { return containsText(w, "not loaded"); }),
              3);
    for (const char* refused :
         {"'c.png' of material 'm3'", "'e.png' of material 'm4'", "'d.png' of material 'm5'"})
        EXPECT_TRUE(warned(std::string(refused) +
                           " not loaded: its 64x64 image decodes to 16384 bytes, over the "
                           "100 left of the 32868 bytes"))
            << refused;
    EXPECT_FALSE(warned("corrupt")); // e.png was refused from its header, before anything decoded it
}

TEST(TextureBudget, RefusesFromTheHeaderWhatWouldPassTheCap) {
    dicer::test::TempDir dir;
    const auto png = dir.write("t.png", dicer::test::pngSolidRgba8(16, 8, 7));
    LoadLimits limits;
    limits.maxTextureBytes = 10000;
    Result<MeshTexture> fits = checkTextureWithinBudget(png, limits, 10000 - 512); // exactly fills the cap
    ASSERT_TRUE(fits) << fits.error();
    EXPECT_EQ(fits->rgba8Bytes(), 512u);
    EXPECT_FALSE(fits->resident()); // checked, not decoded: the pixels are decoded on upload
    Image scratch;
    Result<const Image*> pixels = meshTexturePixels(*fits, scratch);
    ASSERT_TRUE(pixels) << pixels.error();
    EXPECT_EQ((*pixels)->rgba.size(), 512u);
    EXPECT_EQ((*pixels)->rgba[0], 7);
    for (std::uintmax_t used : {std::uintmax_t(10000 - 511), std::uintmax_t(10000), std::uintmax_t(20000)}) {
        Result<MeshTexture> refused = checkTextureWithinBudget(png, limits, used);
        ASSERT_FALSE(refused) << used;
        EXPECT_TRUE(containsText(refused.error(), "16x8 image decodes to 512 bytes")) << refused.error();
        EXPECT_TRUE(containsText(refused.error(), "of the 10000 bytes")) << refused.error();
    }
}

TEST_F(ObjLoader, MaterialPathsCannotLeaveTheModelFolder) {
    dicer::test::TempDir outside;
    const auto secret = outside.write("secret.mtl", "newmtl secret\nKd 0 1 0\n");
    std::filesystem::create_symlink(secret, dir.path() / "link.mtl");
    std::filesystem::create_directory(dir.path() / "folder.mtl");
    ASSERT_EQ(::mkfifo((dir.path() / "fifo.mtl").c_str(), 0600), 0);
    const char* names[] = {"../../../etc/passwd", "/etc/passwd", "/dev/zero",  "sub/../../x.mtl",
                           "..\\..\\etc\\passwd", "link.mtl",    "folder.mtl", "fifo.mtl",
                           "/proc/self/environ"};
    for (const char* name : names) {
        SCOPED_TRACE(name);
        write("esc.obj",
              "mtllib " + std::string(name) + "\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl secret\nf 1 2 3\n");
        Result<Mesh> mesh = load("esc.obj");
        ASSERT_TRUE(mesh) << mesh.error();
        EXPECT_TRUE(mesh->materials.empty());
        EXPECT_TRUE(warned("material library"));
        EXPECT_EQ(mesh->colors[0], glm::vec4(0.8f, 0.8f, 0.8f, 1.f));
    }
}

TEST_F(ObjLoader, LimitsAreEnforced) {
    LoadLimits limits;
    limits.maxVertices = 2;
    EXPECT_TRUE(containsText(loadError(kTriangle, limits), ":3: more vertices than the limit of 2"));
    limits = {};
    limits.maxTriangles = 1;
    EXPECT_TRUE(containsText(loadError(std::string(kTriangle) + "f 3 2 1\n", limits), ":5: more triangles"));
    limits = {};
    limits.maxObjBytes = 10;
    EXPECT_TRUE(containsText(loadError(kTriangle, limits), "too large"));
    // A polygon with more corners than tinyobjloader can count, and too many subdivision tags.
    std::string polygon = "v 0 0 0\nv 1 0 0\nv 0 1 0\nf";
    for (int i = 0; i < 300; ++i)
        polygon.append(" ").append(std::to_string(i % 3 + 1));
    EXPECT_TRUE(containsText(loadError(polygon + "\n"), "300 corners"));
    std::string tags(kTriangle);
    for (int i = 0; i < 100; ++i)
        tags += "t crease 2/1/0 1 2 8192\n";
    EXPECT_TRUE(containsText(loadError(tags), "subdivision tag"));
    // Material-side limits only warn.
    write("many.mtl", "newmtl a\nnewmtl b\nnewmtl c\n");
    write("many.obj", "mtllib many.mtl\n" + std::string(kTriangle));
    limits = {};
    limits.maxMaterials = 2;
    ASSERT_TRUE(load("many.obj", limits));
    EXPECT_TRUE(warned("more than 2 materials"));
    limits = {};
    limits.maxMtlBytes = 4;
    ASSERT_TRUE(load("many.obj", limits));
    EXPECT_TRUE(warned("too large"));
}

TEST_F(ObjLoader, MemoryEntryWithoutFolderOpensNoFiles) {
    write("real.mtl", "newmtl real\nKd 0 0 1\n");
    std::vector<std::string> memoryWarnings;
    Result<Mesh> mesh =
        loadObjFromMemory("mtllib real.mtl\n" + std::string(kTriangle), {}, {}, &memoryWarnings, "snippet");
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_TRUE(mesh->materials.empty());
    ASSERT_FALSE(memoryWarnings.empty());
    EXPECT_TRUE(containsText(memoryWarnings.front(), "snippet"));
    Result<Mesh> bad = loadObjFromMemory("v 0 0 0\nf 1 1 9\n", {}, {}, nullptr, "snippet");
    ASSERT_FALSE(bad);
    EXPECT_TRUE(containsText(bad.error(), "snippet:2:"));
}

// ---- the real models: Spot and the Cornell box are committed (assets/models), the rest are optional ----

namespace {

#define LOAD_MODEL(mesh, warnings, file)                                                                     \
    std::vector<std::string> warnings;                                                                       \
    Result<Mesh> mesh = loadObj(file, {}, &warnings);                                                        \
    ASSERT_TRUE(mesh) << mesh.error();                                                                       \
    ASSERT_TRUE(validateMesh(*mesh))

#define LOAD_SHARED_MODEL_OR_SKIP(mesh, warnings, relative)                                                  \
    const std::filesystem::path file = test::sharedModelPath(relative);                                      \
    if (!std::filesystem::exists(file)) GTEST_SKIP() << test::kSharedModelMissing << file;                   \
    LOAD_MODEL(mesh, warnings, file)

void expectBounds(const Mesh& mesh, glm::vec3 lo, glm::vec3 hi, float tolerance) {
    for (int a = 0; a < 3; ++a) {
        EXPECT_NEAR(mesh.boundsMin[a], lo[a], tolerance) << "axis " << a;
        EXPECT_NEAR(mesh.boundsMax[a], hi[a], tolerance) << "axis " << a;
    }
}

} // namespace

TEST(RealModels, Bunny) {
    LOAD_SHARED_MODEL_OR_SKIP(mesh, warnings, "bunny/bunny.obj");
    EXPECT_EQ(mesh->triangleCount(), 6598u);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
    const glm::vec3 extent = mesh->boundsMax - mesh->boundsMin;
    EXPECT_GT(std::min({extent.x, extent.y, extent.z}), 0.f);
    EXPECT_TRUE(allFinite(extent));
}

TEST(RealModels, SpotWithTextureAndMaterial) {
    LOAD_MODEL(mesh, warnings, test::assetModelPath("spot/spot_triangulated.obj"));
    EXPECT_EQ(mesh->triangleCount(), 5856u);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
    ASSERT_EQ(mesh->materials.size(), 1u);
    EXPECT_EQ(mesh->materials[0].name, "Spot");
    EXPECT_EQ(mesh->materials[0].textureIndex, 0);
    EXPECT_EQ(mesh->materials[0].diffuse, glm::vec3(1.f)); // map_Kd only: the texture gives the colour
    ASSERT_EQ(mesh->textures.size(), 1u);
    EXPECT_EQ(mesh->textures[0].width, 1024);
    EXPECT_EQ(mesh->textures[0].height, 1024);
    EXPECT_EQ(mesh->residentTextureBytes(), 0u); // decoded on upload, not kept by the loaded mesh
    ASSERT_TRUE(decodeTexturesOnCpu(*mesh));
    EXPECT_EQ(mesh->textures[0].rgba.size(), 1024u * 1024 * 4);
    for (int m : mesh->triangleMaterial)
        ASSERT_EQ(m, 0);
    for (const glm::vec2& uv :
         mesh->texcoords) { // about the unit square (the file's UVs overhang it slightly)
        ASSERT_GE(std::min(uv.x, uv.y), -0.1f);
        ASSERT_LE(std::max(uv.x, uv.y), 1.1f);
    }
    const glm::vec3 extent = mesh->boundsMax - mesh->boundsMin;
    EXPECT_GT(std::min({extent.x, extent.y, extent.z}), 0.f);
}

TEST(RealModels, CornellBoxMaterialColors) {
    LOAD_MODEL(mesh, warnings, test::assetModelPath("cornell_box/cornell_box.obj"));
    EXPECT_EQ(mesh->triangleCount(), 36u);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
    const std::pair<const char*, glm::vec3> expected[] = {{"white", {1, 1, 1}},
                                                          {"red", {1, 0, 0}},
                                                          {"green", {0, 1, 0}},
                                                          {"blue", {0, 0, 1}},
                                                          {"light", {1, 1, 1}}};
    ASSERT_EQ(mesh->materials.size(), 5u);
    for (size_t i = 0; i < 5; ++i) {
        EXPECT_EQ(mesh->materials[i].name, expected[i].first);
        EXPECT_EQ(mesh->materials[i].diffuse, expected[i].second) << expected[i].first;
    }
    // Every triangle has a material, and its vertices carry that material's colour.
    for (size_t t = 0; t < mesh->triangleCount(); ++t) {
        const int m = mesh->triangleMaterial[t];
        ASSERT_GE(m, 0);
        for (size_t k = 0; k < 3; ++k)
            EXPECT_EQ(mesh->colors[mesh->indices[t * 3 + k]],
                      glm::vec4(mesh->materials[size_t(m)].diffuse, 1.f));
    }
    expectBounds(*mesh, {0.f, 0.f, 0.f}, {556.f, 548.8f, 559.2f}, 0.01f);
}

TEST(RealModels, TeapotObj) {
    LOAD_SHARED_MODEL_OR_SKIP(mesh, warnings, "teapot/teapot.obj");
    EXPECT_EQ(mesh->triangleCount(), 6320u);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
    expectBounds(*mesh, {-3.f, 0.f, -2.f}, {3.434f, 3.15f, 2.f}, 1e-4f);
}
