// CPU-only tests of the glTF loader: the committed two-node model (tests/data/gltf) as .gltf + .bin, as .glb
// and with data URIs gives exactly the triangles its node transforms make, with its colours and texture
// coordinates; topology, transforms and warnings; and every guard: each bad variant is one error naming the
// file and saying what is wrong (or, for textures, a warning and an untextured material).
#include "gltf_loader.h"
#include "gltf_scan.h"
#include "gltf_test_util.h"
#include "test_util.h"

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

using namespace dicer;
using namespace dicer::model;
using dicer::test::containsText;
using dicer::test::ErrorCase;
using dicer::test::replaced;

namespace {

class GltfLoader : public ::testing::Test {
protected:
    dicer::test::GltfFolder dir;
    std::vector<std::string> warnings;

    Result<Mesh> load(const std::string& name, const LoadLimits& limits = {}) {
        warnings.clear();
        return loadGltf(dir.path() / name, limits, &warnings);
    }
    // `text` written as bad.gltf (or bad.glb) beside the model's files; the one error, which names the file.
    std::string loadError(std::string_view text, const LoadLimits& limits = {},
                          const char* name = "bad.gltf") {
        dir.write(name, text);
        Result<Mesh> mesh = load(name, limits);
        EXPECT_FALSE(mesh) << "loaded although it should not";
        if (mesh) return {};
        EXPECT_TRUE(containsText(mesh.error(), name));
        return mesh.error();
    }
    bool warned(std::string_view needle) const {
        for (const std::string& w : warnings)
            if (w.find(needle) != std::string::npos) return true;
        return false;
    }
    // The JSON with its buffer in a data URI: variants of the buffer's bytes without a file.
    std::string withBufferBytes(const std::string& bytes) const {
        return replaced(
            replaced(dir.json(), "\"uri\": \"two_nodes.bin\"",
                     "\"uri\": \"data:application/octet-stream;base64," + dicer::test::base64(bytes) + "\""),
            "\"byteLength\": 176}", "\"byteLength\": " + std::to_string(bytes.size()) + "}");
    }
};

struct Corner {
    glm::vec3 position;
    glm::vec2 texcoord;
    glm::vec4 colour;
};

std::vector<Corner> corners(const Mesh& mesh) {
    std::vector<Corner> out;
    for (std::uint32_t i : mesh.indices)
        out.push_back({mesh.positions[i], mesh.texcoords[i], mesh.colors[i]});
    return out;
}

// The model's five triangles as its node transforms place them (make_two_nodes.py, README.md there): node 0
// scales the quad by 0.5 and moves it by (-0.5, -0.5, 0); node 1 (its child) turns the triangle 90 degrees
// about z and moves it by (1, 0, 0.5) before node 0's transform; node 2 turns the quad 180 degrees about z and
// moves it by (0, 0, -0.5). Every number is exact in float.
void expectTwoNodeModel(const Mesh& mesh) {
    const glm::vec4 quadColor(1.f, 0.5f, 0.25f, 1.f); // baseColorFactor, no vertex colours
    const std::vector<Corner> expected = {
        // node 0: the quad (v flipped: glTF's (0, 1) is Mesh's (0, 0))
        {{-0.5f, -0.5f, 0.f}, {0.f, 0.f}, quadColor},
        {{0.f, -0.5f, 0.f}, {1.f, 0.f}, quadColor},
        {{0.f, 0.f, 0.f}, {1.f, 1.f}, quadColor},
        {{-0.5f, -0.5f, 0.f}, {0.f, 0.f}, quadColor},
        {{0.f, 0.f, 0.f}, {1.f, 1.f}, quadColor},
        {{-0.5f, 0.f, 0.f}, {0.f, 1.f}, quadColor},
        // node 1: the triangle, COLOR_0 (normalized bytes 255/0) x baseColorFactor (0.5, 1, 1)
        {{0.f, -0.5f, 0.25f}, {0.f, 0.f}, {0.5f, 0.f, 0.f, 1.f}},
        {{0.f, 0.f, 0.25f}, {0.f, 0.f}, {0.f, 1.f, 0.f, 1.f}},
        {{-0.5f, -0.5f, 0.25f}, {0.f, 0.f}, {0.f, 0.f, 1.f, 1.f}},
        // node 2: the quad again
        {{0.f, 0.f, -0.5f}, {0.f, 0.f}, quadColor},
        {{-1.f, 0.f, -0.5f}, {1.f, 0.f}, quadColor},
        {{-1.f, -1.f, -0.5f}, {1.f, 1.f}, quadColor},
        {{0.f, 0.f, -0.5f}, {0.f, 0.f}, quadColor},
        {{-1.f, -1.f, -0.5f}, {1.f, 1.f}, quadColor},
        {{0.f, -1.f, -0.5f}, {0.f, 1.f}, quadColor},
    };
    const std::vector<Corner> got = corners(mesh);
    ASSERT_EQ(got.size(), expected.size());
    for (size_t k = 0; k < got.size(); ++k) {
        SCOPED_TRACE("corner " + std::to_string(k));
        EXPECT_EQ(got[k].position, expected[k].position); // exact: tolerance 0
        EXPECT_EQ(got[k].texcoord, expected[k].texcoord);
        EXPECT_EQ(got[k].colour, expected[k].colour);
    }
    for (const glm::vec3& n : mesh.normals) // flat (quad) and transformed NORMAL (triangle): all +z
        EXPECT_EQ(n, glm::vec3(0.f, 0.f, 1.f));
    EXPECT_EQ(mesh.triangleMaterial, (std::vector<int>{0, 0, 1, 0, 0}));
    ASSERT_EQ(mesh.materials.size(), 2u);
    EXPECT_EQ(mesh.materials[0].name, "textured");
    EXPECT_EQ(mesh.materials[0].diffuse, glm::vec3(1.f, 0.5f, 0.25f));
    EXPECT_EQ(mesh.materials[0].textureIndex, 0);
    EXPECT_EQ(mesh.materials[1].diffuse, glm::vec3(0.5f, 1.f, 1.f));
    EXPECT_EQ(mesh.materials[1].textureIndex, -1);
    ASSERT_EQ(mesh.textures.size(), 1u);
    EXPECT_EQ(mesh.textures[0].width, 2);
    EXPECT_EQ(mesh.textures[0].height, 2);
    EXPECT_FALSE(mesh.textures[0].resident()); // checked, not decoded: decoded on upload
    EXPECT_EQ(mesh.boundsMin, glm::vec3(-1.f, -1.f, -0.5f));
    EXPECT_EQ(mesh.boundsMax, glm::vec3(0.f, 0.f, 0.25f));
    EXPECT_TRUE(validateMesh(mesh));
}

// checker.png, decoded: row 0 is the bottom (blue, white), row 1 the top (red, green).
void expectCheckerPixels(Mesh& mesh) {
    ASSERT_TRUE(decodeTexturesOnCpu(mesh));
    const std::vector<std::uint8_t> expected = {0,   0, 255, 255, 255, 255, 255, 255,
                                                255, 0, 0,   255, 0,   255, 0,   255};
    EXPECT_EQ(mesh.textures[0].rgba, expected);
}

} // namespace

