#include "renamed.h"

namespace dicer::options {
namespace {

constexpr Renamed kDemo[] = {
    {"variant", "--method"},
    {"size", "--window WxH"},
    {"builtin", "--model"},
    {"slice-axis", "--rule slice-axis"},
    {"paper-list", "--list-path readback"},
    {"show-particles", "--show-points"},
    {"volumes", "--volume"},
};

constexpr Renamed kBench[] = {
    {"variant", "--method"},
    {"path", "--build-path"},
    {"size", "--preset paper-N (N: the atlas side, 1024 to 16384, or any preset)"},
    {"sides", "--preset N (N^3 voxels)"},
    {"volumes", "--preset N (N^3 voxels)"},
    {"no-solid", "--solid off"},
    {"gpu-resident", "--list-path readback,resident"},
};

} // namespace

std::span<const Renamed> renamedDemoOptions() {
    return kDemo;
}
std::span<const Renamed> renamedBenchOptions() {
    return kBench;
}

const Renamed* findRenamed(std::span<const Renamed> table, std::string_view name) {
    for (const Renamed& r : table)
        if (r.old == name) return &r;
    return nullptr;
}

std::string renamedMessage(const Renamed& renamed) {
    return "--" + std::string(renamed.old) + " was renamed: use " + std::string(renamed.use);
}

} // namespace dicer::options
