// The view table's rule that the surface replaces the points (view_table.h ViewRow::hides): the panel's switch
// and the command line turn the points off unless they were asked for too, turning the surface off again brings
// them back when the 3D view would be empty, and "drawn:" names what is shown.
#include "cli.h"
#include "view_table.h"
#include "xray_steps.h"

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

// The X-ray's step mode (xray_steps.h): the base, one reduction a level up to the top, then one mark a step down
// the followed output's path, each captioned; past the last step it holds the final state.
TEST(XraySteps, BuildThenDescentThenHold) {
    const std::vector<dicer::hp::XrayLevel> levels{
        {0, {8, 8}, "texels"}, {1, {4, 4}, "sums"}, {2, {2, 2}, "sums"}, {3, {1, 1}, "sums"}};
    dicer::app::XrayFollow follow;
    follow.marks = {{3, {0, 0}}, {2, {1, 0}}, {1, {2, 1}}};
    follow.lines = {"level 3 ...", "level 2 ...", "level 1 ...", "output 5 is texel (4, 3)"};
    ASSERT_EQ(dicer::app::xrayStepCount(levels, follow), 7);
    for (int s = 0; s <= 3; ++s) {
        const dicer::app::XrayStepView v = dicer::app::xrayStepAt(s, levels, follow);
        EXPECT_EQ(v.builtLevels, s);
        EXPECT_EQ(v.marks, 0u);
        EXPECT_NE(v.caption.find(s == 0 ? "the base" : "reduction " + std::to_string(s)), std::string::npos)
            << v.caption;
    }
    EXPECT_NE(dicer::app::xrayStepAt(3, levels, follow).caption.find("holds the count"), std::string::npos);
    for (int s = 4; s <= 6; ++s) {
        const dicer::app::XrayStepView v = dicer::app::xrayStepAt(s, levels, follow);
        EXPECT_EQ(v.builtLevels, 3);
        EXPECT_EQ(v.marks, std::size_t(s - 3));
        EXPECT_EQ(v.caption, "descent: " + follow.lines[std::size_t(s - 4)]);
    }
    const dicer::app::XrayStepView last = dicer::app::xrayStepAt(100, levels, follow);
    EXPECT_EQ(last.marks, 3u);
    EXPECT_EQ(last.builtLevels, 3);
    EXPECT_TRUE(dicer::app::xrayStepAt(0, {}, follow).caption.empty());
}

// The followed output (xray_follow.h) is traced again when k, the pyramid or its number of levels change (a sparse
// pool that grew has more levels: the old path's marks would miss the new top), not when only the count does.
TEST(XrayFollow, TracedAgainOnANewKeyOrShapeNotOnANewCount) {
    int traces = 0;
    dicer::app::XraySubject subject;
    subject.of = 0;
    subject.method = "hp_sparse";
    subject.pyramid.levels.resize(8);
    subject.trace = [&traces](std::uint32_t k) {
        ++traces;
        dicer::app::XrayFound f;
        f.lines = {"output " + std::to_string(k)};
        return f;
    };
    dicer::app::XrayFollow f = dicer::app::followOutput(subject, 30, 100, {});
    EXPECT_EQ(traces, 1);
    EXPECT_EQ(f.lines, std::vector<std::string>{"output 30"});
    f = dicer::app::followOutput(subject, 30, 120, f); // a new count alone
    EXPECT_EQ(traces, 1);
    EXPECT_EQ(f.count, 120u);
    subject.pyramid.levels.resize(9); // the pool grew
    f = dicer::app::followOutput(subject, 30, 120, f);
    EXPECT_EQ(traces, 2);
    f = dicer::app::followOutput(subject, 31, 120, f);
    EXPECT_EQ(traces, 3);
    f = dicer::app::followOutput(subject, 500, 120, f); // clamped to the last
    EXPECT_EQ(f.k, 119u);
    EXPECT_EQ(traces, 4);
    f = dicer::app::followOutput(subject, 5, 0, f);
    EXPECT_EQ(traces, 4);
    EXPECT_NE(f.error.find("nothing to follow"), std::string::npos) << f.error;
}
