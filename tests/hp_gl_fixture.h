// Shared by the HistoPyramid GL test files: atlas upload, one instance of every variant, exact comparison.
#pragma once

#include "gl_test_util.h"
#include "histopyramid.h"
#include "point_list.h"
#include "point_method.h"
#include "sparse_occupancy.h"

#include <cstdint>
#include <string>
#include <vector>

namespace dicer::test {

struct Config {
    const char* variant;
    hp::Storage storage;
    hp::BuildPath path = hp::BuildPath::Compute;
};
// Every paper variant x storage x build path of the method table (dicer_bil: float32 only).
const std::vector<Config>& paperConfigs();
std::string configName(const Config& c);

// An RGBA8 atlas whose alpha channel is `alpha` (rgb: a pattern the discriminator must ignore).
gl::Texture makeAtlas(const std::vector<std::uint8_t>& alpha, int w, int h);

// Methods (method_table.h) are created once per executable, options set on each call: compiling their
// programs dominates small cases otherwise. nullptr (and a test failure with the error) if one cannot be
// made.
hp::PointMethod* methodFor(const std::string& name, const hp::MethodOptions& options = {});
// The pyramid of a paper variant's method in the configuration `c`.
hp::HistoPyramid* pyramidFor(const Config& c);
// What a row of input `kind` reads for this atlas input: the input itself, or the atlas' occupancy bits made
// on the GPU (peers::AtlasToBits, one shared buffer: valid until the next call). A failed conversion is a
// test failure (and the atlas input is returned).
// A sparse row (MethodInfo::reads is VoxelOutput::Sparse): the atlas' bits, then their sparse occupancy
// (sparseInputFor).
hp::MethodInput inputFor(occupancy::VoxelOutput kind, const hp::MethodInput& atlas);
// What method row `row` reads for `atlas` (w x h texels, threshold 0.5, a list as long as the texels): the atlas,
// or its bits or sparse occupancy (inputFor of the row's MethodInfo::reads).
hp::MethodInput rowInput(const std::string& row, GLuint atlas, int w, int h);
// A bits input (bits, bitsSide) with its sparse occupancy filled in: one shared voxel::SparseOccupancy laid out for
// the side with `slots` (0: as many as the bits have marked bricks) and converted on the GPU (fromBits); valid
// until the next call. A failure is a test failure.
hp::MethodInput sparseInputFor(const hp::MethodInput& bits, std::uint32_t slots = 0);
occupancy::SparseOccupancy& sharedSparse();
hp::PointList* sharedPointList();

// Builds, lists (paper path and GPU-resident path) and compares with the CPU reference exactly.
void expectExact(const Config& c, const std::vector<std::uint8_t>& alpha, int w, int h, float threshold,
                 const hp::AtlasTiling& tiling = {}, bool checkIndirect = true);

} // namespace dicer::test
