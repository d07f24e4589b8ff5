// The volume x band cases of the discriminator's GL tests (volume_gltest.cpp: every method row;
// volume_discriminator_gltest.cpp: the outputs and colours themselves): empty, full and mid bands, negative
// int16 values, NaN cells, all-NaN data, non-cubic and non-power-of-two sizes, sides of 1, every scalar type,
// float32's special values, the built-in volumes, and the two real scans when present (realScanCases).
#pragma once

#include "band.h"
#include "builtin_volumes.h"
#include "test_volumes.h"

#include <gtest/gtest.h>

#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace dicer::test {

struct VolumeCase {
    std::string name;
    std::shared_ptr<const volume::ScalarVolume> volume; // shared by the cases of one volume
    volume::Band band;
};

inline std::vector<VolumeCase> casesOf(const std::string& name, volume::ScalarVolume v,
                                       const std::vector<volume::Band>& bands) {
    auto shared = std::make_shared<const volume::ScalarVolume>(std::move(v));
    std::vector<VolumeCase> cases;
    for (const volume::Band& b : bands)
        cases.push_back({name + " " + volume::bandText(b), shared, b});
    return cases;
}

inline std::vector<VolumeCase> syntheticVolumeCases() {
    using volume::ScalarType;
    constexpr double kInf = std::numeric_limits<double>::infinity();
    constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
    const double fmax = std::numeric_limits<float>::max(), denorm = std::numeric_limits<float>::denorm_min();
    std::vector<VolumeCase> all;
    auto add = [&](std::vector<VolumeCase> cases) { all.insert(all.end(), cases.begin(), cases.end()); };
    // Empty (beyond the type; between two integers), full and mid bands.
    add(casesOf("uint8 16x12x7", randomVolume(ScalarType::Uint8, {16, 12, 7}, 0, 255, 1),
                {{300, 400}, {10.2, 10.8}, {-kInf, kInf}, {85, 170}}));
    add(casesOf("int16 negative 20^3", randomVolume(ScalarType::Int16, {20, 20, 20}, -1000, 1000, 2),
                {{-500, -100}, {-kInf, -999.5}}));
    add(casesOf("float32 NaN cells 13x11x9", randomVolume(ScalarType::Float32, {13, 11, 9}, -2, 2, 3, 0.1),
                {{-1, 1.5}, {-kInf, kInf}}));
    add(casesOf("float32 all NaN 8^3",
                volumeOf(ScalarType::Float32, {8, 8, 8}, std::vector<double>(512, kNan)), {{-kInf, kInf}}));
    // Tiles of whole 8x8 blocks (the bits pass' per-block path, shaders/discriminate.comp.glsl): negative values,
    // NaN cells.
    add(casesOf("int16 negative 24x16x5", randomVolume(ScalarType::Int16, {24, 16, 5}, -1000, 1000, 8),
                {{-500, -100}, {-kInf, kInf}}));
    add(casesOf("float32 NaN cells 16x8x3", randomVolume(ScalarType::Float32, {16, 8, 3}, -2, 2, 9, 0.2),
                {{-1, 1.5}}));
    add(casesOf("int8 48x62x42", randomVolume(ScalarType::Int8, {48, 62, 42}, -128, 127, 4), {{-20, 60}}));
    add(casesOf("uint16 5x7x3", randomVolume(ScalarType::Uint16, {5, 7, 3}, 0, 65535, 5), {{10000, 40000}}));
    add(casesOf("uint8 1x1x1", volumeOf(ScalarType::Uint8, {1, 1, 1}, {7}), {{7, 7}, {8, 9}}));
    add(casesOf("int32 1x9x4", randomVolume(ScalarType::Int32, {1, 9, 4}, -2147483648.0, 2147483647.0, 6),
                {{-1e9, 1e9}, {-kInf, kInf}}));
    add(casesOf("uint32 9^3", randomVolume(ScalarType::Uint32, {9, 9, 9}, 0, 4294967295.0, 7),
                {{1e9, 4294967295.0}}));
    std::vector<double> special;
    const double values[] = {-kInf, -fmax, -1, -denorm, -0.0, 0, denorm, double(0.1f), 1, fmax, kInf, kNan};
    for (int i = 0; i < 64; ++i)
        special.push_back(values[i % 12]);
    add(casesOf("float32 special values 4^3", volumeOf(ScalarType::Float32, {4, 4, 4}, special),
                {{-0.0, 1}, {denorm, kInf}, {0.1, 0.1}}));
    add(casesOf("metaballs:40", volume::loadBuiltinVolume("metaballs:40").value(),
                {volume::kMetaballsShellBand}));
    add(casesOf("noise:33x20x17", volume::loadBuiltinVolume("noise:33x20x17").value(), {{30000, 36000}}));
    return all;
}

// The real scans with their default band and one more; empty (and the reason in `missing`) when absent.
inline std::vector<VolumeCase> realScanCases(std::string* missing) {
    std::vector<VolumeCase> all;
    std::optional<volume::ScalarVolume> headsq = loadHeadsq(), headMr = loadHeadMr();
    if (!headsq || !headMr) {
        *missing = std::string(kScanMissing) + (headsq ? "head_mr" : "headsq");
        return all;
    }
    const volume::Band ctBand = volume::defaultBand(*headsq, *volume::valueRange(*headsq));
    const volume::Band mrBand = volume::defaultBand(*headMr, *volume::valueRange(*headMr));
    for (auto& c : casesOf("headsq", std::move(*headsq), {ctBand, {-1e9, 600}}))
        all.push_back(c);
    for (auto& c : casesOf("head_mr", std::move(*headMr), {mrBand, {30, 90}}))
        all.push_back(c);
    return all;
}

} // namespace dicer::test
