// The voxelizer on glTF models (gltf_loader_test has the CPU side): the committed two-node
// model as .gltf + .bin, as .glb and with data URIs gives, voxel for voxel and byte for byte, the atlas of the
// same triangles written as OBJ by hand (tests/data/gltf/two_nodes.obj: the node transforms applied, the
// texture coordinates flipped to v up, COLOR_0 as OBJ vertex colours, the base-colour factors as Kd). Both are
// loaded and fitted by model::loadModelFile, the demo's and dicer-bench's path. Exact: tolerance 0.
#include "gltf_test_util.h"
#include "voxelizer_gl_util.h"

#include "test_util.h"

#include <string>

using namespace dicer;
using namespace dicer::voxel;
using namespace dicer::occupancy;
using namespace dicer::test;
using dicer::test::ErrorCase;

namespace {

AtlasBytes voxelizeFile(const std::filesystem::path& file, VoxelMode mode) {
    Result<model::PlacedModel> placed = model::loadModelFile(file);
    EXPECT_TRUE(placed) << placed.error();
    Voxelizer* v = sharedVoxelizer();
    if (!placed || v == nullptr) return {};
    EXPECT_TRUE(placed->warnings.empty()) << placed->warnings.front();
    VoxelizeParams params;
    params.model = placed->placement;
    params.mode = mode;
    voxelizeInto(*v, layoutOf({64, 48, 40}), placed->mesh, params);
    return readAtlas(*v);
}

} // namespace

TEST(VoxelizerGltf, GltfGlbAndDataUrisGiveTheVoxelsOfTheEquivalentObj) {
    ASSERT_NE(sharedVoxelizer(), nullptr);
    const std::filesystem::path data = gltfDataDir();
    for (VoxelMode mode : {VoxelMode::Shell, VoxelMode::Solid}) {
        SCOPED_TRACE(mode == VoxelMode::Shell ? "shell" : "solid");
        const AtlasBytes obj = voxelizeFile(data / "two_nodes.obj", mode);
        ASSERT_FALSE(obj.rgba.empty());
        EXPECT_GT(obj.occupiedCount(), 1000);
        for (const char* name : {"two_nodes.gltf", "two_nodes.glb", "two_nodes_embedded.gltf"}) {
            SCOPED_TRACE(name);
            const AtlasBytes gltf = voxelizeFile(data / name, mode);
            ASSERT_FALSE(gltf.rgba.empty());
            EXPECT_EQ(gltf.occupiedCount(), obj.occupiedCount());
            EXPECT_EQ(differingTexels(gltf, obj), 0);
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(VoxelizerGltf, TheFactorTheTextureAndTheVertexColorsEachColorTheVoxels) {
    ASSERT_NE(sharedVoxelizer(), nullptr);
    const AtlasBytes atlas = voxelizeFile(gltfDataDir() / "two_nodes.gltf", VoxelMode::Shell);
    ASSERT_FALSE(atlas.rgba.empty());
    // The equivalence above can fail: without each colour source the same voxels get other colours.
    GltfFolder dir;
    const ErrorCase variants[] = {
        {"[1, 0.5, 0.25, 1]|[1, 1, 1, 1]", "the textured material's factor"},
        {"\"baseColorTexture\": {\"index\": 0}|\"_noTexture\": {\"index\": 0}", "the texture"},
        {"\"COLOR_0\": 5|\"_COLOR\": 5", "the triangle's vertex colours"},
    };
    for (const ErrorCase& v : variants) {
        SCOPED_TRACE(v.expected);
        const std::string edit = v.input;
        dir.write("other.gltf",
                  replaced(dir.json(), edit.substr(0, edit.find('|')), edit.substr(edit.find('|') + 1)));
        const AtlasBytes other = voxelizeFile(dir.path() / "other.gltf", VoxelMode::Shell);
        EXPECT_EQ(other.occupiedCount(), atlas.occupiedCount());
        EXPECT_GT(differingTexels(other, atlas), 0);
    }
    DICER_EXPECT_NO_GL_ERROR();
}
