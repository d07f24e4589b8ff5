// Where dicer-bench's atlases come from. A source makes the paper's square slice atlases (1024^2 =
// 64x64x256, 2048^2 = 128x128x256, 4096^2 = 256^3; other sizes: 256 slices of (size/16)^2) and side^3
// volumes for the scaling sweep:
//  - "teapot" (default), "heart", or an OBJ file (--model): the mesh voxelized on the GPU every time, as
//    the demo does each frame. The atlas stays on the GPU (the voxelizer's texture) and is read back once
//    for the reference; voxelize() re-makes it, which is what Table 1 times.
//  - "sphere": a sphere shell made on the CPU (test_images.h) and uploaded; no voxelization to time.
#pragma once

#include "atlas_tiling.h"
#include "gl_handle.h"
#include "gl_info.h"
#include "model_catalog.h"
#include "result.h"
#include "shader.h"
#include "voxelizer.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace dicer::bench {

struct BenchAtlas {
    std::string label;    // "4096²", "256³"
    glm::ivec2 size{0};   // atlas texels
    glm::ivec3 volume{0}; // voxels
    hp::AtlasTiling tiling;
    std::vector<std::uint8_t> rgba; // size.x * size.y * 4 bytes, row-major
    // The source's own texture holding this atlas, valid until its next atlas; 0: upload `rgba`.
    GLuint texture = 0;
    std::int64_t texels() const { return std::int64_t(size.x) * size.y; }
    std::int64_t voxels() const { return std::int64_t(volume.x) * volume.y * volume.z; }
    std::vector<std::uint8_t> alpha() const; // the discriminator's channel
};

// The texture to run on: the source's own, or `rgba` uploaded into `holder`. Errors: the driver refused the
// upload's memory (allocation.h).
Result<GLuint> atlasTexture(const BenchAtlas& atlas, gl::Texture& holder, const char* label);

struct VoxelizeSettings {
    // The 2006 slicing rule by default, so the teapot's counts compare with the paper's 33989 / 8595 / 2130.
    voxel::VoxRule rule = voxel::VoxRule::SliceAxis;
    voxel::VoxelMode mode = voxel::VoxelMode::Shell;
    bool operator==(const VoxelizeSettings&) const = default;
};

class AtlasSource {
public:
    virtual ~AtlasSource() = default;
    virtual std::string describe() const = 0; // for the report: what, how many triangles, which rule
    virtual Result<BenchAtlas> paperAtlas(int atlasSize) = 0;
    virtual Result<BenchAtlas> cubeAtlas(int side) = 0;
    // Voxelizes the mesh again into the last atlas's texture with `method` (no readback, no glFinish).
    // False for sources made on the CPU.
    virtual bool canVoxelize() const { return false; }
    virtual void voxelize(voxel::VoxMethodId /*method*/) {}
};

// "sphere", a built-in model name (model_catalog.h) or an OBJ path. Errors: an unreadable or invalid model,
// the voxelizer's driver requirements.
Result<std::unique_ptr<AtlasSource>> createAtlasSource(const std::string& nameOrFile,
                                                       const VoxelizeSettings& settings,
                                                       gl::ShaderLibrary& shaders, const gl::GlInfo& info);

// The model a table voxelizes itself (--model: a built-in name or a file); `table` names it in the error for
// the CPU-made sphere, which is an atlas, not a model.
Result<model::PlacedModel> loadSourceModel(const std::string& nameOrFile, const char* table);

// The slice layout of the paper's atlases for any power-of-two size >= 16: 256 slices of (size/16)^2.
Result<glm::ivec3> paperVolume(int atlasSize);

} // namespace dicer::bench
