// One source of truth for constants shared by C++ and GLSL: texture units, uniform locations, SSBO
// bindings, work-group sizes. Included by engine C++ code and by shaders (through our #include expander).
// Only #defines and plain scalars here, so the same text is valid C++ and GLSL.
#ifndef DICER_SHARED_H
#define DICER_SHARED_H

// --- HistoPyramid: texture units --------------------------------------------------------------------------
#define HP_UNIT_INPUT 0   // the RGBA8 slice atlas (discriminator input)
#define HP_UNIT_PYRAMID 1 // the pyramid storage (mip chain or pseudo-mipmap rectangle)

// --- HistoPyramid: uniform locations (explicit, so C++ needs no glGetUniformLocation) ------------------------
#define HP_LOC_INPUT_SIZE 0     // ivec2: atlas size in texels; cells outside it are inactive (padding)
#define HP_LOC_THRESHOLD 1      // uint: alpha byte threshold; active = alpha8 >= threshold (256 = none)
#define HP_LOC_LEVELS 2         // int: stored levels L = log2(base size); level L is the 1x1 top
#define HP_LOC_SRC_LEVEL 3      // int: pyramid level read by a reduction pass (1-based)
#define HP_LOC_DST_OFFSET 4     // ivec2: where the pass writes (rectangle layout: level's x offset)
#define HP_LOC_BASE_SIZE 5      // int: base size N (power of two >= 2)
#define HP_LOC_LIST_WIDTH 6     // int: width of the 2D point list texture
#define HP_LOC_COUNT 7          // uint: number of active cells (paper path: known on the CPU)
#define HP_LOC_TILE_SIZE 8      // ivec2: voxel size of one slice tile in the atlas
#define HP_LOC_TILES_X 9        // int: tiles per atlas row
#define HP_LOC_CAPACITY 10      // uint: entries the point buffer holds (GPU-resident path)
#define HP_LOC_DST_SIZE 11      // ivec2: cells a compute reduction pass writes (its level's size)
#define HP_LOC_SLICES 14        // int: slices of the volume; texels of later tiles are padding (0: no volume)

// --- HistoPyramid: image units (compute build path) --------------------------------------------------------
#define HP_IMAGE_DST 0 // the level a compute reduction pass writes

// Compute reduction: 8x8 cells per work group. Measured on llvmpipe (4096^2 first level): 8x8 10.6 ms,
// 64x1 11.6 ms, 16x16 19.2 ms; 64 invocations is also a good size on NVIDIA/AMD.
#define HP_REDUCE_LOCAL_SIZE 8

// --- HistoPyramid: buffer bindings -------------------------------------------------------------------------
#define HP_BIND_COUNTERS 0 // HpCounters written by the count pass: [0] = total active cells
#define HP_BIND_POINTS 1   // uvec4 per point: (voxel.x, voxel.y, voxel.z, atlas.x | atlas.y << 16)
#define HP_BIND_ARGS 2     // indirect draw + dispatch arguments written on the GPU

#define HP_LIST_LOCAL_SIZE 64 // list compute pass: 64 = two NVIDIA warps / one AMD wave, fine on llvmpipe
#define HP_EMPTY 0xFFFFFFFFu  // list texture value of an entry k >= count

// Layout of the indirect-arguments buffer (uints): DrawArraysIndirectCommand at 0, then
// DispatchIndirectCommand, then the clamped count and an overflow flag.
#define HP_ARGS_DRAW_OFFSET 0
#define HP_ARGS_DISPATCH_OFFSET 4
#define HP_ARGS_COUNT 7
#define HP_ARGS_OVERFLOW 8
#define HP_ARGS_UINTS 9

// --- Particles (HeartBreaker): bindings, control-buffer layout, phases ---------------------------------------
#define PS_BIND_STATE 3   // SSBO: Particle {vec4 position; vec4 velocity;} per point (std430, 32 bytes)
#define PS_BIND_CONTROL 4 // SSBO: PS_CTRL_* uints (indirect draw/dispatch arguments + counts)
#define PS_BIND_PARAMS 0  // UBO: ParticleParams (particle_step.h), one per update
#define PS_UNIT_ATLAS 2   // the slice atlas, sampled for the model-colour mode (never HP_UNIT_*: both may be bound)

