#include "bench_source.h"

#include "test_images.h"

namespace dicer::bench {
namespace {

BenchAtlas fromImage(AtlasImage image, std::string label) {
    BenchAtlas a;
    a.label = std::move(label);
    a.size = {image.width, image.height};
    a.volume = image.volume;
    a.tiling = {{image.volume.x, image.volume.y}, image.tilesX};
    a.rgba = std::move(image.rgba);
    return a;
}

Result<BenchAtlas> spherePaper(int atlasSize) {
    return fromImage(makeSphereShellAtlas(atlasSize), std::to_string(atlasSize) + "²");
}

Result<BenchAtlas> sphereCube(int side) {
    return fromImage(makeSphereShellVolume(side), std::to_string(side) + "³");
}

constexpr AtlasSource kSources[] = {
    {"sphere", "built-in sphere shell (radius 0.6 of [-1,1]^3, one voxel thick)", spherePaper, sphereCube},
};

} // namespace

std::vector<std::uint8_t> BenchAtlas::alpha() const {
    std::vector<std::uint8_t> a(static_cast<size_t>(texels()));
    for (size_t i = 0; i < a.size(); ++i)
        a[i] = rgba[i * 4 + 3];
    return a;
}

std::span<const AtlasSource> atlasSources() {
    return kSources;
}

const AtlasSource* findAtlasSource(std::string_view name) {
    for (const AtlasSource& s : kSources)
        if (name == s.name) return &s;
    return nullptr;
}

} // namespace dicer::bench
