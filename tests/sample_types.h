// The C++ type of each sample type, for the test helpers that write samples or bound them (test_volumes.h,
// volume_test_util.h): they std::visit a zero of that type instead of each keeping its own switch over the
// enum. The engine's readers are not used here on purpose: the tests' samples must not come from the code
// they check.
#pragma once

#include "scalar_volume.h"
#include "volume_header.h"

#include <array>
#include <cstdint>
#include <utility>
#include <variant>

namespace dicer::test {

// One alternative per volume::FileType, in the enum's order; volume::ScalarType is its first seven.
using SampleZero = std::variant<std::int8_t, std::uint8_t, std::int16_t, std::uint16_t, std::int32_t,
                                std::uint32_t, float, double>;
static_assert(int(volume::FileType::Float64) + 1 == int(std::variant_size_v<SampleZero>));
static_assert(int(volume::ScalarType::Float32) == int(volume::FileType::Float32));

namespace detail {
template <std::size_t... I> constexpr auto sampleZeros(std::index_sequence<I...>) {
    return std::array<SampleZero, sizeof...(I)>{SampleZero(std::in_place_index<I>)...};
}
} // namespace detail

// A zero of the C++ type that holds `type`'s samples: std::visit([](auto zero) { using T = decltype(zero); ...
inline SampleZero sampleZero(volume::FileType type) {
    static constexpr auto kZeros =
        detail::sampleZeros(std::make_index_sequence<std::variant_size_v<SampleZero>>{});
    return kZeros[std::size_t(type)];
}
inline SampleZero sampleZero(volume::ScalarType type) {
    return sampleZero(volume::FileType(int(type)));
}

} // namespace dicer::test
