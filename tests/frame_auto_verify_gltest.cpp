// Verify by itself, off the frame thread (auto_verify.h, verify_snapshot.h): the snapshot's comparison equals the
// in-place one for every demo row and output; the states pending -> done after the debounce; a wrong list is a
// MISMATCH and a list cut at an injected small storage block INCOMPLETE; a change cancels a comparison under way
// and its report never comes out; a list above the size limit waits for a request.
#include "auto_verify.h"
#include "builtin_models.h"
#include "frame_test_util.h"
#include "hp_shared.h"
#include "method_table.h"
#include "point_buffer.h"

#include <chrono>
#include <thread>

using namespace dicer;

namespace {

// One frame of the pipeline over the teapot.
void runFrame(frame::Frame& f) {
    f.voxelize(glm::mat4(1.f));
    ASSERT_TRUE(f.build());
    ASSERT_TRUE(f.list());
}

// Polls (rendering a frame each time when `render`) until a report comes out, at most ~20 s; the clock is the
// test's: `nowMs` advances 10 ms a poll.
std::optional<hp::VerifyReport> pollUntilReport(frame::AutoVerify& v, frame::Frame& f, double& nowMs,
                                                bool render = true) {
    for (int i = 0; i < 2000; ++i) {
        if (render) runFrame(f);
        nowMs += 10;
        if (std::optional<hp::VerifyReport> r = v.poll(f, nowMs)) return r;
        if (v.state() != frame::AutoVerify::State::Pending) return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return std::nullopt;
}

frame::AutoVerifyLimits noWait() {
    frame::AutoVerifyLimits l;
    l.debounceMs = 0;
    l.debounceFrames = 0;
    return l;
}

} // namespace

TEST(AutoVerify, SnapshotComparisonEqualsTheInPlaceOneForEveryDemoRow) {
    for (methods::MethodId row : gl::rowIds(methods::methodTable())) {
        if (!methods::methodInfo(row).inDemo()) continue;
        SCOPED_TRACE(methods::methodInfo(row).name);
        const auto one = test::teapotFrame(row); // the resident list: the count stays on the GPU
        ASSERT_TRUE(one);
        frame::Frame& f = *one->created;
        for (int frame = 0; frame < 4; ++frame) // the late count sizes the list, the sparse pool settles
            runFrame(f);
        const hp::VerifyReport inPlace = f.verify();
        ASSERT_TRUE(inPlace.ok()) << inPlace.describe();
        Result<std::unique_ptr<frame::VerifySnapshot>> snap = frame::VerifySnapshot::capture(*f.listOnGpu());
        ASSERT_TRUE(snap) << snap.error();
        while (!(*snap)->landed())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        std::optional<hp::VerifyReport> copied;
        std::thread([&] { copied = (*snap)->compare(std::size_t(64) << 10); }).join(); // off the GL thread
        EXPECT_TRUE(copied->ok()) << copied->describe();
        EXPECT_EQ(copied->cpuCount, inPlace.cpuCount);
        EXPECT_EQ(copied->gpuCount, inPlace.gpuCount);
        EXPECT_EQ((*snap)->bytes(), frame::VerifySnapshot::bytesFor(*f.listOnGpu()));
        DICER_EXPECT_NO_GL_ERROR();
    }
}

TEST(AutoVerify, PendingUntilTheDebounceThenOk) {
    const auto one = test::teapotFrame(frame::defaultMethodFor(occupancy::VoxelOutput::Bits));
    ASSERT_TRUE(one);
    frame::Frame& f = *one->created;
    frame::AutoVerify v; // 300 ms and 3 frames
    double now = 1000;
    v.changed(now);
    for (int frame = 0; frame < 3; ++frame) { // frames within the debounce: nothing copied
        runFrame(f);
        now += 50;
        EXPECT_FALSE(v.poll(f, now));
        EXPECT_EQ(v.state(), frame::AutoVerify::State::Pending);
        EXPECT_FALSE(v.busy());
    }
    now = 1250; // a change restarts the wait
    v.changed(now);
    runFrame(f);
    EXPECT_FALSE(v.poll(f, now + 299));
    EXPECT_FALSE(v.busy());
    std::optional<hp::VerifyReport> r = pollUntilReport(v, f, now);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->ok()) << r->describe();
    EXPECT_GT(r->gpuCount, 1000u);
    EXPECT_EQ(v.state(), frame::AutoVerify::State::Done);
    EXPECT_FALSE(v.busy());
    EXPECT_EQ(v.cancelled(), 0u);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(AutoVerify, WrongListIsAMismatch) {
    const auto one = test::teapotFrame(frame::defaultMethodFor(occupancy::VoxelOutput::Bits),
                                       [](frame::FrameSettings& s) { s.listPath = hp::ListPath::Readback; });
    ASSERT_TRUE(one); // the paper's path: this frame's count on the CPU
    frame::Frame& f = *one->created;
    runFrame(f);
    // One entry changed on the GPU after the list, before the snapshot copies it.
    const std::uint32_t k = *f.activeCount() / 3;
    glm::uvec4 entry;
    f.method()->points().readRange(k, std::span(&entry, 1));
    entry.y ^= 4u;
    glNamedBufferSubData(f.method()->points().id(), GLintptr(k) * HP_POINT_BYTES, sizeof entry, &entry);
    frame::AutoVerify v(noWait());
    double now = 0;
    std::optional<hp::VerifyReport> r = pollUntilReport(v, f, now, /*render=*/false);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->verdict(), hp::VerifyReport::Verdict::Mismatch) << r->describe();
    EXPECT_GE(r->mismatches, 1u);
    DICER_EXPECT_NO_GL_ERROR();
}

