// The discriminator's rule as the GPU evaluates it: every value of a volume's type becomes
// a 32-bit unsigned ORDER KEY (shaders/volume_values.h: the integer itself for unsigned types, the sign bit
// flipped for signed ones, the IEEE order trick for float32, -0 folded onto +0), so "lo <= v <= hi" and
// "v >= edge" are integer comparisons on any GPU (no driver's float comparisons, denormal flushing or NaN
// rules involved). This file turns the real-valued band and colour-map edges into keys:
//  - integer types: the band is [ceil(lo), floor(hi)] clamped to the type;
//  - float32: [the smallest float >= lo, the largest float <= hi], the bounds for which comparing float32
//    values equals comparing them with the real numbers lo and hi;
// so for every value v of the type, keyOf(v) in [lo key, hi key] <=> inBand(v, band) (band.h), exactly.
// NaN keys lie outside [key(-inf), key(+inf)] and every float band inside it: NaN is never active. The
// tests/volume_test.cpp checks the equivalence exhaustively for the 8- and 16-bit types and on edge values
// for the others. No GL.
#pragma once

#include "band.h"
#include "scalar_volume.h"

#include <array>
#include <cstdint>
#include <optional>

namespace dicer::volume {

// The key of `value`, a value of the type (an integer in its range, or a float32 held in a double).
std::uint32_t valueKey(ScalarType type, double value);

// The band as keys of `type`: active <=> lo <= key <= hi. An empty band (no value of the type in it, or
// band.lo > band.hi) is lo = 1, hi = 0.
struct KeyBand {
    std::uint32_t lo = 1, hi = 0;
    bool empty() const { return lo > hi; }
};
KeyBand bandKeys(ScalarType type, Band band);

// The smallest value of the type >= x (nullopt when none: x above the type's largest value; never for
// float32, where +inf is). x must not be NaN.
std::optional<double> typeCeil(ScalarType type, double x);

// The key of typeCeil(edge), or one above every value's key when there is none (0xffffffff: no value of the
// type reaches the edge; for uint32 data the edges never exceed its maximum, volume_reference.h).
std::uint32_t edgeKey(ScalarType type, double edge);

} // namespace dicer::volume
