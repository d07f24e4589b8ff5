// What one frame of the pipeline is asked to do: the voxel source (preset, voxelizer output, voxelization),
// the method that lists the active voxels (a row of the method table), its options, the discriminator and the
// list path. The demo's panels and command line edit it, dicer-bench sets it per measured configuration, and
// Frame (frame.h) runs it: one struct, so both programs run the same frame.
#pragma once

#include "band.h"
#include "input_table.h"
#include "mc_method_table.h"
#include "method_table.h"
#include "point_method.h"
#include "voxelizer.h"

#include <string>

namespace dicer::frame {

// Which rows of the method table a voxelizer output can feed, from the table (MethodInfo::input), never by
// name. "Offered": the row reads that output and runs interactively (MethodInfo::inDemo: not the CPU paths).
bool offersMethod(occupancy::VoxelOutput output, methods::MethodId method);
methods::MethodId defaultMethodFor(occupancy::VoxelOutput output); // the first offered row
occupancy::VoxelOutput outputFor(methods::MethodId method);       // the output a row reads
// The discriminator's threshold decides only over the atlas' alpha: the bits are already the active set.
inline bool honoursThreshold(occupancy::VoxelOutput output) {
    return output == occupancy::VoxelOutput::Atlas;
}

// A scalar volume's atlas (volume_discriminator.h): alpha 0 outside the band and 1..255 inside, so the paper
// variants' threshold is fixed at 1/255 and the atlas methods list exactly the band, the same voxels as the bits.
inline constexpr float kVolumeAtlasThreshold = 1.f / 255.f;

// The frame starts with the occupancy bits (docs/DEMO.md, "Voxelizer output": 2-5x the frame rate of the atlas
// on llvmpipe at 256^3, and the only output that reaches 1024^3); the paper variants run on the atlas.
struct FrameSettings {
    // The row of the method table (method_table.h) that lists `voxels` (offersMethod).
    methods::MethodId method = defaultMethodFor(occupancy::VoxelOutput::Bits);
    hp::Storage storage = hp::Storage::Uint32;
    hp::BuildPath buildPath = hp::BuildPath::Compute;
    std::string preset = "128"; // volume_layout.h presetNames()
    // The voxelizer's output: the RGBA8 atlas (paper variants, peers) or the occupancy bits (hp_bits; 1024^3).
    occupancy::VoxelOutput voxels = occupancy::VoxelOutput::Bits;
    voxel::VoxelMode voxelMode = voxel::VoxelMode::Shell;
    // All give the same voxels; compute needs no rasterizer (llvmpipe's costs ~1 us a triangle, an H100 has
    // few raster units) and was the fastest frame measured here (docs/DEMO.md).
    voxel::VoxMethodId voxMethod = voxel::VoxMethodId::Compute;
    // SliceAxis: the 2006 rule (the paper's counts).
    voxel::VoxRule rule = voxel::VoxRule::DominantAxis;
    float threshold = 0.5f; // discriminator over the atlas: active = alpha >= threshold
    // Resident: the count stays on the GPU (indirect dispatch); Readback: the paper's PointList reads it.
    hp::ListPath listPath = hp::ListPath::Resident;
    bool testAtlas = false; // the built-in sphere-shell atlas instead of the voxelized model
    // Where the voxels come from (input_table.h): a mesh the voxelizer turns into occupancy every frame, or a
    // scalar volume whose values the discriminator decides against the band (Frame::setVolume uploads it once).
    InputId input = kMeshInput;
    // Volume input: the active values, inclusive, in the data's own units (the paper's threshold t is [t, max]).
    // Set by whoever loads the volume (volume::defaultBand of its range unless one was asked for).
    volume::Band band{};
    // The mc method: the row of surface::mcMethodTable() the expand stage runs (Frame::expand), over the volume
    // at `band`. Every available row is built once: switching switches an index.
    surface::McMethodId mcMethod{0};
    bool operator==(const FrameSettings&) const = default;
};

// The threshold the atlas methods list with: the settings' for a mesh, kVolumeAtlasThreshold for an input a band
// decides (its atlas holds the band's alpha).
float listThreshold(const FrameSettings& settings);

// What differs between two frames' settings, in rebuild terms.
struct FrameChanges {
    bool layout = false;   // preset, output, test atlas or input: new storage for the voxels
    bool voxelize = false; // mode, method or rule: the same storage, other voxels
    bool method = false;   // method, storage or build path: another method object or pyramid
    bool listPath = false; // paper PointList <-> GPU-resident
    // Another band: the next discriminate writes other voxels. Like a rotating mesh, no count is read back
    // for it (the late count grows the point buffer), so a band sweep never stalls the frame.
    bool band = false;
    // Another mc method: its own vertex buffer, sized from its total once (the points are untouched).
    bool surface = false;
    bool any() const { return layout || voxelize || method || listPath || band || surface; }
    bool list() const { return layout || voxelize || method || listPath || band; } // the point list may differ
};
FrameChanges compareFrameSettings(const FrameSettings& now, const FrameSettings& last);

// After the output changed: a method that reads it, a vox method that writes it (checkOutput: not the
// slab methods for the bits), no test atlas (an RGBA8 atlas) with the bits.
void suitOutput(FrameSettings& settings);

// A mesh's preset and mode take their default output (voxel::defaultOutputFor over the preset's volume, the
// settings' mode and vox method: the fastest output that holds it on this driver), then a method that
// reads it (suitOutput). The demo calls it for a new preset or mode unless the user chose the output. Errors (the
// settings stay as they were): an unknown preset, no output holding it (solid mode at 2048^3).
Result<void> takeDefaultOutput(FrameSettings& settings, const gl::GlInfo& info);

} // namespace dicer::frame
