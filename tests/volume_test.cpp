// The scalar volumes' CPU side: the band (parsing, its errors, the default band, inBand), the value
// histogram, the order keys against the band's definition (exhaustively for the 8- and 16-bit types, on edge
// values for the others and float32), the colour bins and colour map, the built-in volumes (names, sizes,
// errors, determinism, the bench band's count) and the CPU reference's texels and atlas placement.
#include "band.h"
#include "builtin_volumes.h"
#include "test_volumes.h"
#include "value_keys.h"
#include "volume_layout.h"
#include "volume_reference.h"
#include "volume_values.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace dicer;
using namespace dicer::volume;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
const double kFloatMax = std::numeric_limits<float>::max();
const double kDenormal = std::numeric_limits<float>::denorm_min();

bool keyInBand(std::uint32_t key, KeyBand b) {
    return key >= b.lo && key <= b.hi;
}
} // namespace

// --- the band ----------------------------------------------------------------------------------------------

TEST(Band, InBandIsInclusiveAndNeverNan) {
    EXPECT_TRUE(inBand(1, {1, 2}));
    EXPECT_TRUE(inBand(2, {1, 2}));
    EXPECT_FALSE(inBand(2.0000001, {1, 2}));
    EXPECT_FALSE(inBand(0.9999999, {1, 2}));
    EXPECT_FALSE(inBand(kNan, {-kInf, kInf}));
    EXPECT_TRUE(inBand(kInf, {0, kInf}));
    EXPECT_FALSE(inBand(1, {2, 1})); // lo > hi holds nothing
}

TEST(Band, MidBandIsTheUpperHalfOfTheValues) {
    EXPECT_EQ(midBand({0, 255}).lo, 127.5);
    EXPECT_EQ(midBand({0, 255}).hi, 255);
    EXPECT_EQ(midBand({-1000, 3000}).lo, 1000);
    EXPECT_EQ(midBand({7, 7}).lo, 7);
    // Infinite ends: the midpoint of the float range, a number.
    EXPECT_EQ(midBand({-kInf, kInf}).lo, 0);
    EXPECT_EQ(midBand({-kInf, kInf}).hi, kInf);
    EXPECT_TRUE(std::isfinite(midBand({0, kInf}).lo));
}

// Otsu's split of synthetic histograms: two separated modes split between them, whatever their weights; one
// populated bin has no split.
TEST(Band, OtsuSplitsBimodalHistogramsBetweenTheirModes) {
    std::vector<std::uint64_t> h(100, 0);
    for (int i = 10; i < 20; ++i) h[std::size_t(i)] = 1000; // background: many
    for (int i = 70; i < 80; ++i) h[std::size_t(i)] = 50;   // subject: few
    const int k = otsuSplit(h);
    EXPECT_GE(k, 20);
    EXPECT_LE(k, 70);
    // Two single bins: the split is right after the first (the first k of the tie).
    std::vector<std::uint64_t> two(10, 0);
    two[2] = 5;
    two[7] = 5;
    EXPECT_EQ(otsuSplit(two), 3);
    EXPECT_EQ(otsuSplit(std::vector<std::uint64_t>{0, 9, 0}), 0) << "one class: no split";
    EXPECT_EQ(otsuSplit(std::vector<std::uint64_t>{}), 0);
    // Gaussian modes with overlap: the split lies near the valley between them (equal widths and weights).
    std::vector<std::uint64_t> g(256, 0);
    for (int i = 0; i < 256; ++i)
        g[std::size_t(i)] = std::uint64_t(1e4 * (std::exp(-0.5 * std::pow((i - 60) / 15.0, 2)) +
                                                 std::exp(-0.5 * std::pow((i - 180) / 15.0, 2))));
    EXPECT_NEAR(otsuSplit(g), 120, 2);
}

