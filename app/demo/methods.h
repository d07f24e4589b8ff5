// What the demo's variant combo (and --variant) offers: the paper's four HistoPyramid variants
// (hp_variants.h), then the engine's GPU stream-compaction peers (compactor.h: the compute HistoPyramid,
// Horn's scan, atomic append), which turn the atlas into the same point buffer in one call, so the
// particles run on any of them. The CPU peers are left out: they read the whole atlas back every frame.
#pragma once

#include "compactor.h"
#include "hp_variants.h"

#include <span>
#include <string_view>

namespace dicer::app {

struct DemoMethod {
    const char* name;
    const char* summary;
    const hp::VariantInfo* variant = nullptr; // exactly one of variant / peer is set
    const peers::PeerInfo* peer = nullptr;
    bool isAvailable(const gl::GlInfo& info) const {
        return variant ? variant->isAvailable(info) : peer->isAvailable(info);
    }
};

// Variants first, in hp::variantTable() order (so a variant's index is the same in both tables).
std::span<const DemoMethod> demoMethods();
int findDemoMethod(std::string_view name); // index, or -1 for an unknown name

} // namespace dicer::app
