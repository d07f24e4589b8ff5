// GPU voxelization of a triangle mesh into the RGBA8 slice atlas (volume_layout.h), without 256 passes.
// Based on: the "slicing" voxelization of Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006),
// which renders the mesh once per slice; dominant-axis sampling after Schwarz & Seidel (SIGGRAPH Asia
// 2010) / Crassin & Green (OpenGL Insights 2012); solid fill after Eisemann & Decoret (GI 2008).
//
// THE RULE (all methods produce the same atlas, byte for byte). After the model matrix, triangle T has a
// sampling axis a: the axis its normal points most along (ties: z, then y), or always z with
// SurfaceRule::SliceAxis. T marks voxel v when
//   1. v's centre, projected along a, lies inside T's projection (barycentrics >= -1e-6, so centres on a
//      shared edge belong to both triangles), and
//   2. the point of T above that centre lies in v's cell along a (coordinates in [-1, 1]; +1 belongs to
//      the last voxel).
// With a = z this is exactly what the 2006 slicing rasterized: the fragment at a voxel centre whose depth
// falls into the slice's slab. Its weakness: a triangle parallel to z (a wall) projects to a line and
// marks nothing, and a steep one marks a sparse set; the dominant axis samples every triangle where it is
// widest, so walls are solid (a 6-separating shell, one voxel thick along the sampling axis).
// A marked voxel gets alpha 255 and rgb = vertex colour x Kd (Mesh::colors) x map_Kd (bilinear, at the
// sampled point's texcoord); where several triangles mark one voxel the last one in index order wins.
//
// Solid mode adds every voxel whose centre lies inside the mesh (odd number of surface crossings below it
// along z, sampled at the column centre); inside voxels take the colour of their column's lowest surface
// crossing, shell voxels keep theirs. Only meaningful for closed meshes: an open one (the Utah teapot:
// open spout, lid gap) leaks, filling columns that see an odd number of crossings.
//
// Methods: which candidate voxels each triangle's fragments visit; the rule then decides per voxel, so all
// four give the same atlas byte for byte (tests/voxelizer_methods_gltest.cpp). The slab methods draw one
// quad per (triangle, slice) pair into the slice's tile and write through the framebuffer:
//  - Instanced: one instanced draw, instance = slice: every triangle for every slice.
//  - PerSlice:  one draw per slice, like 2006.
//  - Binned:    a setup pass bins each triangle to the slices its z-range spans, a scan lays the
//               (triangle, slice) pairs out in triangle order, and one indirect draw covers only them.
//  - Projected (default): no slices at all: each triangle is drawn once, as the box of its projection
//               along its sampling axis, and each fragment writes the voxel the rule gives through an
//               image. Two passes (owner = highest triangle index via imageAtomicMax, then the owner's
//               colour) keep "last triangle wins" independent of fragment order. One quad per triangle
//               instead of one per (triangle, slice).
//  - Compute:   the projected method without the rasterizer: a compute invocation per triangle visits the
//               voxel columns of its projection box (a work group per triangle for large ones), with the
//               same rule function and the same owner/colour passes. The fastest on llvmpipe, whose
//               rasterizer costs ~1 us per primitive (docs/VOXELIZER.md).
// Large meshes are stored in chunks (voxel_mesh.h); every pass runs once per chunk, with mesh-wide
// triangle ids, so the atlas does not depend on the chunking.
// The colours are quantized to bytes in the shader, so framebuffer writes and image stores agree.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"
#include "volume_layout.h"
#include "voxel_mesh.h"

#include <glm/glm.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace dicer {

enum class VoxelMethod { Binned, Instanced, PerSlice, Projected, Compute };
enum class VoxelMode { Shell, Solid };
enum class SurfaceRule { DominantAxis, SliceAxis };

const char* voxelMethodName(VoxelMethod method); // "binned" / "instanced" / "per-slice" / "projected" / "compute"
const char* voxelModeName(VoxelMode mode);       // "shell" / "solid"
const char* surfaceRuleName(SurfaceRule rule);   // "dominant-axis" / "slice-axis"
// The inverses, for command lines: nullopt for any other name.
std::optional<VoxelMethod> parseVoxelMethod(std::string_view name);
std::optional<VoxelMode> parseVoxelMode(std::string_view name);
std::optional<SurfaceRule> parseSurfaceRule(std::string_view name);

// Every value, in the order the command lines and the UI list them.
inline constexpr std::array<VoxelMethod, 5> kVoxelMethods = {VoxelMethod::Binned, VoxelMethod::Instanced,
                                                             VoxelMethod::PerSlice, VoxelMethod::Projected,
                                                             VoxelMethod::Compute};
inline constexpr std::array<VoxelMode, 2> kVoxelModes = {VoxelMode::Shell, VoxelMode::Solid};
inline constexpr std::array<SurfaceRule, 2> kSurfaceRules = {SurfaceRule::DominantAxis,
                                                             SurfaceRule::SliceAxis};

