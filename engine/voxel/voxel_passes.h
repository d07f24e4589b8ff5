// What every vox method's passes run on (vox_method.h): the mesh in chunks, each with its
// parameter block, the outputs' GL objects, and the passes and bindings the methods share (the triangle setup,
// the framebuffers, the owner view of the atlas). The Voxelizer fills one per voxelize() / colorSlots() call
// from its own objects; it refers to them and lives only during the call.
#pragma once

#include "shader.h"
#include "sparse_occupancy.h"
#include "voxel_mesh.h"
#include "vox_method.h"

#include <cstdint>
#include <string>

namespace dicer::voxel {

struct VoxelPasses {
    gl::ShaderLibrary& shaders;
    const occupancy::VolumeLayout& layout;
    occupancy::VoxelOutput output;
    const VoxelMeshGpu& mesh;
    GLuint params;               // VoxParams per chunk (std140 blocks), paramsStride apart
    GLintptr paramsStride;       // the uniform buffer offset alignment rounds it up
    gl::ProgramId setup;         // the triangle setup pass (runSetup)
    GLuint atlasFramebuffer;     // atlas output: the atlas as colour attachment 0
    GLuint columnFramebuffer;    // no attachments, max(volume)^2: one pixel per voxel column
    GLuint owners;               // atlas output: R32UI view of the atlas (owner ids, then colours)
    GLuint bits;                 // bits output: the occupancy bits
    const std::string& slotFile; // the slot function of the slot programs (enableSlotColors), or empty
    occupancy::SparseOccupancy* sparse;     // sparse output: the structure its passes mark and allocate; else null

    size_t chunkCount() const { return mesh.chunks.size(); }
    std::uint32_t triangleCount(size_t chunk) const { return mesh.chunks[chunk].triangleCount; }
    // Binds chunk c's buffers and parameter block: every pass then sees one chunk as "the mesh".
    void bindChunk(size_t chunk) const;
    // glUseProgram of the library's current build (ids change on a shader reload: ask every time).
    void use(gl::ProgramId program) const { glUseProgram(shaders.get(program)); }

    // The setup pass over every chunk (voxelize_setup.comp.glsl: volume-space triangle, sampling axis, edge
    // equations, slice bins), then a storage barrier. Every method that reads VOX_BIND_SETUP runs it first.
    void runSetup() const;
    void bindMeshTextures() const; // the map_Kd array at VOX_UNIT_TEXTURES, with its own sampling
    void renderToAtlas() const;    // the atlas framebuffer, viewport atlasSize^2
    void renderToColumns() const;  // the column framebuffer, viewport max(volume)^2
    void bindOwners() const;       // the R32UI view at VOX_IMAGE_ATLAS_U32, read-write
    void bindBits() const;         // the bits at VOX_BIND_BITS
    // One draw of `program` per chunk, in chunk order: verticesPerTriangle vertices for each triangle.
    void drawChunks(gl::ProgramId program, int verticesPerTriangle) const;
};

} // namespace dicer::voxel
