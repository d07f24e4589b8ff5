#include "mc_xray.h"

#include "hp_xray.h"
#include "mc_expander.h"

#include <cstdio>

namespace dicer::surface {
namespace {

std::string stepText(const hp::XrayStep& s) {
    char line[256];
    if (s.level == 1)
        std::snprintf(line, sizeof line,
                      "level  1  word %-10u key %-8u its 4 cells' vertices %u %u %u %u: cell %u holds the key -> "
                      "vertex %u of it",
                      std::uint32_t(s.cell.x), s.key, s.sums.x, s.sums.y, s.sums.z, s.sums.w, s.child, s.keyDown);
    else {
        std::uint32_t start = 0;
        for (std::uint32_t i = 0; i < s.child && i < 4; ++i) start += s.sums[int(i)];
        std::snprintf(line, sizeof line,
                      "level %2d  entry %-9u key %-8u children %u %u %u %u: child %u holds [%u, %u) -> key %u",
                      s.level, std::uint32_t(s.cell.x), s.key, s.sums.x, s.sums.y, s.sums.z, s.sums.w, s.child,
                      start, start + (s.child < 4 ? s.sums[int(s.child)] : 0u), s.keyDown);
    }
    return line;
}

} // namespace

Result<McXrayPath> parseMcXrayRecord(std::span<const std::uint32_t> words, std::uint32_t k) {
    if (words.size() < HP_XRAY_HEADER_WORDS) return makeError("x-ray: the record has no header");
    const std::uint32_t steps = words[0];
    if (words[3] != 1u || steps == 0)
        return makeError("x-ray: the expansion found no cell for vertex " + std::to_string(k));
    if (steps > HP_XRAY_MAX_STEPS || words.size() < HP_XRAY_HEADER_WORDS + steps * HP_XRAY_STEP_WORDS)
        return makeError("x-ray: the record says " + std::to_string(steps) + " steps, more than it holds");
    McXrayPath path;
    path.k = k;
    path.cell = words[1];
    path.vertexInCell = words[2];
    for (std::uint32_t i = 0; i < steps; ++i) {
        const std::uint32_t* w = words.data() + HP_XRAY_HEADER_WORDS + i * HP_XRAY_STEP_WORDS;
        hp::XrayStep s;
        s.level = int(w[0]);
        s.cell = {int(w[1]), int(w[2])};
        s.key = w[3];
        s.sums = {w[4], w[5], w[6], w[7]};
        s.child = w[8];
        s.keyDown = w[9];
        if (s.level == 1) path.mcCase = w[10];
        path.steps.push_back(s);
    }
    return path;
}

std::vector<std::vector<std::uint32_t>> mcReferenceLevels(const McSurface& reference) {
    const glm::ivec3 c = reference.cells;
    const McPyramidLayout layout = mcPyramidLayout(c);
    const std::uint32_t perRow = std::uint32_t((c.x + MC_FAN_IN - 1) / MC_FAN_IN);
    std::vector<std::vector<std::uint32_t>> levels(std::size_t(layout.levels) + 1);
    if (layout.levels == 0) return levels;
    // Level 0: the cells in the GPU's numbering (a word's 4 cells, each row padded to whole words: 0 there).
    levels[0].assign(std::size_t(layout.words) * MC_FAN_IN, 0u);
    for (std::uint32_t w = 0; w < layout.words; ++w)
        for (std::uint32_t j = 0; j < MC_FAN_IN; ++j) {
            const std::uint32_t x = (w % perRow) * MC_FAN_IN + j, row = w / perRow;
            if (x < std::uint32_t(c.x))
                levels[0][std::size_t(w) * MC_FAN_IN + j] = reference.counts[std::size_t(row) * std::size_t(c.x) + x];
        }
    for (int l = 1; l <= layout.levels; ++l) {
        levels[std::size_t(l)].assign(l == 1 ? layout.words : layout.sizes[std::size_t(l)], 0u);
        for (std::size_t i = 0; i < levels[std::size_t(l - 1)].size(); ++i)
            levels[std::size_t(l)][i / MC_FAN_IN] += levels[std::size_t(l - 1)][i];
    }
    return levels;
}

McXrayPath mcXrayReference(const McSurface& reference, std::uint32_t k) {
    const glm::ivec3 c = reference.cells;
    const McPyramidLayout layout = mcPyramidLayout(c);
    const std::uint32_t perRow = std::uint32_t((c.x + MC_FAN_IN - 1) / MC_FAN_IN);
    const auto cellOf = [&](std::uint32_t word, std::uint32_t j) -> std::int64_t {
        const std::uint32_t x = (word % perRow) * MC_FAN_IN + j, row = word / perRow;
        if (x >= std::uint32_t(c.x)) return -1; // the row's padding
        return std::int64_t(row) * c.x + x;
    };
    const std::vector<std::vector<std::uint32_t>> levels = mcReferenceLevels(reference);
    McXrayPath path;
    path.k = k;
    std::uint32_t node = 0, rest = k;
    for (int l = layout.levels; l >= 2; --l) {
        hp::XrayStep s;
        s.level = l;
        s.cell = {int(node), 0};
        s.key = rest;
        const std::vector<std::uint32_t>& below = levels[std::size_t(l - 1)];
        for (std::uint32_t i = 0; i < MC_FAN_IN; ++i) {
            const std::size_t child = std::size_t(node) * MC_FAN_IN + i;
            s.sums[int(i)] = child < below.size() ? below[child] : 0u;
        }
        std::uint32_t child = 0; // the first child whose running sum exceeds the rest; the last takes the rest
        while (child + 1 < MC_FAN_IN && rest >= s.sums[int(child)]) rest -= s.sums[int(child++)];
        s.child = child;
        s.keyDown = rest;
        path.steps.push_back(s);
        node = node * MC_FAN_IN + child;
    }
    hp::XrayStep s;
    s.level = 1;
    s.cell = {int(node), 0};
    s.key = rest;
    for (std::uint32_t j = 0; j < MC_FAN_IN; ++j) {
        const std::int64_t cell = cellOf(node, j);
        s.sums[int(j)] = cell >= 0 ? reference.counts[std::size_t(cell)] : 0u;
    }
    std::uint32_t j = 0;
    while (j + 1 < MC_FAN_IN && rest >= s.sums[int(j)]) rest -= s.sums[int(j++)];
    s.child = j;
    s.keyDown = rest;
    path.steps.push_back(s);
    const std::int64_t cell = cellOf(node, j);
    path.cell = std::uint32_t(cell);
    path.mcCase = cell >= 0 ? reference.cases[std::size_t(cell)] : 0u;
    path.vertexInCell = rest;
    return path;
}

std::string compareMcXray(const McXrayPath& gpu, const McXrayPath& reference) {
    if (std::string steps = hp::compareXraySteps(gpu.steps, reference.steps, stepText); !steps.empty())
        return steps;
    if (gpu.cell != reference.cell || gpu.mcCase != reference.mcCase || gpu.vertexInCell != reference.vertexInCell)
        return "found: GPU cell " + std::to_string(gpu.cell) + " case " + std::to_string(gpu.mcCase) + " vertex " +
               std::to_string(gpu.vertexInCell) + ", CPU cell " + std::to_string(reference.cell) + " case " +
               std::to_string(reference.mcCase) + " vertex " + std::to_string(reference.vertexInCell);
    return "";
}

std::vector<std::string> describeMcXray(const McXrayPath& path, glm::ivec3 cells) {
    std::vector<std::string> lines;
    for (const hp::XrayStep& s : path.steps) lines.push_back(stepText(s));
    const std::uint32_t x = path.cell % std::uint32_t(std::max(cells.x, 1)),
                        y = path.cell / std::uint32_t(std::max(cells.x, 1)) % std::uint32_t(std::max(cells.y, 1)),
                        z = path.cell / std::uint32_t(std::max(cells.x, 1)) / std::uint32_t(std::max(cells.y, 1));
    char line[200];
    std::snprintf(line, sizeof line,
                  "vertex %u is cell (%u, %u, %u)'s vertex %u: case %u, %u triangles, corner %u of its triangle %u",
                  path.k, x, y, z, path.vertexInCell, path.mcCase, mcTable().cases[path.mcCase & 0xffu].count / 3u,
                  path.vertexInCell % 3, path.vertexInCell / 3);
    lines.push_back(line);
    return lines;
}

} // namespace dicer::surface