TEST_F(GltfLoader, TwoNodeModelGivesExactPositionsColorsAndTexcoords) {
    Result<Mesh> mesh = load("two_nodes.gltf");
    ASSERT_TRUE(mesh) << mesh.error();
    expectTwoNodeModel(*mesh);
    EXPECT_EQ(mesh->textures[0].file.filename(), "checker.png");
    expectCheckerPixels(*mesh);
    EXPECT_TRUE(warnings.empty()) << warnings.front();
}

TEST_F(GltfLoader, GlbAndDataUrisGiveTheSameModel) {
    for (const char* name : {"two_nodes.glb", "two_nodes_embedded.gltf"}) {
        SCOPED_TRACE(name);
        Result<Mesh> mesh = load(name);
        ASSERT_TRUE(mesh) << mesh.error();
        expectTwoNodeModel(*mesh);
        EXPECT_TRUE(mesh->textures[0].file.empty()); // the image's bytes are the file's own
        EXPECT_TRUE(mesh->textures[0].encoded);
        expectCheckerPixels(*mesh);
        EXPECT_TRUE(warnings.empty()) << warnings.front();
    }
    // From memory without a folder: the embedded model loads, the one with files cannot read its buffer.
    Result<Mesh> memory = loadGltfFromMemory(dicer::test::readBytes(dir.path() / "two_nodes_embedded.gltf"),
                                             {}, {}, nullptr, "m");
    ASSERT_TRUE(memory) << memory.error();
    expectTwoNodeModel(*memory);
    Result<Mesh> noFolder = loadGltfFromMemory(dir.json(), {}, {}, nullptr, "m");
    ASSERT_FALSE(noFolder);
    EXPECT_TRUE(containsText(noFolder.error(), "m: buffer file 'two_nodes.bin' not read: no model folder"));
}

