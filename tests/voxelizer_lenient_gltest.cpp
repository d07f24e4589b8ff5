// The voxelizer on models the OBJ loader loaded leniently (obj_lenient_test has the CPU
// side): dropped normals change no voxel, and triangles whose texture coordinates were dropped are voxelized
// in their material's colour, with no texture lookup. Exact: tolerance 0 between the atlases.
#include "obj_loader.h"
#include "test_files.h"
#include "voxelizer_gl_util.h"

#include <string>

using namespace dicer;
using namespace dicer::voxel;
using namespace dicer::occupancy;
using namespace dicer::test;

namespace {

AtlasBytes voxelizeText(const TempDir& dir, const std::string& name, const std::string& text) {
    dir.write(name, text);
    std::vector<std::string> warnings;
    Result<model::Mesh> mesh = model::loadObj(dir.path() / name, {}, &warnings);
    EXPECT_TRUE(mesh) << mesh.error();
    Voxelizer* v = sharedVoxelizer();
    if (!mesh || v == nullptr) return {};
    voxelizeInto(*v, layoutOf({64, 64, 64}), *mesh, {});
    return readAtlas(*v);
}

} // namespace

TEST(VoxelizerLenient, DroppedNormalsGiveTheVoxelsOfTheFileWithoutNormals) {
    ASSERT_NE(sharedVoxelizer(), nullptr);
    TempDir dir;
    const std::string cube = "v -0.5 -0.5 0.5\nv 0.5 -0.5 0.5\nv -0.5 0.5 0.5\nv 0.5 0.5 0.5\n"
                             "v -0.5 0.5 -0.5\nv 0.5 0.5 -0.5\nv -0.5 -0.5 -0.5\nv 0.5 -0.5 -0.5\n";
    const AtlasBytes lenient = voxelizeText(dir, "lenient.obj",
                                            cube + "f 1//1 2//2 4//3 3//4\nf 3//5 4//6 6//7 5//8\n"
                                                   "f 5//9 6//10 8//11 7//12\nf 7//13 8//14 2//15 1//16\n"
                                                   "f 2//17 8//18 6//19 4//20\nf 7//21 1//22 3//23 5//24\n");
    const AtlasBytes plain = voxelizeText(dir, "plain.obj",
                                          cube + "f 1 2 4 3\nf 3 4 6 5\nf 5 6 8 7\nf 7 8 2 1\n"
                                                 "f 2 8 6 4\nf 7 1 3 5\n");
    ASSERT_FALSE(plain.rgba.empty());
    EXPECT_GT(plain.occupiedCount(), 0);
    EXPECT_EQ(differingTexels(lenient, plain), 0);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(VoxelizerLenient, TrianglesWithDroppedTexcoordsTakeTheMaterialColor) {
    ASSERT_NE(sharedVoxelizer(), nullptr);
    TempDir dir;
    dir.write("t.png", pngSolidRgba8(4, 4, 100)); // textured voxels would be Kd x 100/255
    dir.write("textured.mtl", "newmtl m\nKd 1 0.5 0.25\nmap_Kd t.png\n");
    dir.write("plain.mtl", "newmtl m\nKd 1 0.5 0.25\n");
    // A plane at z = 0.1 (its corners at the volume's edges), two triangles.
    const std::string plane = "v -1 -1 0.1\nv 1 -1 0.1\nv 1 1 0.1\nv -1 1 0.1\nvt 0 0\nvt 1 0\nvt 1 1\n"
                              "usemtl m\n";
    const AtlasBytes lenient =
        voxelizeText(dir, "lenient.obj", "mtllib textured.mtl\n" + plane + "f 1/1 2/2 3/9\nf 1/7 3/8 4/-9\n");
    const AtlasBytes plain =
        voxelizeText(dir, "plain.obj", "mtllib plain.mtl\n" + plane + "f 1 2 3\nf 1 3 4\n");
    const AtlasBytes textured =
        voxelizeText(dir, "textured.obj", "mtllib textured.mtl\n" + plane + "f 1/1 2/2 3/3\nf 1/1 3/3 4/2\n");
    ASSERT_FALSE(plain.rgba.empty());
    EXPECT_EQ(plain.occupiedCount(), 64 * 64);
    EXPECT_EQ(differingTexels(lenient, plain), 0);
    // The check can fail: with its texture coordinates, the plane's voxels take the texture's colour.
    EXPECT_EQ(differingTexels(textured, plain), 64 * 64);
    DICER_EXPECT_NO_GL_ERROR();
}
