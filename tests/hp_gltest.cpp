// Every HistoPyramid variant against the CPU reference, exactly: same count, same entries in the same order,
// on random images of every size regime and density, the report's worked example, corners, thresholds and
// bad inputs. Also shows where float storage stops being exact and what dicer_bil gives on this driver.
#include "gl_test_util.h"
#include "hp_math.h"
#include "hp_reference.h"
#include "hp_test_util.h"
#include "hp_variants.h"
#include "log.h"

#include "dicer_shared.h"

#include <cstdio>
#include <map>
#include <memory>

using namespace dicer;
using namespace dicer::hp;

namespace {

gl::Texture makeAtlas(const std::vector<std::uint8_t>& alpha, int w, int h) {
    std::vector<std::uint8_t> rgba(alpha.size() * 4);
    for (size_t i = 0; i < alpha.size(); ++i) {
        rgba[i * 4 + 0] = std::uint8_t(i * 7);
        rgba[i * 4 + 1] = std::uint8_t(i >> 3);
        rgba[i * 4 + 2] = 0x5a;
        rgba[i * 4 + 3] = alpha[i];
    }
    gl::Texture t = gl::createTexture2D(w, h, GL_RGBA8, 1, "test atlas");
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTextureSubImage2D(t.id(), 0, 0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
    return t;
}

struct Config {
    const char* variant;
    Storage storage;
};

std::string configName(const Config& c) { return std::string(c.variant) + "_" + storageName(c.storage); }

// Variants are created once per executable: compiling their programs dominates small cases otherwise.
class Pyramids {
public:
    static Pyramids& get() {
        static Pyramids p;
        return p;
    }
    // nullptr (and a test failure with the shader log) if the variant cannot be created.
    HistoPyramid* pyramid(const Config& c) {
        auto& slot = m_pyramids[configName(c)];
        if (!slot) {
            auto created = createVariant(c.variant, m_shaders, test::context().info(), c.storage);
            if (!created) {
                ADD_FAILURE() << created.error();
                return nullptr;
            }
            slot = std::move(created.value());
        }
        return slot.get();
    }
    PointList* list() { return m_list.get(); }
    gl::ShaderLibrary& shaders() { return m_shaders; }

private:
    Pyramids() {
        auto l = PointList::create(m_shaders);
        if (l) m_list = std::make_unique<PointList>(std::move(l.value()));
        else ADD_FAILURE() << l.error();
    }
    gl::ShaderLibrary m_shaders;
    std::map<std::string, std::unique_ptr<HistoPyramid>> m_pyramids;
    std::unique_ptr<PointList> m_list;
};

const Config kConfigs[] = {
    {"dicer_single", Storage::Uint32}, {"dicer_single", Storage::Float32}, {"dicer_vec4", Storage::Uint32},
    {"dicer_vec4", Storage::Float32},  {"dicer_rect", Storage::Uint32},    {"dicer_rect", Storage::Float32},
    {"dicer_bil", Storage::Float32},
};

// Builds, lists (paper path and GPU-resident path) and compares with the reference. Returns mismatches.
void expectExact(const Config& c, const std::vector<std::uint8_t>& alpha, int w, int h, float threshold,
                 const AtlasTiling& tiling = {}, bool checkIndirect = true) {
    SCOPED_TRACE(configName(c) + " " + std::to_string(w) + "x" + std::to_string(h));
    HistoPyramid* pyrPtr = Pyramids::get().pyramid(c);
    PointList* listPtr = Pyramids::get().list();
    ASSERT_TRUE(pyrPtr && listPtr);
    HistoPyramid& pyr = *pyrPtr;
    PointList& list = *listPtr;
    gl::Texture atlas = makeAtlas(alpha, w, h);
    ASSERT_TRUE(pyr.build(atlas.id(), threshold));
    CpuPyramid ref = buildCpuPyramid(alpha, w, h, thresholdToByte(threshold));
    ASSERT_EQ(pyr.readCount(), ref.count());
    ASSERT_TRUE(list.build(pyr, tiling));
    ASSERT_EQ(list.count(), ref.count());

    // The 2D list texture: entry k = y * width + x holds the k-th active cell, or HP_EMPTY past the count.
    std::vector<glm::uvec2> texture = list.readListTexture();
    std::vector<glm::ivec2> expected = cpuPointList(ref);
    glm::ivec2 size = list.listSize();
    ASSERT_EQ(texture.size(), size_t(size.x) * size_t(size.y));
    std::uint32_t bad = 0;
    for (size_t k = 0; k < texture.size(); ++k) {
        glm::uvec2 want = k < expected.size() ? glm::uvec2(expected[k]) : glm::uvec2(HP_EMPTY);
        if (texture[k] != want && bad++ < 5)
            ADD_FAILURE() << "k=" << k << " gpu (" << texture[k].x << "," << texture[k].y << ") cpu (" << want.x
                          << "," << want.y << ")";
    }
    EXPECT_EQ(bad, 0u) << "list texture mismatches";
    VerifyReport report = verifyPointList(list, ref, tiling);
    EXPECT_TRUE(report.ok()) << report.mismatches << " point-buffer mismatches";

    if (checkIndirect) {
        std::uint32_t capacity = std::max<std::uint32_t>(ref.count(), 1);
        ASSERT_TRUE(list.buildIndirect(pyr, capacity, tiling));
        bool overflow = true;
        EXPECT_EQ(list.readIndirectCount(&overflow), ref.count());
        EXPECT_FALSE(overflow);
        std::vector<glm::uvec4> points = list.readPoints(ref.count());
        std::uint32_t badIndirect = 0;
        for (std::uint32_t k = 0; k < ref.count(); ++k)
            if (points[k] != cpuPointEntry(expected[k], tiling, ref.baseSize)) ++badIndirect;
        EXPECT_EQ(badIndirect, 0u) << "indirect point mismatches";
    }
    DICER_EXPECT_NO_GL_ERROR();
}

} // namespace

// --- random images: every size regime x density -------------------------------------------------------------
struct RandomCase {
    int size;
    double density; // < 0: exactly one active cell
};

class HpRandom : public ::testing::TestWithParam<std::tuple<int, RandomCase>> {};

TEST_P(HpRandom, GpuListEqualsCpuReference) {
    const Config& c = kConfigs[std::get<0>(GetParam())];
    RandomCase rc = std::get<1>(GetParam());
    std::uint32_t seed = std::uint32_t(rc.size * 131 + int(rc.density * 1000));
    auto alpha = rc.density < 0 ? test::singleCell(rc.size, rc.size, rc.size / 3, rc.size - 1)
                                : test::randomAlpha(rc.size, rc.size, rc.density, seed);
    expectExact(c, alpha, rc.size, rc.size, float(test::kTestThreshold) / 255.0f);
}

// Small sizes: all densities. Large sizes: the densities that keep the list affordable on llvmpipe (a 4096^2
// full list is 16M traversals); the benchmark sweeps the rest.
const RandomCase kRandomCases[] = {
    {1, 0.0},    {1, 1.0},    {2, 0.0},    {2, 0.5},    {2, 1.0},    {4, -1},     {4, 0.5},    {4, 1.0},
    {8, 0.0},    {8, -1},     {8, 0.5},    {8, 1.0},    {16, 0.01},  {16, 0.5},   {16, 1.0},   {32, 0.1},
    {32, 1.0},   {64, 0.001}, {64, 0.01},  {64, 0.5},   {64, 1.0},   {128, -1},   {128, 0.01}, {128, 0.5},
    {256, 0.0},  {256, 0.001}, {256, 0.01}, {256, 0.5}, {256, 1.0},  {512, 0.01}, {512, 0.5},  {1024, 0.001},
    {1024, 0.01}, {1024, 0.5}, {1024, 1.0}, {2048, 0.001}, {2048, 0.01}, {4096, 0.001}, {4096, 0.01}, {4096, -1},
};

INSTANTIATE_TEST_SUITE_P(AllVariants, HpRandom,
                         ::testing::Combine(::testing::Range(0, int(std::size(kConfigs))),
                                            ::testing::ValuesIn(kRandomCases)),
                         [](const auto& param) {
                             RandomCase rc = std::get<1>(param.param);
                             std::string d = rc.density < 0 ? "one" : std::to_string(int(rc.density * 1000)) + "pm";
                             return configName(kConfigs[std::get<0>(param.param)]) + "_" + std::to_string(rc.size) +
                                    "_" + d;
                         });
