// The voxelizer on shapes with known answers (the rule is stated in engine/voxel/voxelizer.h):
//  - a plane at a slice's centre fills exactly that slice's tile (every texel, nothing elsewhere), for
//    cubic, paper (128x128x256) and non-power-of-two volumes, with every method;
//  - an axis-aligned box whose faces lie inside voxels gives the exact shell n^3 - (n-2)^3 and solid n^3
//    (and 2n^2 with the 2006 slice-axis rule, which misses the walls parallel to z);
//  - a cube mesh fitted into a non-cubic volume (32x64x128) is a cube of voxels;
//  - a sphere gives counts within stated tolerances of analytic estimates;
//  - binned, instanced and per-slice atlases are identical byte for byte;
//  - bad inputs are clear errors that keep the previous state, with no GL errors.
#include "builtin_models.h"
#include "placement.h"
#include "test_util.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <string>

using namespace dicer;
using namespace dicer::voxel;
using namespace dicer::occupancy;
using namespace dicer::test;

namespace {

// Voxels of an n-voxel atlas that are set off the shell of the box [lo, hi] (its faces, one voxel thick) or
// clear on it.
std::int64_t misplacedBoxShellVoxels(const AtlasBytes& a, glm::ivec3 n, glm::ivec3 lo, glm::ivec3 hi) {
    std::int64_t misplaced = 0;
    for (int z = 0; z < n.z; ++z)
        for (int y = 0; y < n.y; ++y)
            for (int x = 0; x < n.x; ++x) {
                const glm::ivec3 p{x, y, z};
                const bool inBox = glm::all(glm::greaterThanEqual(p, lo)) && glm::all(glm::lessThanEqual(p, hi));
                const bool onFace = glm::any(glm::equal(p, lo)) || glm::any(glm::equal(p, hi));
                misplaced += a.occupied(p) != (inBox && onFace);
            }
    return misplaced;
}

std::string volumeName(glm::ivec3 v) {
    return std::to_string(v.x) + "x" + std::to_string(v.y) + "x" + std::to_string(v.z);
}

VoxelizeParams params(VoxMethodId method, VoxelMode mode = VoxelMode::Shell,
                      VoxRule rule = VoxRule::DominantAxis, glm::mat4 model = glm::mat4(1.f)) {
    VoxelizeParams p;
    p.method = method;
    p.mode = mode;
    p.rule = rule;
    p.model = model;
    return p;
}

} // namespace

// --- a plane at a known z ----------------------------------------------------------------------------------

struct PlaneCase {
    glm::ivec3 volume;
    int slice;
};

static void PrintTo(const PlaneCase& c, std::ostream* os) {
    *os << volumeName(c.volume) << " slice " << c.slice;
}

class VoxPlane : public VoxelizerTest<std::tuple<VoxMethodId, PlaneCase>> {};

TEST_P(VoxPlane, FillsExactlyItsSliceTile) {
    const auto [method, pc] = GetParam();
    const VolumeLayout layout = layoutOf(pc.volume);
    // Built at z = 0 and moved onto slice k's centre plane by the model matrix; 1.5 > 1 covers every column.
    const float z = layout.voxelCenterToWorld({0, 0, pc.slice}).z;
    voxelizeInto(*v, layout, model::makePlaneZ(0.f, 1.5f),
                 params(method, VoxelMode::Shell, VoxRule::DominantAxis,
                        glm::translate(glm::mat4(1.f), {0.f, 0.f, z})));
    DICER_EXPECT_NO_GL_ERROR();
    const AtlasBytes a = readAtlas(*v);
    std::int64_t wrong = 0, wrongColor = 0;
    for (int y = 0; y < layout.atlasSize; ++y)
        for (int x = 0; x < layout.atlasSize; ++x) {
            const std::optional<glm::ivec3> voxel = layout.texelToVoxel({x, y});
            const bool expected = voxel && voxel->z == pc.slice;
            const std::uint8_t* t = a.texel({x, y});
            wrong += (t[3] == 255) != expected || (t[3] != 0 && t[3] != 255);
            // makePlaneZ's colour (0.75, 0.75, 0.78) in RGBA8: 191, 191, 199 (+-1 for the driver's rounding).
            if (expected)
                wrongColor +=
                    std::abs(t[0] - 191) > 1 || std::abs(t[1] - 191) > 1 || std::abs(t[2] - 199) > 1;
        }
    EXPECT_EQ(wrong, 0) << "texels whose occupancy differs from 'exactly tile " << pc.slice << "'";
    EXPECT_EQ(wrongColor, 0);
    EXPECT_EQ(a.occupiedCount(), std::int64_t(pc.volume.x) * pc.volume.y);
}