struct VoxelizeParams {
    glm::mat4 model{1.0f}; // object -> volume space [-1,1]^3 (placement.h)
    VoxelMode mode = VoxelMode::Shell;
    // Projected, not Binned as first planned: same atlas, 1.3-7x faster on llvmpipe (docs/VOXELIZER.md).
    // Compute is faster still on llvmpipe (2-10x, 1M triangles: 9-17x) but not yet measured on a GPU.
    VoxelMethod method = VoxelMethod::Projected;
    SurfaceRule rule = SurfaceRule::DominantAxis;
};

class Voxelizer {
public:
    // Compiles the programs and checks the driver (storage buffers in vertex and fragment shaders).
    static Result<Voxelizer> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info); // info: its limits

    // (Re)allocates the atlas (and solid mode's parity image). Errors: an inconsistent layout, or an atlas
    // beyond GL_MAX_TEXTURE_SIZE / the viewport and framebuffer limits. On error the previous state stays.
    Result<void> setLayout(const VolumeLayout& layout);
    // Uploads buffers and textures (voxel_mesh.h), in chunks that fit the driver's storage block size
    // (maxChunkBytes > 0: smaller chunks, a test hook). Errors: empty or invalid mesh, driver limits. On
    // error the previous mesh stays.
    Result<void> setMesh(const Mesh& mesh, std::int64_t maxChunkBytes = 0);

    // Test hook: the compute method's voxel list holds at most `entries` voxels (0: as many as the volume
    // has, within the driver's storage block size), so its per-triangle colour fallback can be tested.
    Result<void> limitVoxelList(std::int64_t entries);

    // Clears the atlas, then voxelizes the mesh into it (nothing without a mesh; nothing at all without a
    // layout). No CPU readback, no glFinish. GL state it changes is restored (framebuffer, viewport,
    // VAO, draw and dispatch indirect buffers, colour mask, polygon mode, blend/depth/cull/scissor/depth-clamp/
    // stencil/rasterizer-discard enables); buffer-base, texture and image bindings are not, and it leaves
    // program 0 bound (a shader reload may have deleted the caller's; every pass binds its own).
    void voxelize(const VoxelizeParams& params);

    GLuint atlas() const { return m_atlas.id(); }
    const VolumeLayout& layout() const { return m_layout; }
    bool hasLayout() const { return bool(m_atlas); }
    bool hasMesh() const { return m_mesh.triangleCount > 0; }
    std::uint32_t triangleCount() const { return m_mesh.triangleCount; }
    // The mesh's textures, shared with whoever draws the mesh too (voxel_mesh.h: one GL copy); null without
    // a mesh.
    std::shared_ptr<const MeshTextureArray> meshTextures() const { return m_mesh.textures; }
    size_t chunkCount() const { return m_mesh.chunks.size(); }
    // Binned draw arguments buffer (DrawArraysIndirectCommand, then the saturation flag) of the last
    // chunk: for debugging.
    GLuint argsBuffer() const { return m_args.id(); }
    const gl::GlInfo& info() const { return m_info; } // the limits it checks against

private:
    Voxelizer(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}
    void uploadParams(const VoxelizeParams& params);
    void bindChunk(size_t chunk);
    void runSetup();
    void runScan();
    void drawSurface(VoxelMethod method);
    void drawProjected();
    void runCompute();
    void fillSolid();

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::ProgramId m_setup, m_scan, m_fill;
    std::array<gl::ProgramId, 2> m_crossings; // solid mode: markers + lowest crossing, then its colour
    std::array<gl::ProgramId, 3> m_surface;   // slab methods, indexed by VoxelMethod
    std::array<gl::ProgramId, 2> m_project;   // projected method: owner pass, colour pass
    // compute method: {owner, colour} x {per triangle, large triangles}, then colour per listed voxel
    std::array<gl::ProgramId, 5> m_compute;
    VolumeLayout m_layout;
    gl::Texture m_atlas;                     // RGBA8, atlasSize^2
    gl::Texture m_parity;                    // R32UI 2D array: volume.x x volume.y x ceil(volume.z / 32)
    gl::Texture m_ownerView;                 // R32UI view of the atlas's storage (projected method)
    gl::Framebuffer m_atlasFbo, m_columnFbo; // m_columnFbo: no attachments, max(volume)^2
    gl::Buffer m_params;                     // VoxParams per mesh chunk (std140 blocks, m_paramsStride apart)
    GLintptr m_paramsStride = 0;
    size_t m_paramsCapacity = 0;             // blocks m_params holds
    gl::Buffer m_args;
    gl::Buffer m_voxelList;        // compute method: header + one texel per marked voxel (VOX_BIND_ARGS)
    bool m_voxelListComplete = false; // it can hold every voxel of the volume (no fallback colour pass)
    std::int64_t m_voxelListLimit = 0; // limitVoxelList
    gl::VertexArray m_vao; // core profile draws need one; all vertex data is pulled from buffers
    VoxelMeshGpu m_mesh;
};

} // namespace dicer
