// dicer's command line: one table of options (optionTable(), built on app/common/options.h) fills the same
// Settings the UI edits, plus the options of a scripted run (--frames N renders N frames, writes --screenshot
// after the last one and exits; --offscreen without a window, --benchmark FILE.csv per-frame times). The same rows give --help and the panels' labels and tooltips.
#pragma once

#include "export_table.h"
#include "options.h"
#include "scalar_volume.h"
#include "settings.h"
#include "timer.h"

#include <glm/vec2.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace dicer::app {

struct RunOptions {
    int frames = 0;            // 0: interactive; N: render N frames, then exit
    std::string screenshot;    // written after the last frame of a --frames run
    ExportFiles exports;       // --export-... FILE, per row of the export table: written after the last frame
    int explodeAt = -1;        // frame index at which the particles explode (-1: never)
    int reloadShadersAt = -1;  // frame index at which every shader is reloaded, as Shift+R (-1: never)
    bool forceCpuTimer = false;
    bool glDebug = false; // debug context + synchronous KHR_debug output (always on in Debug builds)
    glm::ivec2 windowSize{1280, 800};       // the window's, or the offscreen framebuffer's
    bool offscreen = false;                 // headless EGL context + FBO instead of a window (offscreen.h)
    float uiScale = 0.f;                    // the panels' scale; 0: the surface's content scale
    bool openSections = false;              // every sidebar section open (measuring that the panels fit)
    std::string benchmark;                  // CSV written at the end: one row per frame after the warm-up
    int warmupFrames = gl::Warmup::kFrames; // frames not timed after any change (StageTimers)
    int soak = 0;              // --soak N: N frames of the soak schedule (soak_schedule.h); sets frames = N
    bool soakLeakTest = false; // the soak leaks one GL buffer per cycle: its check must fail
    int refuseMemoryFromMiB =
        0;                     // GL allocations of at least this many MiB are refused (0: none), as when the
                               // driver is out of memory: the demo's handling of it, end to end
    std::string dumpShaders;   // --dump-shaders DIR: every program built, as compiled (shader_dump.h)
    int xray = -1;             // --xray K: after the last frame, print output K's descent (-1: none)
    float xraySteps = 0.f;     // --xray-steps S: the X-ray panel's step mode at S steps a second (0: off)
    int xrayPyramid = -1;      // --xray-pyramid NAME: the pyramid the X-ray shows, a row of xrayPyramidTable()
    bool operator==(const RunOptions&) const = default;
};

struct CommandLine {
    Settings settings;
    RunOptions run;
    // The options given, by row name, in argument order (parse): what an option implies and applies to is
    // decided from them (a method names its output, an output picks its first method, an option another input
    // reads is a usage error).
    std::vector<std::string> given;
    bool gave(std::string_view option) const;
    // The output was chosen: --voxels, a --method (it reads one output), or what only the atlas gives (--test-atlas,
    // a slab --vox-method, a mesh's --threshold). Otherwise the preset and mode take their default output
    // (resolveOutput: the fastest that holds them on the driver).
    bool outputChosen = false;
    // --band LO,HI as given (or --threshold T on a volume: T,max), parsed once; resolved against the volume's
    // value range when it loads (min and max); none: the default band (volume::defaultBand).
    std::optional<volume::BandSpec> band;
    // --up AXIS: the volume's index axis that points up (volume/anatomy.h); none: its header's, the bundled
    // scans' table's, or its index axes.
    std::optional<volume::SignedAxis> up;
    double threshold = 0.5; // --threshold as given: the atlas' alpha for a mesh, a value for a volume
    // The values only: `given` records how they were spelled (--voxels atlas given or implied by a paper
    // --method is the same command line).
    bool operator==(const CommandLine& o) const { return settings == o.settings && run == o.run; }
};

// Every option of dicer, in --help order.
const options::Table<CommandLine>& optionTable();
// A row: its label and help (the UI's label and tooltip), a number's range (the UI's slider); it must exist.
const options::RowInfo& optionRow(std::string_view name);

enum class ParseResult { Run, Help, Error };

// Help prints the usage to stdout; errors print one line naming the option, and the usage line, to stderr.
ParseResult parseCommandLine(int argc, const char* const* argv, CommandLine& out,
                             std::string* error = nullptr);

// Once the driver is known (start-up): a mesh's output is its preset's default (frame::takeDefaultOutput) unless
// it was chosen (outputChosen); a chosen one must hold the preset in its mode. Errors, one message each (the app
// exits with status 1): a chosen output that cannot hold it, naming the limit and the outputs that would, fastest
// first ("--voxels sparse holds it"), or where no output holds it (solid mode at 2048^3) the default's error naming
// each output's reason. A volume's layout is checked when it loads.
Result<void> resolveOutput(CommandLine& c, const gl::GlInfo& info);

} // namespace dicer::app
