// The band and colour-map edges as order keys of the volume's type (value_keys.h), the form in which the GPU
// discriminator compares them; the key functions themselves are shaders/volume_values.h, shared with GLSL.
#include "value_keys.h"

#include "volume_values.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace dicer::volume {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kFloatMax = std::numeric_limits<float>::max();

struct IntRange {
    double min, max;
};
// For the integer types only (the callers take float32 apart first).
IntRange intRange(ScalarType type) {
    return visitScalarType(type, []<class T>(T) {
        return IntRange{double(std::numeric_limits<T>::lowest()), double(std::numeric_limits<T>::max())};
    });
}

bool isSigned(ScalarType type) {
    return type == ScalarType::Int8 || type == ScalarType::Int16 || type == ScalarType::Int32;
}

// The largest value of the type <= x (nullopt when none); x not NaN.
std::optional<double> typeFloor(ScalarType type, double x) {
    if (type == ScalarType::Float32) {
        if (x >= kFloatMax) return x == kInf ? kInf : kFloatMax;
        if (x < -kFloatMax) return -kInf;
        float f = float(x); // to nearest (a double in the float range: no overflow)
        if (double(f) > x) f = std::nextafter(f, -std::numeric_limits<float>::infinity());
        return double(f);
    }
    const IntRange r = intRange(type);
    if (x < r.min) return std::nullopt;
    return std::min(std::floor(x), r.max);
}

} // namespace

std::uint32_t valueKey(ScalarType type, double value) {
    if (type == ScalarType::Float32) return volFloatKey(std::bit_cast<std::uint32_t>(float(value)));
    if (isSigned(type)) return volSignedKey(std::int32_t(value));
    return std::uint32_t(value);
}

std::optional<double> typeCeil(ScalarType type, double x) {
    if (type == ScalarType::Float32) {
        if (x <= -kFloatMax) return x == -kInf ? -kInf : -kFloatMax;
        if (x > kFloatMax) return kInf;
        float f = float(x);
        if (double(f) < x) f = std::nextafter(f, std::numeric_limits<float>::infinity());
        return double(f);
    }
    const IntRange r = intRange(type);
    if (x > r.max) return std::nullopt;
    return std::max(std::ceil(x), r.min);
}

KeyBand bandKeys(ScalarType type, Band band) {
    if (std::isnan(band.lo) || std::isnan(band.hi) || band.lo > band.hi) return {};
    const std::optional<double> lo = typeCeil(type, band.lo), hi = typeFloor(type, band.hi);
    if (!lo || !hi || *lo > *hi) return {};
    return {valueKey(type, *lo), valueKey(type, *hi)};
}

std::uint32_t edgeKey(ScalarType type, double edge) {
    const std::optional<double> v = typeCeil(type, edge);
    return v ? valueKey(type, *v) : 0xffffffffu;
}

} // namespace dicer::volume