TEST_F(GltfLoader, ExtensionsMatchTheFileNamesTheCatalogHandsOver) {
    EXPECT_TRUE(isGltfFileName("a/b.gltf"));
    EXPECT_TRUE(isGltfFileName("B.GLB"));
    EXPECT_FALSE(isGltfFileName("model.obj"));
    EXPECT_FALSE(isGltfFileName("gltf"));
    // A .gltf that is a GLB inside is read as one (the bytes decide, not the name).
    dir.write("really_binary.gltf", dir.glb());
    Result<Mesh> mesh = load("really_binary.gltf");
    ASSERT_TRUE(mesh) << mesh.error();
    expectTwoNodeModel(*mesh);
}

TEST_F(GltfLoader, StripsAndFansBecomeTriangleLists) {
    // The quad's four vertices (0,0) (1,0) (1,1) (0,1) without indices: a strip's triangle i is
    // p_i, p_{i+1+i%2}, p_{i+2-i%2}; a fan's p_{i+1}, p_{i+2}, p_0 (glTF 2.0, 3.7.2.1).
    const std::string noIndices = replaced(dir.json(), "\"indices\": 2, ", "");
    const struct {
        int mode;
        std::vector<glm::vec3> corners; // node 0's (scaled by 0.5, moved by (-0.5, -0.5, 0))
    } cases[] = {
        {5,
         {{-0.5f, -0.5f, 0.f},
          {0.f, -0.5f, 0.f},
          {0.f, 0.f, 0.f},
          {0.f, -0.5f, 0.f},
          {-0.5f, 0.f, 0.f},
          {0.f, 0.f, 0.f}}},
        {6,
         {{0.f, -0.5f, 0.f},
          {0.f, 0.f, 0.f},
          {-0.5f, -0.5f, 0.f},
          {0.f, 0.f, 0.f},
          {-0.5f, 0.f, 0.f},
          {-0.5f, -0.5f, 0.f}}},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE("mode " + std::to_string(c.mode));
        dir.write("strip.gltf", replaced(noIndices, "\"material\": 0}",
                                         "\"material\": 0, \"mode\": " + std::to_string(c.mode) + "}"));
        Result<Mesh> mesh = load("strip.gltf");
        ASSERT_TRUE(mesh) << mesh.error();
        ASSERT_EQ(mesh->triangleCount(), 5u); // 2 + 1 + 2
        for (size_t k = 0; k < c.corners.size(); ++k)
            EXPECT_EQ(mesh->positions[mesh->indices[k]], c.corners[k]) << "corner " << k;
    }
}

TEST_F(GltfLoader, PointsAndLinesAreSkippedWithAWarning) {
    dir.write("lines.gltf", replaced(dir.json(), "\"material\": 1}", "\"material\": 1, \"mode\": 1}"));
    Result<Mesh> mesh = load("lines.gltf");
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_EQ(mesh->triangleCount(), 4u); // the two quads
    EXPECT_TRUE(warned("lines.gltf: 1 primitive of points or lines skipped (only triangles are voxelized)"));
    // Nothing but lines: no triangles is an error.
    const std::string onlyLines =
        replaced(replaced(dir.json(), "\"material\": 1}", "\"material\": 1, \"mode\": 1}"),
                 "\"material\": 0}", "\"material\": 0, \"mode\": 0}");
    EXPECT_TRUE(containsText(loadError(onlyLines), "contains no triangles"));
}

TEST_F(GltfLoader, AMirroringNodeKeepsTrianglesCounterClockwise) {
    // Node 2 mirrored in x (scale -1): positions mirror, and the winding is reversed back (glTF 2.0, 3.5.3).
    dir.write("mirror.gltf", replaced(dir.json(), "\"rotation\": [0, 0, 1, 0], \"translation\": [0, 0, -0.5]",
                                      "\"scale\": [-1, 1, 1]"));
    Result<Mesh> mesh = load("mirror.gltf");
    ASSERT_TRUE(mesh) << mesh.error();
    // Node 2's first triangle: quad corners 0, 1, 2 = (0,0) (1,0) (1,1), mirrored to (0,0) (-1,0) (-1,1), given
    // as 0, 2, 1.
    const std::vector<glm::vec3> expected = {{0.f, 0.f, 0.f}, {-1.f, 1.f, 0.f}, {-1.f, 0.f, 0.f}};
    for (size_t k = 0; k < 3; ++k)
        EXPECT_EQ(mesh->positions[mesh->indices[9 + k]], expected[k]);
    EXPECT_EQ(mesh->normals[mesh->indices[9]], glm::vec3(0.f, 0.f, 1.f)); // the face still looks to +z
}

