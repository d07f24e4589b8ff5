// The occupancy-bits output (VoxelOutput::Bits, occupancy_bits.h):
//  - at 64^3 .. 512^3, on the built-in teapot and heart and on Spot, shell and solid, both rules, the bits of
//    every method that writes them (the rows of vox_method_table.h: projected, compute) equal the atlas
//    output converted to bits on the CPU, word for word (padding included);
//  - 1024^3, which no texture atlas can hold (32768^2): an axis-aligned box whose voxel set is known in
//    closed form (shell and solid, compared word for word with the CPU's bits), and the teapot (the bits
//    methods agree word for word; the count is printed next to 512^3's);
//  - colours per slot (the bits output's second phase) with the dense slot function equal the atlas
//    output's colours exactly;
//  - bad sizes and refused methods are clear errors that keep the previous state.
#include "builtin_models.h"
#include "model_catalog.h"
#include "occupancy_bits.h"
#include "test_util.h"
#include "voxelizer_gl_util.h"

#include <glm/gtc/matrix_transform.hpp>

#include <map>
#include <memory>
#include <string>

using namespace dicer;
using namespace dicer::voxel;
using namespace dicer::occupancy;
using namespace dicer::test;

namespace {

struct BitsCase {
    const char* model;
    int side;
    bool rotated; // a general orientation: no face of the model aligned with the voxel grid
    bool few;     // 512^3 on llvmpipe: two (mode, rule) combinations instead of four
};

void PrintTo(const BitsCase& c, std::ostream* os) {
    *os << c.model << " " << c.side << "^3" << (c.rotated ? " rotated" : "");
}

class VoxBits : public ::testing::TestWithParam<BitsCase> {};

TEST_P(VoxBits, EqualTheAtlasOutputWordForWord) {
    const BitsCase c = GetParam();
    Voxelizer* atlasVox = sharedVoxelizer();
    Voxelizer* bitsVox = sharedBitsVoxelizer();
    ASSERT_NE(atlasVox, nullptr);
    ASSERT_NE(bitsVox, nullptr);
    const model::PlacedModel& placed = placedTestModel(c.model);
    ASSERT_GT(placed.mesh.triangleCount(), 0u);
    const VolumeLayout layout = layoutOf(glm::ivec3(c.side));
    Result<void> r = bitsVox->setLayout(layout, VoxelOutput::Bits);
    ASSERT_TRUE(r) << r.error();
    r = bitsVox->setMesh(placed.mesh);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(bitsVox->atlas(), 0u); // no 4-byte-per-voxel texture in bits mode
    EXPECT_EQ(bitsVox->bitsBytes(), std::int64_t(layout.atlasSize) * layout.atlasSize / 8);

    glm::mat4 model = placed.placement;
    if (c.rotated) model = glm::rotate(glm::mat4(1.f), 0.7f, glm::normalize(glm::vec3(1, 2, 3))) * model;
    struct Combo {
        VoxelMode mode;
        VoxRule rule;
    };
    std::vector<Combo> combos = {{VoxelMode::Shell, VoxRule::DominantAxis},
                                 {VoxelMode::Solid, VoxRule::SliceAxis}};
    if (!c.few) {
        combos.push_back({VoxelMode::Shell, VoxRule::SliceAxis});
        combos.push_back({VoxelMode::Solid, VoxRule::DominantAxis});
    }
    for (const Combo& combo : combos) {
        const std::string what = std::string(voxelModeName(combo.mode)) + " " + voxRuleName(combo.rule);
        VoxelizeParams params{model, combo.mode, VoxMethodId::Projected, combo.rule};
        voxelizeInto(*atlasVox, layout, placed.mesh, params);
        const std::vector<std::uint32_t> expected = atlasToBits(readAtlas(*atlasVox));
        const std::int64_t voxels = popcount(expected);
        EXPECT_GT(voxels, 0) << what;
        for (VoxMethodId method : voxMethodsWriting(VoxelOutput::Bits)) {
            params.method = method;
            bitsVox->voxelize(params);
            const std::vector<std::uint32_t> bits = readBits(*bitsVox);
            EXPECT_EQ(differingWords(bits, expected), 0)
                << what << ", " << voxMethodName(method) << ": " << popcount(bits)
                << " bits set, the atlas has " << voxels << " voxels";
        }
        std::printf("%s %d^3 %s: %lld voxels in the atlas output\n", c.model, c.side, what.c_str(),
                    static_cast<long long>(voxels));
    }
    DICER_EXPECT_NO_GL_ERROR();
}

INSTANTIATE_TEST_SUITE_P(
    Models, VoxBits,
    ::testing::Values(BitsCase{"teapot", 64, false, false}, BitsCase{"heart", 64, true, false},
                      BitsCase{"spot", 64, false, false}, BitsCase{"teapot", 128, true, false},
                      BitsCase{"heart", 128, false, false}, BitsCase{"spot", 128, true, false},
                      BitsCase{"teapot", 256, false, false}, BitsCase{"heart", 256, true, false},
                      BitsCase{"spot", 256, false, false}, BitsCase{"teapot", 512, true, true},
                      BitsCase{"spot", 512, false, true}),
    [](const auto& p) {
        // "s64_teapot": the CTest groups filter on the side (tests/CMakeLists.txt).
        std::string name = "s";
        name += std::to_string(p.param.side);
        name += '_';
        name += p.param.model;
        if (p.param.rotated) name += "_rotated";
        return name;
    });

// The solid fill into bits runs a word at a time (voxelize_fill_words.comp.glsl: 8 x 4 columns a thread, their
// markers transposed) where volume.x % 8 == 0 and volume.y % 4 == 0, a column at a time otherwise: both equal the
// atlas output word for word, with a last 32-slice step cut short (z not a multiple of 32) and slices whose tiles
// start at y = 4 mod 8 (the word's Morton y2 bit from the tile, not the column).
TEST(VoxBitsSolidFill, WordAndColumnFillsEqualTheAtlas) {
    Voxelizer* atlasVox = sharedVoxelizer();
    Voxelizer* bitsVox = sharedBitsVoxelizer();
    ASSERT_NE(atlasVox, nullptr);
    ASSERT_NE(bitsVox, nullptr);
    const model::PlacedModel& placed = placedTestModel("heart");
    const glm::mat4 model =
        glm::rotate(glm::mat4(1.f), 0.7f, glm::normalize(glm::vec3(1, 2, 3))) * placed.placement;
    for (const glm::ivec3 size : {glm::ivec3(44, 30, 37), glm::ivec3(40, 48, 37), glm::ivec3(64, 36, 70)}) {
        const std::string what = std::to_string(size.x) + "x" + std::to_string(size.y) + "x" +
                                 std::to_string(size.z) +
                                 (size.x % 8 == 0 && size.y % 4 == 0 ? " (words)" : " (columns)");
        const VolumeLayout layout = layoutOf(size);
        ASSERT_TRUE(bitsVox->setLayout(layout, VoxelOutput::Bits)) << what;
        ASSERT_TRUE(bitsVox->setMesh(placed.mesh)) << what;
        VoxelizeParams params{model, VoxelMode::Solid, VoxMethodId::Projected, VoxRule::SliceAxis};
        voxelizeInto(*atlasVox, layout, placed.mesh, params);
        const std::vector<std::uint32_t> expected = atlasToBits(readAtlas(*atlasVox));
        EXPECT_GT(popcount(expected), 1000) << what;
        for (VoxMethodId method : voxMethodsWriting(VoxelOutput::Bits)) {
            params.method = method;
            bitsVox->voxelize(params);
            EXPECT_EQ(differingWords(readBits(*bitsVox), expected), 0)
                << what << ", " << voxMethodName(method);
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// 1024^3: an axis-aligned box whose faces lie a quarter voxel past the centres of the voxel layers `last`
// and 1023 - last, so no voxel centre is within a quarter voxel of a face or an edge and the rule's result
// follows in closed form: the band of voxels [1023 - last, last] per axis (n = 2 last - 1022 wide); the
// shell is the band cube's surface (each face marks the n x n square of its layer, sampled along its
// normal), the solid the whole band cube (two crossings per column inside the band).
TEST(VoxBits1024, BoxMatchesItsClosedFormSetWordForWord) {
    Voxelizer* v = sharedBitsVoxelizer();
    ASSERT_NE(v, nullptr);
    Result<VolumeLayout> layout = presetLayoutFor("1024", VoxelOutput::Bits, context().info());
    ASSERT_TRUE(layout) << layout.error();
    ASSERT_EQ(layout->atlasSize, 32768);
    Result<void> r = v->setLayout(*layout, VoxelOutput::Bits);
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(v->bitsBytes(), std::int64_t(128) << 20);
    const int last = 661, first = 1023 - last, n = last - first + 1;
    const float h = float(last + 0.75) / 512.f - 1.f; // exact in float: 661.75 / 512 - 1
    r = v->setMesh(model::makeBox(glm::vec3(h)));
    ASSERT_TRUE(r) << r.error();
    for (VoxelMode mode : kVoxelModes) {
        std::vector<std::uint32_t> expected = emptyBits(*layout);
        for (int z = first; z <= last; ++z)
            for (int y = first; y <= last; ++y)
                for (int x = first; x <= last; ++x) {
                    const bool surface =
                        x == first || x == last || y == first || y == last || z == first || z == last;
                    if (surface || mode == VoxelMode::Solid)
                        setBit(expected, *layout, layout->voxelToTexel({x, y, z}));
                }
        const std::int64_t count = mode == VoxelMode::Solid
                                       ? std::int64_t(n) * n * n
                                       : std::int64_t(n) * n * n - std::int64_t(n - 2) * (n - 2) * (n - 2);
        ASSERT_EQ(popcount(expected), count);
        for (VoxMethodId method : voxMethodsWriting(VoxelOutput::Bits)) {
            v->voxelize({glm::mat4(1.f), mode, method, VoxRule::DominantAxis});
            const std::vector<std::uint32_t> bits = readBits(*v);
            EXPECT_EQ(differingWords(bits, expected), 0)
                << voxelModeName(mode) << ", " << voxMethodName(method) << ": " << popcount(bits)
                << " bits set, expected " << count;
        }
        std::printf("box at 1024^3, %s: %lld voxels (closed form) = bits\n", voxelModeName(mode),
                    static_cast<long long>(count));
    }
    DICER_EXPECT_NO_GL_ERROR();
}

// The teapot at 1024^3: no atlas exists to compare with, so the bits methods (different candidate
// generation, the same rule) must agree word for word, and the count must be plausible: a shell's voxel
// count grows with the surface, ~4x per doubling of the side (printed with 512^3's).
TEST(VoxBits1024, TeapotRunsAndBothMethodsAgree) {
    Voxelizer* v = sharedBitsVoxelizer();
    ASSERT_NE(v, nullptr);
    const model::PlacedModel& teapot = placedTestModel("teapot");
    std::int64_t counts[2] = {};
    for (int i = 0; i < 2; ++i) {
        Result<VolumeLayout> layout =
            presetLayoutFor(i ? "1024" : "512", VoxelOutput::Bits, context().info());
        ASSERT_TRUE(layout) << layout.error();
        Result<void> r = v->setLayout(*layout, VoxelOutput::Bits);
        ASSERT_TRUE(r) << r.error();
        r = v->setMesh(teapot.mesh);
        ASSERT_TRUE(r) << r.error();
        std::vector<std::uint32_t> first; // the first bits row's (projected)
        for (VoxMethodId method : voxMethodsWriting(VoxelOutput::Bits)) {
            v->voxelize({teapot.placement, VoxelMode::Shell, method, VoxRule::DominantAxis});
            if (first.empty())
                first = readBits(*v);
            else
                EXPECT_EQ(differingWords(readBits(*v), first), 0)
                    << layout->volume.x << " " << voxMethodName(method);
        }
        counts[i] = popcount(first);
    }
    std::printf("teapot shell (dominant axis): %lld voxels at 512^3, %lld at 1024^3 (x%.2f)\n",
                static_cast<long long>(counts[0]), static_cast<long long>(counts[1]),
                double(counts[1]) / double(counts[0]));
    EXPECT_GT(counts[1], 3 * counts[0]);
    EXPECT_LT(counts[1], 5 * counts[0]);
    DICER_EXPECT_NO_GL_ERROR();
}

// --- colours per slot ---------------------------------------------------------------------------------------

constexpr std::uint32_t kUntouched = 0x01020304u; // alpha byte 1: never a colour the voxelizer writes

// Dense slot colours against the atlas output: `wrong` voxels the atlas holds whose slot has another colour,
// `stray` slots of empty voxels that were written.
struct ColorDiff {
    std::int64_t wrong = 0, stray = 0, coloured = 0;
};
ColorDiff compareDenseColors(const AtlasBytes& atlas, const std::vector<std::uint32_t>& colours) {
    ColorDiff d;
    const glm::ivec3 n = atlas.layout.volume;
    for (int z = 0; z < n.z; ++z)
        for (int y = 0; y < n.y; ++y)
            for (int x = 0; x < n.x; ++x) {
                const std::uint8_t* t = atlas.voxel({x, y, z});
                const std::uint32_t got = colours[size_t(x + n.x * (y + n.y * z))];
                if (t[3] == 0) {
                    d.stray += got != kUntouched;
                    continue;
                }
                ++d.coloured;
                const std::uint32_t expected = std::uint32_t(t[0]) | std::uint32_t(t[1]) << 8 |
                                               std::uint32_t(t[2]) << 16 | std::uint32_t(t[3]) << 24;
                d.wrong += got != expected;
            }
    return d;
}

// Dense slots (voxelize_slot_dense.glsl: slot = x + X (y + Y z)): after voxelize + colorSlots in bits mode,
// colour[slot(v)] is the atlas output's RGBA8 at v for every voxel the atlas holds, byte for byte, and no
// other slot is written; slots at or beyond the count (read on the GPU, at an offset) stay untouched.
TEST(VoxBitsColors, DenseSlotsCarryTheAtlasColorsExactly) {
    Voxelizer* atlasVox = sharedVoxelizer();
    Voxelizer* bitsVox = sharedBitsVoxelizer();
    ASSERT_NE(atlasVox, nullptr);
    ASSERT_NE(bitsVox, nullptr);
    const VolumeLayout layout = layoutOf(glm::ivec3(64));
    const auto voxels = std::uint32_t(layout.voxelCount());
    Result<void> r = bitsVox->enableSlotColors("voxelize_slot_dense.glsl", voxels);
    ASSERT_TRUE(r) << r.error();
    ASSERT_TRUE(bitsVox->setLayout(layout, VoxelOutput::Bits));
    const std::uint32_t counts[2] = {0xdeadbeefu, voxels}; // the count at offset 4
    gl::Buffer count = test::bufferStorage(sizeof(counts), counts, GL_DYNAMIC_STORAGE_BIT, "slot count");
    const model::PlacedModel& spot = placedTestModel("spot");
    const model::PlacedModel& heart = placedTestModel("heart");
    struct ColorCase {
        const char* name;
        model::Mesh mesh;
        glm::mat4 model;
    };
    const ColorCase cases[] = {
        {"spot", spot.mesh, spot.placement},
        {"heart", withRandomVertexColors(heart.mesh, 11),
         glm::rotate(glm::mat4(1.f), 0.7f, glm::normalize(glm::vec3(1, 2, 3))) * heart.placement}};
    std::vector<std::uint32_t> colours(voxels);
    for (const ColorCase& cc : cases)
        for (VoxelMode mode : kVoxelModes)
            for (VoxRule rule : kVoxRules) {
                VoxelizeParams params{cc.model, mode, VoxMethodId::Projected, rule};
                voxelizeInto(*atlasVox, layout, cc.mesh, params);
                const AtlasBytes atlas = readAtlas(*atlasVox);
                ASSERT_TRUE(bitsVox->setMesh(cc.mesh));
                for (VoxMethodId method : voxMethodsWriting(VoxelOutput::Bits)) {
                    params.method = method;
                    glClearNamedBufferData(bitsVox->slotColors(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                           &kUntouched);
                    bitsVox->voxelize(params);
                    bitsVox->colorSlots(params, count.id(), 4);
                    glGetNamedBufferSubData(bitsVox->slotColors(), 0, GLsizeiptr(voxels * 4), colours.data());
                    const ColorDiff d = compareDenseColors(atlas, colours);
                    EXPECT_EQ(d.wrong, 0)
                        << cc.name << " " << voxelModeName(mode) << " " << voxRuleName(rule) << " "
                        << voxMethodName(method) << ": of " << d.coloured << " voxels";
                    EXPECT_EQ(d.stray, 0) << cc.name << " " << voxelModeName(mode) << " "
                                          << voxRuleName(rule) << " " << voxMethodName(method);
                }
            }
    // A count of half the slots: the upper half stays untouched.
    const std::uint32_t half = voxels / 2;
    glNamedBufferSubData(count.id(), 4, 4, &half);
    glClearNamedBufferData(bitsVox->slotColors(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &kUntouched);
    const VoxelizeParams solid{spot.placement, VoxelMode::Solid, VoxMethodId::Compute,
                               VoxRule::DominantAxis};
    ASSERT_TRUE(bitsVox->setMesh(spot.mesh));
    bitsVox->voxelize(solid);
    bitsVox->colorSlots(solid, count.id(), 4);
    glGetNamedBufferSubData(bitsVox->slotColors(), 0, GLsizeiptr(voxels * 4), colours.data());
    std::int64_t below = 0, above = 0;
    for (std::uint32_t i = 0; i < voxels; ++i)
        (i < half ? below : above) += colours[i] != kUntouched;
    EXPECT_GT(below, 0);
    EXPECT_EQ(above, 0);
    DICER_EXPECT_NO_GL_ERROR();
}

// A mesh stored in chunks (a few hundred triangles each; owner ids are mesh-wide) in a non-cubic volume: the
// bits and the dense slot colours still equal the single-chunk atlas output, both methods, both modes.
TEST(VoxBitsColors, ChunkedMeshInANonCubicVolume) {
    Voxelizer* atlasVox = sharedVoxelizer();
    Voxelizer* bitsVox = sharedBitsVoxelizer();
    ASSERT_NE(atlasVox, nullptr);
    ASSERT_NE(bitsVox, nullptr);
    const VolumeLayout layout = layoutOf({40, 48, 32});
    const auto voxels = std::uint32_t(layout.voxelCount());
    Result<void> r = bitsVox->enableSlotColors("voxelize_slot_dense.glsl", voxels);
    ASSERT_TRUE(r) << r.error();
    ASSERT_TRUE(bitsVox->setLayout(layout, VoxelOutput::Bits));
    gl::Buffer count = test::bufferStorage(4, &voxels, 0, "slot count");
    const model::Mesh mesh = withRandomVertexColors(model::makeHeart(3000), 11);
    const glm::mat4 model = glm::rotate(glm::mat4(1.f), 0.4f, glm::vec3(1.f, 0.5f, 0.2f));
    ASSERT_TRUE(bitsVox->setMesh(mesh, 40000));
    EXPECT_GE(bitsVox->chunkCount(), 8u);
    std::vector<std::uint32_t> colours(voxels);
    for (VoxelMode mode : kVoxelModes) {
        VoxelizeParams params{model, mode, VoxMethodId::Projected, VoxRule::DominantAxis};
        voxelizeInto(*atlasVox, layout, mesh, params);
        ASSERT_EQ(atlasVox->chunkCount(), 1u);
        const AtlasBytes atlas = readAtlas(*atlasVox);
        for (VoxMethodId method : voxMethodsWriting(VoxelOutput::Bits)) {
            params.method = method;
            glClearNamedBufferData(bitsVox->slotColors(), GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                                   &kUntouched);
            bitsVox->voxelize(params);
            EXPECT_EQ(differingWords(readBits(*bitsVox), atlasToBits(atlas)), 0)
                << voxelModeName(mode) << " " << voxMethodName(method);
            bitsVox->colorSlots(params, count.id(), 0);
            glGetNamedBufferSubData(bitsVox->slotColors(), 0, GLsizeiptr(voxels * 4), colours.data());
            const ColorDiff d = compareDenseColors(atlas, colours);
            EXPECT_GT(d.coloured, 1000);
            EXPECT_EQ(d.wrong, 0) << voxelModeName(mode) << " " << voxMethodName(method);
            EXPECT_EQ(d.stray, 0) << voxelModeName(mode) << " " << voxMethodName(method);
        }
    }
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(VoxBitsColors, BadSlotSetupsAreClearErrors) {
    Voxelizer* v = sharedBitsVoxelizer();
    ASSERT_NE(v, nullptr);
    Result<void> r = v->enableSlotColors("voxelize_slot_dense.glsl", 0);
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), "at least 1")) << r.error();
    r = v->enableSlotColors("no_such_slot_function.glsl", 16);
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), "no_such_slot_function.glsl")) << r.error();
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(VoxBitsErrors, NamesAndParsing) {
    for (VoxelOutput o : kVoxelOutputs)
        EXPECT_EQ(parseVoxelOutput(voxelOutputName(o)), o);
    EXPECT_EQ(parseVoxelOutput("both"), std::nullopt);
    EXPECT_EQ(std::string(voxelOutputName(VoxelOutput::Bits)), "bits");
}

// The atlas output cannot hold 1024^3; the bits cannot go past 65536 a side or the storage block limit.
TEST(VoxBitsErrors, BadSizesAreClearErrorsAndKeepTheState) {
    Voxelizer* v = sharedBitsVoxelizer();
    ASSERT_NE(v, nullptr);
    const gl::GlInfo& info = context().info();
    // A driver whose textures stop at 16384 (llvmpipe's; NVIDIA's reach 32768, so this one is made up).
    gl::GlInfo smallTextures = info;
    smallTextures.maxTextureSize = 16384;
    Result<VolumeLayout> texture = presetLayoutFor("1024", VoxelOutput::Atlas, smallTextures);
    ASSERT_FALSE(texture);
    EXPECT_TRUE(containsText(texture.error(), "32768")) << texture.error();
    EXPECT_TRUE(containsText(texture.error(), "16384")) << texture.error();

    // A working 64^3 bits state first.
    const VolumeLayout small = layoutOf(glm::ivec3(64));
    ASSERT_TRUE(v->setLayout(small, VoxelOutput::Bits));
    ASSERT_TRUE(v->setMesh(model::makeBox(glm::vec3(0.5f))));
    v->voxelize({});
    const std::vector<std::uint32_t> before = readBits(*v);
    ASSERT_GT(popcount(before), 0);

    Result<VolumeLayout> big = presetLayoutFor("1024", VoxelOutput::Bits, info);
    ASSERT_TRUE(big) << big.error();
    Result<void> r;
    if (info.maxTextureSize <
        32768) { // 32768^2 as a texture: past llvmpipe's textures (NVIDIA would take it)
        r = v->setLayout(*big, VoxelOutput::Atlas);
        ASSERT_FALSE(r);
        EXPECT_TRUE(containsText(r.error(), "32768")) << r.error();
        EXPECT_TRUE(containsText(r.error(), "GL_MAX_TEXTURE_SIZE")) << r.error();
    }
    Result<VolumeLayout> huge = VolumeLayout::make(glm::ivec3(2048), 1 << 30); // 131072^2: past every driver
    ASSERT_TRUE(huge);
    r = v->setLayout(*huge, VoxelOutput::Atlas);
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), "131072")) << r.error();
    EXPECT_TRUE(containsText(r.error(), "GL_MAX_TEXTURE_SIZE")) << r.error();
    r = v->setLayout(*huge, VoxelOutput::Bits);
    ASSERT_FALSE(r);
    EXPECT_TRUE(containsText(r.error(), "131072")) << r.error();
    EXPECT_TRUE(containsText(r.error(), "65536")) << r.error();
    VolumeLayout inconsistent = small;
    inconsistent.atlasSize = 1024;
    EXPECT_FALSE(v->setLayout(inconsistent, VoxelOutput::Bits));
    // Nothing changed.
    EXPECT_EQ(v->output(), VoxelOutput::Bits);
    EXPECT_EQ(v->layout().volume, small.volume);
    v->voxelize({});
    EXPECT_EQ(differingWords(readBits(*v), before), 0);

    // A driver with a 16 MiB storage block: 8192^2 / 8 = 8 MiB fits, 16384^2 / 8 = 32 MiB does not.
    gl::GlInfo smallBlocks = info;
    smallBlocks.maxStorageBlockBytes = std::int64_t(16) << 20;
    EXPECT_EQ(atlasLimit(VoxelOutput::Bits, smallBlocks).side, 8192);
    Result<VolumeLayout> limited = presetLayoutFor("512", VoxelOutput::Bits, smallBlocks);
    ASSERT_FALSE(limited);
    EXPECT_TRUE(containsText(limited.error(), "GL_MAX_SHADER_STORAGE_BLOCK_SIZE")) << limited.error();
    EXPECT_TRUE(containsText(limited.error(), "16384")) << limited.error();
    DICER_EXPECT_NO_GL_ERROR();
}

