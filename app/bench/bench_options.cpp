#include "bench_options.h"

#include "method_table.h"
#include "model_catalog.h"

#include <cstdlib>

namespace dicer::bench {
namespace {

std::vector<std::string> splitList(const std::string& s) {
    std::vector<std::string> out(1);
    for (char c : s) {
        if (c == ',')
            out.emplace_back();
        else
            out.back() += c;
    }
    return out;
}

bool parseInt(const std::string& s, int* out) {
    char* end = nullptr;
    long v = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end || v < 0 || v > (1 << 16)) return false;
    *out = int(v);
    return true;
}

bool parseVolumes(const std::string& s, std::vector<int>* sides) {
    sides->clear();
    for (const std::string& item : splitList(s)) {
        int n = 0;
        if (!parseInt(item, &n) || n < 2 || n > 4096) return false;
        sides->push_back(n);
    }
    return true;
}

bool parseSizes(const std::string& s, std::vector<int>* sizes) {
    sizes->clear();
    if (s == "none") return true; // e.g. a --scaling run without the paper's atlases
    for (const std::string& item : splitList(s)) {
        int n = 0;
        if (!parseInt(item, &n) || n < 1 || (n & (n - 1))) return false; // powers of two only
        sizes->push_back(n);
    }
    return true;
}

bool parseVoxelMethods(const std::string& s, std::vector<VoxelMethod>* methods) {
    methods->clear();
    if (s == "all") {
        methods->assign(kVoxelMethods.begin(), kVoxelMethods.end());
        return true;
    }
    for (const std::string& item : splitList(s)) {
        std::optional<VoxelMethod> method = parseVoxelMethod(item);
        if (!method) return false;
        methods->push_back(*method);
    }
    return true;
}

} // namespace

void printUsage(FILE* out) {
    std::fprintf(
        out,
        "usage: dicer-bench [options]\n"
        "  --size N[,N...]      atlas sizes, powers of two (default 1024,2048,4096), or none\n"
        "  --variant NAME[,..]  dicer_single, dicer_vec4, dicer_rect, dicer_bil, hp_compute (default: all)\n"
        "  --storage S          uint32 | float32 | both (default uint32; dicer_bil is always float32)\n"
        "  --path P             compute | fragment | both: how reductions run (default compute)\n"
        "  --reps N             measured repetitions per stage (default 10)\n"
        "  --warmup N           unmeasured repetitions first (default 3)\n"
        "  --quick              one 256^2 atlas, 3 reps, 1 warm-up, with --peers, --gpu-resident and\n"
        "                       every voxelization method\n"
        "                       (CI smoke run; with --scaling: 16^3 and 32^3 volumes)\n"
        "  --source NAME        atlas source: teapot (default; the paper's glutTeapot(0.6), voxelized on\n"
        "                       the GPU), heart, or sphere (a sphere shell made on the CPU)\n"
        "  --model FILE         an OBJ file as the source, fitted into the volume and voxelized\n"
        "  --rule R             slice-axis (default: the paper's slicing) | dominant-axis (walls solid)\n"
        "  --mode M             shell (default) | solid: how models are voxelized\n"
        "  --vox-method M[,..]  voxelization methods timed in Table 1: projected, binned, instanced,\n"
        "                       per-slice, all (default projected,per-slice)\n"
        "  --peers              also run every peer (hp_compute, horn_scan, atomic_append, cpu_linewise,\n"
        "                       cpu_threaded) on the same atlases; tables 2-4 of the paper\n"
        "  --gpu-resident       count read back vs kept on the GPU: the list and a whole frame\n"
        "                       (voxelize, build, list)\n"
        "  --scaling            side^3 volumes: time per voxel / per point, PNG plot (see --volumes, "
        "--plot)\n"
        "  --volumes N[,N...]   volume sides for --scaling (default 64,128,256,512,1024)\n"
        "  --plot FILE          the scaling plot (default dicer-scaling.png)\n"
        "  --timer gpu|cpu      force the timer source (default: gpu unless the driver's is unreliable)\n"
        "  --egl auto|device|surfaceless   EGL platform (default auto: device, then surfaceless)\n"
        "  --csv FILE           also write every measurement as CSV (one row per method, input and stage)\n"
        "  --json FILE          also write every measurement as JSON\n"
        "  --gl-debug           debug context, all KHR_debug messages\n"
        "  --help\n");
}

