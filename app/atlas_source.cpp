#include "atlas_source.h"

#include "test_images.h"
#include "volume_layout.h"

namespace dicer::app {

Result<void> AtlasSource::configure(const std::string& preset, int maxTextureSize) {
    auto layout = presetLayout(preset, maxTextureSize);
    if (!layout) return makeError(layout.error());
    // The sphere generator picks its own tiling for an atlas size (256 slices where they fit, as in the
    // paper), so the volume may differ from the preset's (preset "128": 128x128x256 instead of 128^3).
    AtlasImage image = makeSphereShellAtlas(layout->atlasSize);
    m_atlas = uploadAtlas(image);
    m_atlas.setLabel("slice atlas (test sphere)");
    m_atlasSize = image.size;
    m_tilesX = image.tilesX;
    m_volume = image.volume;
    return {};
}

void AtlasSource::setMesh(const Mesh&) {
    // The test sphere does not depend on the model.
}

void AtlasSource::produce(const glm::mat4&) {
    // Static: uploaded once by configure().
}

std::string AtlasSource::description() const {
    return "test atlas: sphere shell " + std::to_string(m_volume.x) + "x" + std::to_string(m_volume.y) + "x" +
           std::to_string(m_volume.z) + " in " + std::to_string(m_atlasSize) + "^2";
}

} // namespace dicer::app
