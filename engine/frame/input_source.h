// The first stage of one input kind (a row of input_table.h): what makes the frame's voxels from that input and
// holds them for the stages after it. The frame keeps one source per row, made once by the row's hook
// (input_sources.cpp), and reads the current row's: a mesh's (mesh_source.h: the voxelizer, or the test
// atlas' sphere), a volume's (volume_source.h: the discriminator). What an input takes (a mesh, a volume) is
// its source's own call; everything the stages after it read is here.
#pragma once

#include "frame_settings.h"
#include "gl_info.h"
#include "point_method.h"
#include "result.h"
#include "sparse_occupancy.h"
#include "surface_stage.h"
#include "volume_layout.h"

#include <glm/glm.hpp>

#include <cstdint>
#include <string>

namespace dicer::frame {

class InputSource {
public:
    virtual ~InputSource() = default;

    // The layout of its voxels for `settings` (the preset's for a mesh, the volume's own size); errors name the
    // size and the driver limit it hits. On error the previous voxels stay.
    virtual Result<void> configure(const FrameSettings& settings, const gl::GlInfo& info) = 0;
    // Fills the output for this frame (model: the mesh's matrix into the volume space [-1,1]^3).
    virtual void produce(const glm::mat4& model, const FrameSettings& settings) = 0;

    virtual occupancy::VoxelOutput output() const = 0;
    virtual GLuint atlas() const = 0; // 0 without an atlas
    virtual GLuint bits() const = 0;  // bits output: occupancy_bits.h over the layout's atlas
    virtual std::int64_t bitsBytes() const = 0;
    // Sparse output: the sparse occupancy (its index, pool and status); null otherwise.
    virtual const occupancy::SparseOccupancy* sparse() const { return nullptr; }
    // Bits or sparse output, after the list of `method`: the colour of point k into slotColors()[k] for the
    // first min(count, capacity) points (the count stays on the GPU). Nothing for the atlas.
    virtual Result<void> colorPoints(const hp::PointMethod& method, std::uint32_t capacity) = 0;
    virtual GLuint slotColors() const = 0;
    // The physical size of a voxel per axis ((1,1,1): cubes).
    virtual glm::vec3 spacing() const = 0;
    // The box its voxels are drawn as (volume_layout.h volumeShape; largest axis 1).
    virtual glm::vec3 shape() const { return occupancy::volumeShape(m_layout.volume, spacing()); }
    // The scalar field its surface is cut from at the band (a volume's values, borrowed); null: the surface
    // is the one of its voxels (the frame's occupancy volume).
    virtual const SurfaceInput* valueField() const { return nullptr; }
    virtual std::string description() const = 0; // what the voxels are

    // Where its voxels lie: the volume, its tiling and the (virtual) atlas' side, as the last configure set them.
    const occupancy::VolumeLayout& layout() const { return m_layout; }

protected:
    occupancy::VolumeLayout m_layout{};
};

// A source of type S around the object its first stage's factory made (Voxelizer::create, ...); its error as is.
template <class S, class Stage> Result<std::unique_ptr<InputSource>> makeSource(Result<Stage> made) {
    if (!made) return makeError(made.error());
    return std::unique_ptr<InputSource>(std::make_unique<S>(std::move(made.value())));
}

} // namespace dicer::frame