// As FrameLimit (frame_shape_gltest.cpp): the point buffer's blocks lowered to 65536 entries, the teapot's
// 267552 points at 512^3 cut at 262144.
TEST(AutoVerify, ListCutAtASmallStorageBlockIsIncomplete) {
    const auto one = test::teapotFrame(frame::defaultMethodFor(occupancy::VoxelOutput::Sparse),
                                       [](frame::FrameSettings& s) { s.preset = "512"; }, test::smallEntryBlocks());
    ASSERT_TRUE(one);
    frame::Frame& f = *one->created;
    for (int frame = 0; frame < 3; ++frame) // the pool's first guess may overflow on frame 0
        runFrame(f);
    frame::AutoVerify v(noWait());
    double now = 0;
    std::optional<hp::VerifyReport> r = pollUntilReport(v, f, now, /*render=*/false);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->verdict(), hp::VerifyReport::Verdict::Incomplete) << r->describe();
    EXPECT_EQ(r->held, 262144u);
    EXPECT_NE(r->limit.find("storage blocks hold 262144 points"), std::string::npos) << r->limit;
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(AutoVerify, AChangeCancelsTheComparisonUnderWay) {
    const auto one = test::teapotFrame(frame::defaultMethodFor(occupancy::VoxelOutput::Bits));
    ASSERT_TRUE(one);
    frame::Frame& f = *one->created;
    // The first comparison is held on its worker until it is told to stop; the next ones run.
    std::atomic<int> started{0};
    frame::AutoVerifyLimits limits = noWait();
    limits.beforeCompare = [&](const std::stop_token& stop) {
        if (started++ > 0) return;
        while (!stop.stop_requested())
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
    };
    frame::AutoVerify v(limits);
    double now = 0;
    for (int i = 0; i < 2000 && started == 0; ++i) {
        runFrame(f);
        EXPECT_FALSE(v.poll(f, now += 10));
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    ASSERT_EQ(started, 1) << "the first comparison never started";
    EXPECT_TRUE(v.busy());
    v.changed(now);
    EXPECT_EQ(v.cancelled(), 1u);
    EXPECT_FALSE(v.busy());
    EXPECT_EQ(v.state(), frame::AutoVerify::State::Pending);
    // The cancelled one stops and never reports; the next comparison does, over the frame as it is now.
    std::optional<hp::VerifyReport> r = pollUntilReport(v, f, now);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->ok()) << r->describe();
    EXPECT_EQ(started, 2);
    EXPECT_EQ(v.cancelled(), 1u);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(AutoVerify, AListAboveTheLimitWaitsForARequest) {
    const auto one = test::teapotFrame(frame::defaultMethodFor(occupancy::VoxelOutput::Bits));
    ASSERT_TRUE(one);
    frame::Frame& f = *one->created;
    frame::AutoVerifyLimits limits = noWait();
    limits.maxPoints = 1000; // the teapot at 128^3 lists ~18 k
    frame::AutoVerify v(limits);
    double now = 0;
    EXPECT_FALSE(pollUntilReport(v, f, now));
    EXPECT_EQ(v.state(), frame::AutoVerify::State::OnRequest);
    EXPECT_FALSE(v.busy());
    EXPECT_NE(v.why().find("verified on request"), std::string::npos) << v.why();
    v.settle(); // a verify on request took it
    EXPECT_EQ(v.state(), frame::AutoVerify::State::Done);
    DICER_EXPECT_NO_GL_ERROR();
}

TEST(AutoVerify, AStoppedComparisonReturnsAtOnce) {
    const auto one = test::teapotFrame(frame::defaultMethodFor(occupancy::VoxelOutput::Bits),
                                       [](frame::FrameSettings& s) { s.listPath = hp::ListPath::Readback; });
    ASSERT_TRUE(one);
    frame::Frame& f = *one->created;
    runFrame(f);
    Result<std::unique_ptr<frame::VerifySnapshot>> snap = frame::VerifySnapshot::capture(*f.listOnGpu());
    ASSERT_TRUE(snap) << snap.error();
    while (!(*snap)->landed())
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::stop_source stopped;
    stopped.request_stop();
    const hp::VerifyReport r = (*snap)->compare(std::size_t(1) << 10, stopped.get_token());
    EXPECT_EQ(r.cpuCount, 0u) << "no chunk compared";
    EXPECT_EQ(r.mismatches, 0u);
    EXPECT_TRUE((*snap)->compare(std::size_t(1) << 10).ok());
}