TEST_F(GltfLoader, WithoutScenesTheRootNodesArePlaced) {
    dir.write("noscene.gltf", replaced(replaced(dir.json(), " \"scene\": 0,\n", ""),
                                       " \"scenes\": [\n  {\"nodes\": [0, 2]}\n ],\n", ""));
    Result<Mesh> mesh = load("noscene.gltf");
    ASSERT_TRUE(mesh) << mesh.error();
    expectTwoNodeModel(*mesh);
}

TEST_F(GltfLoader, UnusableTexturesAreWarningsAndTheMaterialIsUntextured) {
    const std::string png = dicer::test::readBytes(dir.path() / "checker.png");
    const ErrorCase cases[] = {
        {"\"uri\": \"missing.png\"",
         "base-colour texture 0 of material 'textured' not loaded: file 'missing.png' not found"},
        {"\"uri\": \"/etc/passwd\"", "'/etc/passwd' is absolute"},
        {"\"uri\": \"../checker.png\"", "contains '..'"},
        {"\"uri\": \"two_nodes.bin\"", "neither PNG nor JPEG"},
        {"\"uri\": \"data:image/png;base64,aGVsbG8gd29ybGQ=\"", "image 0 (data URI)"},
        {"\"uri\": \"data:image/webp;base64,AAAA\"", "a data URI of a type other than PNG or JPEG"},
        {"\"uri\": \"check%2\"", "'check%2' has a '%' not followed by two hex digits"},
        {"\"bufferView\": 0, \"mimeType\": \"image/png\"", "neither PNG nor JPEG"},
    };
    for (const ErrorCase& c : cases) {
        SCOPED_TRACE(c.input);
        dir.write("tex.gltf", replaced(dir.json(), "\"uri\": \"checker.png\"", c.input));
        Result<Mesh> mesh = load("tex.gltf");
        ASSERT_TRUE(mesh) << mesh.error();
        EXPECT_TRUE(warned(c.expected)) << (warnings.empty() ? "no warning" : warnings.front());
        EXPECT_TRUE(warned("; the material is untextured"));
        EXPECT_EQ(mesh->materials[0].textureIndex, -1);
        EXPECT_TRUE(mesh->textures.empty());
    }
    // An image in a buffer view that reaches past its buffer: checked before a byte is taken (tinygltf 2.7.0
    // hands the loader a pointer it computed without that check; the loader never reads through it).
    dir.write("tex.gltf", replaced(replaced(dir.json(), "\"uri\": \"checker.png\"",
                                            "\"bufferView\": 5, \"mimeType\": \"image/png\""),
                                   "\"byteOffset\": 164, \"byteLength\": 12}",
                                   "\"byteOffset\": 164, \"byteLength\": 12},\n  {\"buffer\": 0, "
                                   "\"byteOffset\": 170, \"byteLength\": 12}"));
    Result<Mesh> past = load("tex.gltf");
    ASSERT_TRUE(past) << past.error();
    EXPECT_TRUE(warned("base-colour texture 0 of material 'textured' not loaded: image: buffer view 5 (bytes "
                       "170 + 12) reaches past the end of buffer 0 (176 bytes); the material is untextured"));
    EXPECT_TRUE(past->textures.empty());
    // A percent-encoded name is decoded; texture coordinate set 1 is not read; the budget counts the header.
    dir.write("check er.png", png);
    dir.write("tex.gltf", replaced(dir.json(), "\"uri\": \"checker.png\"", "\"uri\": \"check%20er.png\""));
    Result<Mesh> spaced = load("tex.gltf");
    ASSERT_TRUE(spaced) << spaced.error();
    EXPECT_EQ(spaced->materials[0].textureIndex, 0);
    dir.write("tex.gltf", replaced(dir.json(), "\"baseColorTexture\": {\"index\": 0}",
                                   "\"baseColorTexture\": {\"index\": 0, \"texCoord\": 1}"));
    ASSERT_TRUE(load("tex.gltf"));
    EXPECT_TRUE(warned("it uses texture coordinate set 1, and only set 0 (TEXCOORD_0) is read"));
    LoadLimits small;
    small.maxTextureBytes = 15; // checker.png decodes to 16 bytes
    ASSERT_TRUE(load("two_nodes.gltf", small));
    EXPECT_TRUE(warned("its 2x2 image decodes to 16 bytes, over the 15 left of the 15 bytes"));
    // A textured material on a primitive without TEXCOORD_0: an untextured copy, no lookup at (0, 0).
    dir.write("tex.gltf", replaced(dir.json(), "\"TEXCOORD_0\": 1", "\"_UNUSED\": 1"));
    Result<Mesh> bare = load("tex.gltf");
    ASSERT_TRUE(bare) << bare.error();
    ASSERT_EQ(bare->materials.size(), 3u);
    EXPECT_EQ(bare->materials[2].name, "textured (untextured)");
    EXPECT_EQ(bare->materials[2].textureIndex, -1);
    EXPECT_EQ(bare->triangleMaterial, (std::vector<int>{2, 2, 1, 2, 2}));
}

