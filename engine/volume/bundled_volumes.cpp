#include "bundled_volumes.h"

namespace dicer::volume {

namespace {
constexpr BundledVolume kBundled[] = {
    {"headsq", "CT head (headsq)", "headsq/quarter.nhdr"},
    {"head_mr", "MR head", "head_mr/HeadMRVolume.mhd"},
};
} // namespace

std::span<const BundledVolume> bundledVolumes() {
    return kBundled;
}

} // namespace dicer::volume
