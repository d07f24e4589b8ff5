// What the three slab methods share (binned, instanced, per-slice: vox_method_{binned,instanced,
// per_slice}.h): the structure of the 2006 "slicing" voxelization (Ziegler, Tevs, Theobalt, Seidel,
// TR MPI-I-2006-4-002), which rendered the mesh once per slice into the slice's tile of the atlas. A slab
// method draws one quad per (triangle, slice) pair: the triangle's xy box clipped to the slice's slab (widened
// by a quarter slice), grown by 0.05 voxel (0.55 along x/y for triangles sampled along x/y) and clamped to the
// slice's tile; its fragments are the candidate voxels and the rule decides per fragment
// (voxelize_slab.vert.glsl with VOX_DRAW_*, voxelize_surface.frag.glsl). They write through the framebuffer,
// where the last triangle in index order wins: instances, slices and binned pairs all keep triangle order
// within a slice, and chunks are drawn in order. Atlas output only (the bits' atlas is virtual and may exceed
// every framebuffer limit: vox_method_table.cpp).
#pragma once

#include "vox_method.h"

#include <memory>

namespace dicer::voxel {

class SlabMethod : public VoxMethod {
public:
    // Public so that a method without buffers of its own can inherit it (the class stays abstract).
    explicit SlabMethod(gl::ProgramId surface) : m_surface(surface) {}
    // The setup pass, then each chunk's quads into the atlas (drawChunk), chunks in order.
    void markAtlas(const VoxelPasses& passes) final;

protected:
    // Before the chunks: binds what the method's own passes use (binned: its draw arguments).
    virtual void bindOwnBuffers() {}
    // Draws the bound chunk's candidate quads (the atlas framebuffer, mesh textures and chunk are bound).
    virtual void drawChunk(const VoxelPasses& passes, size_t chunk) = 0;
    // The vertices of a quad per triangle of the chunk: one (triangle, slice) pair's draw.
    static GLsizei quadVertices(const VoxelPasses& passes, size_t chunk);

    gl::ProgramId m_surface; // voxelize_slab.vert.glsl (VOX_DRAW_*) + voxelize_surface.frag.glsl
};

// Builds a slab method's surface program, labelled "voxelize surface <method>", with `drawDefine`
// (VOX_DRAW_BINNED, VOX_DRAW_INSTANCED or VOX_DRAW_PER_SLICE) choosing how the vertex shader finds its pair.
Result<gl::ProgramId> addSlabProgram(gl::ShaderLibrary& shaders, const char* method, const char* drawDefine);

// The factory of a slab method that owns nothing but its surface program (instanced, per-slice): `Method`
// is constructed from it.
template <typename Method>
Result<std::unique_ptr<VoxMethod>> createSlabMethod(gl::ShaderLibrary& shaders, const char* method,
                                                        const char* drawDefine) {
    Result<gl::ProgramId> surface = addSlabProgram(shaders, method, drawDefine);
    if (!surface) return makeError(surface.error());
    return std::unique_ptr<VoxMethod>(std::make_unique<Method>(*surface));
}

} // namespace dicer::voxel
