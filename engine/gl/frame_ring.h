// A ring of per-frame GPU results read back a few frames late, never stalling: the timestamp queries of
// StageTimers (timer.h) and the late copies of GPU words (late_readback.h: the count, the sparse status) use it.
// The ring owns only the bookkeeping: which slot this frame writes, which slots wait for the GPU, which result
// to read next. Whether a slot's GPU work is done is asked of the caller (GL_QUERY_RESULT_AVAILABLE or a
// GLsync fence in production, a fake in tests/frame_ring_test.cpp), so the rules are tested without GL:
//  - results come back oldest first, each at most once;
//  - a slot whose work is not done is skipped, never waited for, and asked again at the next harvest;
//  - a result older than one already read is dropped (results never come back out of order);
//  - a slot still pending when the ring comes round to it is dropped (the GPU is N frames behind);
//  - clear() drops everything pending (results of an old configuration).
// Every drop is reported to the caller (to delete a fence, count lost samples) and counted.
// Ring of >= 3-4 frames after nvpro's ProfilerGL / Magnum's FrameProfilerGL (ideas only).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace dicer::gl {

// GPU results are read 1-3 frames late: enough for any driver queue (Magnum uses 3, nvpro 4).
inline constexpr int kFrameRingSlots = 4;

template <class T, int N = kFrameRingSlots> class FrameRing {
public:
    static_assert(N >= 2, "a ring of one slot would have to wait for it");
    static constexpr int kSlots = N;

    // Slot i's payload (the GL objects or handles of that slot's work). Callbacks receive slot indices.
    T& operator[](int slot) { return m_slots[std::size_t(slot)].value; }
    const T& operator[](int slot) const { return m_slots[std::size_t(slot)].value; }
    int currentSlot() const { return int(m_frame % N); } // the slot this frame writes (slot 0 before begin())
    T& current() { return (*this)[currentSlot()]; }

    // Starts the next frame and returns its slot's payload. A result still pending there is dropped first:
    // onDrop(slot), never a wait.
    template <class OnDrop> T& begin(OnDrop&& onDrop) {
        ++m_frame;
        Slot& s = m_slots[std::size_t(currentSlot())];
        if (s.pending) drop(currentSlot(), onDrop);
        return s.value;
    }
    T& begin() {
        return begin([](int) {});
    }

    // This frame's slot now holds GPU work whose result will be ready later. Idempotent within a frame.
    void submit() {
        Slot& s = m_slots[std::size_t(currentSlot())];
        s.pending = true;
        s.frame = m_frame;
    }

    // Reads every result that is ready, oldest first: ready(slot) must answer without waiting, read(slot)
    // takes the result. A stale result (older than one already read) goes to onDrop(slot) unasked. Returns
    // the number of results read.
    template <class Ready, class Read, class OnDrop>
    int harvest(Ready&& ready, Read&& read, OnDrop&& onDrop) {
        int count = 0;
        for (std::int64_t f = m_frame - (N - 1); f <= m_frame; ++f) {
            if (f < 0) continue;
            const int i = int(f % N);
            Slot& s = m_slots[std::size_t(i)];
            if (!s.pending || s.frame != f) continue;
            if (f < m_lastRead) {
                drop(i, onDrop);
                continue;
            }
            if (!ready(i)) continue; // busy: ask again next time
            s.pending = false;
            m_lastRead = f;
            read(i);
            ++count;
        }
        return count;
    }
    template <class Ready, class Read> int harvest(Ready&& ready, Read&& read) {
        return harvest(ready, read, [](int) {});
    }

    // Drops every pending result: onDrop(slot) for each.
    template <class OnDrop> void clear(OnDrop&& onDrop) {
        for (int i = 0; i < N; ++i)
            if (m_slots[std::size_t(i)].pending) drop(i, onDrop);
    }
    void clear() {
        clear([](int) {});
    }

    int pendingCount() const {
        int n = 0;
        for (const Slot& s : m_slots)
            n += s.pending ? 1 : 0;
        return n;
    }
    std::int64_t droppedCount() const { return m_dropped; }

private:
    struct Slot {
        T value{};
        std::int64_t frame = -1; // the frame whose work it holds
        bool pending = false;    // submitted, result not read yet
    };
    template <class OnDrop> void drop(int slot, OnDrop& onDrop) {
        m_slots[std::size_t(slot)].pending = false;
        ++m_dropped;
        onDrop(slot);
    }

    std::array<Slot, N> m_slots{};
    std::int64_t m_frame = 0;     // the current frame; frame 0 is open from the start
    std::int64_t m_lastRead = -1; // the frame of the newest result read
    std::int64_t m_dropped = 0;
};

} // namespace dicer::gl
