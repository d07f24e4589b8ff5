// Every row of the vox method table (vox_method_table.h: binned, instanced, per-slice, projected,
// compute, and any row added later) produces the same atlas byte for byte, in both modes and both rules, for
// cubic and non-cubic volumes and for meshes partly outside the volume. Also: the atlas is cleared every
// frame, and bad inputs are clear errors that keep the previous state.
#include "builtin_models.h"
#include "obj_loader.h"
#include "placement.h"
#include "test_util.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <functional>
#include <random>
#include <string>

using namespace dicer;
using namespace dicer::test; // and the voxelizer's wings (voxelizer_gl_util.h)

namespace {

struct SameCase {
    const char* name;
    std::function<Mesh()> mesh;
    glm::ivec3 volume;
    glm::mat4 model;
    VoxelMode mode;
    VoxRule rule;
};

// Every triangle its own vertices and colour: a voxel that one method misses or colours from another
// triangle shows up (with one colour per mesh, neighbours marking the same voxel would hide it).
Mesh colorPerTriangle(const Mesh& in) {
    Mesh out;
    std::mt19937 rng(7);
    for (size_t t = 0; t < in.triangleCount(); ++t) {
        const glm::vec4 colour(float(rng() % 256) / 255.f, float(rng() % 256) / 255.f,
                               float(rng() % 256) / 255.f, 1.f);
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t i = in.indices[t * 3 + size_t(c)];
            out.indices.push_back(std::uint32_t(out.positions.size()));
            out.positions.push_back(in.positions[i]);
            out.normals.push_back(in.normals[i]);
            out.texcoords.push_back(in.texcoords[i]);
            out.colors.push_back(colour);
        }
        out.triangleMaterial.push_back(-1);
    }
    out.computeBounds();
    return out;
}

// Large random triangles of every orientation, crossing many slices and slice boundaries.
Mesh randomTriangles(int count) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> coord(-1.1f, 1.1f);
    Mesh mesh;
    for (int i = 0; i < count * 3; ++i) {
        mesh.positions.emplace_back(coord(rng), coord(rng), coord(rng));
        mesh.normals.emplace_back(0.f, 0.f, 1.f);
        mesh.texcoords.emplace_back(0.f);
        mesh.colors.emplace_back(1.f);
        mesh.indices.push_back(std::uint32_t(i));
    }
    mesh.triangleMaterial.assign(size_t(count), -1);
    mesh.computeBounds();
    return colorPerTriangle(mesh);
}

// gtest prints parameters of failing cases; the name says it all.
void PrintTo(const SameCase& c, std::ostream* os) {
    *os << c.name;
}

const glm::mat4 kIdentity(1.f);

const SameCase kSameCases[] = {
    {"teapot_64_shell", [] { return makeTeapot(); }, glm::ivec3(64), kIdentity, VoxelMode::Shell,
     VoxRule::DominantAxis},
    {"teapot_color_per_triangle_paper2048", [] { return colorPerTriangle(makeTeapot()); },
     glm::ivec3(128, 128, 256), kIdentity, VoxelMode::Shell, VoxRule::DominantAxis},
    {"random_triangles_80x72x96", [] { return randomTriangles(300); }, glm::ivec3(80, 72, 96), kIdentity,
     VoxelMode::Shell, VoxRule::DominantAxis},
    {"random_triangles_slice_axis", [] { return randomTriangles(300); }, glm::ivec3(64), kIdentity,
     VoxelMode::Shell, VoxRule::SliceAxis},
    {"teapot_64_slice_axis", [] { return makeTeapot(); }, glm::ivec3(64), kIdentity, VoxelMode::Shell,
     VoxRule::SliceAxis},
    {"teapot_paper1024_solid", [] { return makeTeapot(); }, glm::ivec3(64, 64, 256), kIdentity,
     VoxelMode::Solid, VoxRule::DominantAxis},
    {"heart_rotated_solid", [] { return makeHeart(5000); }, glm::ivec3(128, 128, 64),
     glm::rotate(kIdentity, 0.7f, glm::vec3(1.f, 2.f, 0.5f)), VoxelMode::Solid, VoxRule::DominantAxis},
    // Partly outside: the x and z caps leave the volume, so binning culls and solid crossings clamp.
    {"sphere_outside_solid", [] { return makeUvSphere(24, 48, 0.8f); }, glm::ivec3(48, 40, 36),
     glm::translate(kIdentity, {0.5f, -0.1f, 0.6f}), VoxelMode::Solid, VoxRule::DominantAxis},
};

} // namespace

class VoxSameAtlas : public ::testing::TestWithParam<SameCase> {};

