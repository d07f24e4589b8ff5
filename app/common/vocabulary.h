// The settings' one vocabulary: the option names, help lines and value spellings that dicer and dicer-bench
// share. A setting both programs have is spelled the same in both (the demo takes one value, the benchmark
// a comma list to sweep); the value names come from the engine's own name functions, one table per enum.
#pragma once

#include "options.h"

#include "band.h"
#include "histopyramid.h"
#include "mc_method_table.h"
#include "method_table.h"
#include "timer.h"
#include "voxelizer.h"

#include <array>
#include <functional>

namespace dicer::options {

// --- value codecs, one per setting: each parses once, into the typed value the programs keep -------------
// The value lists and names are the engine's tables (voxMethods() + voxMethodName + parseVoxMethod, ...).
Codec<hp::Storage> storageCodec();               // uint32 | float32
Codec<hp::BuildPath> buildPathCodec();           // compute | fragment
Codec<hp::ListPath> listPathCodec();             // readback | resident
Codec<voxel::VoxelMode> voxelModeCodec();        // shell | solid
Codec<voxel::VoxMethodId> voxMethodCodec();      // the rows of the vox method table: binned | ... | compute
Codec<voxel::VoxRule> voxRuleCodec();            // dominant-axis | slice-axis
Codec<occupancy::VoxelOutput> voxelOutputCodec(); // atlas | bits | sparse
Codec<std::string> presetCodec();                // volume_layout.h presetNames() or XxYxZ (presetVolume)
Codec<bool> timerCodec();        // gpu | cpu (also gpu-timer | cpu-fenced): true forces the cpu-fenced timer
Codec<std::string> modelCodec(); // a built-in model name or an OBJ or glTF file
// A row of surface::mcMethodTable() by its name (hp_mc, ...).
Codec<surface::McMethodId> mcMethodCodec();
// A row of the method table that `keep` takes (the demo: the rows it runs; the bench: the rows with a list stage).
Codec<methods::MethodId> methodCodec(const std::function<bool(const methods::MethodInfo&)>& keep);
// A built-in volume NAME[:N|:XxYxZ] or an NRRD/MetaImage file (volume::volumeFileExtensions()): the name's form is
// checked here (a built-in's size, a file's extension), the file itself when it loads.
Codec<std::string> volumeCodec();
// LO,HI: numbers, or min and max (volume::parseBandSpec), resolved against the data once they load.
// Not given: none (each volume's default band), formatted as nothing.
Codec<std::optional<volume::BandSpec>> bandCodec();

// --- the shared rows' names and help -------------------------------------------------------------------
inline constexpr OptionText kModelText{
    "model", "model", "teapot, heart or an OBJ or glTF (.gltf, .glb) file, fitted into the volume"};
// A scalar volume: what the demo shows instead of a mesh; what dicer-bench's volume tables run.
inline constexpr OptionText kVolumeText{
    "volume", "",
    "a scalar volume instead of a mesh: a built-in field NAME[:N] (N^3 voxels, or NAME:XxYxZ) or an NRRD "
    "(.nrrd, "
    ".nhdr) or MetaImage (.mhd, .mha) file, at its own size and spacing (dicer-bench: a list, and only the "
    "volumes' tables: discriminate, build, list per method row, x read floor, a band sweep, every list "
    "checked)"};
inline constexpr OptionText kBandText{
    "band", "band",
    "a volume's active values, inclusive, in the data's units; min and max stand for the data's (default: "
    "Otsu's threshold of the histogram, max: the values above the split between background and subject)"};
inline constexpr OptionText kMethodText{
    "method", "method",
    "what lists the active voxels: a paper HistoPyramid variant, a compute HistoPyramid or a GPU peer"};
// The mc method: which marching cubes extracts a volume's surface at its band (the demo's
// surface view and export, dicer-bench --mc).
inline constexpr OptionText kMcMethodText{
    "mc-method", "mc method",
    "the mc method: which marching cubes extracts the surface of a volume's band, a row of the marching-cubes "
    "table (the "
    "HistoPyramid's stream expansion or a GPU peer; all give the same triangles)"};
inline constexpr OptionText kStorageText{
    "storage", "storage", "HistoPyramid counts: uint32 (exact) or float32 (2006; dicer_bil always)"};
inline constexpr OptionText kListPathText{
    "list-path", "list path",
    "how the point list learns its count: resident (it stays on the GPU: indirect dispatch and draw) or readback "
    "(2006: the count read back every frame, a stall)"};
inline constexpr OptionText kBuildPathText{"build-path", "build path",
                                           "how the reductions run: compute, or fragment passes (2006)"};
inline constexpr OptionText kPresetText{
    "preset", "preset",
    "the voxel volume: a named preset, N, paper-N or XxYxZ voxels (x, y per slice, z slices; paper-2048 is "
    "128x128x256); "
    "cubic voxels, the mesh fitted into that box keeping its aspect, drawn to scale"};
// How the preset codec's choices name the XxYxZ form.
inline constexpr const char* kBoxPresetForm =
    "N (N^3 voxels), paper-N (the paper's layout of an N^2 atlas) or XxYxZ (e.g. 64x32x128: counts >= 1)";
inline constexpr OptionText kModeText{
    "mode", "solid", "voxelization: the surface (shell), or filled (solid; closed meshes only)"};
inline constexpr OptionText kVoxMethodText{"vox-method", "vox method",
                                           "the vox method: how a mesh is voxelized (a row of the vox method table); "
                                           "all give the same voxels, byte for byte"};
inline constexpr OptionText kRuleText{"rule", "slice-axis rule (2006)",
                                      "slice-axis: every triangle sampled along z, as the 2006 slicing (the "
                                      "paper's counts; steep walls get holes); dominant-axis: solid walls"};
inline constexpr OptionText kVoxelsText{
    "voxels", "voxels",
    "voxelizer output: atlas (RGBA8 slice atlas, 4 bytes per voxel), bits (occupancy bits, 1 bit per "
    "voxel; projected and compute methods; preset 1024 needs it) or sparse (the bits of the 32x32 bricks the "
    "surface touches; compute method, shell)"};
inline constexpr OptionText kTimerText{
    "timer", "timer", "timer source: gpu (unless the driver's is unreliable) or cpu (fenced)"};
inline constexpr OptionText kWarmupText{
    "warmup", "warm-up",
    "unmeasured runs first (timer.h Warmup): frames after any change (dicer), "
    "repetitions of each measurement (dicer-bench)"};
inline constexpr OptionText kGlDebugText{"gl-debug", "", "GL debug context, synchronous KHR_debug messages"};
inline constexpr OptionText kDumpShadersText{
    "dump-shaders", "",
    "write every GL program built into DIR (new or empty): each shader object's source as compiled (defines "
    "injected, #includes expanded) and a manifest, programs.tsv (docs/RELIABILITY.md: the glslangValidator "
    "check)"};
// The folder of --dump-shaders: any non-empty path (created, or refused when it holds a dump, at start-up).
Codec<std::string> dumpDirCodec();

} // namespace dicer::options
