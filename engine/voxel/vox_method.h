// The interface every vox method implements; the table of them is vox_method_table.h.
//
// A method decides which candidate voxels each triangle visits (slab quads per slice, the box of its
// projection, the columns of that box in a compute pass, ...); the rule (voxelizer.h) then decides per voxel,
// so every method marks the same voxels with the same colours, byte for byte. A method owns its programs and
// its own buffers (binned: the draw arguments; compute: the voxel list); what all methods share (the mesh's
// chunks with their parameter blocks, the outputs, the triangle setup pass, the owner view of the atlas) comes
// with every call in VoxelPasses (voxel_passes.h). The Voxelizer clears the output before a method marks it and
// runs the solid fill after (the same for every method), and runs the slot colours' clear and fill around a
// method's slot passes.
#pragma once

#include "gl_handle.h"
#include "gl_info.h"
#include "result.h"
#include "shader.h"
#include "volume_layout.h"
#include "voxel_output.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::voxel {

// The model colours of a ranked output's voxels (occupancy::hasSlotColors) come per point after the list, from
// the owner and colour passes run again into "slot of voxel v" = v's index in the list of the pyramid over that
// output (voxelizer.h, COLOURS IN BITS MODE). slotRankFile: the slot function (a file under shaders/ defining
// voxColorSlot) giving that index: hp_bits' rank for the bits, hp_sparse's for the sparse occupancy; nullptr for
// the atlas.
const char* slotRankFile(occupancy::VoxelOutput output);

struct VoxelPasses;

// What a method's own per-layout buffers are sized for (VoxMethod::prepareLayout).
struct MethodLayout {
    occupancy::VolumeLayout layout;
    occupancy::VoxelOutput output = occupancy::VoxelOutput::Atlas;
    // Test hook (Voxelizer::limitVoxelList): a method that lists the marked voxels lists at most this many,
    // so its overflow path runs; 0: as many as the volume has, within the driver's storage block size.
    std::int64_t listLimit = 0;
};

// The two passes of the bits output's colours per point slot (voxelizer.h, "COLOURS IN BITS MODE").
enum class SlotPass { Owner, Color };

class VoxMethod {
public:
    virtual ~VoxMethod() = default;
    VoxMethod(const VoxMethod&) = delete;
    VoxMethod& operator=(const VoxMethod&) = delete;

    // Atlas output: every voxel the rule gives gets alpha 255 and the colour of the last triangle (mesh index
    // order) that marks it. Called with the atlas cleared and the VAO, VOX_BIND_TEXTURES and the chunks'
    // parameter blocks set; leaves its writes visible to texture fetches, images, framebuffers and read-backs.
    virtual void markAtlas(const VoxelPasses& passes) = 0;

    // --- the bits output: called only for rows whose outputs include VoxelOutput::Bits ---
    // ORs the bit of every voxel the rule gives (as markAtlas, with the bits cleared); leaves its writes
    // visible to storage reads and read-backs.
    virtual void markBits(const VoxelPasses& /*passes*/) {}
    // Builds the slot passes' programs with `slotFile` (the slot function) linked in. Kept per file, so a
    // failed Voxelizer::enableSlotColors (another method's programs did not build) leaves the active file's
    // programs in place. Errors: the compile or link log.
    virtual Result<void> addSlotPrograms(gl::ShaderLibrary& /*shaders*/, const std::string& /*slotFile*/) {
        return {};
    }
    // --- the sparse output: called only for rows whose outputs include VoxelOutput::Sparse ---
    // The same voxels as markBits into passes.sparse: marks their bricks, calls passes.sparse->allocate(), then
    // ORs their bits into the bricks' slots (occupancy_sparse.h); leaves its writes visible to storage reads and
    // read-backs. Called between the structure's begin() and end().
    virtual void markSparse(const VoxelPasses& /*passes*/) {}
    // The programs built for `slotFile` that call voxColorSlot (empty if none).
    virtual std::vector<gl::ProgramId> slotPrograms(const std::string& /*slotFile*/) const { return {}; }
    // One pass of the slot colours into passes.slotFile's slots: Owner: atomicMax(owner[slot(v)], id + 1);
    // Color: the owner stores colour[slot(v)]. The Voxelizer puts a storage barrier after each.
    virtual void markSlots(const VoxelPasses& /*passes*/, SlotPass /*pass*/) {}

    // --- per-layout buffers (compute: its voxel list) ---
    // Allocates what the method needs for `layout` without using it yet; the Voxelizer then adopts every
    // method's allocation or drops them all (adoptLayout), so a failed setLayout changes nothing.
    virtual Result<void> prepareLayout(const MethodLayout& /*layout*/) { return {}; }
    virtual void adoptLayout(bool /*adopt*/) {}

    // The buffer of the indirect draw arguments the last markAtlas drew its last chunk with
    // (DrawArraysIndirectCommand, then VOX_ARGS_SATURATED): binned's (triangle, slice) pairs, for the bench
    // and debugging; 0 for methods that draw no indirect pairs.
    virtual GLuint drawArgs() const { return 0; }

protected:
    VoxMethod() = default;
};

} // namespace dicer::voxel