#define PS_LOC_VIEW_PROJ 0   // mat4: world -> clip for the particle draw
#define PS_LOC_POINT_SCALE 1 // float: sprite diameter in pixels at distance 1 (world-sized sprites)
#define PS_LOC_COLOR_MODE 2  // int: PS_COLOR_*
#define PS_LOC_VOLUME 3      // ivec3: voxels per axis, to turn voxel coordinates into colours
#define PS_LOC_CAPACITY 4    // uint: particles the state buffer holds (args pass clamps the count to it)
#define PS_LOC_VIEWPORT 5    // ivec2: splat target size in pixels

// Compute splatting (the default particle renderer): Mesa llvmpipe spends ~1 us per GL point in its
// single-threaded front end whatever the point size (75k points: 75 ms), while a compute pass per particle
// runs 8-wide on every core. Pass 1 keeps the nearest depth per pixel (atomicMin), pass 2 writes the colour of
// the particle that won, a full-screen pass resolves both into the framebuffer with gl_FragDepth.
#define PS_IMAGE_SPLAT_DEPTH 2  // r32ui: window depth bits of the nearest particle (floats >= 0 order as uints)
#define PS_IMAGE_SPLAT_COLOR 3  // rgba8: colour of that particle
#define PS_SPLAT_MAX_RADIUS 16  // pixels: splats are at most 33 px wide (the loop is per particle)
#define PS_SPLAT_EMPTY 0xFFFFFFFFu

// Control buffer (uints): DrawArraysIndirectCommand first so glDrawArraysIndirect reads it at offset 0,
// then the DispatchIndirectCommand of the update pass, then last frame's particle count.
#define PS_CTRL_DRAW 0     // {count, instanceCount = 1, first = 0, baseInstance = 0}
#define PS_CTRL_DISPATCH 4 // {groupsX, groupsY, 1}
#define PS_CTRL_PREV 7     // particles alive last frame: indices at or above it are new and spawn at their target
#define PS_CTRL_BOUNDS 8   // {minX, minY, maxX, maxY}: pixels the splats touched (the resolve covers only these)
#define PS_CTRL_UINTS 12

#define PS_LOCAL_SIZE 64 // update pass: same reasoning as HP_LIST_LOCAL_SIZE

// Phases of the HeartBreaker animation (the CPU steps through them, the GPU applies them per particle).
#define PS_PHASE_ASSEMBLED 0u // every particle sits on its voxel (follows the live cloud exactly)
#define PS_PHASE_EXPLODING 1u // free flight: gravity, drag, bouncing on the floor
#define PS_PHASE_RETURNING 2u // a critically damped spring pulls each particle back to its voxel

#define PS_COLOR_FALSE 0 // the paper's false colours: the voxel's 3D texture coordinate as rgb
#define PS_COLOR_MODEL 1 // the model's colour, stored in the atlas texel's rgb by the voxelizer

// --- Demo views: the 2D image panels -----------------------------------------------------------------------
#define VIEW_UNIT_ATLAS 3     // atlas view: the slice atlas
#define VIEW_IMAGE_DST 1      // list view: the RGBA8 display image it writes
#define VIEW_LOC_WINDOW 0     // vec4: atlas view, shown texel window (x0, y0, x1, y1) in texels
#define VIEW_LOC_DST_SIZE 1   // ivec2: display image size in pixels
#define VIEW_LOC_VOLUME 2     // ivec3: list view, voxels per axis (false colours)
#define VIEW_LOC_CAPACITY 3   // uint: list view, entries the point buffer holds
#define VIEW_LOC_TILE_SIZE 4  // ivec2: atlas view, slice tile size in texels (grid lines between slices)
#define VIEW_LOCAL_SIZE 8     // list view: 8x8 pixels per work group

// --- Demo views: the shaded mesh ---------------------------------------------------------------------------
#define MESH_ATTR_POSITION 0
#define MESH_ATTR_NORMAL 1
#define MESH_ATTR_COLOR 2
#define MESH_ATTR_TEXCOORD 3
#define MESH_LOC_VIEW_PROJ 0 // mat4
#define MESH_LOC_MODEL 1     // mat4 (rigid + uniform scale, so it also transforms normals)
#define MESH_LOC_LIGHT_DIR 2 // vec3: towards the light, world space
#define MESH_LOC_TEXTURED 3  // int: 1 = multiply by the material's texture
#define MESH_UNIT_TEXTURE 4  // the material's map_Kd