int parseOptions(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = nullptr;
        auto value = [&]() { return (v = i + 1 < argc ? argv[++i] : nullptr) != nullptr; };
        bool ok = true;
        if (a == "--help" || a == "-h") {
            printUsage(stdout);
            return -1;
        } else if (a == "--quick") {
            o.sizes = {256};
            o.reps = 3;
            o.warmup = 1;
            o.peers = o.gpuResident = true;
            o.volumes = {16, 32};
            o.voxelMethods.assign(kVoxelMethods.begin(), kVoxelMethods.end());
        } else if (a == "--peers") {
            o.peers = true;
        } else if (a == "--gpu-resident") {
            o.gpuResident = true;
        } else if (a == "--scaling") {
            o.scaling = true;
        } else if (a == "--volumes") {
            ok = value() && parseVolumes(v, &o.volumes);
        } else if (a == "--plot") {
            ok = value();
            if (ok) o.plot = v;
        } else if (a == "--json") {
            ok = value();
            if (ok) o.json = v;
        } else if (a == "--source") {
            ok = value() && (std::string(v) == "sphere" || isBuiltinModel(v));
            if (ok) o.source = v;
        } else if (a == "--model") {
            ok = value() && *v != '\0'; // the file is checked when it is loaded, with a clear error
            if (ok) o.source = v;
        } else if (a == "--rule") {
            std::optional<SurfaceRule> rule = value() ? parseSurfaceRule(v) : std::nullopt;
            ok = rule.has_value();
            if (ok) o.voxelize.rule = *rule;
        } else if (a == "--mode") {
            std::optional<VoxelMode> mode = value() ? parseVoxelMode(v) : std::nullopt;
            ok = mode.has_value();
            if (ok) o.voxelize.mode = *mode;
        } else if (a == "--vox-method") {
            ok = value() && parseVoxelMethods(v, &o.voxelMethods);
        } else if (a == "--gl-debug") {
            o.glDebug = true;
        } else if (a == "--size") {
            ok = value() && parseSizes(v, &o.sizes);
        } else if (a == "--variant") {
            ok = value();
            if (ok) o.variants = splitList(v);
            for (const std::string& n : o.variants) // the methods with a list stage (method_table.h)
                ok = ok && methods::findMethod(n) && methods::findMethod(n)->listStage;
        } else if (a == "--storage") {
            ok = value();
            std::string s = ok ? v : "";
            if (s == "uint32")
                o.storages = {hp::Storage::Uint32};
            else if (s == "float32")
                o.storages = {hp::Storage::Float32};
            else if (s == "both")
                o.storages = {hp::Storage::Uint32, hp::Storage::Float32};
            else
                ok = false;
        } else if (a == "--path") {
            ok = value();
            std::string s = ok ? v : "";
            if (s == "compute")
                o.paths = {hp::BuildPath::Compute};
            else if (s == "fragment")
                o.paths = {hp::BuildPath::Fragment};
            else if (s == "both")
                o.paths = {hp::BuildPath::Compute, hp::BuildPath::Fragment};
            else
                ok = false;
        } else if (a == "--reps") {
            ok = value() && parseInt(v, &o.reps) && o.reps >= 1;
        } else if (a == "--warmup") {
            ok = value() && parseInt(v, &o.warmup);
        } else if (a == "--timer") {
            ok = value() && (std::string(v) == "gpu" || std::string(v) == "cpu");
            if (ok) o.forceCpuTimer = std::string(v) == "cpu";
        } else if (a == "--egl") {
            ok = value();
            if (ok) o.platform = gl::parseEglPlatform(v, &ok);
        } else if (a == "--csv") {
            ok = value();
            if (ok) o.csv = v;
        } else {
            ok = false;
        }
        if (!ok) {
            std::fprintf(stderr, "dicer-bench: bad argument '%s%s%s'\n", a.c_str(), v ? " " : "", v ? v : "");
            printUsage(stderr);
            return 2;
        }
    }
    return 0;
}

} // namespace dicer::bench
