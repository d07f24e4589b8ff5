#include "scalar_volume.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace dicer::volume {

const char* scalarTypeName(ScalarType type) {
    static constexpr const char* kNames[] = {"int8",  "uint8",  "int16",  "uint16",
                                             "int32", "uint32", "float32"}; // enumerator order
    return kNames[int(type)];
}

int bytesPerValue(ScalarType type) {
    static constexpr int kBytes[] = {1, 1, 2, 2, 4, 4, 4};
    return kBytes[int(type)];
}

bool isInteger(ScalarType type) {
    return type != ScalarType::Float32;
}

namespace {
template <class T> T load(const std::byte* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
} // namespace

double ScalarVolume::value(std::int64_t i) const {
    const std::byte* p = data.data() + i * bytesPerValue(type);
    switch (type) {
    case ScalarType::Int8:
        return load<std::int8_t>(p);
    case ScalarType::Uint8:
        return load<std::uint8_t>(p);
    case ScalarType::Int16:
        return load<std::int16_t>(p);
    case ScalarType::Uint16:
        return load<std::uint16_t>(p);
    case ScalarType::Int32:
        return load<std::int32_t>(p);
    case ScalarType::Uint32:
        return load<std::uint32_t>(p);
    case ScalarType::Float32:
        return load<float>(p);
    }
    return std::numeric_limits<double>::quiet_NaN();
}

glm::vec3 ScalarVolume::shape() const {
    const glm::vec3 extent = glm::vec3(size) * spacing;
    const float largest = std::max({extent.x, extent.y, extent.z});
    return largest > 0.f ? extent / largest : glm::vec3(1.f);
}

Result<void> checkVolume(const ScalarVolume& v) {
    const std::string who = "volume '" + v.name + "'";
    if (v.size.x < 1 || v.size.y < 1 || v.size.z < 1)
        return makeError(who + ": size " + std::to_string(v.size.x) + "x" + std::to_string(v.size.y) + "x" +
                         std::to_string(v.size.z) + " has an axis below 1");
    for (int a = 0; a < 3; ++a)
        if (!std::isfinite(v.spacing[a]) || !(v.spacing[a] > 0.f))
            return makeError(who + ": spacing must be finite and positive on every axis");
    if (v.byteCount() > kMaxVolumeBytes)
        return makeError(who + ": " + std::to_string(v.byteCount()) + " bytes, over the cap of " +
                         std::to_string(kMaxVolumeBytes) + " bytes");
    if (std::int64_t(v.data.size()) != v.byteCount())
        return makeError(who + ": " + std::to_string(v.data.size()) + " bytes of data for " +
                         std::to_string(v.byteCount()) + " expected");
    return {};
}

std::optional<ValueRange> valueRange(const ScalarVolume& v) {
    std::optional<ValueRange> range;
    for (std::int64_t i = 0; i < v.voxelCount(); ++i) {
        const double x = v.value(i);
        if (std::isnan(x)) continue;
        if (!range)
            range = ValueRange{x, x};
        else
            range = ValueRange{std::min(range->min, x), std::max(range->max, x)};
    }
    return range;
}

} // namespace dicer::volume
