// The discriminator's band: a voxel is active when its value lies in the inclusive band
// [lo, hi], in the data's own units (Hounsfield units of a CT, the raw bytes of an MR, a built-in's uint16).
// NaN is never in a band. The paper's "alpha >= threshold" is the band [threshold, max]. No GL: the GPU
// evaluates the same rule on order keys of the volume's type (value_keys.h), which agree with inBand exactly.
#pragma once

#include "result.h"
#include "scalar_volume.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::volume {

struct Band {
    double lo = 0, hi = 0; // inclusive; lo > hi holds nothing
    bool operator==(const Band&) const = default;
};

// lo <= v <= hi; false for NaN.
bool inBand(double v, Band band);

// `v` with infinite ends as the largest finite float32 (+-FLT_MAX): every value of a volume is a float32 or an
// integer of at most 32 bits, so nothing finite is lost, and differences and midpoints stay numbers. The
// midpoint, the histogram and the colour map's edges (volume_reference.h) all take values so.
double clampedToFloat(double v);
// The shortest decimal that reads back as v ("0.1", "1e+300", "inf"): how band ends and steps are written.
std::string valueText(double v);

// [the value midway between the data's minimum and maximum, the maximum]: the upper half of the values. Infinite
// ends count as +-FLT_MAX for the midpoint (so it is a number). What defaultBand falls back to where the
// histogram has no two classes (a constant volume).
Band midBand(ValueRange range);

// Otsu's threshold of a histogram: the bin k that splits the counts into [0, k) and [k, n) with the largest
// between-class variance (the first such k on ties); 0 when fewer than two bins hold counts (no split).
int otsuSplit(std::span<const std::uint64_t> counts);

// The band a volume starts with: [Otsu's threshold of its histogram over [min, max], the maximum], the values
// above the split between the two classes of its values (background and subject: a scan's air and its head;
// the CT head starts near VTK's classic skin value of 500). The histogram has one bin per integer value for
// integer data spanning at most 4096 values, else 1024 bins; integer data get an integer lower end. A volume
// whose values hold no two classes starts with midBand.
Band defaultBand(const ScalarVolume& volume, ValueRange range);

// A band as asked for, before the data are known: each end a number, or the data's minimum or maximum.
struct BandEnd {
    enum class Kind { Value, Min, Max };
    Kind kind = Kind::Value;
    double value = 0; // Kind::Value
    bool operator==(const BandEnd&) const = default;
};
struct BandSpec {
    BandEnd lo, hi;
    bool operator==(const BandSpec&) const = default;
};

// "lo,hi" parsed once, as the command lines take it: two numbers (decimal or exponent notation, "inf" and
// "-inf" too) or "min"/"max" at either end; blanks around each end are ignored. Errors (each one line, starting
// "band 'TEXT': "): one number only, more than two, an end that is not a number, out of range or NaN, and what
// no data can hold (lo > hi between numbers, "max,min" over the widest range).
Result<BandSpec> parseBandSpec(std::string_view text);
// The band of `spec` over data whose values span `range` (nullopt: every value is NaN, where min and max mean
// nothing: an error). A spec the data make empty ("300,max" over bytes) is the empty band [300, 255]: 0 voxels,
// not an error.
Result<Band> resolveBand(const BandSpec& spec, std::optional<ValueRange> range);
std::string bandSpecText(const BandSpec& spec); // "300,max"
// The band a volume starts with: `asked` resolved over its values (resolveBand), or none asked: defaultBand
// (midBand without the samples, `volume` null), or the empty band [0, -1] when every value is NaN.
Result<Band> startingBand(const std::optional<BandSpec>& asked, const ScalarVolume* volume,
                          std::optional<ValueRange> range);

// "lo,hi" as the command line and the panel give it: two numbers (decimal or exponent notation, "inf" and
// "-inf" too), where "min" and "max" stand for the data's minimum and maximum at either end (`range`:
// valueRange of the volume; nullopt when every sample is NaN, then min and max are an error). Blanks around
// each end are ignored. Errors (each one line, starting "band 'TEXT': "): one number only, more than two,
// an end that is not a number, NaN, lo > hi.
Result<Band> parseBand(std::string_view text, std::optional<ValueRange> range);

// "[lo, hi]" with the shortest decimal that reads back as the same double: for messages and the panel.
std::string bandText(Band band);

// Counts of the values in `range` (inclusive) in `bins` equal bins: value v goes to bin
// floor((v - min) / (max - min) * bins), the maximum to the last bin; all values in bin 0 when min == max.
// NaN and values outside the range are not counted. Infinities (float32 data) count as +-FLT_MAX here, as for
// the midpoint and the colour map (volume_reference.h), so an infinite end still gives finite bins. Empty for
// bins < 1.
std::vector<std::uint64_t> histogram(const ScalarVolume& volume, int bins, ValueRange range);

} // namespace dicer::volume