// The default band of a volume: Otsu's split of its histogram to the maximum; integer data get an integer lower
// end; a constant volume falls back to the mid band.
TEST(Band, DefaultBandIsOtsusSplitUpToTheMaximum) {
    ScalarVolume v;
    v.size = {10, 10, 2};
    v.type = ScalarType::Int16;
    std::vector<std::int16_t> values(200);
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = i < 150 ? std::int16_t(-1000 + int(i % 7)) : std::int16_t(1100 + int(i % 13)); // air, bone
    v.data.resize(values.size() * 2);
    std::memcpy(v.data.data(), values.data(), v.data.size());
    const ValueRange range = *valueRange(v);
    const Band band = defaultBand(v, range);
    EXPECT_GT(band.lo, -994);
    EXPECT_LE(band.lo, 1100);
    EXPECT_EQ(band.lo, std::round(band.lo)) << "integer data: an integer end";
    EXPECT_EQ(band.hi, range.max);
    std::int64_t active = 0;
    for (std::int64_t i = 0; i < v.voxelCount(); ++i)
        active += inBand(v.value(i), band) ? 1 : 0;
    EXPECT_EQ(active, 50) << "exactly the bone";

    ScalarVolume f = v; // float data: the same split, a bin edge
    f.type = ScalarType::Float32;
    std::vector<float> floats(values.begin(), values.end());
    f.data.resize(floats.size() * 4);
    std::memcpy(f.data.data(), floats.data(), f.data.size());
    const Band fb = defaultBand(f, *valueRange(f));
    EXPECT_GT(fb.lo, -994);
    EXPECT_LE(fb.lo, 1100);

    std::fill(values.begin(), values.end(), std::int16_t(7)); // constant: no two classes
    std::memcpy(v.data.data(), values.data(), v.data.size());
    EXPECT_EQ(defaultBand(v, {7, 7}), midBand({7, 7}));
}

TEST(Band, ParsesNumbersAndMinMaxAtEitherEnd) {
    const ValueRange range{-1024, 3071};
    auto parsed = [&](const char* text) {
        Result<Band> b = parseBand(text, range);
        EXPECT_TRUE(b) << text << ": " << (b ? "" : b.error());
        return b ? *b : Band{kNan, kNan};
    };
    EXPECT_EQ(parsed("10,20").lo, 10);
    EXPECT_EQ(parsed("10,20").hi, 20);
    EXPECT_EQ(parsed(" -5.5 , 7e2 ").lo, -5.5);
    EXPECT_EQ(parsed(" -5.5 , 7e2 ").hi, 700);
    EXPECT_EQ(parsed("min,max").lo, -1024);
    EXPECT_EQ(parsed("min,max").hi, 3071);
    EXPECT_EQ(parsed("max,max").lo, 3071);
    EXPECT_EQ(parsed("min,min").hi, -1024);
    EXPECT_EQ(parsed("300,max").hi, 3071);
    EXPECT_EQ(parsed("-inf,inf").lo, -kInf);
    EXPECT_EQ(parsed("-inf,inf").hi, kInf);
    EXPECT_EQ(parsed("3,3").lo, 3); // one value
}

TEST(Band, EachBadBandIsOneClearError) {
    struct Case {
        const char* text;
        const char* mentions;
    };
    const Case cases[] = {
        {"5", "got one"},
        {"", "got one"},
        {"1,2,3", "got more"},
        {"a,2", "'a' is not a number"},
        {"1,b", "'b' is not a number"},
        {",5", "'' is not a number"},
        {"5,", "'' is not a number"},
        {"10, 20x", "'20x' is not a number"},
        {"nan,5", "NaN"},
        {"1,NaN", "NaN"},
        {"5,3", "5 is above the upper end 3"},
        {"max,min", "is above"},
        {"MIN,2", "not a number"},
        {"1e999,5", "the lower end '1e999' is out of range"},
        {"0,-1e400", "the upper end '-1e400' is out of range"},
    };
    for (const Case& c : cases) {
        Result<Band> b = parseBand(c.text, ValueRange{0, 255});
        ASSERT_FALSE(b) << c.text;
        EXPECT_NE(b.error().find(c.mentions), std::string::npos) << c.text << ": " << b.error();
        EXPECT_EQ(b.error().rfind("band '" + std::string(c.text) + "': ", 0), 0u) << b.error();
        EXPECT_EQ(b.error().find('\n'), std::string::npos);
    }
    // min / max of a volume whose every value is NaN mean nothing.
    Result<Band> b = parseBand("min,10", std::nullopt);
    ASSERT_FALSE(b);
    EXPECT_NE(b.error().find("every value of the volume is NaN"), std::string::npos) << b.error();
    EXPECT_TRUE(parseBand("1,10", std::nullopt)); // numbers need no range
}