TEST_F(GltfLoader, ExtensionsAreIgnoredWithANoteUnlessRequired) {
    dir.write("ext.gltf", replaced(dir.json(), " \"scene\": 0,",
                                   " \"scene\": 0,\n \"extensionsUsed\": "
                                   "[\"KHR_materials_emissive_strength\", \"KHR_texture_transform\"],"));
    ASSERT_TRUE(load("ext.gltf"));
    EXPECT_TRUE(warned("ext.gltf: extensions ignored (the model is read without them): "
                       "KHR_materials_emissive_strength, KHR_texture_transform"));
    EXPECT_TRUE(containsText(
        loadError(replaced(dir.json(), " \"scene\": 0,",
                           " \"scene\": 0,\n \"extensionsUsed\": [\"KHR_draco_mesh_compression\"], "
                           "\"extensionsRequired\": [\"KHR_draco_mesh_compression\"],")),
        "bad.gltf: it requires the extensions KHR_draco_mesh_compression, which this loader does not "
        "support"));
}

TEST_F(GltfLoader, BadStructureIsOneErrorNamingWhatIsWrong) {
    const ErrorCase cases[] = {
        // accessors, buffer views, buffers
        {"\"POSITION\": 0, \"TEXCOORD_0\": 1}|\"POSITION\": 9, \"TEXCOORD_0\": 1}",
         "mesh 0 ('quad') primitive 0 POSITION: accessor 9 does not exist (the file has 6)"},
        {"{\"bufferView\": 0, \"componentType\": 5126|{\"bufferView\": 7, \"componentType\": 5126",
         "POSITION (accessor 0): buffer view 7 does not exist (the file has 5)"},
        {"{\"buffer\": 0, \"byteOffset\": 0, \"byteLength\": 48}|{\"buffer\": 3, \"byteOffset\": 0, "
         "\"byteLength\": 48}",
         "buffer view 0 refers to buffer 3, which does not exist"},
        {"\"byteOffset\": 0, \"byteLength\": 48}|\"byteOffset\": 0, \"byteLength\": 480}",
         "buffer view 0 (bytes 0 + 480) reaches past the end of buffer 0 (176 bytes)"},
        {"\"byteOffset\": 164, \"byteLength\": 12}|\"byteOffset\": 170, \"byteLength\": 12}",
         "buffer view 4 (bytes 170 + 12) reaches past the end of buffer 0"},
        {"\"count\": 4, \"type\": \"VEC3\"|\"count\": 5, \"type\": \"VEC3\"",
         "POSITION (accessor 0): 5 elements of 12 bytes, 12 apart, from byte 0 do not fit in buffer view 0 "
         "(48 bytes)"},
        {"{\"bufferView\": 3, \"byteOffset\": 12,|{\"bufferView\": 3, \"byteOffset\": 16,",
         "NORMAL (accessor 4): 3 elements of 12 bytes, 24 apart, from byte 16 do not fit"},
        {"\"byteOffset\": 12, \"componentType\": 5126, \"count\": 3|\"byteOffset\": 2147483647, "
         "\"componentType\": 5126, \"count\": 3",
         "from byte 2147483647 do not fit"},
        {"\"byteStride\": 24|\"byteStride\": 8", "byte stride 8 for elements of 12 bytes"},
        {"\"byteStride\": 24|\"byteStride\": 6", "byteStride"}, // tinygltf's own check: a multiple of 4
        {"\"componentType\": 5126, \"count\": 4, \"type\": \"VEC3\"|\"componentType\": 5123, \"count\": 4, "
         "\"type\": \"VEC3\"",
         "POSITION (accessor 0) has component type UNSIGNED_SHORT, which glTF 2.0 does not allow there"},
        {"\"componentType\": 5126, \"count\": 4, \"type\": \"VEC3\"|\"componentType\": 5130, \"count\": 4, "
         "\"type\": \"VEC3\"",
         "has component type DOUBLE"},
        {"\"count\": 4, \"type\": \"VEC3\"|\"count\": 4, \"type\": \"VEC2\"",
         "POSITION (accessor 0) has 2 components per element (or is a matrix); 3 expected"},
        {"\"count\": 4, \"type\": \"VEC3\"|\"count\": 4, \"type\": \"MAT4\"",
         "has 0 components per element (or is a matrix)"},
        {"\"count\": 4, \"type\": \"VEC3\"|\"count\": 0, \"type\": \"VEC3\"",
         "POSITION (accessor 0) has no elements (count 0)"},
        {"\"count\": 4, \"type\": \"VEC3\"|\"count\": 4, \"type\": \"VEC3\", \"sparse\": {\"count\": 1, "
         "\"indices\": {\"bufferView\": 2, \"componentType\": 5123}, \"values\": {\"bufferView\": 0}}",
         "POSITION (accessor 0) is sparse; sparse accessors are not supported"},
        {"\"componentType\": 5123, \"count\": 6|\"componentType\": 5126, \"count\": 6",
         "indices (accessor 2) has component type FLOAT"},
        // indices and attribute counts
        {"{\"bufferView\": 2, \"componentType\": 5123, \"count\": 6|{\"bufferView\": 4, \"componentType\": "
         "5123, \"count\": 6",
         "index 255 (element 0 of accessor 2) is out of range: POSITION has 4 elements"},
        {"\"componentType\": 5123, \"count\": 6|\"componentType\": 5123, \"count\": 5",
         "mesh 0 ('quad') primitive 0: 5 vertices (TRIANGLES) is not a multiple of 3"},
        {"\"count\": 4, \"type\": \"VEC2\"|\"count\": 3, \"type\": \"VEC2\"",
         "TEXCOORD_0 (accessor 1) has 3 elements, POSITION has 4"},
        {"\"POSITION\": 0, \"TEXCOORD_0\": 1|\"TEXCOORD_0\": 1",
         "mesh 0 ('quad') primitive 0 has no POSITION attribute"},
        {"\"indices\": 2|\"indices\": 20",
         "primitive indices accessor out of bounds"}, // tinygltf's own check,
        {"\"material\": 0}|\"material\": 5}",
         "mesh 0 ('quad') primitive 0 refers to material 5, which does not exist (the file has 2)"},
        {"\"material\": 0}|\"material\": 0, \"mode\": 9}",
         "mesh 0 ('quad') primitive 0 has mode 9, which is no glTF primitive mode (0-6)"},
        // nodes and scenes
        {"\"mesh\": 1, \"matrix\"|\"mesh\": 9, \"matrix\"",
         "a node refers to mesh 9, which does not exist (the file has 2)"},
        {"\"children\": [1]|\"children\": [7]",
         "node 0 has child 7, which does not exist (the file has 3 nodes)"},
        {"\"mesh\": 1, \"matrix\"|\"children\": [0], \"mesh\": 1, \"matrix\"",
         "node 0 is reached twice from the scene (a cycle, or a node with two parents"},
        {"{\"nodes\": [0, 2]}|{\"nodes\": [0, 2, 1]}", "node 1 is reached twice"},
        {"{\"nodes\": [0, 2]}|{\"nodes\": [0, 5]}", "the scene lists node 5, which does not exist"},
        {"\"scene\": 0|\"scene\": 3", "the default scene 3 does not exist (the file has 1)"},
        {"0, 0, 1, 0, 1, 0, 0.5, 1]|0, 0, 1, 0, 1, 0, 0.5]",
         "node 1: its matrix must be 16 finite numbers (it has 15)"},
        {"\"translation\": [0, 0, -0.5]|\"translation\": [0, 1e999, -0.5]",
         "number overflow parsing '1e999'"}, // nlohmann's: JSON holds no inf or NaN
        {"\"translation\": [0, 0, -0.5]|\"translation\": [0, -0.5]",
         "node 2: translation (3), rotation (4) and scale (3)"},
        {"\"rotation\": [0, 0, 1, 0]|\"rotation\": [0, 0, 0, 0]",
         "node 2: its rotation quaternion has length 0"},
        {"\"scale\": [0.5, 0.5, 0.5]|\"scale\": [1e39, 1e39, 1e39]",
         "node 0 (mesh 0): the vertex at (1.000000, 0.000000, 0.000000) is not finite after the node "
         "transforms"},
        // the JSON itself
        {"\"asset\": {\"version\": \"2.0\"|\"asset\": {\"version\": \"2.0\", \"extras\": "
         "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
         "]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]",
         "the JSON nests deeper than 64 levels (at byte"},
        {"\"count\": 4, \"type\": \"VEC3\"|\"count\": 4294967300, \"type\": \"VEC3\"",
         "the integer 4294967300 at byte"},
        {"\"mesh\": 1, \"matrix\"|\"mesh\": -4294967295, \"matrix\"", "the integer -4294967295 at byte"},
        {"{\n \"asset\"|{\n \"asset\": 3, \"broken\"",
         ""}, // tinygltf's own JSON error: one message naming the file
        // buffers: files beside the model only, exactly their byteLength
        {"\"images\": [\n  {\"uri\": \"checker.png\"}|\"images\": [\n  {\"bufferView\": 9, \"mimeType\": "
         "\"image/png\"}",
         "image[0] bufferView \"9\" not found"}, // tinygltf's
        {"\"uri\": \"two_nodes.bin\"|\"uri\": \"/etc/passwd\"",
         "buffer file not read: file name '/etc/passwd' is absolute; only names inside the model's folder "
         "are read"},
        {"\"uri\": \"two_nodes.bin\"|\"uri\": \"/dev/zero\"", "'/dev/zero' is absolute"},
        {"\"uri\": \"two_nodes.bin\"|\"uri\": \"../two_nodes.bin\"", "contains '..'"},
        {"\"uri\": \"two_nodes.bin\"|\"uri\": \"%2E%2E/two_nodes.bin\"", "contains '..'"},
        {"\"uri\": \"two_nodes.bin\"|\"uri\": \"missing.bin\"",
         "buffer file not read: file 'missing.bin' not found"},
        {"\"byteLength\": 176}|\"byteLength\": 180}", "File size mismatch"},
        {"\"uri\": \"two_nodes.bin\"|\"uri\": \"data:application/octet-stream;base64,AAAA\"",
         "Failed to decode 'uri'"},
    };
    for (const ErrorCase& c : cases) {
        const std::string edit = c.input;
        const size_t bar = edit.find('|');
        SCOPED_TRACE(edit);
        const std::string error = loadError(replaced(dir.json(), edit.substr(0, bar), edit.substr(bar + 1)));
        EXPECT_TRUE(containsText(error, c.expected));
        EXPECT_EQ(error.find('\n'), std::string::npos) << "one line";
    }
}

