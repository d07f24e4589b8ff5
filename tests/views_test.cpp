// The view table's rule that the surface replaces the points (view_table.h ViewRow::hides): the panel's switch
// and the command line turn the points off unless they were asked for too, turning the surface off again brings
// them back when the 3D view would be empty, and "drawn:" names what is shown.
#include "cli.h"
#include "view_table.h"

#include <gtest/gtest.h>

using namespace dicer::app;

namespace {

ShownViews viewsOf(std::vector<const char*> args) {
    args.insert(args.begin(), "dicer");
    CommandLine out;
    testing::internal::CaptureStderr();
    EXPECT_EQ(parseCommandLine(int(args.size()), args.data(), out), ParseResult::Run);
    testing::internal::GetCapturedStderr();
    return out.settings.view.shown;
}

} // namespace

TEST(Views, TheSurfaceTurnsThePointsOffUnlessTheyAreAskedFor) {
    ShownViews v;
    ASSERT_TRUE(v.has(kPointsView));
    EXPECT_EQ(v.show(kSurfaceView, true), std::optional<ViewId>(kPointsView));
    EXPECT_FALSE(v.has(kPointsView));
    EXPECT_EQ(v.drawn(), "surface, atlas, list");
    v.show(kPointsView, true); // asked for again: both
    EXPECT_TRUE(v.has(kPointsView) && v.has(kSurfaceView));
    v.show(kSurfaceView, false);
    v.show(kPointsView, false);
    EXPECT_EQ(v.show(kSurfaceView, true, [](ViewId id) { return id == kPointsView; }), std::nullopt);
    // The surface off with nothing else in the 3D view: the points come back; with the mesh shown they do not.
    ShownViews w;
    w.show(kSurfaceView, true);
    w.show(kSurfaceView, false);
    EXPECT_TRUE(w.has(kPointsView));
    w.show(kSurfaceView, true);
    w.show(kMeshView, true);
    w.show(kSurfaceView, false);
    EXPECT_FALSE(w.has(kPointsView));
    ShownViews none;
    for (ViewId id : viewIds())
        none.set(id, false);
    EXPECT_EQ(none.drawn(), "nothing");
}

TEST(Views, TheCommandLineKeepsThePointsOnlyWhenAskedFor) {
    const std::vector<const char*> volume = {"--volume", "metaballs:16"};
    auto with = [&](std::vector<const char*> more) {
        std::vector<const char*> args = volume;
        args.insert(args.end(), more.begin(), more.end());
        return viewsOf(args);
    };
    EXPECT_FALSE(with({"--show-surface"}).has(kPointsView));
    EXPECT_TRUE(with({"--show-surface", "--show-points"}).has(kPointsView));
    EXPECT_TRUE(with({"--view", "surface,points"}).has(kPointsView));
    EXPECT_FALSE(with({"--view", "surface"}).has(kPointsView));
    EXPECT_TRUE(with({}).has(kPointsView)) << "no surface: the points as ever";
}