TEST(Band, TextReadsBack) {
    EXPECT_EQ(bandText({0.1, 255}), "[0.1, 255]");
    EXPECT_EQ(bandText({-kInf, 3}), "[-inf, 3]");
}

// --- histogram ---------------------------------------------------------------------------------------------

TEST(Histogram, BinsEqualWidthsOverTheRangeWithoutNan) {
    const ScalarVolume v = test::volumeOf(ScalarType::Float32, {8, 1, 1}, {0, 1, 2.5, 5, 9.99, 10, kNan, 11});
    const std::vector<std::uint64_t> h = histogram(v, 4, {0, 10});
    ASSERT_EQ(h.size(), 4u);
    EXPECT_EQ(h, (std::vector<std::uint64_t>{2, 1, 1, 2})); // 10 in the last bin; NaN and 11 not counted
    EXPECT_TRUE(histogram(v, 0, {0, 10}).empty());
    const ScalarVolume flat = test::volumeOf(ScalarType::Uint8, {3, 1, 1}, {7, 7, 7});
    EXPECT_EQ(histogram(flat, 5, {7, 7}), (std::vector<std::uint64_t>{3, 0, 0, 0, 0}));
    const ScalarVolume inf = test::volumeOf(ScalarType::Float32, {3, 1, 1}, {-kInf, 0, kInf});
    EXPECT_EQ(histogram(inf, 3, {-kInf, kInf}), (std::vector<std::uint64_t>{1, 1, 1}));
}

// --- order keys = the band's definition --------------------------------------------------------------------

// Every value of the type (or a list of them) against bands with ends on, between and beyond its values.
void expectKeysAgree(ScalarType type, const std::vector<double>& values, const std::vector<Band>& bands) {
    for (size_t i = 1; i < values.size(); ++i)
        if (values[i - 1] < values[i]) {
            ASSERT_LT(valueKey(type, values[i - 1]), valueKey(type, values[i]))
                << scalarTypeName(type) << " " << values[i - 1] << " < " << values[i];
        }
    for (const Band& band : bands) {
        const KeyBand keys = bandKeys(type, band);
        std::uint64_t wrong = 0;
        for (double v : values)
            wrong += keyInBand(valueKey(type, v), keys) != inBand(v, band);
        EXPECT_EQ(wrong, 0u) << scalarTypeName(type) << " band " << bandText(band);
    }
}

std::vector<Band> bandsAround(double lo, double hi) {
    const double mid = lo / 2 + hi / 2;
    return {{lo, hi},    {lo - 0.5, hi + 0.5},    {mid - 0.5, mid + 0.5}, {mid + 0.25, mid + 0.75},
            {mid, mid},  {mid - 10.3, mid + 7.7}, {-kInf, kInf},          {-kInf, mid},
            {mid, kInf}, {hi + 1, hi + 2},        {lo - 2, lo - 1},       {hi, hi},
            {lo, lo},    {mid + 1, mid},          {lo - 1e30, hi + 1e30}, {hi + 0.5, kInf}};
}