// --- Voxelizer (engine/voxelizer.h): buffer bindings ------------------------------------------------------
#define VOX_BIND_VERTICES 0  // VoxVertex per mesh vertex: object-space position, colour, texcoord
#define VOX_BIND_TRIANGLES 1 // uvec4 per triangle: three vertex indices, texture slot (0 = untextured)
#define VOX_BIND_TEXTURES 2  // vec4 per texture: (u scale, v scale, array layer, 0) into the texture array
#define VOX_BIND_SETUP 3     // VoxTriangle per triangle, written by the setup pass every frame
#define VOX_BIND_BINS 4      // uvec4 per triangle: (first slice, slice count, first pair, 0)
#define VOX_BIND_ARGS 5      // binned draw: DrawArraysIndirectCommand, then the saturation flag

// --- Voxelizer: parameters of one voxelize() call, a std140 uniform block read by every pass ---------------
#define VOX_UBO_PARAMS 0 // uniform buffer binding of VoxParams
#define VOX_LOC_SLICE 0  // int uniform of the per-slice draw: the slice it renders

#define VOX_RULE_DOMINANT_AXIS 0 // each triangle sampled along the axis its normal points most along
#define VOX_RULE_SLICE_AXIS 1    // every triangle sampled along z, as the 2006 slicing (misses steep walls)

// --- Voxelizer: texture and image units --------------------------------------------------------------------
#define VOX_UNIT_TEXTURES 0  // sampler2DArray: the mesh's map_Kd textures, one per layer
#define VOX_IMAGE_PARITY 0   // r32ui 2D array: solid mode's crossing markers (one bit per voxel), the lowest
                             // crossing and its colour per column (voxelize_parity.frag.glsl)
#define VOX_UNIT_PARITY 1    // the same, read by the fill pass as a usampler2DArray
#define VOX_IMAGE_ATLAS_U32 2 // r32ui view of the atlas: projected method's owner ids then colours; solid fill
// Solid fill: 64 (column, 32-slice word) items per group, like the setup pass.
#define VOX_FILL_LOCAL_SIZE 64

// Setup pass: 64 triangles per work group (one AMD wave / two NVIDIA warps; llvmpipe runs 8 lanes wide).
#define VOX_SETUP_LOCAL_SIZE 64
// Scan pass: ONE work group whose threads each sum a contiguous run of triangles (any triangle count).
// 256 is the smallest GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS Dicer accepts (gl_info.cpp).
#define VOX_SCAN_LOCAL_SIZE 256
// Binned draw: (triangle, slice) pairs beyond this are dropped and VOX_ARGS_SATURATED set; 6 vertices per
// pair must stay below 2^31 (GLsizei) even for meshes far beyond the OBJ loader's 16M-triangle limit.
#define VOX_MAX_PAIRS 0x10000000u
// The projected method stores triangle id + 1 in a texel's low 24 bits (alpha byte 0, see
// voxelize_project.frag.glsl), so meshes may have at most 2^24 - 2 triangles (the OBJ loader stops at 16M).
#define VOX_MAX_TRIANGLES 0xFFFFFEu
#define VOX_TRIANGLE_VEC4S 7 // vec4s per VoxTriangle (voxelize_common.glsl): 3 edges, depths, 3 vertices
#define VOX_ARGS_SATURATED 4 // uint index in the args buffer: 1 when pairs were dropped
#define VOX_ARGS_UINTS 5
// A voxel centre counts as inside a triangle when each barycentric >= -VOX_EDGE_EPSILON: centres exactly
// on an edge shared by two triangles then belong to both, so rounding cannot open a pin-hole in the shell.
#define VOX_EDGE_EPSILON 1e-6

