#include "horn_scan.h"

#include "allocation.h"
#include "gl_debug.h"
#include "histopyramid.h"
#include "hp_math.h"
#include "peers_shared.h"

#include <algorithm>
#include <string>

namespace dicer::peers {
namespace {
std::int64_t alignUp(std::int64_t v, int alignment) {
    return (v + alignment - 1) / alignment * alignment;
}
} // namespace

std::vector<ScanLevel> scanLevels(std::uint64_t elements, int alignment) {
    std::vector<ScanLevel> levels;
    std::int64_t offset = 0;
    for (std::uint64_t n = elements;;) {
        ScanLevel l;
        l.elements = std::uint32_t(n);
        l.blocks = std::uint32_t((n + HORN_SCAN_BLOCK - 1) / HORN_SCAN_BLOCK);
        l.offset = offset;
        levels.push_back(l);
        offset = alignUp(offset + std::int64_t(n) * 4, alignment);
        if (l.blocks <= 1) break;
        n = l.blocks; // the next level scans this level's block totals
    }
    return levels;
}

std::int64_t scanBufferBytes(const std::vector<ScanLevel>& levels, int alignment) {
    const ScanLevel& top = levels.back();
    return alignUp(top.offset + std::int64_t(top.elements) * 4, alignment) + alignment; // + the top's total
}

Result<std::unique_ptr<HornScan>> HornScan::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    std::unique_ptr<HornScan> p(new HornScan(shaders, info));
    struct {
        gl::ProgramId* id;
        const char* name;
        const char* file;
        hp::Defines defines;
    } programs[] = {
        {&p->m_scanAtlas, "horn_scan/scan-atlas", "horn_scan.comp.glsl", {{"HORN_FROM_ATLAS", ""}}},
        {&p->m_scanSums, "horn_scan/scan-sums", "horn_scan.comp.glsl", {}},
        {&p->m_add, "horn_scan/add", "horn_scan_add.comp.glsl", {}},
        {&p->m_gather, "horn_scan/gather", "horn_gather.comp.glsl", {}},
    };
    for (auto& d : programs) {
        auto program = shaders.add({d.name, {{GL_COMPUTE_SHADER, d.file}}, d.defines});
        if (!program) return makeError(program.error());
        *d.id = *program;
    }
    if (Result<void> r = p->initDispatchArgs(shaders); !r) return makeError(r.error());
    if (Result<void> r = p->initCounters(); !r) return makeError(r.error());
    p->m_sampler = hp::createAtlasSampler("horn_scan atlas");
    return p;
}

void HornScan::bindLevel(GLuint binding, std::size_t level) const {
    if (level < m_levels.size()) {
        const ScanLevel& l = m_levels[level];
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, m_scan.id(), GLintptr(l.offset),
                          GLsizeiptr(std::max<std::int64_t>(std::int64_t(l.elements) * 4, 4)));
    } else { // above the top: the single total of the top level's one block
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, binding, m_scan.id(), GLintptr(m_topSumOffset), 4);
    }
}

void HornScan::dispatchBlocks(std::uint32_t blocks) const {
    // More than 65535 blocks (above 64M texels) fold into a 2D grid; the shaders skip the surplus groups.
    GLuint x = std::min<std::uint32_t>(blocks, PEER_MAX_GROUPS_X);
    glDispatchCompute(x, (blocks + x - 1) / x, 1);
}

