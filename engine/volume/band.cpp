// The band of the discriminator (band.h): parsing, the default band, the value histogram of the Volume panel.
#include "band.h"

#include "value_visit.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <string>

namespace dicer::volume {
namespace {

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

} // namespace

std::string valueText(double v) {
    char buffer[64];
    const auto r = std::to_chars(buffer, buffer + sizeof buffer, v);
    return std::string(buffer, r.ptr);
}

double clampedToFloat(double v) {
    constexpr double kMax = std::numeric_limits<float>::max();
    return std::clamp(v, -kMax, kMax);
}

bool inBand(double v, Band band) {
    return v >= band.lo && v <= band.hi; // both false for NaN
}

Band midBand(ValueRange range) {
    const double mid =
        clampedToFloat(range.min) + (clampedToFloat(range.max) - clampedToFloat(range.min)) / 2;
    return {mid, range.max};
}

int otsuSplit(std::span<const std::uint64_t> counts) {
    // Between-class variance of the split at k: w0 w1 (mu0 - mu1)^2, from running sums of counts and of
    // bin * count (bin indices as the values: equal bins make the variance's argmax the same).
    double total = 0, weighted = 0;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        total += double(counts[i]);
        weighted += double(i) * double(counts[i]);
    }
    double w0 = 0, sum0 = 0, best = 0;
    int split = 0;
    for (std::size_t k = 1; k < counts.size(); ++k) {
        w0 += double(counts[k - 1]);
        sum0 += double(k - 1) * double(counts[k - 1]);
        const double w1 = total - w0;
        if (w0 <= 0 || w1 <= 0) continue;
        const double diff = sum0 / w0 - (weighted - sum0) / w1;
        const double between = w0 * w1 * diff * diff;
        if (between > best) {
            best = between;
            split = int(k);
        }
    }
    return split;
}

Band defaultBand(const ScalarVolume& volume, ValueRange range) {
    const double lo = clampedToFloat(range.min), span = clampedToFloat(range.max) - lo;
    const bool integer = isInteger(volume.type);
    const int bins = integer && span < 4096 ? int(span) + 1 : 1024;
    const std::vector<std::uint64_t> counts = histogram(volume, bins, range);
    const int split = otsuSplit(counts);
    if (split == 0) return midBand(range);
    // Integer data, one bin per value: the split is the value itself; else its bin's lower edge (rounded up
    // to an integer for integer data, so the band holds exactly the bins above the split).
    double threshold = integer && span < 4096 ? lo + split : lo + span * split / bins;
    if (integer) threshold = std::ceil(threshold);
    return {threshold, range.max};
}

std::string bandText(Band band) {
    std::string text = "[";
    text += valueText(band.lo);
    text += ", ";
    text += valueText(band.hi);
    return text + "]";
}

Result<BandSpec> parseBandSpec(std::string_view text) {
    const std::string who = "band '" + std::string(text) + "': ";
    const size_t comma = text.find(',');
    if (comma == std::string_view::npos)
        return makeError(who +
                         "two values 'lo,hi' are needed (a number, 'min' or 'max' at each end), got one");
    if (text.find(',', comma + 1) != std::string_view::npos)
        return makeError(who + "two values 'lo,hi' are needed, got more");
    auto end = [&](std::string_view token, const char* which) -> Result<BandEnd> {
        token = trimmed(token);
        if (token == "min") return BandEnd{BandEnd::Kind::Min, 0};
        if (token == "max") return BandEnd{BandEnd::Kind::Max, 0};
        double v = 0;
        const auto r = std::from_chars(token.data(), token.data() + token.size(), v);
        if (!token.empty() && r.ec == std::errc::result_out_of_range && r.ptr == token.data() + token.size())
            return makeError(who + "the " + which + " end '" + std::string(token) +
                             "' is out of range (beyond a double's +-1.8e308)");
        if (token.empty() || r.ec != std::errc() || r.ptr != token.data() + token.size())
            return makeError(who + "the " + which + " end '" + std::string(token) +
                             "' is not a number, 'min' or 'max'");
        if (std::isnan(v)) return makeError(who + "the " + which + " end is NaN, which no value is in");
        return BandEnd{BandEnd::Kind::Value, v};
    };
    Result<BandEnd> lo = end(text.substr(0, comma), "lower");
    if (!lo) return makeError(lo.error());
    Result<BandEnd> hi = end(text.substr(comma + 1), "upper");
    if (!hi) return makeError(hi.error());
    // What no data can hold, told before any data: min and max stand for the widest range here.
    constexpr double kInf = std::numeric_limits<double>::infinity();
    const BandSpec spec{*lo, *hi};
    const Band widest = resolveBand(spec, ValueRange{-kInf, kInf}).value();
    if (widest.lo > widest.hi)
        return makeError(who + "the lower end " + valueText(widest.lo) + " is above the upper end " +
                         valueText(widest.hi));
    return spec;
}

Result<Band> resolveBand(const BandSpec& spec, std::optional<ValueRange> range) {
    auto value = [&](const BandEnd& e) -> std::optional<double> {
        if (e.kind == BandEnd::Kind::Value) return e.value;
        if (!range) return std::nullopt;
        return e.kind == BandEnd::Kind::Min ? range->min : range->max;
    };
    const std::optional<double> lo = value(spec.lo), hi = value(spec.hi);
    if (!lo || !hi)
        return makeError("band '" + bandSpecText(spec) + "': '" + (lo ? "max" : "min") +
                         "' means nothing here: every value of the volume is NaN");
    return Band{*lo, *hi};
}

Result<Band> startingBand(const std::optional<BandSpec>& asked, const ScalarVolume* volume,
                          std::optional<ValueRange> range) {
    if (asked) return resolveBand(*asked, range);
    if (!range) return Band{0, -1};
    return volume ? defaultBand(*volume, *range) : midBand(*range);
}

std::string bandSpecText(const BandSpec& spec) {
    auto end = [](const BandEnd& e) {
        return e.kind == BandEnd::Kind::Min ? std::string("min")
               : e.kind == BandEnd::Kind::Max ? std::string("max")
                                                : valueText(e.value);
    };
    return end(spec.lo) + "," + end(spec.hi);
}

Result<Band> parseBand(std::string_view text, std::optional<ValueRange> range) {
    Result<BandSpec> spec = parseBandSpec(text);
    if (!spec) return makeError(spec.error());
    Result<Band> band = resolveBand(*spec, range);
    if (!band) return makeError("band '" + std::string(text) + "': " + band.error().substr(band.error().find(": ") + 2));
    if (band->lo > band->hi)
        return makeError("band '" + std::string(text) + "': the lower end " + valueText(band->lo) +
                         " is above the upper end " + valueText(band->hi));
    return band;
}

std::vector<std::uint64_t> histogram(const ScalarVolume& volume, int bins, ValueRange range) {
    if (bins < 1) return {};
    std::vector<std::uint64_t> counts(size_t(bins), 0);
    const double lo = clampedToFloat(range.min), width = clampedToFloat(range.max) - lo;
    const double scale = width > 0 ? bins / width : 0; // min == max: everything in bin 0
    detail::forEachValue(volume, [&](std::int64_t, double v) {
        if (!(v >= range.min && v <= range.max)) return; // NaN and values outside
        const auto bin = std::int64_t((clampedToFloat(v) - lo) * scale);
        ++counts[size_t(std::clamp<std::int64_t>(bin, 0, bins - 1))];
    });
    return counts;
}

} // namespace dicer::volume