#ifdef __cplusplus
#include <glm/glm.hpp>
namespace dicer::shared {
using mat4 = glm::mat4;
using ivec4 = glm::ivec4;
#endif
// Members are mat4/ivec4 only, so std140 and C++ agree without padding rules.
struct VoxParams {
    mat4 model;   // object -> volume space ([-1,1]^3)
    ivec4 volume; // xyz: voxels along x, y, z; w: tiles per atlas row (slice k = tile (k % w, k / w))
    ivec4 atlas;  // x: atlas edge in texels, y: triangle count, z: VOX_RULE_*, w: max(volume) (column viewport)
};
#ifdef __cplusplus
static_assert(sizeof(VoxParams) == 96, "std140 layout of VoxParams");
} // namespace dicer::shared
#endif
// --- Peers: the stream-compaction baselines the HistoPyramid is measured against (engine/compactor.h) -------
#define PEER_BIND_DATA 3       // Horn: the scan level being worked on (uint per element, inclusive prefix sums)
#define PEER_BIND_SUMS 4       // Horn: one total per block of that level (scanned in turn one level up)
#define PEER_LOC_ELEMENTS 12   // uint: elements in the scan level (level 0: atlas width x height)
#define PEER_LOC_WRITE_TOTAL 13 // uint: 1 on the pass that finalises level 0, which then writes the count

// Horn's scan: 64 invocations (a power of two, for Blelloch's tree) x 16 elements = 1024 per block. Sixteen
// elements per invocation shrink the shared-memory sweep to 64 entries; 1024 per block keeps 16M cells (4096^2)
// to three scan levels.
#define HORN_SCAN_LOCAL_SIZE 64 // invocations per block (measured on llvmpipe, 4096^2: 256 x 4 took 2x the CPU time)
#define HORN_SCAN_PER_INVOCATION 16 // consecutive elements summed in registers before the shared-memory sweep
#define HORN_SCAN_BLOCK 1024 // HORN_SCAN_LOCAL_SIZE * HORN_SCAN_PER_INVOCATION
#define PEER_MAX_GROUPS_X 65535 // GL's guaranteed minimum of GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]: fold to 2D

// Atomic append: 8x8 invocations, APPEND_GATHERS^2 textureGathers (2x2 cells each) per invocation, so a group
// makes one global atomicAdd for (16 APPEND_GATHERS)^2 cells (work-group aggregation keeps the counter from
// serialising).
#define APPEND_LOCAL_SIZE 8
#define APPEND_GATHERS 2 // per side: 4x4 cells per invocation (at most 2: their bits fit one uint)

// --- Compute HistoPyramid (engine/hp_compute.h) -------------------------------------------------------------
// 8x8 invocations, each reducing an 8x8 block of its input level in registers (three levels), then three more
// levels through shared memory: six levels per dispatch, so 4096^2 is built in two dispatches. (Measured on
// llvmpipe, 4096^2: 16x16 invocations x 4x4 cells took 1.8x the CPU time of 8x8 x 8x8.)
#define HPC_LOCAL_SIZE 8 // 64 invocations: the shared-memory square halves three times (8 -> 1)
#define HPC_REGISTER_LEVELS 3 // levels reduced in registers: an invocation reads 8x8 input cells
#define HPC_LEVELS_PER_DISPATCH 6 // HPC_REGISTER_LEVELS + log2(HPC_LOCAL_SIZE)
#define HPC_GROUP_CELLS 64 // input cells per group side: HPC_LOCAL_SIZE << HPC_REGISTER_LEVELS
#define HPC_MASK_LEVEL 3 // the first stored level: a 64-bit Morton-ordered mask of 8x8 base cells (RG32UI)
// Levels are grouped by storage format into four textures, levels of one format side by side (x offsets in
// HPC_LOC_LEVEL_OFFSETS): a fixed sampler per format, because Mesa 22.3 llvmpipe returns wrong texels for
// sampler arrays in compute shaders (measured: only the first invocation of a group reads correctly).
#define HPC_UNIT_MASKS 1  // RG32UI: level 3, the 8x8 base-cell masks
#define HPC_UNIT_SUMS8 2  // RGBA8UI: level 4 (child sums <= 64)
#define HPC_UNIT_SUMS16 3 // RGBA16UI: levels 5-8 (child sums <= 16384)
#define HPC_UNIT_SUMS32 4 // RGBA32UI: levels 9 and up
#define HPC_UNIT_SOURCE 5 // a build dispatch that starts above the atlas reads its source level here
#define HPC_MAX_LEVELS 15 // inputs up to 32768 texels a side (H100's GL_MAX_TEXTURE_SIZE)
#define HPC_LOC_LEVEL_OFFSETS 16 // int[HPC_MAX_LEVELS + 1]: x offset of level l in its format's texture

#endif
