// The surface of a mesh's occupancy (a voxel remesh), end to end: the voxelizer's output ->
// voxel::OccupancyVolume (an R8UI 0/1 texture with an empty border) -> the marching cubes row hp_mc
// (surface::McExpander over the borrowed texture, band OccupancyVolume::kOccupiedBand) equals
// surface::marchingCubesReference over the same 0/1 volume built on the CPU from the voxelizer's bits (or its
// atlas) read back, through surface::checkAgainstReference (mc_check.h: every cell's case, every vertex's
// cell, case, edge and crossing exactly; positions within 1e-4 texels, normals within 1e-3; llvmpipe). The
// reference surface is closed (every mesh edge used once each way, none on the volume's boundary) thanks to
// the border, where the same occupancy without it is cut open wherever it touches the boundary; and
// sampleToVolume() puts every vertex on a face between two voxels of the voxelizer's volume space.
#include "mc_check.h"
#include "mc_expander.h"
#include "mc_test_util.h"
#include "occupancy_test_util.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <cmath>
#include <cstdio>
#include <memory>

using namespace dicer;
using namespace dicer::test; // and VolumeLayout, VoxelOutput, OccupancyVolume (occupancy_test_util.h)

namespace {

surface::McExpander* sharedExpander() {
    return sharedObject<surface::McExpander>(sharedShaders());
}

OccupancyVolume* sharedOccupancy() {
    return sharedObject<OccupancyVolume>(sharedShaders());
}

volume::ScalarVolume byteVolume(glm::ivec3 size, const std::vector<std::uint8_t>& bytes) {
    volume::ScalarVolume v = makeVolume(size, volume::ScalarType::Uint8, bytes);
    v.name = "occupancy";
    return v;
}

// The same occupancy without the border: the texels inside it.
volume::ScalarVolume withoutBorder(const volume::ScalarVolume& v) {
    const glm::ivec3 inner = v.size - 2;
    std::vector<std::uint8_t> bytes;
    for (int z = 1; z <= inner.z; ++z)
        for (int y = 1; y <= inner.y; ++y)
            for (int x = 1; x <= inner.x; ++x)
                bytes.push_back(std::uint8_t(v.value(v.index({x, y, z}))));
    return byteVolume(inner, bytes);
}

// hp_mc over the occupancy texture against the reference over `cpu` (the same 0/1 volume, built on the CPU);
// the reference surface closed.
void expectSurfaceOfOccupancy(const OccupancyVolume& o, const volume::ScalarVolume& cpu,
                              const std::string& what) {
    SCOPED_TRACE(what);
    surface::McExpander* e = sharedExpander();
    ASSERT_TRUE(e);
    ASSERT_EQ(cpu.size, o.size());
    EXPECT_TRUE(surface::isBinaryField(cpu)); // both values occur: what kBinaryField promises
    Result<void> r = e->useVolumeTexture(o.texture(), o.size(), OccupancyVolume::kScalarType,
                                         OccupancyVolume::kSpacing, OccupancyVolume::kBinaryField);
    ASSERT_TRUE(r) << r.error();
    const surface::McSurface ref = surface::marchingCubesReference(cpu, OccupancyVolume::kOccupiedBand);
    ASSERT_GT(ref.vertices.size(), 0u);
    r = e->reserve(std::uint32_t(ref.vertices.size()));
    ASSERT_TRUE(r) << r.error();
    r = e->run(OccupancyVolume::kOccupiedBand);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(e->readTotal(), ref.vertices.size());
    std::printf("note: %s: %lld triangles over %dx%dx%d texels\n", what.c_str(),
                static_cast<long long>(ref.triangleCount()), cpu.size.x, cpu.size.y, cpu.size.z);
    const surface::McCheck check = surface::checkAgainstReference(*e, cpu, ref);
    EXPECT_EQ(check.mismatches, 0) << "of " << ref.vertices.size()
                                   << " vertices; first: " << check.firstDifference;

    // Closed: with the border no mesh edge lies on the volume's boundary, and each is used once each way.
    const EdgeCheck closed = checkEdges(cpu.size, ref.vertices);
    EXPECT_EQ(closed.boundaryEdges, 0);
    EXPECT_EQ(closed.interiorBad, 0);
    EXPECT_EQ(closed.degenerate, 0);

    // Placement: a vertex is an edge's midpoint between two voxel centres, i.e. on the face between the two
    // voxels: in volume space, on a multiple of 2 / X along the edge's axis from -1, at a centre on the others,
    // and inside the volume's box [-1, 1] (the border's faces are the box's).
    const glm::mat4 toVolume = o.sampleToVolume();
    const glm::vec3 voxel = 2.0f / glm::vec3(o.volume());
    int off = 0;
    for (const surface::McVertex& v : ref.vertices) {
        const glm::vec3 p = glm::vec3(toVolume * glm::vec4(glm::vec3(v.position), 1.0f));
        const int axis = v.edge / 4;
        for (int a = 0; a < 3; ++a) {
            const float k = (p[a] + 1.0f) / voxel[a] + (a == axis ? 0.0f : 0.5f); // an integer
            off += std::abs(k - std::round(k)) > 1e-3f;
        }
        off += p[axis] < -1.0f - 1e-5f || p[axis] > 1.0f + 1e-5f;
    }
    EXPECT_EQ(off, 0);
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace

// The teapot's bits (shell: open spout and lid gap, yet the surface of its occupancy is closed; at the paper's
// placement it spans the volume along x) and the heart's (solid, enlarged so the volume clips it), cubic and
// not; the same occupancy without the border is open where it touches the boundary.
TEST(McOccupancy, SurfaceOfTheBitsIsTheReferenceAndClosed) {
    OccupancyVolume* o = sharedOccupancy();
    voxel::Voxelizer* v = sharedBitsVoxelizer();
    ASSERT_TRUE(o && v);
    struct Case {
        const char* model;
        glm::ivec3 size;
        voxel::VoxelMode mode;
        float scale; // > 1: the model pokes out of the volume and is clipped, as a spinning model can be
    };
    for (const Case c : {Case{"teapot", glm::ivec3(48), voxel::VoxelMode::Shell, 1.0f},
                         Case{"heart", glm::ivec3(24, 40, 16), voxel::VoxelMode::Solid, 1.4f}}) {
        const VolumeLayout layout = layoutOf(c.size);
        ASSERT_TRUE(v->setLayout(layout, VoxelOutput::Bits));
        ASSERT_TRUE(v->setMesh(placedTestModel(c.model).mesh));
        v->voxelize(
            {glm::scale(glm::mat4(1.0f), glm::vec3(c.scale)) * placedTestModel(c.model).placement, c.mode});
        Result<void> r = o->fromBits(v->bits(), layout);
        ASSERT_TRUE(r) << r.error();
        const volume::ScalarVolume cpu = byteVolume(o->size(), volumeOfBits(readBits(*v), layout));
        expectSurfaceOfOccupancy(*o, cpu, std::string(c.model) + " bits");

        const volume::ScalarVolume bare = withoutBorder(cpu);
        bool touches = false;
        for (int z = 0; z < bare.size.z; ++z)
            for (int y = 0; y < bare.size.y; ++y)
                for (int x = 0; x < bare.size.x; ++x) {
                    const bool onBoundary = x == 0 || y == 0 || z == 0 || x == bare.size.x - 1 ||
                                            y == bare.size.y - 1 || z == bare.size.z - 1;
                    touches |= onBoundary && bare.value(bare.index({x, y, z})) != 0;
                }
        EXPECT_TRUE(touches) << c.model << ": the occupancy reaches the volume's boundary";
        const EdgeCheck open = checkEdges(bare.size, surface::marchingCubesReference(bare, {1, 1}).vertices);
        EXPECT_GT(open.boundaryEdges, 0) << c.model << ": without the border the surface is cut open";
    }
}

// The atlas output through the discriminator's threshold: the same surface check.
TEST(McOccupancy, SurfaceOfTheAtlasIsTheReferenceAndClosed) {
    OccupancyVolume* o = sharedOccupancy();
    voxel::Voxelizer* v = sharedVoxelizer();
    ASSERT_TRUE(o && v);
    const VolumeLayout layout = layoutOf({32, 20, 28});
    voxelizeInto(*v, layout, placedTestModel("teapot").mesh,
                 {placedTestModel("teapot").placement, voxel::VoxelMode::Solid});
    Result<void> r = o->fromAtlas(v->atlas(), layout, 0.5f);
    ASSERT_TRUE(r) << r.error();
    const volume::ScalarVolume cpu =
        byteVolume(o->size(), volumeOfBits(bitsOfAtlas(readAtlas(*v).rgba, layout, 0.5f), layout));
    expectSurfaceOfOccupancy(*o, cpu, "teapot atlas");
}
