// The stages of a frame, once: the demo's loop times them under these names (StageTimers), the Timings panel
// and the text summary list them in this order, and `dicer --benchmark` writes one column per row. A stage
// that a frame skips (the colours without model colours, the sort without sorted blending, the surface while
// no surface is shown or exported) has no sample that frame: an empty CSV cell, "n/a" in the summary, never a
// dropped column. A frame voxelizes a mesh or discriminates a scalar volume, never both. Frame (frame.h) runs
// the first six; the particles, the sort and the views are the demo's (they draw), the UI is Dear ImGui's.
#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace dicer::frame {

enum class Stage { Voxelize, Discriminate, Build, List, Colors, Expand, Particles, Sort, Views, Ui };

struct StageInfo {
    Stage stage;
    const char* name;   // the timer's and the panel's: "HP build"
    const char* column; // the --benchmark CSV column: "hp_build_ms"
    const char* what;   // one line for tooltips and docs
};

inline constexpr std::array<StageInfo, 10> kStages = {{
    {Stage::Voxelize, "voxelize", "voxelize_ms", "mesh -> occupancy (atlas or bits), or the test atlas"},
    {Stage::Discriminate, "discriminate", "discriminate_ms",
     "scalar volume -> occupancy: the voxels whose value lies in the band"},
    {Stage::Build, "HP build", "hp_build_ms", "the method's build: HistoPyramid levels and the count"},
    {Stage::List, "PointList", "pointlist_ms", "the point buffer: one entry per active voxel"},
    {Stage::Colors, "colors", "colors_ms", "bits output: the model colour of every point (slot passes)"},
    {Stage::Expand, "expand", "expand_ms",
     "marching cubes: the band's surface as triangles (count, build, expand; no readback)"},
    {Stage::Particles, "particles", "particles_ms",
     "HeartBreaker: the point list drives the particles (and the shown surface's triangles, as pieces)"},
    {Stage::Sort, "sort", "sort_ms", "sorted blending: back-to-front order (HP counting sort)"},
    {Stage::Views, "views", "views_ms", "the 3D view and the panels' images"},
    {Stage::Ui, "UI", "ui_ms", "Dear ImGui's panels"},
}};

const StageInfo& stageInfo(Stage stage);
inline const char* stageName(Stage stage) {
    return stageInfo(stage).name;
}
// The row of a timer's stage name; nullopt for a name that is no stage.
std::optional<Stage> findStage(std::string_view name);

} // namespace dicer::frame