// The slab methods render the atlas through the framebuffer: refused for the bits, with a reason; a
// voxelize() call with one only clears the bits.
TEST(VoxBitsErrors, SlabMethodsAreRefused) {
    for (VoxMethodId m : voxMethods())
        EXPECT_TRUE(checkOutput(m, VoxelOutput::Atlas)) << voxMethodName(m);
    for (VoxMethodId m : {VoxMethodId::Binned, VoxMethodId::Instanced, VoxMethodId::PerSlice}) { // the slabs
        Result<void> r = checkOutput(m, VoxelOutput::Bits);
        ASSERT_FALSE(r) << voxMethodName(m);
        EXPECT_TRUE(containsText(r.error(), voxMethodName(m))) << r.error();
    }
    for (VoxMethodId m : {VoxMethodId::Projected, VoxMethodId::Compute})
        EXPECT_TRUE(checkOutput(m, VoxelOutput::Bits)) << voxMethodName(m);
    Voxelizer* v = sharedBitsVoxelizer();
    ASSERT_NE(v, nullptr);
    ASSERT_TRUE(v->setLayout(layoutOf(glm::ivec3(64)), VoxelOutput::Bits));
    ASSERT_TRUE(v->setMesh(model::makeBox(glm::vec3(0.5f))));
    v->voxelize({});
    ASSERT_GT(popcount(readBits(*v)), 0);
    v->voxelize({glm::mat4(1.f), VoxelMode::Shell, VoxMethodId::Binned, VoxRule::DominantAxis});
    EXPECT_EQ(popcount(readBits(*v)), 0);
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace
