// CPU-only tests of the foundation: Result, the timing window, timer source choice, handle semantics.
#include "gl_handle.h"
#include "result.h"
#include "timer.h"

#include <gtest/gtest.h>

#include <type_traits>

using namespace dicer;

TEST(Result, CarriesValueOrError) {
    Result<int> ok = 3;
    ASSERT_TRUE(ok);
    EXPECT_EQ(*ok, 3);
    Result<int> bad = makeError("boom");
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error(), "boom");
    Result<void> v;
    EXPECT_TRUE(v);
    Result<void> vbad = makeError("x");
    EXPECT_FALSE(vbad);
    EXPECT_EQ(vbad.error(), "x");
}

TEST(GlHandle, IsMoveOnlyAndNothrowMovable) {
    static_assert(!std::is_copy_constructible_v<gl::Texture>);
    static_assert(!std::is_copy_assignable_v<gl::Texture>);
    static_assert(std::is_nothrow_move_constructible_v<gl::Texture>);
    static_assert(std::is_nothrow_move_assignable_v<gl::Buffer>);
    static_assert(std::is_nothrow_move_constructible_v<gl::Program>);
    gl::Texture none; // the no-create state needs no context
    EXPECT_EQ(none.id(), 0u);
    EXPECT_FALSE(none);
    gl::Texture moved = std::move(none);
    EXPECT_EQ(moved.id(), 0u);
}

TEST(SampleWindow, AveragesMinMaxOverABoundedWindow) {
    SampleWindow w(3);
    EXPECT_EQ(w.stats("x").samples, 0);
    w.add(1);
    w.add(2);
    w.add(6);
    StageStats s = w.stats("x");
    EXPECT_EQ(s.samples, 3);
    EXPECT_DOUBLE_EQ(s.avgMs, 3.0);
    EXPECT_DOUBLE_EQ(s.minMs, 1.0);
    EXPECT_DOUBLE_EQ(s.maxMs, 6.0);
    w.add(9); // pushes out the oldest (1)
    s = w.stats("x");
    EXPECT_EQ(s.samples, 3);
    EXPECT_DOUBLE_EQ(s.minMs, 2.0);
    EXPECT_DOUBLE_EQ(s.lastMs, 9.0);
    EXPECT_DOUBLE_EQ(s.avgMs, 17.0 / 3.0);
    w.clear();
    EXPECT_EQ(w.stats("x").samples, 0);
}

TEST(TimerSource, SoftwareOrForcedMeansFencedCpu) {
    EXPECT_EQ(chooseTimerSource(true, false), TimerSource::GpuTimestamp);
    EXPECT_EQ(chooseTimerSource(false, false), TimerSource::CpuFenced);
    EXPECT_EQ(chooseTimerSource(true, true), TimerSource::CpuFenced);
    EXPECT_STREQ(timerSourceName(TimerSource::CpuFenced), "cpu-fenced");
    EXPECT_STREQ(timerSourceName(TimerSource::GpuTimestamp), "gpu-timer");
}

TEST(Summary, MedianMinMax) {
    Summary s = summarize({5, 1, 3});
    EXPECT_DOUBLE_EQ(s.median, 3);
    EXPECT_DOUBLE_EQ(s.min, 1);
    EXPECT_DOUBLE_EQ(s.max, 5);
    EXPECT_DOUBLE_EQ(summarize({1, 2, 3, 10}).median, 2.5);
    EXPECT_EQ(summarize({}).samples, 0);
}
