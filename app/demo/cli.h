// dicer's command line: it fills the same Settings the UI edits, plus the options of a scripted run
// (--frames N renders N frames, writes --screenshot after the last one and exits).
#pragma once

#include "settings.h"

#include <glm/vec2.hpp>

#include <cstdio>
#include <string>

namespace dicer::app {

struct RunOptions {
    int frames = 0;           // 0: interactive; N: render N frames, then exit
    std::string screenshot;   // written after the last frame of a --frames run
    int explodeAt = -1;       // frame index at which the particles explode (-1: never)
    int reloadShadersAt = -1; // frame index at which every shader is reloaded, as Shift+R (-1: never)
    bool forceCpuTimer = false;
    bool glDebug = false; // debug context + synchronous KHR_debug output (always on in Debug builds)
    glm::ivec2 windowSize{1280, 800};
};

struct CommandLine {
    Settings settings;
    RunOptions run;
};

enum class ParseResult { Run, Help, Error };

void printUsage(std::FILE* out);

// Help prints the usage to stdout; errors print the problem and the usage to stderr.
ParseResult parseCommandLine(int argc, const char* const* argv, CommandLine& out);

} // namespace dicer::app
