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

options::Codec<std::string> volumeCodec() {
    std::string builtins;
    for (std::string_view name : volume::builtinVolumeNames())
        builtins += std::string(builtins.empty() ? "" : ", ") + std::string(name);
    // A built-in's size and a file's contents are checked later (reconcileVolume, the load), with their own
    // messages; here any text will do.
    auto c =
        options::textCodec("NAME[:N]|FILE", "a built-in volume (" + builtins +
                                                ") or an NRRD/MetaImage file (.nrrd, .nhdr, .mhd, .mha)");
    c.choices = builtins + "; N: voxels a side (default " + // the help puts "NAME: " before it
                std::to_string(volume::kDefaultBuiltinSide) + "), or XxYxZ";
    return c;
}

options::Codec<std::string> bandCodec() {
    return options::textCodec("LO,HI", "two numbers (or min, max), e.g. 300,max");
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
    c.format = [](const double& v) { // the shortest text that reads back as v
        char text[32];
        auto [end, ec] = std::to_chars(text, text + sizeof text, v);
        return ec == std::errc() ? std::string(text, end) : std::string();
    };
    return c;
}

std::string reconcileVolume(CommandLine& c) {
    frame::FrameSettings& f = c.settings.frame;
    const bool isVolume = c.settings.model.kind == ModelKind::Volume;
    f.input = isVolume ? frame::Input::Volume : frame::Input::Mesh;
    // Either order: a --model after --volume replaces it (the kind is then a mesh's), one before is replaced.
    if (c.volumeGiven && c.modelGiven) return "--volume and --model both name what to show: give one";
    if (!isVolume) {
        if (c.bandGiven)
            return "--band decides over a scalar volume's values: it needs --volume (a mesh's voxels are 0 "
                   "or 1; its atlas has --threshold)";
        if (c.thresholdGiven) {
            if (c.threshold < 0 || c.threshold > 1)
                return "--threshold " + thresholdCodec().format(c.threshold) +
                       ": a mesh's atlas alpha is in [0, 1]";
            f.threshold = float(c.threshold);
        }
        return {};
    }
    if (c.presetGiven)
        return "--preset sizes a mesh's voxels; a volume has its own size (its file's, or --volume NAME:N)";
    if (f.testAtlas) return "--test-atlas replaces the input by the sphere shell: leave out --volume";
    // Any other option only a mesh reads (input_table.h): the volume would silently ignore it.
    for (const std::string& name : c.given)
        if (const frame::InputInfo* owner = frame::ownerOfOtherInput(f.input, name))
            return "--" + name + " is a " + owner->name + "'s setting (its " + owner->firstStage +
                   " stage); a volume's voxels are the samples whose value lies in its --band";
    if (c.thresholdGiven && c.bandGiven) return "--threshold T on a volume is --band T,max: give one of them";
    if (c.thresholdGiven) {
        c.band = thresholdCodec().format(c.threshold) + ",max";
        f.threshold = frame::FrameSettings{}.threshold; // a value, not an alpha: the atlas lists at 1/255
    }
    if (!c.band.empty()) {
        // min and max are the data's, known only once it loads: here the widest range stands for them, which
        // catches every band that can hold for no data (lo > hi between numbers, NaN, one number).
        constexpr double kInf = std::numeric_limits<double>::infinity();
        if (Result<volume::Band> b = volume::parseBand(c.band, volume::ValueRange{-kInf, kInf}); !b)
            return "--band: " + b.error();
    }
    const std::string& spec = c.settings.model.path;
    if (volume::isBuiltinVolume(spec)) {
        if (auto r = volume::parseBuiltinVolume(spec); !r) return "--volume: " + r.error();
    } else if (!volume::hasVolumeFileExtension(spec)) {
        // No path and no extension: meant as a built-in ("blobs:64"), so its own error names the known ones.
        if (auto r = volume::parseBuiltinVolume(spec); !r && spec.find_first_of("./") == std::string::npos)
            return "--volume " + spec + ": " + r.error() + "; or a volume file (.nrrd, .nhdr, .mhd, .mha)";
        return "--volume " + spec + ": " + volumeCodec().expects;
    }
    return {};
}

} // namespace dicer::app
