// GPU voxelization of a triangle mesh into the RGBA8 slice atlas (volume_layout.h), without 256 passes.
// Based on: the "slicing" voxelization of Ziegler, Tevs, Theobalt, Seidel, TR MPI-I-2006-4-002 (2006),
// which renders the mesh once per slice; dominant-axis sampling after Schwarz & Seidel (SIGGRAPH Asia
// 2010) / Crassin & Green (OpenGL Insights 2012); solid fill after Eisemann & Decoret (GI 2008).
//
// THE RULE (all methods produce the same atlas, byte for byte). After the model matrix, triangle T has a
// sampling axis a: the axis its normal points most along (ties: z, then y), or always z with
// VoxRule::SliceAxis. T marks voxel v when
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
// METHODS (vox_method_table.h): which candidate voxels each triangle visits; the rule then decides per voxel,
// so every method gives the same atlas byte for byte (tests/voxelizer_methods_gltest.cpp). Each is one row of
// the table and one VoxMethod (vox_method.h) in its own file, which says what it implements and where
// it comes from: binned, instanced, per-slice (the 2006 slab structure, vox_method_slab.h), projected and
// compute (the demo's default). The Voxelizer keeps what they share: the layout and outputs, the clear, the
// triangle setup pass and the owner view of the atlas the methods' passes use (voxel_passes.h), the solid
// fill, and the slot colours' clear and fill (voxelizer_slots.cpp).
// Large meshes are stored in chunks (voxel_mesh.h); every pass runs once per chunk, with mesh-wide
// triangle ids, so the atlas does not depend on the chunking.
// The colours are quantized to bytes in the shader, so framebuffer writes and image stores agree.
//
// OUTPUTS. VoxelOutput::Atlas is the above: the RGBA8 slice atlas, 4 bytes per voxel, cleared,
// written and read whole every frame (256^3: 64 MiB; 1024^3 would be a 32768^2 texture, 4 GiB, which no
// driver allows). VoxelOutput::Bits is the occupancy-bits volume (shaders/occupancy_bits.h): the same
// virtual slice atlas at one bit per texel, 8x8 Morton-ordered 64-bit blocks, in a storage buffer the
// voxelizer owns; a frame clears N^3/8 bytes and marks each voxel the rule gives with one atomicOr of its
// bit. Same mesh, rule, mode => exactly the atlas path's voxel set (tests/voxelizer_bits_gltest.cpp, word
// for word against the atlas converted on the CPU). What runs:
//  - the rows that write the bits (projected, compute): their bits pass (VoxMethod::markBits), the same
//    rule function (voxMarkColumn) in a single pass (VOX_PASS_BITS): a voxel's bit does not depend on which
//    triangle marks it, so the owner/colour passes are not needed for the set.
//  - the others (the slab methods): refused (checkOutput): their viewport is the atlas, which for the bits is
//    virtual and may exceed every framebuffer limit (1024^3: 32768^2).
//  - Solid mode: the crossing-marker pass as for the atlas (the same parity image, the same sampling of
//    every column centre), then the fill ORs the bit of every voxel an odd number of crossings lies below.
//    The atlas fill writes exactly those voxels unless the surface pass already did, so the sets agree.
// The virtual atlas is bounded by atlasLimit(): 65536 a side (HP_BITS_MAX_ATLAS) and the driver's largest
// storage block (the bits are bound whole); 1024^3 needs 128 MiB, which llvmpipe allows exactly.
// VoxelOutput::Sparse (sparse_occupancy.h) is the bits of only the 32x32-texel bricks the surface
// touches: the compute method's bits pass twice, first marking bricks in a coarse map (1/1024 of the bits),
// then, after the GPU handed the marked bricks their slots in key-index order, ORing the bits into the slots.
// Same voxels as the bits (tests/sparse_occupancy_gltest.cpp, word for word), shell only (checkMode).
//
// COLOURS IN BITS MODE (Voxelizer::enableSlotColors / colorSlots, docs/VOXELIZER.md). The
// particles need the model colour of every *active* voxel without a 4-byte-per-voxel volume cleared every
// frame. After the HistoPyramid over the bits has built the point list, the owner and colour passes run a
// second time with the destination "slot of voxel v" = v's index in the point list (the pyramid's rank of
// v's atlas texel, a GLSL function `uint voxColorSlot(ivec3 voxel, ivec3 volume, ivec2 texel)` linked in as
// a second shader object of the same stage, so the voxelizer's shaders do not depend on the pyramid's):
//  1. clear owner[0, count) (count = the point count, copied on the GPU into an indirect dispatch: O(active)
//     bytes, no readback);
//  2. owner pass (the method's VoxMethod::markSlots): atomicMax(owner[slot(v)], triangle id + 1), the same
//     voxMarkColumn calls as the atlas path;
//  3. colour pass (markSlots again): the owner stores colour[slot(v)] (RGBA8 as a uint);
//  4. solid mode: the crossing colour pass as for the atlas, then the fill gives every inside voxel with
//     owner[slot] == 0 its column's colour (the atlas fill's compare-and-swap of 0, per slot).
// colour[k] is then exactly the atlas path's colour of point k's voxel, and the per-frame memory traffic is
// O(points) plus the triangles' work, never O(volume). Tested with the dense slot function
// (voxelize_slot_dense.glsl, slot = linear voxel index) against the atlas output's colours, exactly
// (tests/voxelizer_bits_gltest.cpp); the demo links the HistoPyramid's rank (voxelize_slot_rank.glsl, bound
// by PointMethod::bindForRank), tested against the atlas colours in tests/bits_colors_gltest.cpp.
// The sparse output gets its colours the same way (hasSlotColors, slotRankFile): the slot is the voxel's index
// in hp_sparse's list (voxelize_slot_sparse_rank.glsl, hps_rank.glsl: the marked bricks' points before its slot,
// climbed from hp_sparse's pyramid, plus the set bits before it in its brick; none for a voxel the list does
// not hold), tested against the atlas colours in tests/sparse_colors_gltest.cpp. Shell mode only (checkMode).
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"
#include "sparse_occupancy.h"
#include "volume_layout.h"
#include "voxel_storage.h"
#include "voxel_mesh.h"
#include "vox_method.h"
#include "vox_method_table.h"

