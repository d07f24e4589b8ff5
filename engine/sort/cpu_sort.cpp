#include "cpu_sort.h"

#include <algorithm>
#include <numeric>
#include <random>

namespace dicer::sort {

Result<void> checkKeys(std::span<const std::uint32_t> keys, std::uint32_t m) {
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] >= m)
            return makeError("key " + std::to_string(keys[i]) + " at index " + std::to_string(i) +
                             " is >= m = " + std::to_string(m));
    return {};
}

namespace {
template <class SortFn> SortResult sortByKey(std::span<const std::uint32_t> keys, SortFn sortFn) {
    SortResult r;
    r.perm.resize(keys.size());
    std::iota(r.perm.begin(), r.perm.end(), 0u);
    sortFn(r.perm.begin(), r.perm.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] < keys[b]; });
    r.keys.resize(keys.size());
    for (std::size_t k = 0; k < keys.size(); ++k)
        r.keys[k] = keys[r.perm[k]];
    return r;
}
} // namespace

SortResult cpuStdSort(std::span<const std::uint32_t> keys) {
    return sortByKey(keys, [](auto b, auto e, auto less) { std::sort(b, e, less); });
}

SortResult cpuStableSort(std::span<const std::uint32_t> keys) {
    return sortByKey(keys, [](auto b, auto e, auto less) { std::stable_sort(b, e, less); });
}

Result<SortResult> cpuCountingSort(std::span<const std::uint32_t> keys, std::uint32_t m) {
    if (Result<void> r = checkKeys(keys, m); !r) return makeError(r.error());
    std::vector<std::uint32_t> start(std::size_t(m) + 1, 0);
    for (std::uint32_t k : keys)
        ++start[k + 1];
    for (std::size_t b = 1; b <= m; ++b) // exclusive prefix: start[b] = first slot of bucket b
        start[b] += start[b - 1];
    SortResult r;
    r.keys.resize(keys.size());
    r.perm.resize(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) { // input order: stable
        std::uint32_t slot = start[keys[i]]++;
        r.keys[slot] = keys[i];
        r.perm[slot] = std::uint32_t(i);
    }
    return r;
}

std::string checkSorted(const SortResult& got, std::span<const std::uint32_t> keys,
                        const SortResult& reference, bool stable) {
    const std::size_t n = keys.size();
    if (got.keys.size() != n || got.perm.size() != n) return "size differs";
    for (std::size_t k = 0; k < n; ++k)
        if (got.keys[k] != reference.keys[k])
            return "key " + std::to_string(k) + " is " + std::to_string(got.keys[k]) + ", expected " +
                   std::to_string(reference.keys[k]);
    std::vector<bool> seen(n, false);
    for (std::size_t k = 0; k < n; ++k) {
        std::uint32_t i = got.perm[k];
        if (i >= n || seen[i])
            return "permutation slot " + std::to_string(k) + " repeats or exceeds: " + std::to_string(i);
        seen[i] = true;
        if (keys[i] != got.keys[k]) return "permutation slot " + std::to_string(k) + " names a different key";
        if (stable && i != reference.perm[k])
            return "permutation slot " + std::to_string(k) + " is " + std::to_string(i) + ", stable is " +
                   std::to_string(reference.perm[k]);
    }
    return {};
}

std::vector<std::vector<std::uint64_t>> sumPyramid(std::span<const std::uint32_t> values) {
    std::size_t size = 1;
    while (size < values.size())
        size *= 2;
    std::vector<std::vector<std::uint64_t>> levels(1, std::vector<std::uint64_t>(size, 0));
    std::copy(values.begin(), values.end(), levels[0].begin());
    while (levels.back().size() > 1) {
        const auto& below = levels.back();
        std::vector<std::uint64_t> up(below.size() / 2);
        for (std::size_t j = 0; j < up.size(); ++j)
            up[j] = below[2 * j] + below[2 * j + 1];
        levels.push_back(std::move(up));
    }
    return levels;
}

std::vector<std::uint32_t> histogram(std::span<const std::uint32_t> keys, std::uint32_t m) {
    std::vector<std::uint32_t> h(m, 0);
    for (std::uint32_t k : keys)
        if (k < m) ++h[k];
    return h;
}

const char* distributionName(KeyDistribution d) {
    return d == KeyDistribution::Uniform ? "uniform" : "skewed";
}

std::vector<std::uint32_t> makeKeys(std::uint32_t n, std::uint32_t m, KeyDistribution d, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::uint32_t> key(0, m - 1);
    std::vector<std::uint32_t> keys(n);
    for (std::uint32_t i = 0; i < n; ++i)
        keys[i] = d == KeyDistribution::Skewed && (rng() & 1u) ? m / 2 : key(rng);
    return keys;
}

} // namespace dicer::sort
