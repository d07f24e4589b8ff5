#include "compactor.h"

#include "dicer_shared.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

namespace dicer::peers {

const char* entryOrderName(EntryOrder order) {
    switch (order) {
    case EntryOrder::RowMajor:
        return "row-major";
    case EntryOrder::KeyIndex:
        return "key-index";
    case EntryOrder::Unordered:
        return "unordered";
    }
    return "?";
}

Compactor::Compactor(gl::ShaderLibrary& shaders) : m_shaders(&shaders) {
    m_counters =
        gl::createBufferStorage(4 * sizeof(std::uint32_t), nullptr, GL_DYNAMIC_STORAGE_BIT, "peer counters");
    const std::uint32_t zero[4] = {};
    glNamedBufferSubData(m_counters.id(), 0, sizeof zero, zero);
}

void Compactor::ensurePointCapacity(std::uint32_t entries, const char* label) {
    entries = std::max(entries, 1u);
    if (entries <= m_pointCapacity && m_points) return;
    // Dynamic storage: the CPU peers upload into it; the GPU peers only ever write it from shaders.
    m_points = gl::createBufferStorage(GLsizeiptr(entries) * 16, nullptr, GL_DYNAMIC_STORAGE_BIT,
                                       std::string(label));
    m_pointCapacity = entries;
}

Result<void> Compactor::initDispatchArgs(gl::ShaderLibrary& shaders) {
    auto args = hp::IndirectArgs::create(shaders, "peer dispatch args");
    if (!args) return makeError(args.error());
    m_args = std::move(args.value());
    return {};
}

void Compactor::bindPointOutput(GLuint program, const CompactionInput& input, glm::ivec2 atlasSize) const {
    hp::setTilingUniforms(program, input.tiling, atlasSize);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, HP_BIND_POINTS, m_points.id());
}

std::uint32_t Compactor::readCount() const {
    std::uint32_t count = 0;
    glGetNamedBufferSubData(m_counters.id(), 0, sizeof count, &count);
    return count;
}

std::vector<glm::uvec4> Compactor::readPoints(std::uint32_t n) const {
    n = std::min(n, m_pointCapacity);
    std::vector<glm::uvec4> out(n);
    if (n) glGetNamedBufferSubData(m_points.id(), 0, GLsizeiptr(n) * 16, out.data());
    return out;
}

Result<glm::ivec2> checkInput(const char* who, const CompactionInput& input, int maxSide) {
    const std::string name = who;
    if (!std::isfinite(input.threshold)) return makeError(name + ": threshold is not a finite number");
    if (input.capacity == 0) return makeError(name + ": capacity must be at least 1");
    if (std::int64_t(input.capacity) * 16 > maxStorageBlockBytes()) // the point buffer is bound as one block
        return makeError(name + ": capacity of " + std::to_string(input.capacity) +
                         " entries is beyond this driver's limit of " +
                         std::to_string(maxStorageBlockBytes() / 16) + " (GL_MAX_SHADER_STORAGE_BLOCK_SIZE)");
    if (input.atlas == 0 || !glIsTexture(input.atlas)) return makeError(name + ": input is not a texture");
    GLint target = 0, format = 0, width = 0, height = 0;
    glGetTextureParameteriv(input.atlas, GL_TEXTURE_TARGET, &target);
    if (target != GL_TEXTURE_2D) return makeError(name + ": input must be a GL_TEXTURE_2D");
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_INTERNAL_FORMAT, &format);
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_WIDTH, &width);
    glGetTextureLevelParameteriv(input.atlas, 0, GL_TEXTURE_HEIGHT, &height);
    if (format != GL_RGBA8) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "%s: input must be RGBA8 (GL_RGBA8), got internal format 0x%04x", who,
                      unsigned(format));
        return makeError(buf);
    }
    if (width < 1 || height < 1) return makeError(name + ": input has no texels");
    if (width > maxSide || height > maxSide)
        return makeError(name + ": input " + std::to_string(width) + "x" + std::to_string(height) +
                         " is beyond this method's limit of " + std::to_string(maxSide) + " texels a side");
    return glm::ivec2(width, height);
}

std::int64_t maxStorageBlockBytes() {
    GLint64 size = 0;
    glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &size);
    return std::int64_t(size);
}

namespace {
bool always(const gl::GlInfo&) {
    return true;
}
constexpr PeerInfo kPeers[] = {
    {"hp_compute", "compute HistoPyramid: 6 levels per dispatch in shared memory, packed integer levels",
     always, createComputeHistoPyramidPeer},
    {"horn_scan", "Horn 2005: work-efficient prefix sum (Blelloch) + binary-search gather", always,
     createHornScan},
    {"atomic_append", "one compute pass, work-group aggregated atomic counter (unordered)", always,
     createAtomicAppend},
    {"cpu_linewise", "download, single-threaded line-wise CPU scan, upload (the 2006 CPU path)", always,
     createCpuLinewise},
    {"cpu_threaded", "download, line-wise CPU scan on hardware_concurrency threads, upload", always,
     createCpuThreaded},
};
} // namespace

std::span<const PeerInfo> peerTable() {
    return kPeers;
}

const PeerInfo* findPeer(std::string_view name) {
    for (const PeerInfo& p : kPeers)
        if (name == p.name) return &p;
    return nullptr;
}

Result<std::unique_ptr<Compactor>> createPeer(std::string_view name, gl::ShaderLibrary& shaders,
                                              const gl::GlInfo& info) {
    const PeerInfo* p = findPeer(name);
    if (!p) {
        std::string known;
        for (const PeerInfo& k : kPeers)
            known += std::string(known.empty() ? "" : ", ") + k.name;
        return makeError("unknown peer '" + std::string(name) + "' (known: " + known + ")");
    }
    if (!p->isAvailable(info))
        return makeError(std::string(p->name) + " is not available on " + info.renderer);
    return p->create(shaders);
}

} // namespace dicer::peers
