// HistoPyramid size bookkeeping, shared by the GPU variants, the CPU reference and the tests (pure CPU).
#pragma once

#include <cstdint>

namespace dicer::hp {

// Smallest power of two >= v (v >= 1).
constexpr int nextPowerOfTwo(int v) {
    int p = 1;
    while (p < v)
        p <<= 1;
    return p;
}
constexpr int log2Exact(int powerOfTwo) {
    int l = 0;
    while ((1 << l) < powerOfTwo)
        ++l;
    return l;
}
// The square power-of-two base an input of width x height is padded to. At least 2, so that even a 1x1 input
// has one reduction (the level-1 top); padding cells are inactive.
constexpr int paddedBaseSize(int width, int height) {
    int m = width > height ? width : height;
    return nextPowerOfTwo(m < 2 ? 2 : m);
}
// Number of stored levels L: level l (1..L) has size N >> l, level L is the 1x1 top.
constexpr int storedLevels(int baseSize) {
    return log2Exact(baseSize);
}
constexpr int levelSize(int baseSize, int level) {
    return baseSize >> level;
}
// Pseudo-mipmap (rect variant): level l starts at x = N - (N >> (l-1)); all levels fit in (N-1) x N/2.
constexpr int rectOffset(int baseSize, int level) {
    return baseSize - (baseSize >> (level - 1));
}
constexpr int rectWidth(int baseSize) {
    return baseSize - 1;
}

// Alpha threshold in [0,1] to the byte the discriminator compares against (active = alpha8 >= byte).
// A threshold of exactly k/255 selects alpha8 >= k. Above 1 nothing is active (256).
std::uint32_t thresholdToByte(float threshold);

} // namespace dicer::hp