#include <glm/glm.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::voxel {

// VoxMethodId (a row of the method table) and VoxelOutput: vox_method_table.h, vox_method.h.
enum class VoxelMode { Shell, Solid };
enum class VoxRule { DominantAxis, SliceAxis };

const char* voxelModeName(VoxelMode mode);     // "shell" / "solid"
const char* voxRuleName(VoxRule rule); // "dominant-axis" / "slice-axis"
// The inverses, for command lines: nullopt for any other name.
std::optional<VoxelMode> parseVoxelMode(std::string_view name);
std::optional<VoxRule> parseVoxRule(std::string_view name);

// Every value, in the order the command lines and the UI list them.
inline constexpr std::array<VoxelMode, 2> kVoxelModes = {VoxelMode::Shell, VoxelMode::Solid};
inline constexpr std::array<VoxRule, 2> kVoxRules = {VoxRule::DominantAxis,
                                                             VoxRule::SliceAxis};

// Whether `output` can hold what `mode` marks: the sparse occupancy holds surfaces, not solids (an error saying
// so); every other pair can.
Result<void> checkMode(occupancy::VoxelOutput output, VoxelMode mode);

struct VoxelizeParams {
    glm::mat4 model{1.0f}; // object -> volume space [-1,1]^3 (placement.h)
    VoxelMode mode = VoxelMode::Shell;
    // Projected, not Binned as first planned: same atlas, 1.3-7x faster on llvmpipe (docs/VOXELIZER.md).
    // Compute is faster still on llvmpipe (2-10x, 1M triangles: 9-17x) but not yet measured on a GPU.
    VoxMethodId method = VoxMethodId::Projected;
    VoxRule rule = VoxRule::DominantAxis;
};

struct VoxelPasses;

class Voxelizer {
public:
    // Checks the driver (storage buffers in vertex and fragment shaders), compiles the shared programs and
    // builds every method of the table that isAvailable on it (its programs and buffers): a frame then only
    // switches rows. Errors: the first compile or link log.
    static Result<Voxelizer> create(gl::ShaderLibrary& shaders, const gl::GlInfo& info); // info: its limits