TEST(ValueKeys, EqualTheBandOnEveryValueOfTheSmallIntegerTypes) {
    for (ScalarType type : {ScalarType::Int8, ScalarType::Uint8, ScalarType::Int16, ScalarType::Uint16}) {
        const auto [lo, hi] = test::typeLimits(type);
        std::vector<double> values;
        for (double v = lo; v <= hi; ++v)
            values.push_back(v);
        expectKeysAgree(type, values, bandsAround(lo, hi));
        expectKeysAgree(type, values, bandsAround(lo / 3, hi / 5));
    }
}

TEST(ValueKeys, EqualTheBandOnEdgeValuesOfThe32BitIntegers) {
    for (ScalarType type : {ScalarType::Int32, ScalarType::Uint32}) {
        const auto [lo, hi] = test::typeLimits(type);
        std::vector<double> values;
        for (double base :
             {lo, std::floor(lo / 2), 0.0, std::floor(hi / 3), hi}) // values of the type: integers
            for (double d = -3; d <= 3; ++d)
                if (base + d >= lo && base + d <= hi) values.push_back(base + d);
        std::sort(values.begin(), values.end());
        values.erase(std::unique(values.begin(), values.end()), values.end());
        expectKeysAgree(type, values, bandsAround(lo, hi));
        expectKeysAgree(type, values,
                        {{0.5, 1.5}, {-0.5, 0.5}, {hi - 0.5, hi}, {lo, lo + 0.5}, {hi / 3, hi / 3}});
    }
}

TEST(ValueKeys, EqualTheBandOnFloatEdgeValuesAndNeverTakeNan) {
    std::vector<double> values = {-kInf, -kFloatMax, -1e30,     -1,   -kDenormal, -0.0,
                                  0.0,   kDenormal,  1e-40,     0.1f, 1,          1.0f + 1e-7f,
                                  3.5,   1e30,       kFloatMax, kInf};
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> exponent(-40, 38);
    for (int i = 0; i < 2000; ++i)
        values.push_back(double(float((i % 2 ? 1 : -1) * std::pow(10.0, exponent(rng)))));
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end()); // -0 == 0: one of them stays
    values.push_back(-0.0);
    const std::vector<Band> bands = {{0.1, 0.1},           // no float is 0.1: empty
                                     {double(0.1f), 0.1f}, // exactly one float
                                     {0.1, 1},
                                     {-0.0, 0.0},
                                     {0, 0},
                                     {-kDenormal, kDenormal},
                                     {1e-45, 1e-44},
                                     {-1, -kDenormal},
                                     {-kInf, -kInf},
                                     {kInf, kInf},
                                     {kFloatMax, kInf},
                                     {1e39, kInf}, // beyond FLT_MAX: +inf only
                                     {-kInf, -1e39},
                                     {-kInf, kInf},
                                     {-1e300, 1e300},
                                     {3.5, 3.5},
                                     {3.4999999, 3.5000001}};
    expectKeysAgree(ScalarType::Float32, values, bands);
    for (float nan : {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::quiet_NaN(),
                      std::bit_cast<float>(0x7f800001u), std::bit_cast<float>(0xffffffffu)}) {
        const std::uint32_t key = volFloatKey(std::bit_cast<std::uint32_t>(nan));
        EXPECT_TRUE(volFloatKeyIsNan(key));
        for (const Band& band : bands)
            EXPECT_FALSE(keyInBand(key, bandKeys(ScalarType::Float32, band))) << bandText(band);
    }
    EXPECT_FALSE(volFloatKeyIsNan(valueKey(ScalarType::Float32, kInf)));
    EXPECT_FALSE(volFloatKeyIsNan(valueKey(ScalarType::Float32, -kInf)));
    EXPECT_EQ(valueKey(ScalarType::Float32, -0.0), valueKey(ScalarType::Float32, 0.0));
}

