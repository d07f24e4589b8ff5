// Internal to the volume wing: a loop over every sample of a volume in its own type, so the passes over all
// voxels (histogram, CPU reference) pay one switch per volume instead of one per sample (a 512^3 volume has
// 134 M samples). Not part of the wing's interface.
#pragma once

#include "scalar_volume.h"

#include <cstdint>
#include <cstring>

namespace dicer::volume::detail {

// Calls f(i, double(value of sample i)) for i = 0 .. voxelCount-1 in storage order (x fastest).
template <class F> void forEachValue(const ScalarVolume& volume, F&& f) {
    auto loop = [&]<class T>(T) {
        const std::byte* p = volume.data.data();
        const std::int64_t n = volume.voxelCount();
        for (std::int64_t i = 0; i < n; ++i) {
            T v;
            std::memcpy(&v, p + i * std::int64_t(sizeof(T)), sizeof(T));
            f(i, double(v));
        }
    };
    switch (volume.type) {
    case ScalarType::Int8:
        return loop(std::int8_t{});
    case ScalarType::Uint8:
        return loop(std::uint8_t{});
    case ScalarType::Int16:
        return loop(std::int16_t{});
    case ScalarType::Uint16:
        return loop(std::uint16_t{});
    case ScalarType::Int32:
        return loop(std::int32_t{});
    case ScalarType::Uint32:
        return loop(std::uint32_t{});
    case ScalarType::Float32:
        return loop(float{});
    }
}

} // namespace dicer::volume::detail
