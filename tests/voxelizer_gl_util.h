// Shared by the voxelizer GL tests: one Voxelizer per executable, atlas read-back and voxel access.
#pragma once

#include "gl_test_util.h"
#include "model_catalog.h"
#include "point_method.h"
#include "test_models.h"
#include "voxelizer.h"

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace dicer::voxel {
// gtest prints a VoxMethodId (a test parameter) by its row's name rather than its bytes. It finds PrintTo by
// argument-dependent lookup, hence VoxMethodId's own namespace.
inline void PrintTo(VoxMethodId method, std::ostream* os) {
    *os << voxMethodName(method);
}
} // namespace dicer::voxel

namespace dicer::test {

// Compiled once per executable (shader compilation dominates small cases on llvmpipe); nullptr and a test
// failure with the log if creation fails.
voxel::Voxelizer* sharedVoxelizer();
gl::ShaderLibrary& sharedShaders();
// A second voxelizer for the bits output, and a third for the sparse output, beside the shared one in atlas mode:
// switching one voxelizer between the outputs would reallocate the (up to 1 GiB) atlas every case.
voxel::Voxelizer* sharedBitsVoxelizer();
voxel::Voxelizer* sharedSparseVoxelizer();
// The models as the demo places them, loaded once per executable: the built-ins at the paper's coordinates,
// "spot" fitted (assets/models/spot).
const model::PlacedModel& placedTestModel(const std::string& name);

// Random vertex colours (reproducible: from `seed`). Interpolated colours then differ between neighbouring
// triangles, so a voxel coloured by another triangle than its owner, at other barycentrics, from a wrongly
// rebased chunk index or through another point's slot shows up.
model::Mesh withRandomVertexColors(model::Mesh mesh, unsigned seed);

// Sets layout and mesh (asserting success) and voxelizes.
void voxelizeInto(voxel::Voxelizer& v, const occupancy::VolumeLayout& layout, const model::Mesh& mesh,
                  const voxel::VoxelizeParams& params);

// The atlas as RGBA8 bytes, row 0 = texel row 0 (glGetTextureImage waits for the GPU).
struct AtlasBytes {
    occupancy::VolumeLayout layout;
    std::vector<std::uint8_t> rgba;

    const std::uint8_t* texel(glm::ivec2 t) const {
        return &rgba[(size_t(t.y) * layout.atlasSize + t.x) * 4];
    }
    const std::uint8_t* voxel(glm::ivec3 v) const { return texel(layout.voxelToTexel(v)); }
    bool occupied(glm::ivec3 v) const { return voxel(v)[3] != 0; }
    // A voxel's RGBA8 as the slot colours store it (packUnorm4x8: red in the low byte).
    std::uint32_t packedColor(glm::ivec3 v) const {
        const std::uint8_t* t = voxel(v);
        return std::uint32_t(t[0]) | std::uint32_t(t[1]) << 8 | std::uint32_t(t[2]) << 16 |
               std::uint32_t(t[3]) << 24;
    }
    std::int64_t occupiedCount() const; // texels with alpha != 0, padding included
};
AtlasBytes readAtlas(const voxel::Voxelizer& v);
// Texels whose four bytes differ (the methods must agree exactly: tolerance 0).
std::int64_t differingTexels(const AtlasBytes& a, const AtlasBytes& b);

occupancy::VolumeLayout layoutOf(glm::ivec3 volume);
occupancy::VolumeLayout presetOf(std::string_view name);

// --- the occupancy-bits output (occupancy_bits.h) ----------------------------------------------------------
// The layout's bit words: 2 uints per 8x8 block of the (virtual) atlas, all zero.
std::vector<std::uint32_t> emptyBits(const occupancy::VolumeLayout& layout);
void setBit(std::vector<std::uint32_t>& bits, const occupancy::VolumeLayout& layout, glm::ivec2 texel);
// The atlas output converted on the CPU: one bit per texel whose alpha is not 0 (padding included, so a
// stray write into padding shows up too). The bits output must equal this word for word.
std::vector<std::uint32_t> atlasToBits(const AtlasBytes& atlas);
// The voxelizer's bits buffer (bits output), read back (glGetNamedBufferSubData waits for the GPU).
std::vector<std::uint32_t> readBits(const voxel::Voxelizer& v);
std::int64_t popcount(const std::vector<std::uint32_t>& bits);
// Words that differ (tolerance 0).
std::int64_t differingWords(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b);

// Tests on the executable's shared voxelizer `v`: SetUp fails the test before its body where it could not be
// made. VoxelizerTest<Case> is the parameterised form.
template <class Case = void>
class VoxelizerTest
    : public std::conditional_t<std::is_void_v<Case>, ::testing::Test, ::testing::TestWithParam<Case>> {
protected:
    void SetUp() override { ASSERT_NE(v, nullptr); }
    voxel::Voxelizer* const v = sharedVoxelizer();
};

// --- per-point colours (the slot colour pass, the bits and sparse outputs' second phase) -------------------
// The colour tests' cases: a test model in a cube of `side`, with its own colours or random vertex colours.
struct ColorCase {
    const char* model;
    bool randomColors;
    int side;
};
void PrintTo(const ColorCase& c, std::ostream* os);

// What a colour case voxelizes: its mesh (random vertex colours from `seed` where the case asks for them), the
// cube's layout and a general orientation (no face of the model aligned with the voxel grid). A missing model
// is a test failure and an empty mesh.
struct ColorScene {
    model::Mesh mesh;
    occupancy::VolumeLayout layout;
    glm::mat4 model;
};
ColorScene colorScene(const ColorCase& c, unsigned seed);

// The first `count` points of `method`'s list each have, in `v`'s slot colours, exactly the atlas colour of
// their voxel; none lies outside the volume.
void expectAtlasSlotColors(hp::PointMethod& method, const voxel::Voxelizer& v, const AtlasBytes& atlas,
                           std::uint32_t count, const std::string& context = "");

// The method table row `row`, freshly made and never built, has no rank to bind: one error naming the rank,
// never a silent wrong slot.
void expectNoRankUnbuilt(const std::string& row);

// The voxelizer's tests name what they test unqualified: `using namespace dicer::test` brings these wings too.
using namespace dicer::model;
using namespace dicer::voxel;
using namespace dicer::occupancy;

} // namespace dicer::test