TEST(ValueKeys, EmptyBandsAreEmpty) {
    EXPECT_TRUE(bandKeys(ScalarType::Uint8, {256, 300}).empty());
    EXPECT_TRUE(bandKeys(ScalarType::Uint8, {-5, -1}).empty());
    EXPECT_TRUE(bandKeys(ScalarType::Int16, {10.2, 10.8}).empty());
    EXPECT_TRUE(bandKeys(ScalarType::Float32, {0.1, 0.1}).empty());
    EXPECT_TRUE(bandKeys(ScalarType::Float32, {2, 1}).empty());
    EXPECT_TRUE(bandKeys(ScalarType::Float32, {kNan, 1}).empty());
    EXPECT_FALSE(bandKeys(ScalarType::Uint32, {4294967295.0, kInf}).empty());
}

// --- colour bins and the colour map ------------------------------------------------------------------------

TEST(ColorBins, KeysGiveTheBinOfTheDefinition) {
    struct Case {
        ScalarType type;
        ValueRange range;
    };
    for (const Case& c : {Case{ScalarType::Uint8, {0, 255}}, Case{ScalarType::Int16, {-1024, 3071}},
                          Case{ScalarType::Uint16, {5, 9}}, Case{ScalarType::Int32, {-2147483648.0, 17}},
                          Case{ScalarType::Uint32, {0, 4294967295.0}}, Case{ScalarType::Float32, {-1, 1}},
                          Case{ScalarType::Float32, {-kInf, kInf}}, Case{ScalarType::Uint8, {7, 7}}}) {
        const std::array<double, kColorEdges> edges = colorEdges(c.range);
        std::array<std::uint32_t, kColorEdges> keys;
        for (size_t i = 0; i < keys.size(); ++i)
            keys[i] = edgeKey(c.type, edges[i]);
        ASSERT_TRUE(std::is_sorted(keys.begin(), keys.end()));
        std::vector<double> values = {c.range.min, c.range.max};
        const double lo = std::max(c.range.min, -kFloatMax), hi = std::min(c.range.max, kFloatMax);
        for (int i = 0; i <= 4096; ++i) {
            const double x = lo + (hi - lo) * i / 4096;
            values.push_back(isInteger(c.type) ? std::floor(x) : double(float(x)));
        }
        int wrong = 0;
        for (double v : values) {
            const auto byKeys =
                int(std::upper_bound(keys.begin(), keys.end(), valueKey(c.type, v)) - keys.begin());
            wrong += byKeys != colorBin(v, edges);
        }
        EXPECT_EQ(wrong, 0) << scalarTypeName(c.type) << " [" << c.range.min << ", " << c.range.max << "]";
        EXPECT_EQ(colorBin(c.range.max, edges), 255);
    }
    const std::array<double, kColorEdges> edges = colorEdges(ValueRange{0, 256});
    EXPECT_EQ(colorBin(0, edges), 0);
    EXPECT_EQ(colorBin(0.999, edges), 0);
    EXPECT_EQ(colorBin(1, edges), 1);
    EXPECT_EQ(colorBin(128, edges), 128);
}

TEST(Colormap, IsViridisFromItsEndsWithRedInTheLowByte) {
    EXPECT_EQ(volColormap(0), 0x440154u);   // viridis' dark purple
    EXPECT_EQ(volColormap(255), 0xfde725u); // its yellow
    for (std::uint32_t q = 1; q < 256; ++q) // viridis' green rises over the whole map
        EXPECT_GE((volColormap(q) >> 8) & 0xff, (volColormap(q - 1) >> 8) & 0xff) << q;
    EXPECT_EQ(volTexel(0, 9), 0x09540144u); // r 0x44, g 0x01, b 0x54, a 9: packUnorm4x8 order
}

// --- the CPU reference -------------------------------------------------------------------------------------