TEST_F(GltfLoader, NonFinitePositionsAreErrors) {
    std::string bin = dir.bin();
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    std::memcpy(&bin[12], &nan, 4); // quad POSITION element 1, x
    EXPECT_TRUE(containsText(loadError(withBufferBytes(bin)),
                             "mesh 0 ('quad') primitive 0 POSITION (accessor 0) element 1 is not finite"));
    bin = dir.bin();
    std::memcpy(&bin[92 + 24 + 4], &inf, 4); // triangle POSITION element 1, y (interleaved, stride 24)
    EXPECT_TRUE(
        containsText(loadError(withBufferBytes(bin)), "POSITION (accessor 3) element 1 is not finite"));
    bin = dir.bin();
    std::memcpy(&bin[48], &nan, 4); // quad TEXCOORD_0 element 0
    EXPECT_TRUE(containsText(loadError(withBufferBytes(bin)),
                             "vertex 0 has a non-finite NORMAL, TEXCOORD_0 or COLOR_0"));
    EXPECT_TRUE(load("two_nodes.gltf")); // the model itself is fine
}

TEST_F(GltfLoader, BuffersOnlyFromRegularFilesInsideTheFolderWithinTheirBudget) {
    ASSERT_EQ(::symlink("/etc/hostname", (dir.path() / "link.bin").c_str()), 0);
    EXPECT_TRUE(containsText(loadError(replaced(dir.json(), "two_nodes.bin", "link.bin")),
                             "outside the model's folder"));
    ASSERT_EQ(::mkfifo((dir.path() / "fifo.bin").c_str(), 0600), 0);
    EXPECT_TRUE(containsText(loadError(replaced(dir.json(), "two_nodes.bin", "fifo.bin")),
                             "is not a regular file")); // never blocks
    std::filesystem::create_directory(dir.path() / "folder.bin");
    EXPECT_TRUE(containsText(loadError(replaced(dir.json(), "two_nodes.bin", "folder.bin")),
                             "is not a regular file"));
    LoadLimits limits;
    limits.maxGltfBufferBytes = 100;
    EXPECT_TRUE(containsText(loadError(dir.json(), limits),
                             "buffer file '" + (dir.path() / "two_nodes.bin").string() +
                                 "' is too large (176 bytes, the limit is 100)"));
    EXPECT_TRUE(
        containsText(loadError(dicer::test::readBytes(dir.path() / "two_nodes_embedded.gltf"), limits),
                     "its buffers hold 176 bytes, over the limit of 100"));
}

