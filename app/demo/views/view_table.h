// The demo's views as a table: one row per thing the demo can show (the 3D view's point cloud, mesh and surface;
// the panels' slice atlas and point list). A row feeds --view NAME, the option --show-NAME, the Particles & views
// panel's checkbox and the stages the frame runs only while it is shown; what a row draws is its hook in
// view_draws.cpp, in the same order. A new view is one row here, one hook there and its own file pair.
#pragma once

#include "frame_stages.h"
#include "row_table.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <iterator>
#include <span>
#include <string_view>
#include <vector>

namespace dicer::app {

// Where a view draws: in the 3D view (depth-tested, under the panels) or as a panel's image (hidden with the
// panels by Tab, and redrawn only when what it shows changes).
enum class ViewPlace { Scene, Panel };

struct ViewRow {
    const char* name;    // --view NAME and --show-NAME
    const char* label;   // the checkbox's
    const char* summary; // --show-NAME's help and the checkbox's tooltip
    ViewPlace place;
    bool shownByDefault;
    // The stages the frame runs for it while it is shown (each also asks its own settings: the colours only for
    // model colours, the sort only for sorted blending); the 'views' stage draws every view.
    std::span<const frame::Stage> stages;
    // The view it replaces: turning this one on turns that one off unless it was asked for too (the surface
    // hides the points, which would poke through it as speckle). Null: none.
    const char* hides = nullptr;
};
using ViewId = gl::RowId<ViewRow>;

// Rows draw in table order: the opaque views before the point cloud (sorted blending is translucent).
namespace view_stages {
using frame::Stage;
// The particles (the cloud's positions, HeartBreaker's phases); model colours (bits output); sorted blending.
inline constexpr Stage kPoints[] = {Stage::Particles, Stage::Colors, Stage::Sort};
inline constexpr Stage kSurface[] = {Stage::Expand, Stage::Particles}; // marching cubes; the shatter's pieces
} // namespace view_stages
inline constexpr ViewRow kViewRows[] = {
    {"mesh", "mesh", "the shaded model (it hides the cloud on its surface)", ViewPlace::Scene, false, {}},
    {"surface", "surface",
     "the surface of a volume's band: marching cubes on the GPU (the expand stage), shaded with its normals; "
     "it turns the points off unless they are asked for too",
     ViewPlace::Scene, false, view_stages::kSurface, "points"},
    {"points", "points", "the point cloud", ViewPlace::Scene, true, view_stages::kPoints},
    {"atlas", "atlas", "the slice atlas panel", ViewPlace::Panel, true, {}},
    {"list", "list", "the point list panel", ViewPlace::Panel, true, {}},
    {"xray", "X-ray",
     "the HistoPyramid X-ray panel: every level of the method's pyramid as the GPU built it this frame, summed per "
     "pixel through a log colour map, and one output followed down it",
     ViewPlace::Panel, false, {}},
};
static_assert(std::size(kViewRows) <= 32, "ShownViews (a RowSet) holds a bit per row");

inline std::span<const ViewRow> viewTable() { return kViewRows; }
inline const ViewRow& viewRow(ViewId id) { return kViewRows[size_t(id.row)]; } // an id of this table
inline std::vector<ViewId> viewIds() { return gl::rowIds(viewTable()); }       // every row, in table order

// The rows the frame's code asks about by themselves, found by name when it compiles.
consteval ViewId viewNamed(std::string_view name) {
    for (size_t i = 0; i < std::size(kViewRows); ++i)
        if (name == kViewRows[i].name) return ViewId(int(i));
    throw "no such view"; // not a constant expression: the build fails
}
inline constexpr ViewId kMeshView = viewNamed("mesh"), kSurfaceView = viewNamed("surface"),
                        kPointsView = viewNamed("points"), kAtlasView = viewNamed("atlas"),
                        kListView = viewNamed("list"), kXrayView = viewNamed("xray");

// Which views are shown (the rows shownByDefault, until told otherwise).
struct ShownViews : gl::RowSet<ViewRow> {
    ShownViews() : RowSet{defaultBits()} {}
    std::vector<ViewId> ids() const { return RowSet::ids(viewTable()); } // the shown ones, in table order
    bool run(frame::Stage stage) const; // a shown view runs `stage` (frame_stages.h)
    // Shows or hides `id`; showing a view that hides another (ViewRow::hides) hides that one unless `keep`
    // says it was asked for (returns it); hiding it again, when nothing else is left in the 3D view, shows that
    // one again.
    std::optional<ViewId> show(ViewId id, bool on, const std::function<bool(ViewId)>& keep = {});
    std::string drawn() const; // "surface, atlas": the shown views, in table order ("nothing")
    static std::uint32_t defaultBits();
    bool operator==(const ShownViews&) const = default;
};

} // namespace dicer::app
