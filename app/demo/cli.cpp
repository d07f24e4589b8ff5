#include "cli.h"

#include "method_table.h"
#include "volume_layout.h"

#include <charconv>
#include <cstring>
#include <string_view>

namespace dicer::app {
namespace {

bool parseInt(std::string_view s, int min, int& out) {
    int v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || v < min) return false;
    out = v;
    return true;
}

bool parseFloat(std::string_view s, float& out) {
    // from_chars for float exists in GCC 11+, but strtof also accepts what users type ("1e-3", "0.5").
    std::string text(s);
    char* end = nullptr;
    float v = std::strtof(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) return false;
    out = v;
    return true;
}

bool parseSize(std::string_view s, glm::ivec2& out) {
    size_t x = s.find('x');
    if (x == std::string_view::npos) return false;
    glm::ivec2 v;
    if (!parseInt(s.substr(0, x), 1, v.x) || !parseInt(s.substr(x + 1), 1, v.y)) return false;
    if (v.x > 16384 || v.y > 16384) return false;
    out = v;
    return true;
}

} // namespace

void printUsage(std::FILE* out) {
    std::fprintf(out,
                 "usage: dicer [model.obj] [options]\n"
                 "  Dicer + HeartBreaker: voxelize -> HistoPyramid -> PointList -> particles, live.\n\n"
                 "model:\n"
                 "  model.obj               an OBJ file (placed to fit the volume); default: the teapot\n"
                 "  --builtin teapot|heart  a built-in model\n"
                 "pipeline:\n"
                 "  --variant NAME          ");
    for (const methods::MethodInfo& m : methods::methodTable())
        if (m.inDemo()) std::fprintf(out, "%s ", m.name);
    std::fprintf(out, "\n  --preset NAME           ");
    for (std::string_view p : presetNames())
        std::fprintf(out, "%.*s ", int(p.size()), p.data());
    std::fprintf(out,
                 "\n"
                 "  --mode shell|solid      voxelization: the surface, or filled (closed meshes)\n"
                 "  --method NAME           voxelizer: binned, instanced, per-slice, projected (default)\n"
                 "  --slice-axis            the 2006 rule: every triangle sampled along z (paper counts)\n"
                 "  --storage uint32|float32, --build-path compute|fragment\n"
                 "  --threshold F           discriminator: a voxel is active when alpha >= F (0..1)\n"
                 "  --paper-list            the paper's PointList (count read back) instead of GPU-resident\n"
                 "  --test-atlas            the built-in sphere-shell atlas instead of the voxelized model\n"
                 "view:\n"
                 "  --size WxH              window size (default 1280x800)\n"
                 "  --color false|model     particle colours: voxel coordinates or the model's colours\n"
                 "  --particles splats|points  compute splats (default) or GL point sprites\n"
                 "  --auto-rotate           spin the model\n"
                 "  --no-ui                 start with the panels hidden (Tab toggles)\n"
                 "scripted runs:\n"
                 "  --frames N              render N frames, print a timing summary, exit\n"
                 "  --screenshot FILE       PNG written after the last frame (needs --frames)\n"
                 "  --screenshot-dir DIR    folder of F12 screenshots (default: screenshots)\n"
                 "  --screenshot-ui on|off  screenshots with or without the panels (default on)\n"
                 "  --explode-at FRAME      explode the particles at that frame\n"
                 "  --timer gpu|cpu         stage timer source (gpu falls back to cpu on llvmpipe)\n"
                 "  --gl-debug              GL debug context, synchronous KHR_debug messages\n"
                 "  --help                  this text\n"
                 "Exit status: 0 ok, 1 no display / start-up, model or screenshot error, 2 bad arguments,\n"
                 "3 GL errors were reported, 4 the last frame's point list differs from the CPU reference.\n"
                 "Without a display use the headless dicer-bench.\n");
}

