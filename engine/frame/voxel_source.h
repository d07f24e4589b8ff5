// Where the frame's voxels come from: its first stage, the source of the settings' input (input_table.h). One
// source per row of the input table is made once (input_sources.h); configure() switches to the settings' row
// and lays its voxels out, and every read below is the current source's (input_source.h). What an input takes
// (a mesh, a volume) goes to its own source: mesh(), volumeSource(), or as<S>(row) for any row.
#pragma once

#include "input_source.h"
#include "input_table.h"
#include "mesh_source.h"
#include "volume_source.h"

#include <memory>
#include <string>
#include <vector>

namespace dicer::frame {

class VoxelSource {
public:
    static Result<VoxelSource> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info);

    // The layout of the settings' input (the preset's for a mesh, the sphere in that atlas size, a volume's own
    // size). Errors name the preset (or the volume's size) and the driver limit; on error the previous input
    // and its voxels stay.
    Result<void> configure(const FrameSettings& settings, const gl::GlInfo& info);
    // Fills the current input's output for this frame (model = the mesh's matrix into the volume space
    // [-1,1]^3: worldToVolume(shape()) * rotation * its placement in the box).
    void produce(const glm::mat4& model, const FrameSettings& settings) { current().produce(model, settings); }

    // The source of a row, as its own type (the type its hook makes).
    template <class S> S& as(InputId input) { return dynamic_cast<S&>(*m_sources.at(size_t(input.row))); }
    template <class S> const S& as(InputId input) const {
        return dynamic_cast<const S&>(*m_sources.at(size_t(input.row)));
    }
    MeshSource& mesh() { return as<MeshSource>(kMeshInput); }
    const MeshSource& mesh() const { return as<MeshSource>(kMeshInput); }
    VolumeSource& volumeSource() { return as<VolumeSource>(kVolumeInput); }
    const VolumeSource& volumeSource() const { return as<VolumeSource>(kVolumeInput); }
    const InputSource& current() const { return *m_sources[size_t(m_current.row)]; }
    InputSource& current() { return *m_sources[size_t(m_current.row)]; }

    GLuint atlas() const { return current().atlas(); } // 0: bits or sparse output
    occupancy::VoxelOutput output() const { return current().output(); }
    GLuint bits() const { return current().bits(); }
    std::int64_t bitsBytes() const { return current().bitsBytes(); }
    const occupancy::SparseOccupancy* sparse() const { return current().sparse(); }
    Result<void> colorPoints(const hp::PointMethod& method, std::uint32_t capacity) {
        return current().colorPoints(method, capacity);
    }
    // 0 for the atlas output (its texels hold the colours).
    GLuint slotColors() const { return occupancy::hasSlotColors(output()) ? current().slotColors() : 0; }
    int atlasSize() const { return current().layout().atlasSize; }
    glm::ivec3 volume() const { return current().layout().volume; }
    hp::AtlasTiling tiling() const {
        const occupancy::VolumeLayout& l = current().layout();
        return {{l.volume.x, l.volume.y}, l.tiles.x, l.volume.z};
    }
    glm::vec3 shape() const { return current().shape(); }
    glm::vec3 spacing() const { return current().spacing(); }
    std::string description() const; // what the voxels are, and the box they are drawn as unless the cube

private:
    std::vector<std::unique_ptr<InputSource>> m_sources; // one per row of the input table
    InputId m_current = kMeshInput;
};

} // namespace dicer::frame
