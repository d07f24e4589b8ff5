#include "voxel_source.h"

#include "input_sources.h"

#include <cstdio>

namespace dicer::frame {

Result<VoxelSource> VoxelSource::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    VoxelSource source;
    for (InputId input : gl::rowIds(inputTable())) {
        auto made = createInputSource(input, shaders, info);
        if (!made) return makeError(made.error());
        source.m_sources.push_back(std::move(made.value()));
    }
    return source;
}

Result<void> VoxelSource::configure(const FrameSettings& settings, const gl::GlInfo& info) {
    if (Result<void> r = m_sources.at(size_t(settings.input.row))->configure(settings, info); !r) return r;
    m_current = settings.input;
    return {};
}

namespace {

// ", drawn as a 0.5 x 0.25 x 1 box" for a volume that is not drawn as the cube (nothing for the cube).
std::string drawnAs(glm::vec3 shape) {
    if (shape == glm::vec3(1.f)) return {};
    char text[96];
    std::snprintf(text, sizeof text, ", drawn as a %g x %g x %g box", double(shape.x), double(shape.y),
                  double(shape.z));
    return text;
}

} // namespace

std::string VoxelSource::description() const {
    return current().description() + drawnAs(shape());
}

} // namespace dicer::frame
