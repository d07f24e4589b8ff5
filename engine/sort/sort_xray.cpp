// The counting sort's X-ray (sort_xray.h): the CPU pyramid and walk the tests compare with, the descent's lines,
// and HpCountingSort's GL side: its levels' tiles (sort_xray_levels.comp.glsl) and the traced descent.
#include "sort_xray.h"

#include "gl_debug.h"
#include "hp_counting_sort.h"
#include "hp_xray.h"
#include "sort_shared.h"

#include <cstdio>

namespace dicer::sort {

std::vector<std::vector<std::uint32_t>> cpuSortPyramid(std::span<const std::uint32_t> keys, std::uint32_t m,
                                                       std::uint32_t fanIn) {
    const std::vector<PyramidLevel> shape = pyramidLevels(m, fanIn);
    std::vector<std::vector<std::uint32_t>> levels;
    levels.emplace_back(shape[0].size, 0u);
    for (std::uint32_t key : keys)
        if (key < m) ++levels[0][key];
    for (std::size_t l = 1; l < shape.size(); ++l) {
        levels.emplace_back(shape[l].size, 0u);
        for (std::uint32_t i = 0; i < shape[l].size; ++i)
            for (std::uint32_t c = 0; c < fanIn; ++c)
                levels[l][i] += levels[l - 1][std::size_t(i) * fanIn + c];
    }
    return levels;
}

hp::XrayPath cpuSortXray(std::span<const std::vector<std::uint32_t>> levels, std::uint32_t fanIn,
                         std::uint32_t k) {
    hp::XrayPath path;
    path.k = k;
    std::uint32_t rest = k, entry = 0;
    for (int l = int(levels.size()) - 2; l >= 0; --l) {
        hp::XrayStep s;
        s.level = l + 1;
        s.cell = {int(entry), 0};
        s.key = rest;
        for (std::uint32_t c = 0; c < fanIn; ++c)
            s.sums[int(c)] = levels[std::size_t(l)][entry * fanIn + c];
        std::uint32_t c = 0;
        while (c + 1 < fanIn && rest >= s.sums[int(c)])
            rest -= s.sums[int(c++)];
        s.child = c;
        s.keyDown = rest;
        entry = entry * fanIn + c;
        path.steps.push_back(s);
    }
    path.cell = {int(entry), 0};
    return path;
}

std::vector<std::string> describeSortXray(const hp::XrayPath& path, std::uint32_t fanIn) {
    std::vector<std::string> lines;
    for (const hp::XrayStep& s : path.steps) {
        std::string children;
        std::uint32_t start = 0;
        for (std::uint32_t c = 0; c < fanIn; ++c) {
            if (c) children += ' ';
            children += std::to_string(s.sums[int(c)]);
            if (c < s.child) start += s.sums[int(c)];
        }
        char line[256];
        std::snprintf(line, sizeof line,
                      "level %2d  entry %-8d key %-8u children %s: child %u holds [%u, %u) -> key %u",
                      s.level, s.cell.x, s.key, children.c_str(), s.child, start,
                      start + s.sums[int(s.child)], s.keyDown);
        lines.push_back(line);
    }
    const std::uint32_t inBucket = path.steps.empty() ? path.k : path.steps.back().keyDown;
    lines.push_back("slot " + std::to_string(path.k) + " is key " + std::to_string(inBucket) + " of bucket " +
                    std::to_string(path.cell.x) + ": its sorted key is " + std::to_string(path.cell.x));
    return lines;
}

std::vector<hp::XrayLevel> HpCountingSort::xrayLevels() const {
    std::vector<hp::XrayLevel> levels;
    for (std::size_t l = 0; l < m_levels.size(); ++l)
        levels.push_back(
            {int(l), hp::zOrderExtent(m_levels[l].size),
             l == 0 ? "buckets (their keys)" : (m_fanIn == 2 ? "sums (of 2 below)" : "sums (of 4 below)"),
             true});
    return levels;
}

std::vector<std::string> HpCountingSort::describeXray(const hp::XrayPath& path) const {
    return describeSortXray(path, m_fanIn);
}

Result<void> HpCountingSort::drawXray(std::span<const hp::XrayTile> tiles, const hp::XrayCanvas& canvas) {
    if (m_levels.empty()) return makeError(std::string(name()) + ": nothing has been sorted");
    if (!m_xrayLevels.valid()) {
        auto program = m_shaders->add(
            {std::string(name()) + "/xray levels", {{GL_COMPUTE_SHADER, "sort_xray_levels.comp.glsl"}}, {}});
        if (!program) return makeError(program.error());
        m_xrayLevels = *program;
    }
    gl::DebugGroup group("sort x-ray levels");
    std::uint32_t offsets[SORT_MAX_LEVELS] = {}, sizes[SORT_MAX_LEVELS] = {};
    for (std::size_t l = 0; l < m_levels.size(); ++l) {
        offsets[l] = m_levels[l].offset;
        sizes[l] = m_levels[l].size;
    }
    const GLuint program = m_shaders->get(m_xrayLevels);
    glProgramUniform1uiv(program, SORT_LOC_OFFSETS, SORT_MAX_LEVELS, offsets);
    glProgramUniform1uiv(program, SORT_LOC_XRAY_SIZES, SORT_MAX_LEVELS, sizes);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_COUNTS, m_pyramid.id());
    glUseProgram(program);
    hp::dispatchXrayTiles(program, tiles, canvas);
    glUseProgram(0);
    return {};
}

Result<hp::XrayPath> HpCountingSort::trace(std::uint32_t k) {
    if (m_levels.empty()) return makeError(std::string(name()) + ": nothing has been sorted");
    std::uint32_t count = 0;
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glGetNamedBufferSubData(m_status.id(), GLintptr(SORT_STATUS_COUNT) * 4, 4, &count);
    if (k >= count)
        return makeError(std::string(name()) + ": slot " + std::to_string(k) + " is beyond the " +
                         std::to_string(count) + " keys sorted");
    if (!m_xrayTrace.valid()) {
        auto program = m_shaders->add({std::string(name()) + "/descend (x-ray)",
                                       {{GL_COMPUTE_SHADER, "sort_hp_descend.comp.glsl"}},
                                       {{"SORT_FAN_IN", std::to_string(m_fanIn)}, {"HP_XRAY", ""}}});
        if (!program) return makeError(program.error());
        m_xrayTrace = *program;
    }
    gl::DebugGroup group("sort x-ray trace");
    if (Result<void> r = m_xrayRecord.bind(name()); !r) return makeError(r.error());
    std::uint32_t offsets[SORT_MAX_LEVELS] = {};
    for (std::size_t l = 0; l < m_levels.size(); ++l)
        offsets[l] = m_levels[l].offset;
    const GLuint program = m_shaders->get(m_xrayTrace);
    glProgramUniform1ui(program, SORT_LOC_LEVELS, GLuint(m_levels.size()));
    glProgramUniform1uiv(program, SORT_LOC_OFFSETS, SORT_MAX_LEVELS, offsets);
    glProgramUniform1ui(program, HP_LOC_XRAY_KEY, k);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_COUNTS, m_pyramid.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, SORT_BIND_STATUS, m_status.id());
    glUseProgram(program);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    glDispatchCompute(1, 1, 1);
    glUseProgram(0);
    return hp::parseXrayRecord(m_xrayRecord.read(), k, /*maskLevel=*/-1);
}

} // namespace dicer::sort