TEST_F(GltfLoader, FileAndJsonSizesAreCapped) {
    LoadLimits limits;
    limits.maxGltfBytes = 1000;
    Result<Mesh> big = load("two_nodes.gltf", limits); // 2.6 KB
    ASSERT_FALSE(big);
    EXPECT_TRUE(containsText(big.error(), "two_nodes.gltf"));
    EXPECT_TRUE(containsText(big.error(), "limit"));
    limits = {};
    limits.maxGltfJsonBytes = 1000;
    EXPECT_TRUE(containsText(loadError(dir.json(), limits), "its JSON has"));
    EXPECT_TRUE(containsText(loadError(dir.glb(), limits, "bad.glb"), "the JSON chunk has"));
    limits = {};
    limits.maxTriangles = 4;
    EXPECT_TRUE(containsText(
        loadError(dir.json(), limits),
        "node 2 (mesh 0): 5 triangles after the nodes place the meshes, more than the limit of 4"));
    EXPECT_TRUE(containsText(loadError(""), "the glTF file is empty"));
    Result<Mesh> missing = load("missing.gltf");
    ASSERT_FALSE(missing);
    EXPECT_TRUE(containsText(missing.error(), "cannot open glTF file"));
    Result<Mesh> device = loadGltf("/dev/zero");
    ASSERT_FALSE(device);
    EXPECT_TRUE(containsText(device.error(), "'/dev/zero' is not a regular file"));
}

