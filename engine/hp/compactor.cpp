#include "compactor.h"

#include "hp_shared.h"

namespace dicer::hp {

Compactor::Compactor(gl::ShaderLibrary& shaders, const gl::GlInfo& info, const char* name, EntryOrder order)
    : PointMethod(name, order), m_shaders(&shaders), m_info(info),
      m_points(info, std::string(name) + " points") {}

Result<void> Compactor::initCounters() {
    Result<CountBuffer> counters = CountBuffer::create(std::string(name()) + " counters");
    if (!counters) return makeError(counters.error());
    m_counters = std::move(counters.value());
    return {};
}

Result<void> Compactor::list(const MethodInput& input, hp::ListPath path) {
    m_listed.reset();
    if (path == hp::ListPath::Resident) return {}; // build() wrote min(count, capacity) entries
    const std::uint32_t count = readCount();       // the paper's readback
    if (count > input.capacity) {
        MethodInput all = input;
        all.capacity = count;
        if (Result<void> r = build(all); !r) return r;
    }
    m_listed = count;
    return {};
}

Result<void> Compactor::initDispatchArgs(gl::ShaderLibrary& shaders) {
    auto args = hp::IndirectArgs::create(shaders, "peer dispatch args");
    if (!args) return makeError(args.error());
    m_args = std::move(args.value());
    return {};
}

void Compactor::bindPointOutput(GLuint program, const MethodInput& input, glm::ivec2 atlasSize) const {
    hp::setTilingUniforms(program, input.tiling, atlasSize);
    m_points.bind();
}

} // namespace dicer::hp
