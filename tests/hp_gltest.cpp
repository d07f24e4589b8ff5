// Every HistoPyramid variant against the CPU reference, exactly (same count, same entries in the same order)
// on random images of every size regime and density. Named cases live in hp_cases_gltest.cpp.
#include "hp_gl_fixture.h"
#include "hp_test_util.h"

using namespace dicer;
using namespace dicer::hp;

using namespace dicer::test;

// --- random images: every size regime x density
// -------------------------------------------------------------
struct RandomCase {
    int size;
    double density; // < 0: exactly one active cell
};

class HpRandom : public ::testing::TestWithParam<std::tuple<int, RandomCase>> {};

TEST_P(HpRandom, GpuListEqualsCpuReference) {
    const Config& c = paperConfigs()[std::get<0>(GetParam())];
    RandomCase rc = std::get<1>(GetParam());
    std::uint32_t seed = std::uint32_t(rc.size * 131 + int(rc.density * 1000));
    auto alpha = rc.density < 0 ? test::singleCell(rc.size, rc.size, rc.size / 3, rc.size - 1)
                                : test::randomAlpha(rc.size, rc.size, rc.density, seed);
    expectExact(c, alpha, rc.size, rc.size, float(test::kTestThreshold) / 255.0f);
}

// Small sizes: all densities. Large sizes: the densities that keep the list affordable on llvmpipe (a 4096^2
// full list is 16M traversals); the benchmark sweeps the rest.
const RandomCase kRandomCases[] = {
    {1, 0.0},      {1, 1.0},     {2, 0.0},      {2, 0.5},      {2, 1.0},     {4, -1},     {4, 0.5},
    {4, 1.0},      {8, 0.0},     {8, -1},       {8, 0.5},      {8, 1.0},     {16, 0.01},  {16, 0.5},
    {16, 1.0},     {32, 0.1},    {32, 1.0},     {64, 0.001},   {64, 0.01},   {64, 0.5},   {64, 1.0},
    {128, -1},     {128, 0.01},  {128, 0.5},    {256, 0.0},    {256, 0.001}, {256, 0.01}, {256, 0.5},
    {256, 1.0},    {512, 0.01},  {512, 0.5},    {1024, 0.001}, {1024, 0.01}, {1024, 0.5}, {1024, 1.0},
    {2048, 0.001}, {2048, 0.01}, {4096, 0.001}, {4096, 0.01},  {4096, -1},
};

INSTANTIATE_TEST_SUITE_P(
    AllVariants, HpRandom,
    ::testing::Combine(::testing::Range(0, int(paperConfigs().size())), ::testing::ValuesIn(kRandomCases)),
    [](const auto& param) {
        RandomCase rc = std::get<1>(param.param);
        std::string d = rc.density < 0 ? "one" : std::to_string(int(rc.density * 1000)) + "pm";
        return configName(paperConfigs()[std::get<0>(param.param)]) + "_" + std::to_string(rc.size) + "_" + d;
    });
