#include "vocabulary.h"

#include "mc_method_table.h"
#include "builtin_volumes.h"
#include "model_catalog.h"
#include "volume_file.h"
#include "volume_formats.h"
#include "volume_layout.h"

namespace dicer::options {

Codec<hp::Storage> storageCodec() {
    return enumCodec<hp::Storage>(hp::kStorages, hp::storageName);
}
Codec<hp::BuildPath> buildPathCodec() {
    return enumCodec<hp::BuildPath>(hp::kBuildPaths, hp::buildPathName);
}
Codec<hp::ListPath> listPathCodec() {
    return enumCodec<hp::ListPath>(hp::kListPaths, hp::listPathName);
}
Codec<voxel::VoxelMode> voxelModeCodec() {
    return enumCodec<voxel::VoxelMode>(voxel::kVoxelModes, voxel::voxelModeName, voxel::parseVoxelMode);
}
Codec<voxel::VoxMethodId> voxMethodCodec() {
    return enumCodec<voxel::VoxMethodId>(voxel::voxMethods(), voxel::voxMethodName,
                                         voxel::parseVoxMethod);
}
Codec<voxel::VoxRule> voxRuleCodec() {
    return enumCodec<voxel::VoxRule>(voxel::kVoxRules, voxel::voxRuleName,
                                         voxel::parseVoxRule);
}

Codec<occupancy::VoxelOutput> voxelOutputCodec() {
    return enumCodec<occupancy::VoxelOutput>(occupancy::kVoxelOutputs, occupancy::voxelOutputName,
                                         occupancy::parseVoxelOutput);
}

Codec<std::string> presetCodec() {
    std::vector<std::string> names;
    for (std::string_view p : occupancy::presetNames())
        names.emplace_back(p);
    // A named preset or any XxYxZ volume (presetVolume reads both); a bad form is the usage error naming both.
    names.emplace_back(kBoxPresetForm);
    Codec<std::string> c = textCodec("NAME|N|paper-N|XxYxZ", joinChoices(names),
                                     [](std::string_view s) { return occupancy::presetVolume(s).has_value(); });
    c.choices = joinChoices(names, ", ");
    return c;
}

Codec<bool> timerCodec() {
    // gpu | cpu as typed; the sources' own names (timerSourceName, as every report prints them) read too.
    return namesCodec<bool>({{"gpu", false},
                             {"cpu", true},
                             {gl::timerSourceName(gl::TimerSource::GpuTimestamp), false},
                             {gl::timerSourceName(gl::TimerSource::CpuFenced), true}},
                            "gpu|cpu");
}

Codec<std::string> modelCodec() {
    std::vector<std::string> names;
    for (std::string_view m : model::builtinModelNames())
        names.emplace_back(m);
    names.emplace_back("an OBJ or glTF (.gltf, .glb) file");
    // The file is checked when it loads, with a clear error.
    return textCodec("NAME|FILE", joinChoices(names));
}

namespace {
// A row of `rows` (those `keep` takes) by name: the value is its id.
template <class Row, class Keep> Codec<gl::RowId<Row>> rowCodec(std::span<const Row> rows, Keep keep) {
    std::vector<std::pair<std::string, gl::RowId<Row>>> named;
    for (gl::RowId<Row> id : gl::rowIds(rows))
        if (keep(rows[size_t(id.row)])) named.emplace_back(rows[size_t(id.row)].name, id);
    Codec<gl::RowId<Row>> c = namesCodec<gl::RowId<Row>>(named, "NAME");
    c.choices = gl::joinNames(gl::rowNames(rows, keep), ", ", ", ");
    return c;
}
} // namespace

Codec<surface::McMethodId> mcMethodCodec() {
    return rowCodec(surface::mcMethodTable(), [](const surface::McMethodInfo&) { return true; });
}

Codec<methods::MethodId> methodCodec(const std::function<bool(const methods::MethodInfo&)>& keep) {
    return rowCodec(methods::methodTable(), keep);
}

Codec<std::string> volumeCodec() {
    const auto builtinNames = volume::builtinVolumeNames();
    const auto extensionNames = volume::volumeFileExtensions();
    const std::vector<std::string> builtins(builtinNames.begin(), builtinNames.end());
    const std::vector<std::string> extensions(extensionNames.begin(), extensionNames.end());
    std::vector<std::string> formats; // "NRRD/MetaImage": the format table's names
    for (const volume::VolumeFormat& f : volume::volumeFormats())
        formats.emplace_back(f.name);
    const std::string files = "a volume file: " + joinChoices(formats, "/", "/") + " (" + joinChoices(extensions, ", ") + ")";
    Codec<std::string> c = textCodec("NAME[:N]|FILE", "a built-in volume (" + joinChoices(builtins, ", ") + ") or " +
                                                          files);
    c.choices = joinChoices(builtins, ", ") + "; N: voxels a side (default " +
                std::to_string(volume::kDefaultBuiltinSide) + "), or XxYxZ"; // the help puts "NAME: " before it
    const auto accepted = [](std::string_view spec) {
        return volume::isBuiltinVolume(spec) ? volume::parseBuiltinVolume(spec).ok()
                                             : volume::hasVolumeFileExtension(std::string(spec));
    };
    const auto text = c.parse;
    c.parse = [text, accepted](std::string_view s) -> std::optional<std::string> {
        return accepted(s) ? text(s) : std::nullopt;
    };
    c.explain = [files](std::string_view spec) -> std::string {
        if (volume::isBuiltinVolume(spec)) return volume::parseBuiltinVolume(spec).error();
        // No path and no extension: meant as a built-in ("blobs:64"), so its own error names the known ones.
        if (auto r = volume::parseBuiltinVolume(spec); !r && spec.find_first_of("./") == std::string_view::npos)
            return std::string(spec) + ": " + r.error() + "; or " + files;
        return std::string(spec) + ": neither a built-in volume nor " + files;
    };
    return c;
}

Codec<std::optional<volume::BandSpec>> bandCodec() {
    Codec<std::optional<volume::BandSpec>> c;
    c.metavar = "LO,HI";
    c.expects = "two numbers (or min, max), e.g. 300,max";
    c.parse = [](std::string_view s) -> std::optional<std::optional<volume::BandSpec>> {
        Result<volume::BandSpec> spec = volume::parseBandSpec(s);
        if (!spec) return std::nullopt;
        return std::optional<volume::BandSpec>(*spec);
    };
    c.format = [](const std::optional<volume::BandSpec>& b) { return b ? volume::bandSpecText(*b) : std::string(); };
    c.explain = [](std::string_view s) {
        Result<volume::BandSpec> spec = volume::parseBandSpec(s);
        return spec ? std::string() : spec.error();
    };
    return c;
}

Codec<std::string> dumpDirCodec() {
    return textCodec("DIR", "a folder name");
}

} // namespace dicer::options