TEST_F(GltfLoader, BadGlbContainersAreErrorsBeforeTinygltfReadsThem) {
    const std::string glb = dir.glb();
    const std::uint32_t jsonLength = std::uint8_t(glb[12]) | std::uint32_t(std::uint8_t(glb[13])) << 8;
    const size_t bin = 20 + jsonLength; // the BIN chunk's header
    using dicer::test::patchedLe32;
    const struct {
        std::string bytes;
        const char* expected;
    } cases[] = {
        {glb.substr(0, 16), "shorter than its header and first chunk header"},
        {patchedLe32(glb, 4, 1), "binary glTF version 1; only version 2 is read"},
        {patchedLe32(glb, 8, std::uint32_t(glb.size() + 4)), "binary glTF header says"},
        {glb + "pad!", "the file has"},
        {patchedLe32(glb, 16, 0x004E4942u), "the first chunk of a binary glTF is not JSON"},
        {patchedLe32(glb, 12, 0), "the JSON chunk is empty"},
        {patchedLe32(glb, 12, std::uint32_t(glb.size())), "the JSON chunk's"},
        {patchedLe32(glb, bin + 4, 0x4E4F534Au), "the chunk after JSON is not BIN"},
        {patchedLe32(glb, bin, 6), "the BIN chunk's length 6 is not a positive multiple of 4"},
        // tinygltf 2.7.0 would read the 8 bytes after this BIN chunk's end, past the end of the file
        {patchedLe32(glb, bin, std::uint32_t(glb.size() - bin)), "the BIN chunk's"},
        {patchedLe32(glb.substr(0, bin + 4), 8, std::uint32_t(bin + 4)), "the chunk after JSON is cut off"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.expected);
        EXPECT_TRUE(containsText(loadError(c.bytes, {}, "bad.glb"), c.expected));
    }
}

TEST(GltfScan, JsonChecksSkipStringsAndCountOnlyIntegers) {
    EXPECT_TRUE(scanGltfJson(
        R"({"a": "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "b": 99999999999.5})",
        "s"));
    EXPECT_TRUE(scanGltfJson(R"({"a": "\"9999999999\"", "b": [-2147483648, 2147483647, 1e300, 0.5]})", "s"));
    EXPECT_FALSE(scanGltfJson(R"({"b": [2147483648]})", "s"));
    EXPECT_FALSE(scanGltfJson(R"({"b": [-2147483649]})", "s"));
    EXPECT_TRUE(
        scanGltfJson(R"({"b": [00000000000000000000001]})", "s")); // leading zeros (invalid JSON anyway)
    Result<std::string> decoded = percentDecode("a%20b%2Fc");
    ASSERT_TRUE(decoded);
    EXPECT_EQ(*decoded, "a b/c");
    EXPECT_FALSE(percentDecode("a%00b"));
    EXPECT_FALSE(percentDecode("a%g0"));
    EXPECT_FALSE(percentDecode("a%2"));
}
