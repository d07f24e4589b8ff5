#include "soak_schedule.h"

#include "input_table.h"
#include "method_table.h"

#include <cstdio>

namespace dicer::app {
namespace {

// Small enough for a few hundred frames on llvmpipe; the large one only every kSoakLargeEvery-th cycle.
constexpr const char* kSmallPresets[] = {"64", "128", "paper-1024"};
constexpr const char* kBundledModels[] = {"spot", "cornell_box"};

struct Builder {
    const Settings& base;
    std::vector<SoakStep> steps;
    Settings& add(std::string label, SoakEvent event = SoakEvent::None) {
        steps.push_back({std::move(label), base, event});
        return steps.back().settings;
    }
};

void methodSteps(Builder& b, const std::function<bool(methods::MethodId)>& available) {
    const frame::FrameSettings& base = b.base.frame;
    for (methods::MethodId row : gl::rowIds(methods::methodTable())) {
        const methods::MethodInfo& m = methods::methodInfo(row);
        // Only the rows whose output the base's input writes (input_table.h: a volume has no sparse occupancy).
        if (!frame::inputOffersMethod(base.input, row) || !available(row)) continue;
        // A row without storage or build-path options stands for one configuration: the base's values.
        std::vector<hp::Storage> storages(m.storages.begin(), m.storages.end());
        std::vector<hp::BuildPath> paths(m.buildPaths.begin(), m.buildPaths.end());
        if (storages.empty()) storages = {base.storage};
        if (paths.empty()) paths = {base.buildPath};
        for (hp::Storage storage : storages)
            for (hp::BuildPath path : paths) {
                std::string label = std::string("method ") + m.name;
                if (!m.storages.empty()) label += std::string(" ") + hp::storageName(storage);
                if (!m.buildPaths.empty()) label += std::string(" ") + hp::buildPathName(path);
                frame::FrameSettings& p = b.add(label).frame;
                p.method = row;
                p.storage = storage;
                p.buildPath = path;
                p.voxels = frame::outputFor(row); // hp_bits: the bits output
                frame::suitOutput(p);
            }
    }
    const bool resident = base.listPath == hp::ListPath::Resident;
    b.add(std::string("list path ") + hp::listPathName(resident ? hp::ListPath::Readback : hp::ListPath::Resident))
        .frame.listPath =
        resident ? hp::ListPath::Readback : hp::ListPath::Resident;
}

// A step that needs another voxelizer output than the base's (a slab voxelizer or the test atlas need the atlas)
// also switches to the first available method that reads it; without one the step is left out (none).
std::optional<methods::MethodId> methodReading(occupancy::VoxelOutput output, const frame::FrameSettings& base,
                                               const std::function<bool(methods::MethodId)>& available) {
    if (frame::offersMethod(output, base.method) && available(base.method)) return base.method;
    for (methods::MethodId row : gl::rowIds(methods::methodTable()))
        if (frame::offersMethod(output, row) && available(row)) return row;
    return std::nullopt;
}

void voxelizer(Builder& b, const std::function<bool(methods::MethodId)>& available) {
    if (!frame::inputInfo(b.base.frame.input).reads("vox-method")) return; // a volume has no voxelizer
    for (voxel::VoxMethodId method : voxel::voxMethods()) {
        // The slab methods cannot write the bits (checkOutput): their steps run on the atlas.
        const occupancy::VoxelOutput output =
            voxel::checkOutput(method, b.base.frame.voxels) ? b.base.frame.voxels : occupancy::VoxelOutput::Atlas;
        const std::optional<methods::MethodId> row = methodReading(output, b.base.frame, available);
        if (!row) continue;
        for (voxel::VoxelMode mode : voxel::kVoxelModes) {
            frame::FrameSettings& p = b.add(std::string("vox method ") + voxel::voxMethodName(method) + " " +
                                            voxel::voxelModeName(mode))
                                          .frame;
            p.voxMethod = method;
            p.voxelMode = mode;
            p.voxels = output;
            p.method = *row;
        }
    }
    const voxel::VoxRule other = b.base.frame.rule == voxel::VoxRule::SliceAxis
                                         ? voxel::VoxRule::DominantAxis
                                         : voxel::VoxRule::SliceAxis;
    b.add(std::string("rule ") + voxel::voxRuleName(other)).frame.rule = other;
}

void presets(Builder& b, int cycle, const std::function<bool(methods::MethodId)>& available) {
    if (!frame::inputInfo(b.base.frame.input).reads("preset")) return; // a volume has its own size
    std::vector<std::string> names(std::begin(kSmallPresets), std::end(kSmallPresets));
    if (cycle % kSoakLargeEvery == 0)
        names.back() = kSoakLargePreset; // in place of a small one: same step count
    for (const std::string& name : names)
        if (name != b.base.frame.preset) b.add("preset " + name).frame.preset = name;
    const bool testAtlas = !b.base.frame.testAtlas;
    // The sphere is an atlas.
    const occupancy::VoxelOutput output = testAtlas ? occupancy::VoxelOutput::Atlas : b.base.frame.voxels;
    if (const std::optional<methods::MethodId> row = methodReading(output, b.base.frame, available)) {
        frame::FrameSettings& p = b.add(testAtlas ? "test atlas" : "voxelized model").frame;
        p.testAtlas = testAtlas;
        p.voxels = output;
        p.method = *row;
    }
}

void models(Builder& b, const std::function<std::string(std::string_view)>& bundledModelPath) {
    std::vector<ModelChoice> choices = {{ModelKind::Teapot, {}}, {ModelKind::Heart, {}}};
    for (const char* name : kBundledModels)
        choices.push_back({ModelKind::File, bundledModelPath(name)});
    for (const ModelChoice& choice : choices)
        if (choice != b.base.model) b.add("model " + choice.label()).model = choice;
}

// Scalar volumes: a small built-in and a scan, each loaded (its default band) and then given another
// band with its surface shown (the expand stage and the surface view); the step after them loads the
// base model back, so every cycle goes mesh -> volume -> mesh (or, from a volume base, volume -> another volume
// -> the base).
void volumes(Builder& b, const std::function<std::string(std::string_view)>& bundledVolumePath) {
    const ModelChoice builtin{ModelKind::Volume, kSoakBuiltinVolume};
    const ModelChoice scan{ModelKind::Volume, bundledVolumePath(kSoakScan)};
    for (const auto& [choice, band] :
         {std::pair{builtin, kSoakBuiltinBand}, std::pair{scan, kSoakScanBand}}) {
        if (choice == b.base.model) continue; // the base's own volume: its band is the base's
        b.add("volume " + choice.label()).model = choice;
        Settings& banded = b.add("volume " + choice.label() + " band " + volume::bandText(band));
        banded.model = choice;
        banded.frame.input = frame::kVolumeInput;
        banded.frame.band = band;
        banded.frame.testAtlas = false;
        banded.view.shown.set(kSurfaceView, true);
    }
}

void viewAndEvents(Builder& b) {
    ViewSettings& v = b.add("view: other particle render and colour, mesh shown").view;
    v.render = v.render == particles::ParticleRender::Splats ? particles::ParticleRender::Sprites
                                                             : particles::ParticleRender::Splats;
    v.color = v.color == particles::ParticleColor::FalseColor ? particles::ParticleColor::ModelColor
                                                              : particles::ParticleColor::FalseColor;
    v.shown.set(kMeshView, true);
    b.add("explode", SoakEvent::Explode);
    b.add("re-assemble", SoakEvent::Reassemble);
    b.add("reload every shader", SoakEvent::ReloadShaders);
}

std::string mib(std::uint64_t bytes) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", double(bytes) / (1024.0 * 1024.0));
    return text;
}

} // namespace

