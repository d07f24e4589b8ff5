// Test volumes for the discriminator's tests (volume_test.cpp, volume_gltest.cpp): volumes of every scalar
// type made from a list of values, random ones, and the two real scans read with a tiny raw reader of the
// tests' own (not engine/volume's file readers). The scans are looked for under assets/volumes (where they are committed),
// then in ../shared/volumes beside the repository; tests that need them skip, saying so, when neither has them.
#pragma once

#include "sample_types.h"
#include "scalar_volume.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <variant>
#include <vector>

namespace dicer::test {

// A volume of `size` samples of `type`, every byte zero, for the caller to fill in.
inline volume::ScalarVolume zeroVolume(volume::ScalarType type, glm::ivec3 size, std::string name,
                                       glm::vec3 spacing = glm::vec3(1.f)) {
    volume::ScalarVolume v;
    v.size = size;
    v.spacing = spacing;
    v.type = type;
    v.name = std::move(name);
    v.data.resize(size_t(v.byteCount()));
    return v;
}

// A volume of `size` whose sample i is values[i] (one value per voxel, as the type: integers must be in its
// range).
inline volume::ScalarVolume volumeOf(volume::ScalarType type, glm::ivec3 size,
                                     const std::vector<double>& values, std::string name = "test") {
    volume::ScalarVolume v = zeroVolume(type, size, std::move(name));
    // One value per voxel: more would write past the samples, fewer leave zeros the caller did not mean.
    if (values.size() != size_t(size.x) * size_t(size.y) * size_t(size.z)) {
        ADD_FAILURE() << "volumeOf: " << values.size() << " values for " << size.x << "x" << size.y << "x" << size.z;
        return v;
    }
    std::visit(
        [&](auto zero) {
            using T = decltype(zero);
            for (size_t i = 0; i < values.size(); ++i) {
                const T typed = T(values[i]);
                std::memcpy(v.data.data() + i * sizeof(T), &typed, sizeof(T));
            }
        },
        sampleZero(type));
    return v;
}

// The smallest and largest value of the type (float32: +-FLT_MAX).
inline std::pair<double, double> typeLimits(volume::ScalarType type) {
    return std::visit(
        [](auto zero) {
            using T = decltype(zero);
            return std::pair{double(std::numeric_limits<T>::lowest()), double(std::numeric_limits<T>::max())};
        },
        sampleZero(type));
}

// Random values of the type in [lo, hi] (integers uniform; float32: uniform reals, a `nanShare` of NaN cells).
inline volume::ScalarVolume randomVolume(volume::ScalarType type, glm::ivec3 size, double lo, double hi,
                                         std::uint32_t seed, double nanShare = 0) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<double> values(size_t(size.x) * size_t(size.y) * size_t(size.z));
    for (double& x : values) {
        const double r = lo + (hi - lo) * unit(rng);
        x = volume::isInteger(type) ? std::clamp(std::floor(r + 0.5), lo, hi) : double(float(r));
        if (nanShare > 0 && unit(rng) < nanShare) x = std::numeric_limits<double>::quiet_NaN();
    }
    return volumeOf(type, size, values, std::string("random ") + volume::scalarTypeName(type));
}

// Where a real scan is: assets/volumes/<relative>, else ../shared/volumes/<relative>; nullopt if neither.
inline std::optional<std::filesystem::path> scanPath(const std::string& relative) {
    for (const char* dir : {DICER_ASSET_VOLUMES_DIR, DICER_SHARED_VOLUMES_DIR})
        if (std::filesystem::exists(std::filesystem::path(dir) / relative))
            return std::filesystem::path(dir) / relative;
    return std::nullopt;
}
inline constexpr const char* kScanMissing =
    "real scan absent (neither assets/volumes nor ../shared/volumes beside the repository has it): ";

inline bool readRaw(const std::filesystem::path& path, std::byte* out, size_t bytes) {
    std::ifstream in(path, std::ios::binary);
    in.read(reinterpret_cast<char*>(out), std::streamsize(bytes));
    return in.gcount() == std::streamsize(bytes) && in.peek() == std::ifstream::traits_type::eof();
}

// headsq: VTK's CT head at quarter resolution, 93 slice files quarter.1 .. quarter.93 of 64 x 64 int16,
// little endian, spacing 3.2 3.2 1.5 (SOURCES.md). nullopt when absent or not of that size.
inline std::optional<volume::ScalarVolume> loadHeadsq() {
    volume::ScalarVolume v =
        zeroVolume(volume::ScalarType::Int16, {64, 64, 93}, "headsq", {3.2f, 3.2f, 1.5f});
    const size_t slice = 64 * 64 * 2;
    for (int z = 0; z < 93; ++z) {
        auto path = scanPath("headsq/quarter." + std::to_string(z + 1));
        if (!path || !readRaw(*path, v.data.data() + size_t(z) * slice, slice)) return std::nullopt;
    }
    if constexpr (std::endian::native == std::endian::big)
        for (size_t i = 0; i < v.data.size(); i += 2)
            std::swap(v.data[i], v.data[i + 1]);
    return v;
}

// head_mr: an MR head, HeadMRVolume.raw, 48 x 62 x 42 uint8, spacing 4 4 4.
inline std::optional<volume::ScalarVolume> loadHeadMr() {
    volume::ScalarVolume v = zeroVolume(volume::ScalarType::Uint8, {48, 62, 42}, "head_mr", glm::vec3(4.f));
    auto path = scanPath("head_mr/HeadMRVolume.raw");
    if (!path || !readRaw(*path, v.data.data(), v.data.size())) return std::nullopt;
    return v;
}

} // namespace dicer::test
