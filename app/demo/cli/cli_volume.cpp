#include "cli_volume.h"

#include "band.h"
#include "builtin_volumes.h"
#include "input_table.h"
#include "volume_file.h"

#include <charconv>
#include <cmath>
#include <limits>

namespace dicer::app {

ModelChoice modelChoice(const std::string& nameOrFile) {
    if (nameOrFile == "heart") return {ModelKind::Heart, {}};
    if (nameOrFile == "teapot") return {ModelKind::Teapot, {}};
    if (volume::hasVolumeFileExtension(nameOrFile)) return {ModelKind::Volume, nameOrFile};
    return {ModelKind::File, nameOrFile};
}

options::Codec<double> thresholdCodec() {
    options::Codec<double> c;
    c.metavar.assign(1, 'F'); // (= "F" trips GCC 12's -Wrestrict false positive)
    c.expects = "a number (a mesh's atlas alpha: in [0, 1]; a volume's value: in its units)";
    c.min = 0; // the panel's slider over the atlas' alpha
    c.max = 1;
    c.parse = [](std::string_view s) -> std::optional<double> {
        double v = 0;
        auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
        return v;
    };
    c.format = [](const double& v) { return volume::valueText(v); };
    return c;
}

std::string reconcileVolume(CommandLine& c) {
    frame::FrameSettings& f = c.settings.frame;
    const bool isVolume = c.settings.model.kind == ModelKind::Volume;
    f.input = isVolume ? frame::kVolumeInput : frame::kMeshInput;
    // Either order: a --model after --volume replaces it (the kind is then a mesh's), one before is replaced.
    if (c.gave("volume") && c.gave("model")) return "--volume and --model both name what to show: give one";
    if (!isVolume) {
        if (c.gave("up")) return "--up turns a scalar volume upright: it needs --volume (a mesh is placed as it is)";
        if (c.gave("band"))
            return "--band decides over a scalar volume's values: it needs --volume (a mesh's voxels are 0 "
                   "or 1; its atlas has --threshold)";
        if (c.gave("threshold")) {
            if (c.threshold < 0 || c.threshold > 1)
                return "--threshold " + thresholdCodec().format(c.threshold) +
                       ": a mesh's atlas alpha is in [0, 1]";
            f.threshold = float(c.threshold);
        }
        return {};
    }
    if (c.gave("preset"))
        return "--preset sizes a mesh's voxels; a volume has its own size (its file's, or --volume NAME:N)";
    if (f.testAtlas) return "--test-atlas replaces the input by the sphere shell: leave out --volume";
    // Any other option only a mesh reads (input_table.h): the volume would silently ignore it.
    for (const std::string& name : c.given)
        if (const frame::InputInfo* owner = frame::ownerOfOtherInput(f.input, name))
            return "--" + name + " is a " + owner->name + "'s setting (its " + frame::stageName(owner->firstStage) +
                   " stage); a volume's voxels are the samples whose value lies in its --band";
    if (c.gave("threshold") && c.gave("band")) return "--threshold T on a volume is --band T,max: give one of them";
    if (c.gave("threshold")) {
        c.band = volume::BandSpec{{volume::BandEnd::Kind::Value, c.threshold}, {volume::BandEnd::Kind::Max, 0}};
        f.threshold = frame::FrameSettings{}.threshold; // a value, not an alpha: the atlas lists at 1/255
    }
    return {};
}

} // namespace dicer::app
