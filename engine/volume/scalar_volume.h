// A scalar volume on the CPU: X x Y x Z samples of one scalar type, x fastest, then y, then z (slice k is
// z = k), with the physical size of a voxel per axis. The input of the discriminator: a CT or MR
// scan read from a file (volume_file.h) or a built-in analytic field (builtin_volumes.h). No GL.
//
// Values are kept in their own type (int8 ... uint32, float32) in the host's byte order, so the band test
// [lo, hi] compares the data's own values exactly, on the CPU and on the GPU. float64 files are stored as
// float32 (rounded to nearest) at load, because GL 4.5 has no 64-bit texture formats; the note says so and
// every comparison (GPU and CPU reference) sees the same float32 values.
#pragma once

#include "result.h"

#include <glm/glm.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace dicer::volume {

enum class ScalarType { Int8, Uint8, Int16, Uint16, Int32, Uint32, Float32 };
const char* scalarTypeName(ScalarType type); // "int8" ... "float32"
int bytesPerValue(ScalarType type);
bool isInteger(ScalarType type);

// The C++ type that holds each ScalarType's values, in enumerator order.
using ScalarValueTypes =
    std::tuple<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t, std::uint32_t, float>;
// f(T{}) for T the C++ type of `type`'s values (ScalarValueTypes): code that differs by type only in T is one
// generic lambda (`[&]<class T>(T) { ... }`) instead of a switch of its own. The last type takes any value past
// the others.
template <class F, std::size_t I = 0> decltype(auto) visitScalarType(ScalarType type, F&& f) {
    if constexpr (I + 1 < std::tuple_size_v<ScalarValueTypes>)
        if (std::size_t(type) != I) return visitScalarType<F, I + 1>(type, std::forward<F>(f));
    return f(std::tuple_element_t<I, ScalarValueTypes>{});
}

// The largest volume a program loads: a cap on voxels x bytes per voxel (the requirement: at least 1 GiB). Readers
// check it on the header, before any data is read.
inline constexpr std::int64_t kMaxVolumeBytes = std::int64_t(1) << 30;

// An index axis (0 = x, 1 = y, 2 = z) and its direction.
struct SignedAxis {
    int axis = 1;
    bool negative = false;
    bool operator==(const SignedAxis&) const = default;
};
// The index axes that point superior (up) and anterior (front); never the same axis (anatomy.h).
struct Anatomy {
    SignedAxis up{1, false}, front{2, false};
    bool operator==(const Anatomy&) const = default;
};

struct ScalarVolume {
    glm::ivec3 size{0};     // samples per axis, each >= 1
    glm::vec3 spacing{1.f}; // physical size of a voxel per axis (the file's units, e.g. mm); finite, > 0
    ScalarType type = ScalarType::Uint8;
    std::vector<std::byte> data; // size.x * size.y * size.z * bytesPerValue(type) bytes, host byte order
    std::string name;            // the file name or the built-in's name ("metaballs:128")
    std::vector<std::string> notes;    // info lines for the log and the panel (ignored orientation, float64 -> 32)
    std::vector<std::string> warnings; // read, but suspect: warned once (bytes after a compressed stream)
    std::optional<Anatomy> anatomy;    // where the header says which axes are superior and anterior

    std::int64_t voxelCount() const { return std::int64_t(size.x) * size.y * size.z; }
    std::int64_t byteCount() const { return voxelCount() * bytesPerValue(type); }
    std::int64_t index(glm::ivec3 v) const { return (std::int64_t(v.z) * size.y + v.y) * size.x + v.x; }
    // Sample i as a double (exact for every type: at most 32-bit integers and float32).
    double value(std::int64_t i) const;
    // The physical extent (size * spacing) normalised so its largest axis is 1: how the volume is drawn.
    glm::vec3 shape() const;
};

// Checks the invariants above (sizes, spacing, data length): the one place a reader's or a generator's result
// is validated before anything uses it. Errors name the volume and what is wrong.
Result<void> checkVolume(const ScalarVolume& volume);

// The smallest and largest value that is not NaN (infinities count); nullopt when every sample is NaN.
struct ValueRange {
    double min = 0, max = 0;
};
std::optional<ValueRange> valueRange(const ScalarVolume& volume);

} // namespace dicer::volume
