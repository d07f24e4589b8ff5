#include "view_table.h"

#include <string_view>

namespace dicer::app {
namespace {

using frame::Stage;
constexpr Stage kPointStages[] = {Stage::Colors, Stage::Sort}; // model colours (bits output); sorted blending
constexpr Stage kSurfaceStages[] = {Stage::Expand};            // marching cubes

// Rows draw in table order: the opaque views before the point cloud (sorted blending is translucent).
constexpr ViewRow kViews[] = {
    {"mesh", "mesh", "the shaded model (it hides the cloud on its surface)", ViewPlace::Scene, false, {}},
    {"surface", "surface",
     "the surface of a volume's band: marching cubes on the GPU (the expand stage), shaded with its normals",
     ViewPlace::Scene, false, kSurfaceStages},
    {"points", "points", "the point cloud", ViewPlace::Scene, true, kPointStages},
    {"atlas", "atlas", "the slice atlas panel", ViewPlace::Panel, true, {}},
    {"list", "list", "the point list panel", ViewPlace::Panel, true, {}},
};
static_assert(std::size(kViews) <= 32, "ShownViews holds a bit per row");
static_assert(std::string_view(kViews[kPointsView.row].name) == "points" &&
              std::string_view(kViews[kMeshView.row].name) == "mesh" &&
              std::string_view(kViews[kSurfaceView.row].name) == "surface" &&
              std::string_view(kViews[kAtlasView.row].name) == "atlas" &&
              std::string_view(kViews[kListView.row].name) == "list");

} // namespace

std::span<const ViewRow> viewTable() {
    return kViews;
}

const ViewRow& viewRow(ViewId id) {
    const ViewRow* row = gl::rowOf(viewTable(), id);
    return row ? *row : kViews[0];
}

std::vector<ViewId> viewIds() {
    return gl::rowIds(viewTable());
}

void ShownViews::set(ViewId id, bool on) {
    if (!gl::rowOf(viewTable(), id)) return;
    const std::uint32_t bit = 1u << id.row;
    bits = on ? bits | bit : bits & ~bit;
}

std::vector<ViewId> ShownViews::ids() const {
    std::vector<ViewId> shown;
    for (ViewId id : viewIds())
        if (has(id)) shown.push_back(id);
    return shown;
}

bool ShownViews::run(frame::Stage stage) const {
    for (ViewId id : ids())
        for (frame::Stage s : viewRow(id).stages)
            if (s == stage) return true;
    return false;
}

std::uint32_t ShownViews::defaultBits() {
    std::uint32_t bits = 0;
    for (ViewId id : viewIds())
        if (viewRow(id).shownByDefault) bits |= 1u << id.row;
    return bits;
}

} // namespace dicer::app
