// hp_bits on the models: the built-in teapot (shell) and heart (solid) voxelized on the GPU, their atlases turned
// into bits on the GPU (checked word for word against the CPU conversion of the read-back atlas), listed by
// hp_bits on both paths exactly as the CPU reference over bits, and entry for entry as hp_compute over the atlas.
#include "bits_reference.h"
#include "builtin_models.h"
#include "hp_gl_fixture.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "voxelizer_gl_util.h"

using namespace dicer;
using namespace dicer::test;

namespace {
void expectModelExact(const char* what, const model::Mesh& mesh, const char* preset, voxel::VoxelMode mode) {
    SCOPED_TRACE(std::string(what) + " " + preset);
    voxel::Voxelizer* v = sharedVoxelizer();
    ASSERT_NE(v, nullptr);
    const occupancy::VolumeLayout layout = presetOf(preset);
    voxel::VoxelizeParams params;
    params.mode = mode;
    voxelizeInto(*v, layout, mesh, params);
    const hp::AtlasTiling tiling{{layout.volume.x, layout.volume.y}, layout.tiles.x, layout.volume.z};
    const int n = layout.atlasSize;
    const AtlasBytes atlas = readAtlas(*v);
    const std::vector<std::uint32_t> words =
        hp::rgbaToBits(atlas.rgba, n, n, hp::thresholdToByte(0.5f), tiling, n);
    const std::vector<glm::uvec4> expected = hp::bitsKeyIndexEntries(words, n, tiling);
    const auto count = std::uint32_t(expected.size());
    ASSERT_GT(count, 0u);

    const hp::MethodInput in = inputFor(occupancy::VoxelOutput::Bits, {v->atlas(), 0.5f, tiling, count});
    std::vector<std::uint32_t> gpuWords(words.size());
    glGetNamedBufferSubData(in.bits, 0, GLsizeiptr(gpuWords.size() * 4), gpuWords.data());
    EXPECT_TRUE(gpuWords == words) << "GPU atlas -> bits differs from the CPU conversion";

    hp::PointMethod* bits = methodFor("hp_bits");
    hp::PointMethod* compute = methodFor("hp_compute");
    ASSERT_TRUE(bits && compute);
    for (hp::ListPath path : {hp::ListPath::Readback, hp::ListPath::Resident}) {
        ASSERT_TRUE(bits->run(in, path));
        EXPECT_EQ(bits->readCount(), count);
        EXPECT_TRUE(bits->points().read(count) == expected) << hp::listPathName(path);
    }
    ASSERT_TRUE(compute->run({v->atlas(), 0.5f, tiling, count}, hp::ListPath::Resident));
    EXPECT_EQ(compute->readCount(), count);
    EXPECT_TRUE(compute->points().read(count) == expected) << "hp_compute over the atlas differs";
    DICER_EXPECT_NO_GL_ERROR();
}
} // namespace

TEST(HpBitsModels, TeapotShellAtThreePresets) {
    const model::Mesh teapot = model::makeTeapot();
    for (const char* preset : {"64", "128", "paper-4096"})
        expectModelExact("teapot", teapot, preset, voxel::VoxelMode::Shell);
}

TEST(HpBitsModels, SolidHeart) {
    expectModelExact("heart", model::makeHeart(), "128", voxel::VoxelMode::Solid);
}
