#include "xray.h"

#include "hp_pick.h"
#include "hp_reference.h"
#include "hp_xray.h"
#include "hpc_shared.h"

#include <bit>
#include <cstdio>

namespace dicer::hp {
namespace {

// Appends only: GCC 12 warns (-Wrestrict, a false positive) on "(" + std::string temporaries.
std::string cellText(glm::ivec2 c) {
    std::string text = "(";
    text += std::to_string(c.x);
    text += ", ";
    text += std::to_string(c.y);
    text += ")";
    return text;
}

std::string stepText(const XrayStep& s) {
    char line[256];
    if (s.mask)
        std::snprintf(line, sizeof line,
                      "level %2d  cell %-12s key %-8u mask %08x%08x: set bit #%u is bit %u -> texel offset (%u, %u)",
                      s.level, cellText(s.cell).c_str(), s.key, s.sums.y, s.sums.x, s.key, s.child,
                      (s.child & 1u) | (s.child >> 1 & 2u) | (s.child >> 2 & 4u),
                      (s.child >> 1 & 1u) | (s.child >> 2 & 2u) | (s.child >> 3 & 4u));
    else {
        std::uint32_t start = 0;
        for (std::uint32_t i = 0; i < s.child; ++i) start += s.sums[int(i)];
        std::snprintf(line, sizeof line,
                      "level %2d  cell %-12s key %-8u children %u %u %u %u: child %u holds [%u, %u) -> key %u",
                      s.level, cellText(s.cell).c_str(), s.key, s.sums.x, s.sums.y, s.sums.z, s.sums.w, s.child,
                      start, start + s.sums[int(s.child)], s.keyDown);
    }
    return line;
}

// The sum of cell (x, y) at `level` of the CPU pyramid; beyond its top (a GPU pyramid of more levels over the
// same texels) only the cell (0, 0) holds anything.
std::uint32_t sumAt(const CpuPyramid& p, int level, int x, int y) {
    if (level > p.storedLevels()) return x == 0 && y == 0 ? p.count() : 0u;
    const int side = p.baseSize >> level;
    return x < side && y < side ? p.at(level, x, y) : 0u;
}

} // namespace

Result<XrayPath> parseXrayRecord(std::span<const std::uint32_t> words, std::uint32_t k, int maskLevel) {
    if (words.size() < HP_XRAY_HEADER_WORDS) return makeError("x-ray: the record has no header");
    const std::uint32_t steps = words[0];
    if (words[3] != 1u) return makeError("x-ray: the traversal found no cell for output " + std::to_string(k));
    if (steps > HP_XRAY_MAX_STEPS || words.size() < HP_XRAY_HEADER_WORDS + steps * HP_XRAY_STEP_WORDS)
        return makeError("x-ray: the record says " + std::to_string(steps) + " steps, more than it holds");
    XrayPath path;
    path.k = k;
    path.cell = {int(words[1]), int(words[2])};
    for (std::uint32_t i = 0; i < steps; ++i) {
        const std::uint32_t* w = words.data() + HP_XRAY_HEADER_WORDS + i * HP_XRAY_STEP_WORDS;
        XrayStep s;
        s.level = int(w[0]);
        s.cell = {int(w[1]), int(w[2])};
        s.key = w[3];
        s.sums = {w[4], w[5], w[6], w[7]};
        s.child = w[8];
        s.keyDown = w[9];
        s.mask = s.level == maskLevel;
        path.steps.push_back(s);
    }
    return path;
}

namespace {

// The sum steps from `top` down to `last` (children's sums at level - 1 of the CPU pyramid); p and key go down.
void sumSteps(const CpuPyramid& pyramid, int top, int last, XrayPath& path, glm::ivec2& p, std::uint32_t& key) {
    for (int level = top; level >= last; --level) {
        XrayStep s;
        s.level = level;
        s.cell = p;
        s.key = key;
        for (int i = 0; i < 4; ++i) s.sums[i] = sumAt(pyramid, level - 1, 2 * p.x + (i & 1), 2 * p.y + (i >> 1));
        const glm::uvec3 r = hpPick(p, s.sums, key); // the shared child pick (hp_pick.h)
        s.child = (r.x & 1u) | (r.y & 1u) << 1;
        s.keyDown = r.z;
        path.steps.push_back(s);
        p = glm::ivec2(r.x, r.y);
        key = r.z;
    }
}

} // namespace

XrayPath cpuPaperXray(const CpuPyramid& pyramid, std::uint32_t k) {
    XrayPath path;
    path.k = k;
    glm::ivec2 p{0};
    std::uint32_t key = k;
    sumSteps(pyramid, pyramid.storedLevels(), 1, path, p, key);
    path.cell = p;
    return path;
}

XrayPath cpuComputeXray(const CpuPyramid& pyramid, int levels, std::uint32_t k) {
    XrayPath path;
    path.k = k;
    glm::ivec2 p{0};
    std::uint32_t key = k;
    sumSteps(pyramid, levels, HPC_MASK_LEVEL + 1, path, p, key);
    // The 8x8 block's base cells in Morton order (x in the even bits), the key-th set bit.
    XrayStep s;
    s.level = HPC_MASK_LEVEL;
    s.cell = p;
    s.key = key;
    s.mask = true;
    std::uint64_t mask = 0;
    for (std::uint32_t m = 0; m < 64; ++m) {
        const int ox = int((m & 1u) | (m >> 1 & 2u) | (m >> 2 & 4u)), oy = int((m >> 1 & 1u) | (m >> 2 & 2u) | (m >> 3 & 4u));
        if (sumAt(pyramid, 0, 8 * p.x + ox, 8 * p.y + oy) != 0) mask |= std::uint64_t(1) << m;
    }
    s.sums = {std::uint32_t(mask), std::uint32_t(mask >> 32), 0u, 0u};
    std::uint64_t rest = mask;
    for (std::uint32_t i = 0; i < key && rest; ++i) rest &= rest - 1; // drop the key lowest set bits
    s.child = rest ? std::uint32_t(std::countr_zero(rest)) : 63u;
    path.steps.push_back(s);
    const std::uint32_t m = s.child;
    path.cell = 8 * p + glm::ivec2(int((m & 1u) | (m >> 1 & 2u) | (m >> 2 & 4u)),
                                   int((m >> 1 & 1u) | (m >> 2 & 2u) | (m >> 3 & 4u)));
    return path;
}

std::string compareXraySteps(std::span<const XrayStep> gpu, std::span<const XrayStep> reference,
                             std::string (*text)(const XrayStep&)) {
    const std::size_t n = std::min(gpu.size(), reference.size());
    for (std::size_t i = 0; i < n; ++i)
        if (!(gpu[i] == reference[i]))
            return "step " + std::to_string(i) + ": GPU " + text(gpu[i]) + "; CPU " + text(reference[i]);
    if (gpu.size() != reference.size())
        return "GPU " + std::to_string(gpu.size()) + " steps, CPU " + std::to_string(reference.size());
    return "";
}

std::string compareXray(const XrayPath& gpu, const XrayPath& reference) {
    if (std::string steps = compareXraySteps(gpu.steps, reference.steps, stepText); !steps.empty()) return steps;
    if (gpu.cell != reference.cell)
        return "cell found: GPU " + cellText(gpu.cell) + ", CPU " + cellText(reference.cell);
    return "";
}

XrayPath cpuSparseXray(std::span<const std::uint32_t> pool, int top, std::uint32_t k) {
    // The 1D 4:1 pyramid: level 0 a mask's set bits, each level above the sums of 4 (0 past the end), up to `top`.
    std::vector<std::vector<std::uint32_t>> levels(1);
    for (std::size_t i = 0; i + 1 < pool.size(); i += 2)
        levels[0].push_back(std::uint32_t(std::popcount(pool[i]) + std::popcount(pool[i + 1])));
    for (int l = 1; l <= top; ++l) {
        const std::vector<std::uint32_t>& below = levels.back();
        std::vector<std::uint32_t> up((below.size() + 3) / 4, 0u);
        for (std::size_t i = 0; i < below.size(); ++i) up[i / 4] += below[i];
        levels.push_back(std::move(up));
    }
    const auto at = [&](int level, std::size_t i) {
        const std::vector<std::uint32_t>& l = levels[std::size_t(level)];
        return i < l.size() ? l[i] : 0u;
    };
    XrayPath path;
    path.k = k;
    path.cell = {-1, -1};
    std::uint32_t key = k, entry = 0;
    for (int level = top; level >= 1; --level) {
        XrayStep s;
        s.level = level;
        s.cell = {int(entry), 0};
        s.key = key;
        for (std::uint32_t c = 0; c < 4; ++c) s.sums[int(c)] = at(level - 1, std::size_t(entry) * 4 + c);
        std::uint32_t c = 0;
        while (c < 3 && key >= s.sums[int(c)]) key -= s.sums[int(c++)];
        s.child = c;
        s.keyDown = key;
        path.steps.push_back(s);
        entry = entry * 4 + c;
    }
    XrayStep mask;
    mask.level = 0;
    mask.cell = {int(entry), 0};
    mask.key = key;
    mask.mask = true;
    const std::uint64_t bits = std::uint64_t(pool[2 * std::size_t(entry)]) |
                               std::uint64_t(pool[2 * std::size_t(entry) + 1]) << 32;
    mask.sums = {std::uint32_t(bits), std::uint32_t(bits >> 32), 0u, 0u};
    std::uint64_t rest = bits;
    for (std::uint32_t i = 0; i < key; ++i) rest &= rest - 1;
    mask.child = std::uint32_t(std::countr_zero(rest));
    path.steps.push_back(mask);
    return path;
}

std::vector<std::string> describeXray(const XrayPath& path) {
    std::vector<std::string> lines;
    for (const XrayStep& s : path.steps) lines.push_back(stepText(s));
    lines.push_back("output " + std::to_string(path.k) + " is texel " + cellText(path.cell));
    return lines;
}

} // namespace dicer::hp
