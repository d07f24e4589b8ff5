// The CPU side of the sorts: std::sort, std::stable_sort and a counting sort over (key, index), the key check
// for CPU inputs, the exact check of a GPU result against std::stable_sort, a 1D sum pyramid (the CPU
// reference of the HistoPyramid counting sort's pass b) and test key sets (uniform, skewed).
// Based on: Knuth, TAOCP vol. 3 §5.2 (distribution counting); Ziegler et al., TR MPI-I-2006-4-002 (2006).
#pragma once

#include "result.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace dicer::sort {

struct SortResult {
    std::vector<std::uint32_t> keys; // sorted
    std::vector<std::uint32_t> perm; // slot k -> input index of keys[k]
};

// Every key < m, else "key K at index I is >= m = M" (the first such index).
Result<void> checkKeys(std::span<const std::uint32_t> keys, std::uint32_t m);

SortResult cpuStdSort(std::span<const std::uint32_t> keys);    // introsort of (key, index) by key: unstable
SortResult cpuStableSort(std::span<const std::uint32_t> keys); // merge sort: stable (the reference)
Result<SortResult> cpuCountingSort(std::span<const std::uint32_t> keys, std::uint32_t m); // stable, O(n + m)

// "" when `got` is `keys` sorted: keys equal to std::stable_sort's exactly, and the permutation a bijection
// with keys[perm[k]] == got.keys[k]; with `stable` also equal to the stable permutation. Else what differs.
std::string checkSorted(const SortResult& got, std::span<const std::uint32_t> keys,
                        const SortResult& reference, bool stable);

// The 1D sum pyramid over `values` padded with zeros to a power of two: level 0 = the values, each next level
// the pairwise sums, up to one cell. (pyramid({3,1,4,1,5,9,2,6}) = {values}, {4,5,14,8}, {9,22}, {31}.)
std::vector<std::vector<std::uint64_t>> sumPyramid(std::span<const std::uint32_t> values);
// The histogram of keys < m (others ignored).
std::vector<std::uint32_t> histogram(std::span<const std::uint32_t> keys, std::uint32_t m);

enum class KeyDistribution { Uniform, Skewed }; // Skewed: key m/2 (one key) holds half the input
const char* distributionName(KeyDistribution d);
// n keys in [0, m), deterministic for a seed.
std::vector<std::uint32_t> makeKeys(std::uint32_t n, std::uint32_t m, KeyDistribution d, std::uint32_t seed);

} // namespace dicer::sort
