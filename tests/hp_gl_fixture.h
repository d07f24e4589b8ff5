// Shared by the HistoPyramid GL test files: atlas upload, one instance of every variant, exact comparison.
#pragma once

#include "gl_test_util.h"
#include "histopyramid.h"
#include "point_list.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dicer::test {

struct Config {
    const char* variant;
    hp::Storage storage;
    hp::BuildPath path = hp::BuildPath::Compute;
};
// Every variant x storage x build path the engine offers (dicer_bil: float32 only).
extern const Config kConfigs[14];
std::string configName(const Config& c);

// An RGBA8 atlas whose alpha channel is `alpha` (rgb: a pattern the discriminator must ignore).
gl::Texture makeAtlas(const std::vector<std::uint8_t>& alpha, int w, int h);

// Variants are created once per executable: compiling their programs dominates small cases otherwise.
// nullptr (and a test failure with the shader log) if the variant cannot be created.
hp::HistoPyramid* pyramidFor(const Config& c);
hp::PointList* sharedPointList();

// Builds, lists (paper path and GPU-resident path) and compares with the CPU reference exactly.
void expectExact(const Config& c, const std::vector<std::uint8_t>& alpha, int w, int h, float threshold,
                 const hp::AtlasTiling& tiling = {}, bool checkIndirect = true);

} // namespace dicer::test