TEST(VolumeReference, TexelsAreTheColorMapWithTheBandInAlpha) {
    const ScalarVolume v = test::volumeOf(ScalarType::Float32, {6, 1, 1}, {0, 1, 2, 3, kNan, 4});
    const std::vector<std::uint32_t> t = referenceTexels(v, {1, 3});
    ASSERT_EQ(t.size(), 6u);
    EXPECT_EQ(t[0], volTexel(0, 0));   // below the band: colour, alpha 0
    EXPECT_EQ(t[1], volTexel(64, 64)); // bin of 1 in [0, 4]: 64
    EXPECT_EQ(t[3], volTexel(192, 192));
    EXPECT_EQ(t[4], 0u);               // NaN
    EXPECT_EQ(t[5], volTexel(255, 0)); // above
    // Bin 0 in the band still has alpha 1: the paper's threshold 1/255 lists every active voxel.
    EXPECT_EQ(referenceTexels(v, {0, 0})[0], volTexel(0, 1));
    EXPECT_EQ(activeCount(v, {1, 3}), 3u);
    EXPECT_EQ(activeVoxels(v, {1, 3}), (std::vector<glm::ivec3>{{1, 0, 0}, {2, 0, 0}, {3, 0, 0}}));
}

TEST(VolumeReference, AtlasPlacesSliceKInTileKOfTheLayout) {
    const glm::ivec3 size{3, 2, 5};
    std::vector<double> values;
    for (int i = 0; i < 30; ++i)
        values.push_back(i);
    const ScalarVolume v = test::volumeOf(ScalarType::Uint8, size, values);
    auto layout = occupancy::VolumeLayout::make(size, 4096);
    ASSERT_TRUE(layout);
    const std::vector<std::uint8_t> alpha =
        referenceAtlasAlpha(v, {0, 255}, layout->tiles.x, layout->atlasSize);
    const std::vector<std::uint8_t> rgba =
        referenceAtlasRgba(v, {0, 255}, layout->tiles.x, layout->atlasSize);
    const std::vector<std::uint32_t> texels = referenceTexels(v, {0, 255});
    ASSERT_EQ(alpha.size(), size_t(layout->atlasSize) * size_t(layout->atlasSize));
    std::uint64_t placed = 0;
    for (int z = 0; z < size.z; ++z)
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x) {
                const glm::ivec2 t = layout->voxelToTexel({x, y, z});
                const size_t a = size_t(t.y) * size_t(layout->atlasSize) + size_t(t.x);
                const std::uint32_t texel = texels[size_t(v.index({x, y, z}))];
                EXPECT_EQ(alpha[a], texel >> 24);
                EXPECT_EQ(rgba[a * 4], texel & 0xff);
                placed += alpha[a] != 0;
            }
    std::uint64_t nonzero = 0;
    for (std::uint8_t a : alpha)
        nonzero += a != 0;
    EXPECT_EQ(nonzero, placed); // padding stays 0
    EXPECT_EQ(placed, 30u);
}

// --- built-in volumes --------------------------------------------------------------------------------------

TEST(BuiltinVolumes, NamesAndSizesParse) {
    EXPECT_EQ(builtinVolumeNames(), (std::vector<std::string_view>{"metaballs", "noise"}));
    auto size = [](const char* text) {
        Result<BuiltinVolumeRequest> r = parseBuiltinVolume(text);
        EXPECT_TRUE(r) << text << ": " << (r ? "" : r.error());
        return r ? r->size : glm::ivec3(-1);
    };
    EXPECT_EQ(size("metaballs"), glm::ivec3(kDefaultBuiltinSide));
    EXPECT_EQ(size("noise:64"), glm::ivec3(64));
    EXPECT_EQ(size("metaballs:48x62x42"), glm::ivec3(48, 62, 42));
    EXPECT_EQ(size("noise:1"), glm::ivec3(1));
    EXPECT_TRUE(isBuiltinVolume("metaballs:7"));
    EXPECT_TRUE(isBuiltinVolume("noise"));
    EXPECT_FALSE(isBuiltinVolume("head.mhd"));
    EXPECT_FALSE(isBuiltinVolume("/data/noise:3"));
}

