#include "vocabulary.h"

#include "mc_method_table.h"
#include "model_catalog.h"
#include "volume_layout.h"

namespace dicer::options {

Codec<hp::Storage> storageCodec() {
    return enumCodec<hp::Storage>(hp::kStorages, hp::storageName);
}
Codec<hp::BuildPath> buildPathCodec() {
    return enumCodec<hp::BuildPath>(hp::kBuildPaths, hp::buildPathName);
}
Codec<voxel::VoxelMode> voxelModeCodec() {
    return enumCodec<voxel::VoxelMode>(voxel::kVoxelModes, voxel::voxelModeName, voxel::parseVoxelMode);
}
Codec<voxel::VoxelMethod> voxelMethodCodec() {
    return enumCodec<voxel::VoxelMethod>(voxel::voxelMethods(), voxel::voxelMethodName,
                                         voxel::parseVoxelMethod);
}
Codec<voxel::SurfaceRule> surfaceRuleCodec() {
    return enumCodec<voxel::SurfaceRule>(voxel::kSurfaceRules, voxel::surfaceRuleName,
                                         voxel::parseSurfaceRule);
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
    Codec<std::string> c = textCodec("NAME|XxYxZ", joinChoices(names),
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

Codec<int> mcMethodCodec() {
    std::vector<std::pair<std::string, int>> rows;
    std::vector<std::string> names;
    const auto table = surface::mcMethodTable();
    for (std::size_t i = 0; i < table.size(); ++i) {
        rows.emplace_back(table[i].name, int(i));
        names.emplace_back(table[i].name);
    }
    Codec<int> c = namesCodec<int>(std::move(rows), "NAME");
    c.choices = joinChoices(names, ", ");
    return c;
}

Codec<std::string> dumpDirCodec() {
    return textCodec("DIR", "a folder name");
}

} // namespace dicer::options