TEST_P(VoxSameAtlas, AllMethodsAgreeExactly) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    const SameCase& c = GetParam();
    VoxelizeParams p;
    p.model = c.model;
    p.mode = c.mode;
    p.rule = c.rule;
    // The reference is the naive method: every triangle visits every slice.
    p.method = VoxMethodId::Instanced;
    voxelizeInto(*v, layoutOf(c.volume), c.mesh(), p);
    const AtlasBytes reference = readAtlas(*v);
    EXPECT_GT(reference.occupiedCount(), 0);
    for (VoxMethodId method : voxMethods()) { // every other row of the table
        if (method == VoxMethodId::Instanced) continue;
        p.method = method;
        v->voxelize(p);
        const AtlasBytes other = readAtlas(*v);
        EXPECT_EQ(differingTexels(reference, other), 0)
            << voxMethodName(method) << " differs from instanced";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(Meshes, VoxSameAtlas, ::testing::ValuesIn(kSameCases),
                         [](const auto& p) { return std::string(p.param.name); });

TEST(VoxSameAtlas, TexturedSpotAgreesExactly) {
    Result<Mesh> spot = loadObj(assetModelPath("spot/spot_triangulated.obj"));
    ASSERT_TRUE(spot) << spot.error();
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    VoxelizeParams p;
    p.model = placementMatrix(Placement::Fit, *spot, 0.05f);
    p.method = VoxMethodId::Instanced;
    voxelizeInto(*v, layoutOf({96, 80, 72}), *spot, p);
    const AtlasBytes reference = readAtlas(*v);
    for (VoxMethodId method : voxMethods()) { // every other row of the table
        if (method == VoxMethodId::Instanced) continue;
        p.method = method;
        v->voxelize(p);
        EXPECT_EQ(differingTexels(reference, readAtlas(*v)), 0)
            << voxMethodName(method) << " differs from instanced";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// --- frames and state --------------------------------------------------------------------------------------

TEST(Voxelizer, AtlasIsClearedEveryFrame) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    const VolumeLayout layout = layoutOf(glm::ivec3(64));
    voxelizeInto(*v, layout, makeTeapot(4), {});
    ASSERT_GT(readAtlas(*v).occupiedCount(), 1000);
    // A plane at slice 10's centre: afterwards only its tile may hold anything.
    voxelizeInto(*v, layout, makePlaneZ(layout.voxelCenterToWorld({0, 0, 10}).z, 1.5f), {});
    EXPECT_EQ(readAtlas(*v).occupiedCount(), 64 * 64);
    // Entirely above the volume (z = 1.5): nothing, with every method.
    ASSERT_TRUE(v->setMesh(makePlaneZ(1.5f, 0.5f)));
    for (VoxMethodId method : voxMethods()) {
        VoxelizeParams p;
        p.method = method;
        v->voxelize(p);
        EXPECT_EQ(readAtlas(*v).occupiedCount(), 0) << voxMethodName(method);
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(Voxelizer, WithoutMeshOrLayoutNothingIsDrawn) {
    Result<Voxelizer> fresh = Voxelizer::create(sharedShaders(), context().info());
    ASSERT_TRUE(fresh) << fresh.error();
    EXPECT_FALSE(fresh->hasLayout());
    EXPECT_FALSE(fresh->hasMesh());
    fresh->voxelize({}); // no layout: a no-op
    EXPECT_EQ(fresh->atlas(), 0u);
    ASSERT_TRUE(fresh->setLayout(layoutOf(glm::ivec3(16))));
    fresh->voxelize({}); // no mesh: the atlas is only cleared
    EXPECT_EQ(readAtlas(*fresh).occupiedCount(), 0);
    char label[64] = {};
    glGetObjectLabel(GL_TEXTURE, fresh->atlas(), sizeof(label), nullptr, label);
    EXPECT_STREQ(label, "voxel slice atlas");
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(Voxelizer, IgnoresAndRestoresTheCallersState) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    const VolumeLayout layout = layoutOf(glm::ivec3(32));
    voxelizeInto(*v, layout, makeBox(glm::vec3(0.5f)), {});
    const AtlasBytes expected = readAtlas(*v);
    // A frame loop's state that would spoil the voxels: masked colour, wireframe, blending, culling...
    glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glEnable(GL_BLEND);
    glEnable(GL_CULL_FACE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 1, 1);
    glViewport(1, 2, 3, 4);
    for (VoxMethodId method : voxMethods()) {
        VoxelizeParams p;
        p.method = method;
        v->voxelize(p);
        EXPECT_EQ(readAtlas(*v).rgba, expected.rgba) << voxMethodName(method);
    }
    GLboolean mask[4] = {};
    glGetBooleanv(GL_COLOR_WRITEMASK, mask);
    EXPECT_TRUE(!mask[0] && mask[1] && !mask[2] && mask[3]);
    GLint mode[2] = {}, viewport[4] = {};
    glGetIntegerv(GL_POLYGON_MODE, mode);
    glGetIntegerv(GL_VIEWPORT, viewport);
    EXPECT_EQ(mode[0], GL_LINE);
    EXPECT_EQ(glm::ivec4(viewport[0], viewport[1], viewport[2], viewport[3]), glm::ivec4(1, 2, 3, 4));
    EXPECT_TRUE(glIsEnabled(GL_BLEND) && glIsEnabled(GL_CULL_FACE) && glIsEnabled(GL_SCISSOR_TEST));
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    glDisable(GL_BLEND);
    glDisable(GL_CULL_FACE);
    glDisable(GL_SCISSOR_TEST);
    DICER_EXPECT_NO_GL_ERROR();
}

// Shift+R in the demo: the program current during the reload is deleted by it. Voxelizing afterwards must
// not bind that dead name again (it did: GL_INVALID_VALUE in glUseProgram, exit status 3), and the atlas
// is the same as before.
TEST(Voxelizer, ShaderReloadBetweenVoxelizationsRaisesNoGlError) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    gl::ShaderLibrary& shaders = sharedShaders();
    voxelizeInto(*v, layoutOf(glm::ivec3(32)), makeBox(glm::vec3(0.5f)), {});
    const AtlasBytes before = readAtlas(*v);
    DICER_EXPECT_NO_GL_ERROR();

    glUseProgram(shaders.get(gl::ProgramId{0})); // a frame loop's last pass left one of the library's bound
    const GLuint old = shaders.get(gl::ProgramId{0});
    const gl::ShaderLibrary::ReloadReport report = shaders.reloadAll();
    ASSERT_EQ(report.failed, 0) << report.log;
    ASSERT_NE(shaders.get(gl::ProgramId{0}), old);
    for (VoxMethodId method : voxMethods()) {
        VoxelizeParams p;
        p.method = method;
        v->voxelize(p);
        EXPECT_EQ(gl::checkErrors("voxelize after a shader reload"), 0) << voxMethodName(method);
        EXPECT_EQ(readAtlas(*v).rgba, before.rgba) << voxMethodName(method);
    }
    GLint current = -1;
    glGetIntegerv(GL_CURRENT_PROGRAM, &current);
    EXPECT_EQ(current, 0); // the guard binds no program it did not create (see StateGuard)
}

// --- bad inputs --------------------------------------------------------------------------------------------

TEST(VoxelizerErrors, EmptyOrInvalidMeshKeepsThePreviousMesh) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    voxelizeInto(*v, layoutOf(glm::ivec3(32)), makeBox(glm::vec3(0.5f)), {});
    const AtlasBytes before = readAtlas(*v);
    ASSERT_EQ(v->triangleCount(), 12u);

    Result<void> r = v->setMesh(Mesh{});
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), "empty mesh"));
    Mesh broken = makeBox(glm::vec3(0.5f));
    broken.indices[5] = 1000;
    r = v->setMesh(broken);
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), "out of range"));

    EXPECT_EQ(v->triangleCount(), 12u);
    v->voxelize({});
    EXPECT_EQ(readAtlas(*v).rgba, before.rgba);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(VoxelizerErrors, OversizeOrInconsistentLayoutKeepsThePreviousAtlas) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    const VolumeLayout small = layoutOf(glm::ivec3(32));
    ASSERT_TRUE(v->setLayout(small));
    const GLuint atlas = v->atlas();
    const int max = context().info().maxTextureSize;

    // 256 slices of (max/8)^2 need 16x16 tiles: an atlas of twice the driver's maximum. (The "512" preset,
    // 512^3, needs 16384^2: exactly llvmpipe's maximum, so it is allowed there.)
    Result<VolumeLayout> big = VolumeLayout::make({max / 8, max / 8, 256}, 1 << 30);
    ASSERT_TRUE(big) << big.error();
    Result<void> r = v->setLayout(*big);
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), std::to_string(2 * max) + "x" + std::to_string(2 * max)));
    EXPECT_TRUE(containsText(r.error(), "GL_MAX_TEXTURE_SIZE " + std::to_string(max)));

    VolumeLayout inconsistent = small;
    inconsistent.tiles.x = 3;
    r = v->setLayout(inconsistent);
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), "inconsistent"));

    EXPECT_EQ(v->atlas(), atlas);
    EXPECT_EQ(v->layout().volume, small.volume);
    DICER_EXPECT_NO_GL_ERROR();
}

// glGetError is one queue for the whole context: an error someone else left pending is not the allocation's.
TEST(VoxelizerErrors, PendingErrorOfOtherCodeIsNotTheAllocations) {
    Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    ASSERT_TRUE(v->setLayout(layoutOf(glm::ivec3(32))));
    glBindTexture(GL_TEXTURE_2D + 0x7000, 0);            // bogus target: GL_INVALID_ENUM left pending
    const VolumeLayout other = layoutOf(glm::ivec3(48)); // a new volume: the atlas is allocated again
    Result<void> r = v->setLayout(other);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(v->layout().volume, other.volume);
    DICER_EXPECT_NO_GL_ERROR(); // the earlier error was drained (and logged as such) by setLayout
}
