// Per-stage timing. Two sources, and every number says which one it came from:
//  - GpuTimestamp: a GL_TIMESTAMP query pair per stage in a ring of frames (frame_ring.h), read back only
//    when GL_QUERY_RESULT_AVAILABLE says so (never stalls); a still-busy slot is dropped, not waited for.
//  - CpuFenced: glFinish() before and after the stage around a steady clock. Stalls the pipeline, which is
//    what makes it honest where timer queries are not (Mesa llvmpipe returns garbage for them).
// Ring + averaging modelled on nvpro's ProfilerGL / Magnum's FrameProfilerGL (ideas only).
#pragma once

#include "frame_ring.h"
#include "gl_handle.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace dicer::gl {

enum class TimerSource { GpuTimestamp, CpuFenced };

const char* timerSourceName(TimerSource source); // "gpu-timer" / "cpu-fenced"

// The source a context should use: GPU queries unless the driver's are unreliable or the user forces CPU.
TimerSource chooseTimerSource(bool timerQueriesReliable, bool forceCpu);

struct StageStats {
    std::string name;
    double lastMs = 0, avgMs = 0, minMs = 0, maxMs = 0;
    int samples = 0;
};

// Pure bookkeeping of one stage's samples: a bounded window for avg/min/max (testable without GL).
class SampleWindow {
public:
    explicit SampleWindow(int capacity = 128) : m_capacity(capacity) {}
    void add(double ms);
    void clear() {
        m_values.clear();
        m_next = 0;
    }
    StageStats stats(std::string name) const;
    const std::vector<double>& values() const { return m_values; } // ring order, oldest at `next()`
    int next() const { return m_next; }

private:
    int m_capacity;
    std::vector<double> m_values;
    int m_next = 0;
    double m_last = 0;
};

// Warm-up: the first runs of a new configuration are not typical (llvmpipe grows its buffers and faults their
// pages in, caches are cold, a GPU queue still holds the old configuration's work), so no timing in Dicer
// counts them. The one counter of it: the demo's frames after a change (StageTimers, and the frame time
// through warmingUp()) and the benchmarks' unmeasured repetitions (measureInterleaved) both count here.
class Warmup {
public:
    // Frames after a change in the demo: more than StageTimers::kRingFrames, so the late GPU results of the
    // previous configuration all fall inside. Repetitions in the benchmarks, where one run is a whole stage
    // on a large atlas: fewer.
    static constexpr int kFrames = 8;
    static constexpr int kRuns = 3;

    explicit Warmup(int runs) : m_runs(runs), m_left(runs) {}
    void restart() { m_left = m_runs; }
    void tick() { // one run done
        if (m_left > 0) --m_left;
    }
    bool done() const { return m_left == 0; }
    int runs() const { return m_runs; }

private:
    int m_runs, m_left;
};

class StageTimers {
public:
    static constexpr int kRingFrames = gl::kFrameRingSlots; // results are read 1-3 frames late
    static constexpr int kMaxStages = 16;

    explicit StageTimers(TimerSource source, int warmupFrames = Warmup::kFrames);
    StageTimers(const StageTimers&) = delete;
    StageTimers& operator=(const StageTimers&) = delete;

    TimerSource source() const { return m_source; }

    void beginFrame(); // harvests every finished frame in the ring
    void begin(std::string_view stage);
    void end();
    void endFrame();
    void reset(); // clears the statistics and restarts the warm-up (call after a variant/preset/model change)
    bool warmingUp() const { return !m_warmup.done(); } // frames not to count, anywhere
    int warmupFrames() const { return m_warmup.runs(); }

    std::vector<StageStats> stats() const;
    const SampleWindow* history(std::string_view stage) const;

    // Every sample as it is read, with the frame it was measured in (frames counted by beginFrame() from 0),
    // warm-up frames included: the demo's --benchmark rows. GPU results arrive 1-3 frames late.
    using SampleSink = std::function<void(int frame, std::string_view stage, double ms)>;
    void setSampleSink(SampleSink sink) { m_sink = std::move(sink); }
    // End of a run: waits for the GPU and reads every result still pending (a stall; never in a frame).
    void finish();

private:
    struct Slot {
        gl::Query start[kMaxStages], stop[kMaxStages];
        int stageIndex[kMaxStages] = {};
        int used = 0;
        int frame = 0; // the beginFrame() count it was measured in
    };
    int stageIndex(std::string_view name);
    void read(const Slot& slot);
    void record(int stage, double ms, int frame);
    bool slotAvailable(int slot) const;

    TimerSource m_source;
    std::vector<std::string> m_names;
    std::vector<SampleWindow> m_windows;
    gl::FrameRing<Slot, kRingFrames> m_ring;
    Warmup m_warmup;
    int m_open = -1;  // stage index of the open section
    int m_frame = -1; // beginFrame() calls so far - 1
    SampleSink m_sink;
    double m_cpuStart = 0;
};

class ScopedStage {
public:
    ScopedStage(StageTimers& timers, std::string_view stage) : m_timers(timers) { m_timers.begin(stage); }
    ~ScopedStage() { m_timers.end(); }
    ScopedStage(const ScopedStage&) = delete;
    ScopedStage& operator=(const ScopedStage&) = delete;

private:
    StageTimers& m_timers;
};

// One synchronous measurement for benchmarks (stalls on purpose): the milliseconds `work` took on the GPU
// (timestamp pair, waited for) or between two glFinish() calls.
double measureOnceMs(TimerSource source, const std::function<void()>& work);

double steadyNowMs();

// Median / min / max of repeated measurements (benchmarks report medians, never single runs).
struct Summary {
    double median = 0, min = 0, max = 0;
    int samples = 0;
};
Summary summarize(std::vector<double> values);

// `reps` measured rounds after `warmup` unmeasured ones; each round runs every configuration once, so load
// from other processes spreads over all of them instead of skewing one. One Summary per configuration.
std::vector<Summary> measureInterleaved(TimerSource source, int warmup, int reps,
                                        const std::vector<std::function<void()>>& configs);

} // namespace dicer::gl