    // (Re)allocates the output (the atlas, or the bits), solid mode's parity image and the methods' own
    // per-layout buffers (VoxMethod::prepareLayout). Errors: an inconsistent layout, or an atlas beyond
    // atlasLimit(output) (the message names the sizes), or allocation failure. On error the previous state
    // (layout, output, contents) stays.
    Result<void> setLayout(const occupancy::VolumeLayout& layout, occupancy::VoxelOutput output = occupancy::VoxelOutput::Atlas);
    // Uploads buffers and textures (voxel_mesh.h), in chunks that fit the driver's storage block size
    // (maxChunkBytes > 0: smaller chunks, a test hook). Errors: empty or invalid mesh, driver limits. On
    // error the previous mesh stays.
    Result<void> setMesh(const model::Mesh& mesh, std::int64_t maxChunkBytes = 0);

    // Test hook: the compute method's voxel list holds at most `entries` voxels (0: as many as the volume
    // has, within the driver's storage block size), so its per-triangle colour fallback can be tested.
    Result<void> limitVoxelList(std::int64_t entries);

    // Clears the output, then voxelizes the mesh into it with params.method's row (nothing without a mesh;
    // nothing at all without a layout; a method checkOutput refuses for this output, or one not available on
    // this driver, only clears, and logs that error once: callers check first). No CPU readback, no glFinish.
    // GL state it changes is restored (framebuffer, viewport, VAO, draw and dispatch indirect buffers, colour
    // mask, polygon mode, blend/depth/cull/scissor/depth-clamp/stencil/rasterizer-discard enables);
    // buffer-base, texture and image bindings are not, and it leaves program 0 bound (a shader reload may have
    // deleted the caller's; every pass binds its own).
    void voxelize(const VoxelizeParams& params);

    GLuint atlas() const { return m_storage.atlas(); } // 0 in bits mode
    // Bits mode: the occupancy bits (occupancy_bits.h layout over layout().atlasSize), bitsBytes() long.
    GLuint bits() const { return m_storage.bits(); }
    std::int64_t bitsBytes() const { return m_storage.bitsBytes(); }
    // Sparse mode: the sparse occupancy (sparse_occupancy.h: its index and pool buffers, its status).
    const occupancy::SparseOccupancy& sparse() const { return *m_sparse; }
    occupancy::SparseOccupancy& sparse() { return *m_sparse; }
    occupancy::VoxelOutput output() const { return m_storage.output(); }
    const occupancy::VolumeLayout& layout() const { return m_storage.layout(); }
    bool hasLayout() const { return m_storage.hasLayout(); }
    bool hasMesh() const { return m_mesh.triangleCount > 0; }
    std::uint32_t triangleCount() const { return m_mesh.triangleCount; }
    // The mesh's textures, shared with whoever draws the mesh too (voxel_mesh.h: one GL copy); null without
    // a mesh.
    std::shared_ptr<const MeshTextureArray> meshTextures() const { return m_mesh.textures; }
    size_t chunkCount() const { return m_mesh.chunks.size(); }
    // A method's indirect draw arguments buffer (DrawArraysIndirectCommand, then the saturation flag) of the
    // last chunk it drew: binned's (triangle, slice) pairs, for the bench and debugging. 0 for methods that
    // draw no indirect pairs (VoxMethod::drawArgs) and rows not built on this driver.
    GLuint argsBuffer(VoxMethodId method) const;
    const gl::GlInfo& info() const { return m_info; } // the limits it checks against

