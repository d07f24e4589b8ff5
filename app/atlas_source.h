// Where the slice atlas comes from: the first stage of the pipeline. The voxelizer (engine/voxelizer.h,
// written on another branch) turns the model into the atlas every frame; until it is merged, the built-in
// sphere shell (engine/test_images.h) in the preset's atlas size stands in for every model. The sphere stays
// available afterwards as the documented "test atlas" input (--test-atlas): an exact, model-free input for
// checking the HistoPyramid stages.
#pragma once

#include "gl_handle.h"
#include "mesh.h"
#include "point_list.h"
#include "result.h"

#include <glm/glm.hpp>

#include <string>

namespace dicer::app {

class AtlasSource {
public:
    // Allocates for a volume preset (volume_layout.h); errors name the preset and the driver limit.
    Result<void> configure(const std::string& preset, int maxTextureSize);
    void setMesh(const Mesh& mesh);
    // Fills the atlas for this frame (model = placement and rotation of the mesh in the volume).
    void produce(const glm::mat4& model);

    GLuint atlas() const { return m_atlas.id(); }
    int atlasSize() const { return m_atlasSize; }
    glm::ivec3 volume() const { return m_volume; }
    hp::AtlasTiling tiling() const { return {{m_volume.x, m_volume.y}, m_tilesX}; }
    std::string description() const;

private:
    gl::Texture m_atlas;
    int m_atlasSize = 0, m_tilesX = 1;
    glm::ivec3 m_volume{0};
};

} // namespace dicer::app
