// A model's textures cost one decoded texture of CPU memory at a time, not all of them.
//  - A loaded OBJ keeps no decoded pixels (Mesh::residentTextureBytes() == 0), before and after the upload,
//    and the peak RSS of load + upload (VmHWM, reset through /proc/self/clear_refs) stays under the texture
//    array (llvmpipe keeps GL textures in host memory, so they count) plus a few decoded textures. Before the
//    fix the loader held every decoded texture and the upload added the GL copy: twice the textures.
//  - The pixels decoded at upload are the files' (one texel per layer read back, exactly).
//  - A texture file changed between load and upload, and a texture array past kMaxMeshTextureArrayBytes,
//    are one error naming the texture, and the previous mesh stays.
#include "image_loader.h"
#include "obj_loader.h"
#include "test_files.h"
#include "voxelizer_gl_util.h"
#include "zlib_test_util.h"

#include <cstdio>
#include <fstream>
#include <string>

using namespace dicer;
using namespace dicer::test; // and the voxelizer's wings (voxelizer_gl_util.h)

namespace {

// A solid-colour RGBA8 PNG, deflated by zlib (test_files.h's stored blocks would make 16 MiB files).
std::string compressedSolidPng(std::uint32_t size, std::uint8_t value) {
    return pngRgba8(size, size, zlibCompress(solidRgba8Rows(size, size, value), 6));
}

// One triangle per material, material m textured with tex<m>.png.
void writeModel(const TempDir& dir, int materials) {
    std::string mtl, obj = "mtllib t.mtl\n";
    for (int m = 0; m < materials; ++m) {
        mtl += "newmtl m" + std::to_string(m) + "\nmap_Kd tex" + std::to_string(m) + ".png\n";
        const std::string x = std::to_string(m);
        obj += "v " + x + " 0 0\nv " + x + ".5 0 0\nv " + x + " 1 0\n";
    }
    obj += "vt 0 0\nvt 1 0\nvt 0 1\n";
    for (int m = 0; m < materials; ++m) {
        const int b = m * 3;
        obj += "usemtl m" + std::to_string(m) + "\nf " + std::to_string(b + 1) + "/1 " +
               std::to_string(b + 2) + "/2 " + std::to_string(b + 3) + "/3\n";
    }
    dir.write("t.mtl", mtl);
    dir.write("t.obj", obj);
}

std::int64_t statusKiB(const char* field) {
    std::ifstream in("/proc/self/status");
    for (std::string line; std::getline(in, line);)
        if (line.rfind(field, 0) == 0) return std::stoll(line.substr(std::string(field).size()));
    return -1;
}

// One white triangle in the z = 0 plane, of `material` (-1: none).
Mesh oneTriangle(int material) {
    Mesh mesh;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    mesh.normals.assign(3, {0, 0, 1});
    mesh.texcoords.assign(3, {0, 0});
    mesh.colors.assign(3, {1, 1, 1, 1});
    mesh.indices = {0, 1, 2};
    mesh.triangleMaterial = {material};
    return mesh;
}

// The previous model: a one-triangle untextured mesh, so "kept" is visible as its triangle count.
void setSmallMesh(Voxelizer& v) {
    ASSERT_TRUE(v.setMesh(oneTriangle(-1)));
    ASSERT_EQ(v.triangleCount(), 1u);
}

} // namespace

