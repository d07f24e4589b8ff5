// CPU-only tests of the frame ring's availability logic (engine/gl/frame_ring.h), which StageTimers and the
// demo's count read-back share. The GPU is a fake: each slot's payload is its frame number, and a frame's
// fence "signals" when the fake says so.
#include "frame_ring.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

using dicer::gl::FrameRing;

namespace {

// A fake GPU: frames complete in order up to `doneUpTo`, except the ones listed as stuck.
struct FakeGpu {
    long doneUpTo = -1;
    std::set<long> stuck;
    int asked = 0;
    bool signalled(long frame) {
        ++asked;
        return frame <= doneUpTo && !stuck.count(frame);
    }
};

using Ring = FrameRing<long, 4>;

// One frame of a producer: start the next slot, record the frame in it, submit.
void produce(Ring& ring, long frame, std::vector<long>* dropped = nullptr) {
    ring.begin([&](int slot) {
        if (dropped) dropped->push_back(ring[slot]);
    }) = frame;
    ring.submit();
}

std::vector<long> harvest(Ring& ring, FakeGpu& gpu, std::vector<long>* dropped = nullptr) {
    std::vector<long> read;
    ring.harvest([&](int slot) { return gpu.signalled(ring[slot]); },
                 [&](int slot) { read.push_back(ring[slot]); },
                 [&](int slot) {
                     if (dropped) dropped->push_back(ring[slot]);
                 });
    return read;
}

} // namespace

TEST(FrameRing, ResultsComeBackOldestFirst) {
    Ring ring;
    FakeGpu gpu;
    for (long f = 1; f <= 3; ++f)
        produce(ring, f);
    gpu.doneUpTo = 3;
    EXPECT_EQ(harvest(ring, gpu), (std::vector<long>{1, 2, 3}));
    EXPECT_EQ(ring.pendingCount(), 0);
    EXPECT_EQ(ring.droppedCount(), 0);
}

TEST(FrameRing, BusySlotIsSkippedNotWaitedFor) {
    Ring ring;
    FakeGpu gpu;
    produce(ring, 1);
    EXPECT_TRUE(harvest(ring, gpu).empty());
    EXPECT_EQ(gpu.asked, 1); // asked once, no polling loop
    EXPECT_EQ(ring.pendingCount(), 1);
    gpu.doneUpTo = 1;
    EXPECT_EQ(harvest(ring, gpu), (std::vector<long>{1})); // asked again later, read then
}

TEST(FrameRing, NeverReadsASlotTwice) {
    Ring ring;
    FakeGpu gpu;
    produce(ring, 1);
    produce(ring, 2);
    gpu.doneUpTo = 2;
    EXPECT_EQ(harvest(ring, gpu).size(), 2u);
    gpu.asked = 0;
    EXPECT_TRUE(harvest(ring, gpu).empty());
    EXPECT_EQ(gpu.asked, 0); // nothing pending: nothing asked
}

TEST(FrameRing, FrameWithoutWorkIsNotRead) {
    Ring ring;
    FakeGpu gpu;
    ring.begin() = 1; // no submit(): e.g. a frame without timed stages
    gpu.doneUpTo = 1;
    EXPECT_TRUE(harvest(ring, gpu).empty());
    EXPECT_EQ(gpu.asked, 0);
}

// The steady state of a frame loop whose GPU runs two frames behind: every result arrives exactly once, in
// order, through many wrap-arounds of the slot index.
TEST(FrameRing, WrapAroundDeliversEveryFrameOnceInOrder) {
    Ring ring;
    FakeGpu gpu;
    std::vector<long> read;
    std::vector<int> slots;
    for (long f = 1; f <= 41; ++f) {
        gpu.doneUpTo = f - 3; // frames up to f - 3 have finished when frame f starts
        for (long r : harvest(ring, gpu))
            read.push_back(r);
        produce(ring, f);
        slots.push_back(ring.currentSlot());
    }
    std::vector<long> expected;
    for (long f = 1; f <= 38; ++f)
        expected.push_back(f);
    EXPECT_EQ(read, expected);
    EXPECT_EQ(ring.droppedCount(), 0);
    EXPECT_EQ(ring.pendingCount(), 3);
    for (size_t i = 1; i < slots.size(); ++i)
        EXPECT_EQ(slots[i], (slots[i - 1] + 1) % Ring::kSlots);
}

// A GPU more than N frames behind: the ring comes round to a slot whose result never arrived and drops it
// (told through onDrop) instead of waiting; the dropped frame's result is never read afterwards.
TEST(FrameRing, SlotStillPendingWhenTheRingComesRoundIsDropped) {
    Ring ring;
    FakeGpu gpu;
    std::vector<long> dropped;
    for (long f = 1; f <= 4; ++f)
        produce(ring, f, &dropped);
    EXPECT_TRUE(harvest(ring, gpu).empty());
    EXPECT_TRUE(dropped.empty());
    produce(ring, 5, &dropped); // reuses frame 1's slot
    EXPECT_EQ(dropped, (std::vector<long>{1}));
    EXPECT_EQ(ring.droppedCount(), 1);
    gpu.doneUpTo = 5;
    EXPECT_EQ(harvest(ring, gpu), (std::vector<long>{2, 3, 4, 5}));
}

// Fences signal in order on real drivers, but if a newer one is seen first the older result is dropped
// rather than delivered out of order.
TEST(FrameRing, OlderResultFinishingAfterANewerOneIsDropped) {
    Ring ring;
    FakeGpu gpu;
    produce(ring, 1);
    produce(ring, 2);
    gpu.doneUpTo = 2;
    gpu.stuck = {1};
    EXPECT_EQ(harvest(ring, gpu), (std::vector<long>{2}));
    gpu.stuck.clear();
    std::vector<long> dropped;
    EXPECT_TRUE(harvest(ring, gpu, &dropped).empty());
    EXPECT_EQ(dropped, (std::vector<long>{1}));
    EXPECT_EQ(ring.pendingCount(), 0);
}

TEST(FrameRing, ClearDropsEveryPendingResult) {
    Ring ring;
    FakeGpu gpu;
    produce(ring, 1);
    produce(ring, 2);
    std::vector<int> droppedSlots;
    ring.clear([&](int slot) { droppedSlots.push_back(slot); });
    EXPECT_EQ(droppedSlots.size(), 2u);
    EXPECT_EQ(ring.pendingCount(), 0);
    EXPECT_EQ(ring.droppedCount(), 2);
    gpu.doneUpTo = 2;
    EXPECT_TRUE(harvest(ring, gpu).empty()); // the old configuration's results never come back
    produce(ring, 3);
    gpu.doneUpTo = 3;
    EXPECT_EQ(harvest(ring, gpu), (std::vector<long>{3})); // new ones do
}
