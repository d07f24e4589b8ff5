// The demo's single source of truth: the command line fills it, the UI edits it, and every frame the app
// compares it with last frame's copy to decide what to rebuild (nvpro's m_tweak / m_tweakLast idea).
#pragma once

#include "histopyramid.h"
#include "particles.h"
#include "point_method.h"
#include "voxelizer.h"

#include <string>

namespace dicer::app {

enum class ModelKind { Teapot, Heart, File };
const char* modelKindName(ModelKind kind); // "teapot" / "heart" / "file"

struct ModelChoice {
    ModelKind kind = ModelKind::Teapot;
    std::string path; // for ModelKind::File
    bool operator==(const ModelChoice&) const = default;
    std::string label() const; // "teapot" or the file name
};

// Which methods the demo offers for a voxelizer output, from the table (MethodInfo::input), never by name.
hp::InputKind inputKindOf(VoxelOutput output);
bool offersMethod(VoxelOutput output, int row); // the row is in the demo and reads this output
int defaultMethodFor(VoxelOutput output);       // the first such row
VoxelOutput outputFor(int row);                 // the output a row reads

// The demo starts with the occupancy bits (docs/DEMO.md, "Voxelizer output": 2-5x the frame rate of the atlas
// on llvmpipe at 256^3, and the only output that reaches 1024^3); the paper variants run on the atlas.
struct PipelineSettings {
    // Row of methods::methodTable() (method_table.h); the demo offers the inDemo() rows that read `voxels`.
    int variant = defaultMethodFor(VoxelOutput::Bits);
    hp::Storage storage = hp::Storage::Uint32;
    hp::BuildPath buildPath = hp::BuildPath::Compute;
    std::string preset = "128"; // volume_layout.h presetNames()
    // The voxelizer's output: the RGBA8 atlas (paper variants, peers) or the occupancy bits (hp_bits; 1024^3).
    // The method must read it (offersMethod); --voxels and the Pipeline panel keep the two consistent.
    VoxelOutput voxels = VoxelOutput::Bits;
    VoxelMode voxelMode = VoxelMode::Shell;
    // All give the same voxels; compute is the demo's default: it needs no rasterizer (llvmpipe's costs ~1 us a
    // triangle, an H100 has few raster units) and was the fastest frame measured here (docs/DEMO.md).
    VoxelMethod voxelMethod = VoxelMethod::Compute;
    bool sliceAxisRule = false; // true: the 2006 rule (every triangle sampled along z; the paper's counts)
    float threshold = 0.5f;     // discriminator: active = alpha >= threshold
    bool gpuResident = true;    // PointList::buildIndirect (no count readback) instead of the paper's build()
    bool testAtlas = false;     // the built-in sphere-shell atlas instead of the voxelized model
    bool operator==(const PipelineSettings&) const = default;
};

struct ViewSettings {
    bool mesh = false;     // the shaded model (off: it would hide the cloud that covers its surface)
    bool particles = true; // the point cloud
    bool atlas = true;     // the slice atlas panel
    bool pointList = true; // the point list panel
    bool showUi = true;    // Tab hides every panel
    ParticleColor color = ParticleColor::FalseColor;
    ParticleRender render = ParticleRender::Splats;
    float pointSize = 1.0f;  // sprite diameter in voxels
    int depthBuckets = 4096; // sorted blending: view-depth buckets of the sort keys (ParticleDepthOrder)
    float opacity = 0.5f;    // sorted blending: alpha at a sprite's centre
    bool autoRotate = false;
    float rotateDegreesPerSecond = 30.f;
    bool operator==(const ViewSettings&) const = default;
};

struct Settings {
    ModelChoice model; // the model on screen (changes only when a load succeeded)
    PipelineSettings pipeline;
    ViewSettings view;
    ParticleTuning particles;
    int verifyEveryFrames = 0; // 0: only on demand
    std::string screenshotDir = "screenshots";
    bool screenshotWithUi = true;
    bool plyAscii = false; // PLY export: ASCII instead of binary little-endian
    bool operator==(const Settings&) const = default;
};

// What differs between two frames' settings, in rebuild terms.
struct SettingsChanges {
    bool model = false;    // new mesh for the voxelizer and the mesh view
    bool layout = false;   // preset or atlas source: new atlas / volume
    bool voxelize = false; // mode, method or rule: same atlas size, other voxels
    bool pyramid = false;  // variant, storage or build path: another HistoPyramid object
    bool listPath = false; // paper path <-> GPU-resident
    bool any() const { return model || layout || voxelize || pyramid || listPath; }
};
SettingsChanges compareSettings(const Settings& now, const Settings& last);

// After the output changed: a method that reads it, a voxelization method that writes it (checkOutput: not
// the slab methods for the bits), no test atlas (an RGBA8 atlas) with the bits.
void suitOutput(PipelineSettings& p);

// Timing statistics mean something only for one configuration: anything that changes the work per frame.
bool changesTimings(const Settings& now, const Settings& last);

} // namespace dicer::app
