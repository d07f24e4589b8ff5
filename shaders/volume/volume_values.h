// How a scalar value becomes an order key, a colour-map bin and a colour: written once, compiled
// twice, as C++ (the volume wing's CPU reference and band keys, engine/volume/value_keys.h) and as GLSL (the
// discriminator, discriminate_values.glsl), like hp_point.h, so the two cannot disagree by a bit.
//
// ORDER KEYS. Every value of a volume's type maps to a uint whose unsigned order is the values' order, so the
// band test and the colour bins are integer comparisons on the GPU, exact on every driver:
//  - unsigned types: the value;
//  - signed types: the value with its sign bit flipped (int(v) + 2^31 as uint);
//  - float32: positive floats (sign bit 0) get the sign bit set, negative ones all bits flipped; -0 counts
//    as +0 first (they are the same real number). NaNs land outside [key(-inf), key(+inf)]: above it with the
//    sign bit 0, below it with 1, and no band reaches them.
//
// THE COLOUR MAP: viridis (van der Walt & Smith, matplotlib's default map, CC0), perceptually uniform and
// readable in grey and by colour-blind viewers, as 33 knots (matplotlib's table at t = i/32, rounded to bytes)
// linearly interpolated over 256 bins in integer arithmetic: bin q in 0..255 is position q * 8192 / 255 in
// 1/256 steps between knots (at most 3/255 from matplotlib's 256-entry table). Integer maths makes the
// GPU's colour of a bin the CPU's, byte for byte.
//
// Rules that keep the text valid in both languages: no swizzles, no overloading, no `inout`, functions
// prefixed `vol`.
#ifndef DICER_VOLUME_VALUES_H
#define DICER_VOLUME_VALUES_H

#ifdef __cplusplus
#include <cstdint>
#define VOL_FN inline
namespace dicer::volume {
using uint = std::uint32_t;
#else
#define VOL_FN
#endif

#define VOL_COLOR_BINS 256 // bins of the colour map over the data's value range (alpha 1..255 = the bin)
#define VOL_COLORMAP_KNOTS 33
#define VOL_KEY_MINUS_INF 0x007fffffu // key of float32 -inf: keys below it are NaNs with the sign bit set
#define VOL_KEY_PLUS_INF 0xff800000u  // key of float32 +inf: keys above it are NaNs
// 0xRRGGBB of viridis at t = i / 32, i = 0..32.
#define VOL_VIRIDIS_KNOTS                                                                                    \
    0x440154u, 0x470d60u, 0x48186au, 0x482374u, 0x472d7bu, 0x453781u, 0x424086u, 0x3e4989u, 0x3b528bu,       \
        0x375b8du, 0x33638du, 0x2f6b8eu, 0x2c728eu, 0x297a8eu, 0x26828eu, 0x23898eu, 0x21918cu, 0x1f988bu,   \
        0x1fa088u, 0x22a785u, 0x28ae80u, 0x32b67au, 0x3fbc73u, 0x4ec36bu, 0x5ec962u, 0x70cf57u, 0x84d44bu,   \
        0x98d83eu, 0xaddc30u, 0xc2df23u, 0xd8e219u, 0xece51bu, 0xfde725u

#ifdef __cplusplus
inline constexpr uint kVolViridis[VOL_COLORMAP_KNOTS] = {VOL_VIRIDIS_KNOTS};
#else
const uint kVolViridis[VOL_COLORMAP_KNOTS] = uint[VOL_COLORMAP_KNOTS](VOL_VIRIDIS_KNOTS);
#endif

VOL_FN uint volSignedKey(int v) {
    return uint(v) ^ 0x80000000u;
}

VOL_FN uint volFloatKey(uint bits) {
    if (bits == 0x80000000u) bits = 0u; // -0 is +0
    return (bits & 0x80000000u) != 0u ? ~bits : (bits | 0x80000000u);
}

VOL_FN bool volFloatKeyIsNan(uint key) {
    return key < VOL_KEY_MINUS_INF || key > VOL_KEY_PLUS_INF;
}

// 0xRRGGBB of colour-map bin q (0..255): the knots interpolated in 1/256 steps, rounded.
VOL_FN uint volColormap(uint q) {
    uint position = q * uint(256 * (VOL_COLORMAP_KNOTS - 1)) / 255u; // 0 .. 8192
    uint knot = position >> 8;
    if (knot > uint(VOL_COLORMAP_KNOTS - 2)) knot = uint(VOL_COLORMAP_KNOTS - 2);
    uint f = position - (knot << 8); // 0..256: the weight of the next knot
    uint a = kVolViridis[knot], b = kVolViridis[knot + 1u];
    uint rgb = 0u;
    for (uint shift = 0u; shift < 24u; shift += 8u) {
        uint ca = (a >> shift) & 0xffu, cb = (b >> shift) & 0xffu;
        rgb |= ((ca * (256u - f) + cb * f + 128u) >> 8) << shift;
    }
    return rgb;
}

// The RGBA8 texel (packUnorm4x8 order: red in the low byte) of a voxel in bin q: the colour map's rgb and
// `alpha`. 0 for NaN voxels (the caller decides) and padding.
VOL_FN uint volTexel(uint q, uint alpha) {
    uint rgb = volColormap(q);
    return ((rgb >> 16) & 0xffu) | (rgb & 0xff00u) | ((rgb & 0xffu) << 16) | (alpha << 24);
}

#ifdef __cplusplus
} // namespace dicer::volume
#endif
#undef VOL_FN
#endif