TEST(VoxelizerTextureMemory, TexturesAreDecodedOneAtATimeDuringUpload) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    constexpr int kTextures = 8;
    constexpr std::uint32_t kSize = 2048; // 16 MiB decoded each, 128 MiB in all
    constexpr std::int64_t kTextureKiB = std::int64_t(kSize) * kSize * 4 / 1024;
    TempDir dir;
    for (int m = 0; m < kTextures; ++m)
        dir.write("tex" + std::to_string(m) + ".png", compressedSolidPng(kSize, std::uint8_t(20 + m * 25)));
    writeModel(dir, kTextures);
    setSmallMesh(*v); // frees whatever an earlier test uploaded, before the peak is reset

    // Linux >= 4.0: writing 5 resets VmHWM (the peak RSS) to the current RSS.
    {
        std::ofstream clear("/proc/self/clear_refs");
        clear << "5";
        ASSERT_TRUE(clear.good()) << "cannot reset the peak RSS";
    }
    const std::int64_t startKiB = statusKiB("VmRSS:");
    std::vector<std::string> warnings;
    Result<Mesh> mesh = loadObj(dir.path() / "t.obj", {}, &warnings);
    ASSERT_TRUE(mesh) << mesh.error();
    EXPECT_TRUE(warnings.empty());
    ASSERT_EQ(mesh->textures.size(), size_t(kTextures));
    EXPECT_EQ(mesh->residentTextureBytes(), 0u); // checked, not decoded
    ASSERT_TRUE(v->setMesh(*mesh));
    EXPECT_EQ(mesh->residentTextureBytes(), 0u); // decoded for the upload, freed after it
    const std::int64_t peakKiB = statusKiB("VmHWM:") - startKiB;
    // The array (GL memory: host memory on llvmpipe) plus a few decoded textures: stb_image holds the inflated
    // rows and its output at once, the V-flip one more. Holding all textures (the old loader) is twice the
    // array.
    const std::int64_t boundKiB = kTextures * kTextureKiB + 5 * kTextureKiB;
    std::printf("peak RSS growth, load + upload of %d textures of %lld KiB: %lld KiB (bound %lld KiB)\n",
                kTextures, (long long)kTextureKiB, (long long)peakKiB, (long long)boundKiB);
#if defined(__SANITIZE_ADDRESS__)
    // ASan's quarantine keeps freed blocks resident (256 MiB by default): the bound would measure it, not us.
    std::printf(
        "peak RSS bound not checked under AddressSanitizer; the resident-bytes checks above still are\n");
#else
    EXPECT_LE(peakKiB, boundKiB) << "peak RSS grew by " << peakKiB << " KiB loading and uploading "
                                 << kTextures << " textures of " << kTextureKiB << " KiB";
#endif

    // The decoded pixels are the files': one texel of every layer.
    std::shared_ptr<const MeshTextureArray> array = v->meshTextures();
    ASSERT_TRUE(array);
    EXPECT_EQ(array->plan.layers, kTextures);
    for (int m = 0; m < kTextures; ++m) {
        std::uint8_t texel[4] = {};
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glGetTextureSubImage(array->texture.id(), 0, int(kSize) / 2, int(kSize) / 3, m, 1, 1, 1, GL_RGBA,
                             GL_UNSIGNED_BYTE, sizeof texel, texel);
        for (std::uint8_t c : texel)
            EXPECT_EQ(c, 20 + m * 25) << "layer " << m;
    }
    EXPECT_EQ(gl::checkErrors("texture memory test"), 0);
}

TEST(VoxelizerTextureMemory, ChangedTextureFileIsAnErrorAndThePreviousMeshStays) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    TempDir dir;
    dir.write("tex0.png", compressedSolidPng(16, 7));
    dir.write("tex1.png", compressedSolidPng(16, 9));
    writeModel(dir, 2);
    Result<Mesh> mesh = loadObj(dir.path() / "t.obj");
    ASSERT_TRUE(mesh) << mesh.error();
    setSmallMesh(*v);
    dir.write("tex1.png", compressedSolidPng(32, 9)); // replaced after loading: another size
    Result<void> r = v->setMesh(*mesh);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("tex1.png"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("material 'm1', 16x16"), std::string::npos) << r.error();
    EXPECT_NE(r.error().find("changed since the model was loaded"), std::string::npos) << r.error();
    EXPECT_EQ(v->triangleCount(), 1u); // the previous mesh
    EXPECT_EQ(gl::checkErrors("changed texture test"), 0);
}

// The loader caps the textures' own sizes; the array pads every layer to the largest one. Refused before any
// allocation or decoding (the files do not even exist), with the size it would take.
TEST(VoxelizerTextureMemory, TextureArrayPastItsCapIsAnErrorAndThePreviousMeshStays) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    Mesh mesh = oneTriangle(0);
    mesh.materials.push_back({"big", glm::vec3(1.f), 0});
    for (int i = 0; i < 5; ++i) { // 8192^2 and four 16^2 (256 MiB for the loader): 5 layers of 256 MiB
        MeshTexture t;
        t.width = t.height = i == 0 ? 8192 : 16;
        t.file = "/nonexistent/t" + std::to_string(i) + ".png";
        mesh.textures.push_back(t);
    }
    setSmallMesh(*v);
    Result<void> r = v->setMesh(mesh);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().find("8192x8192x5 texture array (1280 MiB"), std::string::npos) << r.error();
    EXPECT_EQ(v->triangleCount(), 1u);
    EXPECT_EQ(gl::checkErrors("texture array cap test"), 0);
}