std::vector<SoakStep> soakSchedule(const Settings& base, int cycle, const std::function<bool(methods::MethodId)>& available,
                                   const std::function<std::string(std::string_view)>& bundledModelPath,
                                   const std::function<std::string(std::string_view)>& bundledVolumePath) {
    Builder b{base, {}};
    methodSteps(b, available);
    voxelizer(b, available);
    presets(b, cycle, available);
    models(b, bundledModelPath);
    volumes(b, bundledVolumePath);
    viewAndEvents(b);
    // A combination that is the base itself (its method, its voxelizer) is no step: the cycle ends on it anyway.
    std::erase_if(b.steps,
                  [&](const SoakStep& s) { return s.event == SoakEvent::None && s.settings == base; });
    return b.steps;
}

std::vector<std::string> soakViolations(const SoakSample& baseline, const SoakSample& now,
                                        const SoakBounds& bounds, const SoakSample* middle) {
    std::vector<std::string> out;
    for (const gl::ObjectCount& c : now.objects)
        for (const gl::ObjectCount& b : baseline.objects)
            if (std::string_view(b.kind) == c.kind && c.live > b.live + bounds.objectGrowth)
                out.push_back(std::string(c.kind) + ": " + std::to_string(b.live) + " -> " +
                              std::to_string(c.live) + " live (bound +" +
                              std::to_string(bounds.objectGrowth) + ")");
    if (now.rssBytes > baseline.rssBytes + bounds.rssGrowthBytes)
        out.push_back("RSS: " + mib(baseline.rssBytes) + " -> " + mib(now.rssBytes) + " MiB (bound +" +
                      mib(bounds.rssGrowthBytes) + ")");
    if (middle && now.rssBytes > middle->rssBytes + bounds.lateRssGrowthBytes)
        out.push_back("RSS over the second half: " + mib(middle->rssBytes) + " -> " + mib(now.rssBytes) +
                      " MiB (bound +" + mib(bounds.lateRssGrowthBytes) + ")");
    if (now.glErrors > 0) out.push_back(std::to_string(now.glErrors) + " GL errors");
    if (now.mismatches > 0)
        out.push_back(std::to_string(now.mismatches) + " of " + std::to_string(now.verifies) +
                      " verifies differ from the CPU reference");
    if (now.stageErrors > 0) out.push_back(std::to_string(now.stageErrors) + " failed loads or stages");
    return out;
}

std::string soakHeader() {
    std::string h = "soak: frame      what  RSS MiB";
    for (const gl::ObjectCount& c : gl::objectCounts())
        h += std::string("  ") + c.kind;
    return h + "  GL errors  verifies  mismatches";
}

std::string soakRow(const SoakSample& s, const char* what) {
    char text[64];
    std::snprintf(text, sizeof text, "soak: %5d %9s %8s", s.frame, what, mib(s.rssBytes).c_str());
    std::string row = text;
    for (const gl::ObjectCount& c : s.objects) {
        std::snprintf(text, sizeof text, "  %*d", int(std::string_view(c.kind).size()), c.live);
        row += text;
    }
    std::snprintf(text, sizeof text, "  %9d  %8d  %10d", s.glErrors, s.verifies, s.mismatches);
    return row + text;
}

} // namespace dicer::app
