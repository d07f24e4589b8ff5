#include "bundled_volumes.h"

#include <fstream>
#include <iterator>
#include <string>

namespace dicer::volume {

namespace {
constexpr BundledVolume kBundled[] = {
    {"headsq", "CT head (headsq)", "headsq/quarter.nhdr"},
    {"head_mr", "MR head", "head_mr/HeadMRVolume.mhd"},
};
// Up and front in each scan's index axes, read off its surface (the CT head's slices run from the crown down,
// the MR head's up to it; both faces look toward -y).
constexpr BundledAnatomy kAnatomies[] = {
    {"headsq", {{2, true}, {1, true}},
     "slice 1 is the crown and the face is toward -y: VTK's headsq examples (Medical1-3) view it with ViewUp "
     "(0,0,-1) from -y"},
    {"head_mr", {{2, false}, {1, true}},
     "its last slices are the crown and the face is toward -y: its surface at [30, 255] seen from each axis"},
};
} // namespace

std::span<const BundledVolume> bundledVolumes() {
    return kBundled;
}

std::span<const BundledAnatomy> bundledAnatomies() {
    return kAnatomies;
}

std::optional<Anatomy> bundledAnatomy(const std::filesystem::path& file) {
    // The file is one of them when its header has the bundled one's name and bytes: the repository's copy,
    // the build's copy next to the programs, or one the user copied elsewhere.
    const auto bytes = [](const std::filesystem::path& p) {
        std::ifstream in(p, std::ios::binary);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        return in.bad() || text.size() > (1u << 16) ? std::string() : text;
    };
    for (const BundledAnatomy& row : kAnatomies) {
        const std::filesystem::path bundled = bundledVolumePath(row.name);
        if (bundled.empty() || file.filename() != bundled.filename()) continue;
        const std::string mine = bytes(file);
        if (!mine.empty() && mine == bytes(bundled)) return row.anatomy;
    }
    return std::nullopt;
}

} // namespace dicer::volume
