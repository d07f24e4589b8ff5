#include "atlas_source.h"

#include "test_images.h"
#include "volume_layout.h"

namespace dicer::app {

Result<AtlasSource> AtlasSource::create(gl::ShaderLibrary& shaders, const gl::GlInfo& info) {
    auto voxelizer = Voxelizer::create(shaders, info);
    if (!voxelizer) return makeError(voxelizer.error());
    AtlasSource source;
    source.m_voxelizer.emplace(std::move(voxelizer.value()));
    return source;
}

Result<void> AtlasSource::configure(const PipelineSettings& settings, int maxTextureSize) {
    auto layout = presetLayout(settings.preset, maxTextureSize);
    if (!layout) return makeError(layout.error());
    if (settings.testAtlas) {
        // The sphere generator picks its own tiling for an atlas size (256 slices where they fit, as in the
        // paper), so its volume may differ from the preset's (preset "128": 128x128x256 instead of 128^3).
        AtlasImage image = makeSphereShellAtlas(layout->atlasSize);
        m_sphere = uploadAtlas(image);
        m_sphere.setLabel("slice atlas (test sphere)");
        m_atlasSize = image.size;
        m_tilesX = image.tilesX;
        m_volume = image.volume;
    } else {
        if (Result<void> r = m_voxelizer->setLayout(*layout); !r) return r;
        m_sphere.reset(); // 64 MB at 4096^2: not kept around while unused
        m_atlasSize = layout->atlasSize;
        m_tilesX = layout->tiles.x;
        m_volume = layout->volume;
    }
    m_useSphere = settings.testAtlas;
    return {};
}

Result<void> AtlasSource::setMesh(const Mesh& mesh) {
    return m_voxelizer->setMesh(mesh);
}

void AtlasSource::produce(const glm::mat4& model, const PipelineSettings& settings) {
    if (m_useSphere) return; // static: uploaded once by configure()
    m_lastParams = {model, settings.voxelMode, settings.voxelMethod,
                    settings.sliceAxisRule ? SurfaceRule::SliceAxis : SurfaceRule::DominantAxis};
    m_voxelizer->voxelize(m_lastParams);
}

std::string AtlasSource::description() const {
    std::string volume = std::to_string(m_volume.x) + "x" + std::to_string(m_volume.y) + "x" +
                         std::to_string(m_volume.z) + " in " + std::to_string(m_atlasSize) + "^2";
    if (m_useSphere) return "test atlas: sphere shell " + volume;
    return "voxelized " + volume + ", " + voxelMethodName(m_lastParams.method) + ", " +
           voxelModeName(m_lastParams.mode) + ", " + surfaceRuleName(m_lastParams.rule);
}

} // namespace dicer::app