    // --- colours of the ranked outputs per point slot (bits, sparse: hasSlotColors; COLOURS IN BITS MODE
    // above; voxelizer_slots.cpp) ---
    // Compiles the second phase's programs with `slotFile` (a file under shaders/ defining voxColorSlot,
    // voxelize_slots.glsl; slotRankFile(output) for the frame path) linked into each as a second shader object
    // of its stage (the fill's, and those of every method writing a ranked output: VoxMethod::addSlotPrograms),
    // makes it the active slot function, and allocates `capacity` slots (owner + colour: 8 bytes a slot, cleared
    // per frame only up to the count). Errors: the compile or link log, a capacity beyond the storage block limit;
    // on error nothing changes. The programs are built once per file: called again with a file used before (a
    // larger point buffer, the output switched back) it only reallocates the slots.
    Result<void> enableSlotColors(const std::string& slotFile, std::uint32_t capacity);
    // Right after voxelize(params) in a ranked output (bits, sparse), with the same params (solid mode reuses
    // its crossing markers): slotColors()[slot(v)] = the atlas output's colour of v, for every voxel v the output
    // holds whose slot is below the count. The count is a uint the GPU copies from countBuffer at countOffset
    // (e.g. the HistoPyramid's point count), clamped to the capacity: no readback. Does nothing without
    // enableSlotColors, in atlas mode or for a method or mode voxelize() refused. State as voxelize().
    void colorSlots(const VoxelizeParams& params, GLuint countBuffer, GLintptr countOffset);
    GLuint slotColors() const { return m_slotColors.id(); } // RGBA8 (packUnorm4x8) per slot
    std::uint32_t slotCapacity() const { return m_slotCapacity; }
    const std::string& slotFile() const { return m_slotFile; } // the active slot function ("" before any)
    // The programs of the active slot function that call voxColorSlot (empty before enableSlotColors): a slot
    // function with uniforms or bindings of its own (the HistoPyramid's rank: PointMethod::bindForRank) is set
    // up on each of them before colorSlots(). Their ids change on a shader reload: ask every frame.
    std::vector<GLuint> slotPrograms() const;

private:
    Voxelizer(gl::ShaderLibrary& shaders, const gl::GlInfo& info) : m_shaders(&shaders), m_info(info) {}
    // The method that marks `method` into this output, or nullptr (refused or not built: logged once).
    VoxMethod* methodFor(VoxMethodId method);
    VoxelPasses passes(); // what the methods' passes run on, for this call (the sparse output is written)
    void uploadParams(const VoxelizeParams& params);
    void fillSolid(const VoxelPasses& passes);
    void voxelizeSparse(const VoxelizeParams& params);

    gl::ShaderLibrary* m_shaders;
    gl::GlInfo m_info;
    gl::ProgramId m_setup, m_fill, m_fillBits, m_fillBitWords;
    std::array<gl::ProgramId, 2> m_crossings; // solid mode: markers + lowest crossing, then its colour
    // One per row of voxMethodTable(); null where the row is not available on this driver.
    std::vector<std::unique_ptr<VoxMethod>> m_methods;
    occupancy::VoxelStorage m_storage; // the layout and its atlas or bits (none for the sparse output)
    bool m_reportedRefusal = false;    // voxelize() logged a refused or unbuilt method already
    std::optional<occupancy::SparseOccupancy>
        m_sparse;            // sparse output (allocated only then); optional: made by a factory
    gl::Texture m_parity;    // R32UI 2D array: volume.x x volume.y x ceil(volume.z / 32)
    gl::Texture m_ownerView; // R32UI view of the atlas's storage (owner ids, then colours)
    gl::Framebuffer m_atlasFbo, m_columnFbo; // m_columnFbo: no attachments, max(volume)^2
    gl::Buffer m_params;                     // VoxParams per mesh chunk (std140 blocks, m_paramsStride apart)
    GLintptr m_paramsStride = 0;
    size_t m_paramsCapacity = 0;       // blocks m_params holds
    std::int64_t m_voxelListLimit = 0; // limitVoxelList (MethodLayout::listLimit)
    // Colours per slot (enableSlotColors): prepare (count + clear args, clear), the solid fill; the methods'
    // own marking programs are theirs (VoxMethod::addSlotPrograms).
    std::array<gl::ProgramId, 2> m_slotPrepare;
    std::map<std::string, gl::ProgramId> m_fillSlots; // per slot function

    gl::Buffer m_slotOwners, m_slotColors; // header + owner per slot; RGBA8 per slot
    std::uint32_t m_slotCapacity = 0;
    std::string m_slotFile; // the active slot function (its programs are built; a new capacity reuses them)
    gl::VertexArray m_vao;  // core profile draws need one; all vertex data is pulled from buffers
    VoxelMeshGpu m_mesh;
};

} // namespace dicer::voxel
