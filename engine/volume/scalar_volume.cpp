#include "scalar_volume.h"

#include "value_visit.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace dicer::volume {

const char* scalarTypeName(ScalarType type) {
    static constexpr const char* kNames[] = {"int8",  "uint8",  "int16",  "uint16",
                                             "int32", "uint32", "float32"}; // enumerator order
    return kNames[int(type)];
}

int bytesPerValue(ScalarType type) {
    return visitScalarType(type, []<class T>(T) { return int(sizeof(T)); });
}

bool isInteger(ScalarType type) {
    return type != ScalarType::Float32;
}

double ScalarVolume::value(std::int64_t i) const {
    return visitScalarType(type, [&]<class T>(T) {
        T v;
        std::memcpy(&v, data.data() + i * std::int64_t(sizeof(T)), sizeof v);
        return double(v);
    });
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
    detail::forEachValue(v, [&](std::int64_t, double x) {
        if (std::isnan(x)) return;
        if (!range)
            range = ValueRange{x, x};
        else
            range = ValueRange{std::min(range->min, x), std::max(range->max, x)};
    });
    return range;
}

} // namespace dicer::volume