ParseResult parseCommandLine(int argc, const char* const* argv, CommandLine& out) {
    Settings& s = out.settings;
    RunOptions& run = out.run;
    bool havePositional = false;
    auto fail = [](const std::string& message) {
        std::fprintf(stderr, "dicer: %s\n\n", message.c_str());
        printUsage(stderr);
        return ParseResult::Error;
    };
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        std::string_view value;
        bool hasValue = false;
        if (arg.starts_with("--") && arg.find('=') != std::string_view::npos) { // --flag=value
            value = arg.substr(arg.find('=') + 1);
            arg = arg.substr(0, arg.find('='));
            hasValue = true;
        }
        // Fetches the flag's value from "--flag=value" or the next argument.
        auto next = [&](std::string_view& v) {
            if (hasValue) {
                v = value;
                return true;
            }
            if (i + 1 >= argc) return false;
            v = argv[++i];
            return true;
        };
        std::string_view v;
        const std::string flag(arg);
        if (arg == "--help" || arg == "-h") {
            printUsage(stdout);
            return ParseResult::Help;
        } else if (!arg.starts_with("-")) {
            if (havePositional) return fail("only one model file, got '" + std::string(arg) + "' too");
            havePositional = true;
            s.model = {ModelKind::File, std::string(arg)};
        } else if (arg == "--builtin") {
            if (!next(v)) return fail(flag + " needs a value");
            if (v == "teapot")
                s.model = {ModelKind::Teapot, {}};
            else if (v == "heart")
                s.model = {ModelKind::Heart, {}};
            else
                return fail("unknown built-in model '" + std::string(v) + "' (teapot, heart)");
        } else if (arg == "--variant") {
            if (!next(v)) return fail(flag + " needs a value");
            s.pipeline.variant = methods::methodIndex(v);
            if (s.pipeline.variant < 0 || !methods::methodTable()[size_t(s.pipeline.variant)].inDemo())
                return fail("unknown variant '" + std::string(v) +
                            "' (the demo offers: " + methods::methodNames(/* demoOnly= */ true) + ")");
        } else if (arg == "--preset") {
            if (!next(v)) return fail(flag + " needs a value");
            if (!presetVolume(v)) return fail("unknown preset '" + std::string(v) + "'");
            s.pipeline.preset = std::string(v);
        } else if (arg == "--mode") {
            std::optional<VoxelMode> mode = next(v) ? parseVoxelMode(v) : std::nullopt;
            if (!mode) return fail(flag + " takes shell or solid");
            s.pipeline.voxelMode = *mode;
        } else if (arg == "--method") {
            if (!next(v)) return fail(flag + " needs a value");
            std::optional<VoxelMethod> method = parseVoxelMethod(v);
            if (!method) return fail("unknown voxelization method '" + std::string(v) + "'");
            s.pipeline.voxelMethod = *method;
        } else if (arg == "--slice-axis" && !hasValue) {
            s.pipeline.sliceAxisRule = true;
        } else if (arg == "--storage") {
            if (!next(v) || (v != "uint32" && v != "float32")) return fail(flag + " takes uint32 or float32");
            s.pipeline.storage = v == "uint32" ? hp::Storage::Uint32 : hp::Storage::Float32;
        } else if (arg == "--build-path") {
            if (!next(v) || (v != "compute" && v != "fragment"))
                return fail(flag + " takes compute or fragment");
            s.pipeline.buildPath = v == "compute" ? hp::BuildPath::Compute : hp::BuildPath::Fragment;
        } else if (arg == "--threshold") {
            float t = 0;
            if (!next(v) || !parseFloat(v, t) || !(t >= 0.f && t <= 1.f))
                return fail(flag + " takes a number in [0, 1]");
            s.pipeline.threshold = t;
        } else if (arg == "--paper-list" && !hasValue) {
            s.pipeline.gpuResident = false;
        } else if (arg == "--test-atlas" && !hasValue) {
            s.pipeline.testAtlas = true;
        } else if (arg == "--size") {
            if (!next(v) || !parseSize(v, run.windowSize)) return fail(flag + " takes WxH, e.g. 640x480");
        } else if (arg == "--color") {
            if (!next(v) || (v != "false" && v != "model")) return fail(flag + " takes false or model");
            s.view.color = v == "false" ? ParticleColor::FalseColor : ParticleColor::ModelColor;
        } else if (arg == "--particles") {
            if (!next(v) || (v != "splats" && v != "points")) return fail(flag + " takes splats or points");
            s.view.render = v == "splats" ? ParticleRender::Splats : ParticleRender::Points;
        } else if (arg == "--auto-rotate" && !hasValue) {
            s.view.autoRotate = true;
        } else if (arg == "--no-ui" && !hasValue) {
            s.view.showUi = false;
        } else if (arg == "--frames") {
            if (!next(v) || !parseInt(v, 1, run.frames)) return fail(flag + " takes a positive frame count");
        } else if (arg == "--screenshot") {
            if (!next(v) || v.empty()) return fail(flag + " needs a file name");
            run.screenshot = std::string(v);
        } else if (arg == "--screenshot-dir") {
            if (!next(v) || v.empty()) return fail(flag + " needs a folder");
            s.screenshotDir = std::string(v);
        } else if (arg == "--screenshot-ui") {
            if (!next(v) || (v != "on" && v != "off")) return fail(flag + " takes on or off");
            s.screenshotWithUi = v == "on";
        } else if (arg == "--explode-at") {
            if (!next(v) || !parseInt(v, 0, run.explodeAt)) return fail(flag + " takes a frame index >= 0");
        } else if (arg == "--timer") {
            if (!next(v) || (v != "gpu" && v != "cpu")) return fail(flag + " takes gpu or cpu");
            run.forceCpuTimer = v == "cpu";
        } else if (arg == "--gl-debug" && !hasValue) {
            run.glDebug = true;
        } else {
            return fail("unknown option '" + std::string(argv[i]) + "'");
        }
    }
    if (!run.screenshot.empty() && run.frames == 0) return fail("--screenshot needs --frames N");
    return ParseResult::Run;
}

} // namespace dicer::app
