// Internal to the volume wing: a loop over every sample of a volume in its own type, so the passes over all
// voxels (histogram, value range, CPU reference) pay one type dispatch (visitScalarType) per volume instead of
// one per sample (a 512^3 volume has 134 M samples). Not part of the wing's interface.
#pragma once

#include "scalar_volume.h"

#include <cstdint>
#include <cstring>

namespace dicer::volume::detail {

// Calls f(i, double(value of sample i)) for i = 0 .. voxelCount-1 in storage order (x fastest).
template <class F> void forEachValue(const ScalarVolume& volume, F&& f) {
    visitScalarType(volume.type, [&]<class T>(T) {
        const std::byte* p = volume.data.data();
        const std::int64_t n = volume.voxelCount();
        for (std::int64_t i = 0; i < n; ++i) {
            T v;
            std::memcpy(&v, p + i * std::int64_t(sizeof(T)), sizeof(T));
            f(i, double(v));
        }
    });
}

} // namespace dicer::volume::detail
