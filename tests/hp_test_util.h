// Test inputs for the HistoPyramid tests: alpha images of a given density and the paper's worked example.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace dicer::test {

constexpr std::uint8_t kTestThreshold = 128; // alpha byte used as "active" threshold by the generated images

// Alpha bytes (row-major) where each cell is active (alpha >= kTestThreshold) with probability `density`;
// values spread over the whole byte range so the discriminator really compares.
inline std::vector<std::uint8_t> randomAlpha(int width, int height, double density, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    std::uniform_int_distribution<int> on(kTestThreshold, 255), off(0, kTestThreshold - 1);
    std::vector<std::uint8_t> a(size_t(width) * size_t(height));
    for (auto& v : a)
        v = std::uint8_t(coin(rng) < density ? on(rng) : off(rng));
    return a;
}

// Exactly one active cell at (x, y).
inline std::vector<std::uint8_t> singleCell(int width, int height, int x, int y) {
    std::vector<std::uint8_t> a(size_t(width) * size_t(height), 0);
    a[size_t(y) * size_t(width) + size_t(x)] = 255;
    return a;
}

// The report's worked example: 8 active cells, 3x3 list, entry (1,1) -> k = 4 -> cell (2,3).
// With the GPU's child order (0,0),(1,0),(0,1),(1,1) and 0-based (x, y), no 4x4 base with 8 active cells puts
// k = 4 at (2,3) (k = 4 in the last quadrant forces (2,2)), so the example is rebuilt on an 8x8 base.
inline std::vector<std::uint8_t> workedExample() {
    const int active[8][2] = {{0, 0}, {1, 1}, {2, 0}, {0, 2}, {2, 3}, {3, 3}, {5, 1}, {6, 6}};
    std::vector<std::uint8_t> a(64, 0);
    for (auto& c : active)
        a[size_t(c[1]) * 8 + size_t(c[0])] = 255;
    return a;
}

} // namespace dicer::test