Result<void> HornScan::build(const MethodInput& input) {
    auto size = checkInput(input, m_info.maxTextureSize);
    if (!size) return makeError(size.error());
    const std::int64_t elements = std::int64_t(size->x) * size->y;
    if (elements * 4 > m_info.maxStorageBlockBytes)
        return makeError(
            "horn_scan: input " + std::to_string(size->x) + "x" + std::to_string(size->y) + " needs a " +
            std::to_string(elements * 4 >> 20) + " MiB scan, beyond this driver's limit of " +
            std::to_string(m_info.maxStorageBlockBytes >> 20) + " MiB (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    if (Result<void> r = m_points.reserve(input.capacity); !r) return r;
    if (*size != m_size) {
        const int alignment = m_info.storageBufferOffsetAlignment;
        std::vector<ScanLevel> levels = scanLevels(std::uint64_t(elements), alignment);
        const std::int64_t bytes = scanBufferBytes(levels, alignment);
        // A refusal keeps the levels of the previous size with their buffer.
        Result<gl::Buffer> scan = gl::allocateBuffer(GLsizeiptr(bytes), nullptr, 0, "horn_scan levels");
        if (!scan) return makeError(scan.error());
        m_scan = std::move(scan.value());
        m_levels = std::move(levels);
        m_topSumOffset = bytes - alignment;
        m_size = *size;
    }
    gl::DebugGroup group("horn_scan");
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the previous gather read the scan this run overwrites
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_COUNTERS, m_counters.id());
    glBindTextureUnit(HP_UNIT_INPUT, input.atlas);
    glBindSampler(HP_UNIT_INPUT, m_sampler.id());

    // Up: scan every level; each scan pass writes its block totals into the next level.
    for (std::size_t i = 0; i < m_levels.size(); ++i) {
        GLuint program = m_shaders->get(i == 0 ? m_scanAtlas : m_scanSums);
        glProgramUniform1ui(program, PEER_LOC_ELEMENTS, m_levels[i].elements);
        glProgramUniform1ui(program, PEER_LOC_WRITE_TOTAL, i == 0 && m_levels.size() == 1 ? 1u : 0u);
        if (i == 0) {
            glProgramUniform2i(program, HP_LOC_INPUT_SIZE, size->x, size->y);
            glProgramUniform1ui(program, HP_LOC_THRESHOLD, hp::thresholdToByte(input.threshold));
            hp::setTilingUniforms(program, input.tiling, *size);
        }
        glUseProgram(program);
        bindLevel(PEER_BIND_DATA, i);
        bindLevel(PEER_BIND_SUMS, i + 1);
        if (i > 0) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // reads the totals the pass below wrote
        dispatchBlocks(m_levels[i].blocks);
    }
    // Down: add each block's scanned predecessor total; level 0's pass finalises the count.
    GLuint add = m_shaders->get(m_add);
    glUseProgram(add);
    for (std::size_t i = m_levels.size() - 1; i-- > 0;) {
        glProgramUniform1ui(add, PEER_LOC_ELEMENTS, m_levels[i].elements);
        glProgramUniform1ui(add, PEER_LOC_WRITE_TOTAL, i == 0 ? 1u : 0u);
        bindLevel(PEER_BIND_DATA, i);
        bindLevel(PEER_BIND_SUMS, i + 1);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        dispatchBlocks(m_levels[i].blocks);
    }
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); // the count, for the args pass

    // Gather: one invocation per output, sized on the GPU from the count.
    writeDispatchArgs(input.capacity);
    GLuint gather = m_shaders->get(m_gather);
    glProgramUniform1ui(gather, PEER_LOC_ELEMENTS, m_levels[0].elements);
    glProgramUniform2i(gather, HP_LOC_INPUT_SIZE, size->x, size->y);
    bindPointOutput(gather, input, *size);
    bindLevel(PEER_BIND_DATA, 0);
    glUseProgram(gather);
    m_args.dispatch();
    return {};
}

std::vector<std::uint32_t> HornScan::readScan() const {
    if (m_levels.empty()) return {};
    std::vector<std::uint32_t> out(m_levels[0].elements);
    glGetNamedBufferSubData(m_scan.id(), 0, GLsizeiptr(out.size() * 4), out.data());
    return out;
}

Result<std::unique_ptr<hp::PointMethod>> createHornScan(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto p = HornScan::create(shaders, info);
    if (!p) return makeError(p.error());
    return std::unique_ptr<hp::PointMethod>(std::move(p.value()));
}

} // namespace dicer::peers
