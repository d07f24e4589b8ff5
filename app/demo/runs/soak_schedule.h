// `dicer --soak N`: the fixed schedule of settings changes and the growth check, without GL or a window (the
// CPU tests check both; soak.cpp drives them from the frame loop).
//
// The schedule is a cycle of kSoakCycleFrames frames. It starts from the command line's settings (the base)
// and takes one step every kSoakFramesPerStep frames; a step is the base with one kind of change: every
// method row the demo offers x its storages x its build paths, the paper's (read-back) list, every
// voxelizer method x mode, the other surface rule, the small presets (and, every kSoakLargeEvery-th cycle
// starting with the first, the large preset 256), the test atlas, the models (teapot, heart, the bundled
// spot and Cornell box files), the scalar volumes (a small built-in and the MR scan, each loaded and then given
// another band with its surface shown), the other particle render and colour with the mesh shown, explode,
// re-assemble and a reload of every shader. Verify runs on the last frame of every step. The cycle ends with
// the base settings for the remaining frames, so at every cycle boundary the same settings are back: that is
// where the soak samples the GL objects and the RSS and compares them with the sample after the first
// (warm-up) cycle, which allocated every cache once.
#pragma once

#include "builtin_volumes.h"
#include "gl_handle.h"
#include "settings.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace dicer::app {

inline constexpr int kSoakCycleFrames = 200; // divides 1000: the 1000-frame reports fall on cycle boundaries
inline constexpr int kSoakFramesPerStep =
    4;                                    // the GPU-resident list resizes after one frame; 4 lets it settle
inline constexpr int kSoakLargeEvery = 5; // cycles between visits of the large preset (0, 5, 10, ...)
inline constexpr const char* kSoakLargePreset = "256";
inline constexpr int kSoakReportEvery = 1000;
// The volumes' steps: small enough for a few frames on llvmpipe. The built-in's band is the blobs'
// iso-surface shell (builtin_volumes.h), the scan's the MR head's upper values (uint8: 0..255).
inline constexpr const char* kSoakBuiltinVolume = "metaballs:48";
inline constexpr volume::Band kSoakBuiltinBand = volume::kMetaballsShellBand;
inline constexpr const char* kSoakScan = "head_mr"; // bundled_volumes.h
inline constexpr volume::Band kSoakScanBand = {100, 255};
inline constexpr int kSoakMinFrames = 2 * kSoakCycleFrames; // a warm-up cycle and one cycle to compare

enum class SoakEvent { None, Explode, Reassemble, ReloadShaders };

struct SoakStep {
    std::string label; // "method dicer_vec4 float32 fragment", "model heart", ...
    Settings settings; // the base with this step's change (settings.model: the model to load)
    SoakEvent event = SoakEvent::None;
};

// The steps of cycle `cycle` (0-based). `available(row)`: whether the demo could build that method-table row
// on this driver (rows it cannot are left out). `bundledModelPath(name)`: the file of a bundled model;
// `bundledVolumePath(name)`: the header file of a bundled volume (kSoakScan).
std::vector<SoakStep> soakSchedule(const Settings& base, int cycle, const std::function<bool(methods::MethodId)>& available,
                                   const std::function<std::string(std::string_view)>& bundledModelPath,
                                   const std::function<std::string(std::string_view)>& bundledVolumePath);

// What the soak measures at a sample point.
struct SoakSample {
    int frame = 0;
    std::vector<gl::ObjectCount> objects; // gl::objectCounts()
    std::uint64_t rssBytes = 0;
    int glErrors = 0; // gl::debugErrorCount()
    int verifies = 0, mismatches = 0;
    int stageErrors = 0; // failed loads and stages (a preset the driver refused, a model that did not load)
};

// The bounds, measured against the sample after the warm-up cycle (docs/RELIABILITY.md, "Soak", says why).
struct SoakBounds {
    int objectGrowth = 0; // per kind: the same settings are back, so the same objects
    // RSS over the start: Mesa's heap grows with every shader reload, by less each time (measured: +46.6 MiB
    // over 10 000 frames, 41 of them in the first 2000).
    std::uint64_t rssGrowthBytes = 96ull << 20;
    // RSS over the second half of a run of at least kSoakLateFrames: what a slow leak cannot stay under
    // (a leak of 1 MiB per cycle is +25 MiB over the second half of 10 000 frames; measured: +1.1 MiB).
    std::uint64_t lateRssGrowthBytes = 16ull << 20;
};
inline constexpr int kSoakLateFrames = 2000;

// Every way `now` breaks the bounds against `baseline` (and, when given, the RSS bound of the second half
// against `middle`), one line each ("buffers: 97 -> 98 live (bound +0)"), plus any GL error, Verify mismatch
// or stage error; empty when the run is within them.
std::vector<std::string> soakViolations(const SoakSample& baseline, const SoakSample& now,
                                        const SoakBounds& bounds, const SoakSample* middle = nullptr);

// One report line: frame, RSS in MiB, the live objects per kind, GL errors, verifies and mismatches.
std::string soakHeader();
std::string soakRow(const SoakSample& sample, const char* what);

} // namespace dicer::app
