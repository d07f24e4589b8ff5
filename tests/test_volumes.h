// Test volumes for the discriminator's tests (volume_test.cpp, volume_gltest.cpp): volumes of every scalar
// type made from a list of values, random ones, and the two real scans read with a tiny raw reader of the
// tests' own (not engine/volume's file readers). The scans are looked for under assets/volumes (where they are committed),
// then in ../shared/volumes beside the repository; tests that need them skip, saying so, when neither has them.
#pragma once

#include "scalar_volume.h"

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
#include <vector>

namespace dicer::test {

// A volume of `size` whose sample i is values[i] (as the type: integers must be in its range).
inline volume::ScalarVolume volumeOf(volume::ScalarType type, glm::ivec3 size,
                                     const std::vector<double>& values, std::string name = "test") {
    using volume::ScalarType;
    volume::ScalarVolume v;
    v.size = size;
    v.type = type;
    v.name = std::move(name);
    const int bytes = volume::bytesPerValue(type);
    v.data.resize(values.size() * size_t(bytes));
    for (size_t i = 0; i < values.size(); ++i) {
        std::byte* p = v.data.data() + i * size_t(bytes);
        const double x = values[i];
        auto put = [&](auto typed) { std::memcpy(p, &typed, sizeof typed); };
        switch (type) {
        case ScalarType::Int8:
            put(std::int8_t(x));
            break;
        case ScalarType::Uint8:
            put(std::uint8_t(x));
            break;
        case ScalarType::Int16:
            put(std::int16_t(x));
            break;
        case ScalarType::Uint16:
            put(std::uint16_t(x));
            break;
        case ScalarType::Int32:
            put(std::int32_t(x));
            break;
        case ScalarType::Uint32:
            put(std::uint32_t(x));
            break;
        case ScalarType::Float32:
            put(float(x));
            break;
        }
    }
    return v;
}

// The smallest and largest value of an integer type (float32: +-FLT_MAX).
inline std::pair<double, double> typeLimits(volume::ScalarType type) {
    using volume::ScalarType;
    switch (type) {
    case ScalarType::Int8:
        return {-128, 127};
    case ScalarType::Uint8:
        return {0, 255};
    case ScalarType::Int16:
        return {-32768, 32767};
    case ScalarType::Uint16:
        return {0, 65535};
    case ScalarType::Int32:
        return {-2147483648.0, 2147483647.0};
    case ScalarType::Uint32:
        return {0, 4294967295.0};
    case ScalarType::Float32:
        break;
    }
    return {-double(std::numeric_limits<float>::max()), double(std::numeric_limits<float>::max())};
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
    volume::ScalarVolume v;
    v.size = {64, 64, 93};
    v.spacing = {3.2f, 3.2f, 1.5f};
    v.type = volume::ScalarType::Int16;
    v.name = "headsq";
    v.data.resize(size_t(v.byteCount()));
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
    volume::ScalarVolume v;
    v.size = {48, 62, 42};
    v.spacing = {4.f, 4.f, 4.f};
    v.type = volume::ScalarType::Uint8;
    v.name = "head_mr";
    v.data.resize(size_t(v.byteCount()));
    auto path = scanPath("head_mr/HeadMRVolume.raw");
    if (!path || !readRaw(*path, v.data.data(), v.data.size())) return std::nullopt;
    return v;
}

} // namespace dicer::test