const PlaneCase kPlaneCases[] = {
    {{64, 64, 64}, 0},    {{64, 64, 64}, 37},     {{64, 64, 64}, 63},
    {{128, 128, 256}, 0}, {{128, 128, 256}, 137}, {{128, 128, 256}, 255}, // paper-2048: 16x16 tiles
    {{48, 40, 20}, 13}, // non-power-of-two: 8x3 tiles of 48x40 in 512^2, tiles 20..23 unused
};

INSTANTIATE_TEST_SUITE_P(AllMethods, VoxPlane,
                         ::testing::Combine(::testing::ValuesIn(voxMethods()),
                                            ::testing::ValuesIn(kPlaneCases)),
                         [](const auto& p) {
                             const PlaneCase& pc = std::get<1>(p.param);
                             std::string name = std::string(voxMethodName(std::get<0>(p.param))) + "_" +
                                                volumeName(pc.volume) + "_slice" + std::to_string(pc.slice);
                             for (char& c : name)
                                 if (c == '-') c = '_';
                             return name;
                         });

// --- an axis-aligned box: exact counts ---------------------------------------------------------------------

class VoxBox : public VoxelizerTest<glm::ivec3> {};

TEST_P(VoxBox, ShellAndSolidAreExactVoxelBoxes) {
    const glm::ivec3 n = GetParam();
    const VolumeLayout layout = layoutOf(n);
    // Per axis the faces sit a quarter voxel inside voxels N/4 and 3N/4 - 1, whose centres lie inside the
    // box: the box of voxels [N/4, 3N/4 - 1] (N/2 per axis) is exactly the set of centres inside.
    const glm::vec3 half = 0.5f - 0.5f / glm::vec3(n);
    const glm::ivec3 lo = n / 4, hi = 3 * n / 4 - 1, size = hi - lo + 1;
    const model::Mesh box = model::makeBox(half);
    const std::int64_t solid = std::int64_t(size.x) * size.y * size.z;
    const std::int64_t shell = solid - std::int64_t(size.x - 2) * (size.y - 2) * (size.z - 2);

    voxelizeInto(*v, layout, box, params(VoxMethodId::Binned));
    AtlasBytes a = readAtlas(*v);
    EXPECT_EQ(misplacedBoxShellVoxels(a, n, lo, hi), 0);
    EXPECT_EQ(a.occupiedCount(), shell);

    v->voxelize(params(VoxMethodId::Binned, VoxelMode::Solid));
    EXPECT_EQ(readAtlas(*v).occupiedCount(), solid);

    // The 2006 rule samples every triangle along z: the four walls parallel to z project to lines and
    // vanish, only the top and bottom faces remain.
    v->voxelize(params(VoxMethodId::Binned, VoxelMode::Shell, VoxRule::SliceAxis));
    EXPECT_EQ(readAtlas(*v).occupiedCount(), 2 * std::int64_t(size.x) * size.y);
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(Volumes, VoxBox,
                         ::testing::Values(glm::ivec3(32), glm::ivec3(64), glm::ivec3(128),
                                           glm::ivec3(128, 128, 256), glm::ivec3(64, 64, 256),
                                           glm::ivec3(96, 64, 40)),
                         [](const auto& p) { return volumeName(p.param); });

// --- a cube mesh fitted into a non-cubic volume: a cube of voxels -------------------------------------------
// 32x64x128 cubic voxels are the box 0.25 x 0.5 x 1 (volume_layout.h volumeShape), a voxel 1/64 wide in world on
// every axis. A unit cube fitted into that box with margin 17/64 (model::BoxFit) has the half side
// 0.25 * 47/64 = 11.75 world voxels: each face lies three quarters into the 12th voxel from the centre, past that
// voxel's centre (as VoxBox's faces). Through worldToVolume(shape) (what frame::Frame::voxelize applies) it must
// be the same 24 voxels on every axis, centred. All these numbers are exact in binary. (Fitted into [-1,1]^3
// instead, the cube would be stretched 2x along y and 4x along z.)
class VoxBoxFit : public VoxelizerTest<> {};

TEST_F(VoxBoxFit, CubeMeshInANonCubicVolumeIsACubeOfVoxels) {
    const glm::ivec3 n(32, 64, 128);
    const glm::vec3 shape = volumeShape(n);
    ASSERT_EQ(shape, glm::vec3(0.25f, 0.5f, 1.f));
    const model::Mesh cube = model::makeBox(glm::vec3(0.5f));
    const glm::mat4 model =
        worldToVolume(shape) * model::boxFit(model::Placement::Fit, cube, 17.f / 64.f).into(shape);
    const glm::ivec3 lo = n / 2 - 12, hi = n / 2 + 11; // 24 voxels per axis
    const std::int64_t solid = 24 * 24 * 24, shell = solid - 22 * 22 * 22;

    voxelizeInto(*v, layoutOf(n), cube,
                 params(VoxMethodId::Binned, VoxelMode::Shell, VoxRule::DominantAxis, model));
    AtlasBytes a = readAtlas(*v);
    EXPECT_EQ(misplacedBoxShellVoxels(a, n, lo, hi), 0);
    EXPECT_EQ(a.occupiedCount(), shell);
    v->voxelize(params(VoxMethodId::Binned, VoxelMode::Solid, VoxRule::DominantAxis, model));
    EXPECT_EQ(readAtlas(*v).occupiedCount(), solid);
    DICER_EXPECT_NO_GL_ERROR();
}

// --- a sphere: analytic estimates --------------------------------------------------------------------------
// Radius r voxels (0.8 of the half volume). Shell, dominant axis: each column along an axis inside that
// axis's region of the sphere gets one voxel per crossing, so the count is r^2 times the integral of
// max(|nx|, |ny|, |nz|) over the unit sphere, 12 sqrt(2) atan(1/sqrt(2)) = 10.445. Shell, slice axis: one
// voxel per column per crossing, 2 pi r^2. Solid: the pi r^3 * 4/3 centres inside plus the shell voxels
// outside, about half the shell (their centres lie within half a voxel of the surface, on either side).
// Tolerances cover the O(r) terms (column-disc boundaries, the seams between the axis regions) and the
// tessellation (96 stacks x 192 slices: < 0.02 voxel sag at r = 102).

struct SphereCase {
    int n;
    double shellTolerance, solidTolerance; // relative
};

static void PrintTo(const SphereCase& c, std::ostream* os) {
    *os << c.n << "^3";
}

class VoxSphere : public VoxelizerTest<SphereCase> {};

TEST_P(VoxSphere, CountsMatchAnalyticEstimates) {
    const SphereCase sc = GetParam();
    constexpr double kPi = 3.14159265358979;
    const double r = 0.8 * sc.n / 2;
    const double shellDominant = 12.0 * std::sqrt(2.0) * std::atan(1.0 / std::sqrt(2.0)) * r * r;
    const double shellSlice = 2.0 * kPi * r * r;
    const double solid = 4.0 / 3.0 * kPi * r * r * r + 0.5 * shellDominant;

    voxelizeInto(*v, layoutOf(glm::ivec3(sc.n)), model::makeUvSphere(96, 192, 0.8f),
                 params(VoxMethodId::Binned));
    const double gotShell = double(readAtlas(*v).occupiedCount());
    v->voxelize(params(VoxMethodId::Binned, VoxelMode::Shell, VoxRule::SliceAxis));
    const double gotSlice = double(readAtlas(*v).occupiedCount());
    v->voxelize(params(VoxMethodId::Binned, VoxelMode::Solid));
    const double gotSolid = double(readAtlas(*v).occupiedCount());
    DICER_EXPECT_NO_GL_ERROR();
    std::printf("sphere r = %.1f voxels at %d^3: shell %.0f (estimate %.0f, %+.2f%%), slice-axis shell %.0f "
                "(%.0f, %+.2f%%), solid %.0f (%.0f, %+.2f%%)\n",
                r, sc.n, gotShell, shellDominant, 100 * (gotShell / shellDominant - 1), gotSlice, shellSlice,
                100 * (gotSlice / shellSlice - 1), gotSolid, solid, 100 * (gotSolid / solid - 1));
    EXPECT_NEAR(gotShell / shellDominant, 1.0, sc.shellTolerance);
    EXPECT_NEAR(gotSlice / shellSlice, 1.0, sc.shellTolerance);
    EXPECT_NEAR(gotSolid / solid, 1.0, sc.solidTolerance);
}

INSTANTIATE_TEST_SUITE_P(Resolutions, VoxSphere,
                         ::testing::Values(SphereCase{32, 0.03, 0.02}, SphereCase{64, 0.02, 0.01},
                                           SphereCase{128, 0.01, 0.005}, SphereCase{256, 0.01, 0.005}),
                         [](const auto& p) { return std::to_string(p.param.n); });