TEST(BuiltinVolumes, EachBadNameOrSizeIsOneClearError) {
    struct Case {
        const char* text;
        const char* mentions;
    };
    for (const Case& c :
         {Case{"cubes", "unknown built-in volume 'cubes' (known: metaballs, noise)"},
          Case{"metaballs:", "N or XxYxZ"}, Case{"metaballs:0", "N or XxYxZ"},
          Case{"metaballs:-3", "N or XxYxZ"}, Case{"metaballs:x", "N or XxYxZ"},
          Case{"metaballs:4x4", "N or XxYxZ"}, Case{"noise:4x4x4x4", "N or XxYxZ"},
          Case{"noise:4x4x", "N or XxYxZ"}, Case{"noise:12a", "N or XxYxZ"},
          Case{"noise:99999999999", "N or XxYxZ"}, Case{"metaballs:2000", "over the cap of 1073741824 bytes"},
          Case{"noise:1x1x536870913", "over the cap"}}) {
        Result<BuiltinVolumeRequest> r = parseBuiltinVolume(c.text);
        ASSERT_FALSE(r) << c.text;
        EXPECT_NE(r.error().find(c.mentions), std::string::npos) << c.text << ": " << r.error();
    }
    EXPECT_TRUE(parseBuiltinVolume("noise:1x1x536870912")); // exactly the cap
    EXPECT_FALSE(makeBuiltinVolume({"metaballs", {0, 4, 4}}));
}

// An FNV-1a hash of the bytes: the fields are the same on every machine and build (no fast maths, no random).
std::uint64_t fnv1a(const std::vector<std::byte>& bytes) {
    std::uint64_t h = 1469598103934665603ull;
    for (std::byte b : bytes)
        h = (h ^ std::uint64_t(b)) * 1099511628211ull;
    return h;
}

TEST(BuiltinVolumes, AreValidDeterministicUint16Fields) {
    for (const char* name : {"metaballs:32", "noise:32", "metaballs:17x9x5", "noise:5x7x3", "noise:1"}) {
        SCOPED_TRACE(name);
        Result<ScalarVolume> a = loadBuiltinVolume(name), b = loadBuiltinVolume(name);
        ASSERT_TRUE(a) << a.error();
        ASSERT_TRUE(b);
        EXPECT_TRUE(checkVolume(*a));
        EXPECT_EQ(a->type, ScalarType::Uint16);
        EXPECT_EQ(a->name, name);
        EXPECT_EQ(a->data, b->data);
        EXPECT_FALSE(a->notes.empty());
    }
    Result<ScalarVolume> m = loadBuiltinVolume("metaballs:32");
    Result<ScalarVolume> n = loadBuiltinVolume("noise:32");
    ASSERT_TRUE(m && n);
    // Metaballs: empty space (0) around saturated overlaps (65535); noise: no value at either end.
    EXPECT_EQ(valueRange(*m)->min, 0);
    EXPECT_EQ(valueRange(*m)->max, 65535);
    EXPECT_GT(valueRange(*n)->min, 0);
    EXPECT_LT(valueRange(*n)->max, 65535);
    EXPECT_EQ(fnv1a(m->data), 0xcd5d61e089b1c27cull) << std::hex << fnv1a(m->data);
    EXPECT_EQ(fnv1a(n->data), 0xecc06c558af11ef2ull) << std::hex << fnv1a(n->data);
}

// The bench's target run: a built-in 256^3 volume with a band of 100-300 k active voxels.
TEST(BuiltinVolumes, TheBenchBandOfMetaballs256Has100To300kVoxels) {
    Result<ScalarVolume> v = loadBuiltinVolume("metaballs:256");
    ASSERT_TRUE(v) << v.error();
    const std::uint64_t n = activeCount(*v, kMetaballsShellBand);
    EXPECT_GE(n, 100000u);
    EXPECT_LE(n, 300000u);
    EXPECT_EQ(n, 193537u);
}
